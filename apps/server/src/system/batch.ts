import type { FastifyInstance } from 'fastify';

export interface BatchWriterOptions<T> {
  /** Writes one batch; called with at most `maxBatch` items, never concurrently. */
  write(items: T[]): Promise<void>;
  /** Flush when this many items are waiting. */
  maxBatch: number;
  /** Flush at least this often while items are waiting. */
  intervalMs: number;
  /** A failed batch is written again after this delay, doubled after each failure up to `retryMaxMs`. */
  retryMs?: number;
  retryMaxMs?: number;
  /** Once `close()` is called, a batch that keeps failing is given up after this long (`onDrop`). */
  closeTimeoutMs?: number;
  /** Each failed attempt (the batch is kept and retried). */
  onError?(error: unknown, items: T[], attempt: number): void;
  /** A batch given up at close because it could not be written in time. */
  onDrop?(items: T[]): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Collects items and writes them in batches, so that hot paths (heartbeats, counters) cost one
 * statement per batch instead of one transaction per item. A batch that fails is kept and written
 * again with backoff (items added meanwhile wait behind it; callers bound the queue with `size` and
 * `failing`), so a database that is down for a while loses nothing. `close()` writes whatever is
 * pending, giving up on a failing batch only after `closeTimeoutMs`.
 */
export class BatchWriter<T> {
  private pending: T[] = [];
  private inFlight = 0;
  private failures = 0;
  private closedAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining = false;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly options: BatchWriterOptions<T>) {}

  /** Items not yet written, the batch being written included. */
  get size(): number {
    return this.pending.length + this.inFlight;
  }

  /** True while the last write failed (its batch is waiting to be written again). */
  get failing(): boolean {
    return this.failures > 0;
  }

  add(item: T): void {
    this.pending.push(item);
    if (this.pending.length >= this.options.maxBatch) {
      // A running drain takes everything queued before it stops: no second one behind it.
      if (!this.draining) void this.flush();
    } else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  /** Writes everything added so far; resolves when it is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.draining) {
      this.draining = true;
      this.running = this.drain().finally(() => {
        this.draining = false;
      });
    }
    return this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending.length) {
      const items = this.pending.splice(0, this.options.maxBatch);
      this.inFlight = items.length;
      await this.writeUntilStored(items);
      this.inFlight = 0;
    }
  }

  private async writeUntilStored(items: T[]): Promise<void> {
    const { retryMs = 200, retryMaxMs = 10_000, closeTimeoutMs = 10_000 } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.write(items);
        this.failures = 0;
        return;
      } catch (error) {
        this.failures = attempt;
        this.options.onError?.(error, items, attempt);
        const closingLeft = this.closedAt === undefined ? Infinity : this.closedAt + closeTimeoutMs - Date.now();
        if (closingLeft <= 0) {
          this.failures = 0;
          this.options.onDrop?.(items);
          return;
        }
        await sleep(Math.min(retryMs * 2 ** (attempt - 1), retryMaxMs, closingLeft));
      }
    }
  }

  close(): Promise<void> {
    this.closedAt ??= Date.now();
    return this.flush();
  }

  /** Flushes when the app closes (graceful shutdown), before the database is closed. */
  attachTo(app: FastifyInstance): this {
    app.addHook('onClose', () => this.close());
    return this;
  }
}
