import type { AppLaunch, AppLaunchesRequest } from './index.js';
import { MAX_APP_LAUNCHES_PER_BATCH } from './limits.js';

/** Sends one batch (`POST /api/device/v1/app-launches`); resolves to false when it was not taken. */
export type SendLaunches = (body: AppLaunchesRequest) => Promise<boolean>;

/**
 * The TV side of the app launch log, shared by the browser TV and the simulator: each app opened is
 * queued and sent in batches a moment later (`delayMs`, so launches close together go as one batch)
 * and again by `flush()` with each heartbeat; a batch not taken stays queued (the newest kept).
 */
export class LaunchReporter {
  private queue: AppLaunch[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;

  constructor(
    private readonly send: SendLaunches,
    private readonly delayMs = 2000,
  ) {}

  /** Queues one launch, sent with the next batch. */
  launched(launch: Omit<AppLaunch, 'at'>, at: Date = new Date()): void {
    if (this.queue.length >= MAX_APP_LAUNCHES_PER_BATCH * 2) this.queue.shift();
    this.queue.push({ ...launch, at: at.toISOString() });
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Sends what is queued, a batch at a time, until a batch is not taken. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_APP_LAUNCHES_PER_BATCH);
        if (!(await this.send({ launches: batch }).catch(() => false))) {
          this.queue.unshift(...batch);
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
