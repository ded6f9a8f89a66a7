import type { Bus } from '../system/bus.js';

/**
 * Counts failures per key in a sliding window (in this process's memory; `shareOn` adds the other
 * server processes' failures). A key with `limit` failures
 * inside the window is locked until the oldest of them leaves it. The number of keys is capped; the
 * least recently failed are forgotten first.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until the key may try again; 0 when it may now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.limit) return 0;
    return list[list.length - this.limit]! + this.windowMs - now;
  }

  /**
   * Several server processes: failures and resets counted here are published under `name`, and those of
   * the others are counted here too, so a limit holds across processes (within the bus's delay).
   */
  shareOn(bus: Bus, name: string): this {
    if (!bus.shared) return this;
    this.bus = { bus, topic: `throttle.${name}` };
    bus.subscribe<{ k: string; at?: number }>(this.bus.topic, ({ k, at }) => (at === undefined ? this.failures.delete(k) : this.record(k, at)));
    return this;
  }

  private bus?: { bus: Bus; topic: string };

  fail(key: string, now = Date.now()): void {
    this.record(key, now);
    this.bus?.bus.publish(this.bus.topic, { k: key, at: now });
  }

  private record(key: string, now: number): void {
    const list = this.recent(key, now);
    list.push(now);
    list.sort((a, b) => a - b);
    // Re-insert so the map's order is least recently failed first.
    this.failures.delete(key);
    this.failures.set(key, list);
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
  }

  reset(key: string): void {
    this.failures.delete(key);
    this.bus?.bus.publish(this.bus.topic, { k: key });
  }
}

/** Sign-in failures allowed before a 429: per account (login name) and per client address. */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowMs: 15 * 60 * 1000 },
  ip: { limit: 20, windowMs: 15 * 60 * 1000 },
} as const;

export class LoginThrottle {
  readonly account = new FailureThrottle(LOGIN_LIMITS.account.limit, LOGIN_LIMITS.account.windowMs);
  readonly ip = new FailureThrottle(LOGIN_LIMITS.ip.limit, LOGIN_LIMITS.ip.windowMs);

  /** Counts the failures of every server process (FailureThrottle.shareOn). */
  shareOn(bus: Bus, name: string): this {
    this.account.shareOn(bus, `${name}.account`);
    this.ip.shareOn(bus, `${name}.ip`);
    return this;
  }

  /** Milliseconds to wait before this login name may be tried from this address; 0 to go ahead. */
  retryAfterMs(loginName: string, ip: string, now = Date.now()): number {
    return Math.max(this.account.retryAfterMs(accountKey(loginName), now), this.ip.retryAfterMs(ip, now));
  }

  fail(loginName: string, ip: string, now = Date.now()): void {
    this.account.fail(accountKey(loginName), now);
    this.ip.fail(ip, now);
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  succeed(loginName: string): void {
    this.account.reset(accountKey(loginName));
  }
}

const accountKey = (loginName: string) => loginName.trim().toLowerCase();
