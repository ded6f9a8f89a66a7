import type { EventsRequest, TrackedEventName, TrackingConfigPart } from './index.js';
import { MAX_EVENTS_PER_BATCH } from './limits.js';

/** Sends one batch (`POST /api/device/v1/events`); resolves to false when it was not taken (kept for the next flush). */
export type SendEvents = (body: EventsRequest) => Promise<boolean>;

/**
 * The TV side of event tracking, shared by the browser TV and the simulator: events the `tracking`
 * configuration part names are sampled (each kept with its probability), queued, and sent in batches
 * by `flush()` (the TV calls it on a timer and when the queue is full). Untracked events are dropped.
 */
export class EventTracker {
  private sampling = new Map<TrackedEventName, number>();
  private queue: EventsRequest['events'] = [];
  private sending = false;
  /** Events sent (taken by the server). */
  sent = 0;

  constructor(
    private readonly send: SendEvents,
    private readonly random: () => number = Math.random,
  ) {}

  /** Applies the configuration part (absent: nothing is tracked). */
  configure(part: TrackingConfigPart | null | undefined): void {
    this.sampling = new Map((part?.events ?? []).map((e) => [e.event, e.sampling]));
  }

  /** Records an event if it is tracked and sampled in; true when queued. */
  track(event: TrackedEventName, at: Date = new Date()): boolean {
    const sampling = this.sampling.get(event);
    if (!sampling || this.random() * 100 >= sampling) return false;
    // A TV that cannot send keeps its newest events only.
    if (this.queue.length >= MAX_EVENTS_PER_BATCH * 4) this.queue.shift();
    this.queue.push({ event, at: at.toISOString() });
    if (this.queue.length >= MAX_EVENTS_PER_BATCH) void this.flush();
    return true;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Sends the queued events in batches; a batch not taken goes back to the front of the queue. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_EVENTS_PER_BATCH);
        const taken = await this.send({ events: batch }).catch(() => false);
        if (!taken) {
          this.queue.unshift(...batch);
          return;
        }
        this.sent += batch.length;
      }
    } finally {
      this.sending = false;
    }
  }
}
