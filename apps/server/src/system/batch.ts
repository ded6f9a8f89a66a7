import type { FastifyInstance } from 'fastify';

export interface BatchWriterOptions<T> {
  /** Writes one batch; called with at most `maxBatch` items, never concurrently. */
  write(items: T[]): Promise<void>;
  /** Flush when this many items are waiting. */
  maxBatch: number;
  /** Flush at least this often while items are waiting. */
  intervalMs: number;
  onError?(error: unknown, items: T[]): void;
}

/**
 * Collects items and writes them in batches, so that hot paths (heartbeats, counters) cost one
 * statement per batch instead of one transaction per item. `close()` writes whatever is pending.
 */
export class BatchWriter<T> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly options: BatchWriterOptions<T>) {}

  get size(): number {
    return this.pending.length;
  }

  add(item: T): void {
    this.pending.push(item);
    if (this.pending.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  /** Writes everything added so far; resolves when it is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.running.then(async () => {
      while (this.pending.length) {
        const items = this.pending.splice(0, this.options.maxBatch);
        try {
          await this.options.write(items);
        } catch (error) {
          this.options.onError?.(error, items);
        }
      }
    });
    return this.running;
  }

  close(): Promise<void> {
    return this.flush();
  }

  /** Flushes when the app closes (graceful shutdown), before the database is closed. */
  attachTo(app: FastifyInstance): this {
    app.addHook('onClose', () => this.close());
    return this;
  }
}
