import type { MessageKey } from '@htv/shared';
import type { preValidationHookHandler } from 'fastify';
import { FailureThrottle } from '../../auth/throttle.js';
import { AppError } from '../../http/errors.js';
import type { Bus } from '../../system/bus.js';

/**
 * Rate limits of the device API's calls: per terminal in this process's memory (`rateLimit`), or
 * counted by every server process (`sharedRateLimit`), behind one interface so the routes do not care.
 */
export interface RateLimit {
  /** Milliseconds until `key` may act again; 0 while it is under its limit. Counts nothing. */
  retryAfterMs(key: string, now?: number): number;
  /** Counts one event of `key`. */
  hit(key: string, now?: number): void;
}

/** No limit (a limit of 0 in the configuration). */
const unlimited: RateLimit = { retryAfterMs: () => 0, hit: () => undefined };

/**
 * `limit` events per `windowMs` for each key, as a token bucket in this process's memory: a key may
 * spend `limit` at once, then one more every `windowMs / limit`. The number of keys is capped; the least
 * recently used go first (a forgotten key starts full, the safe side only for keys that were idle).
 */
class MemoryRateLimit implements RateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly limit: number,
    windowMs: number,
    private readonly maxKeys: number,
  ) {
    this.perMs = limit / windowMs;
  }

  private tokens(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    return bucket ? Math.min(this.limit, bucket.tokens + (now - bucket.at) * this.perMs) : this.limit;
  }

  retryAfterMs(key: string, now = Date.now()): number {
    const tokens = this.tokens(key, now);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / this.perMs);
  }

  hit(key: string, now = Date.now()): void {
    const tokens = Math.max(0, this.tokens(key, now) - 1);
    this.buckets.delete(key);
    this.buckets.set(key, { tokens, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
  }
}

/** A limit of `limit` events per `windowMs` per key; 0 means none. */
export function rateLimit(limit: number, windowMs: number, maxKeys = 100_000): RateLimit {
  return limit > 0 ? new MemoryRateLimit(limit, windowMs, maxKeys) : unlimited;
}

/**
 * A limit of `limit` events per `windowMs` per key that holds across server processes (0: none): the
 * sliding window of the sign-in throttles (`FailureThrottle`), each event published on the bus under
 * `name` and the others' counted here. One process (the embedded default) counts in memory only.
 */
export function sharedRateLimit(bus: Bus, name: string, limit: number, windowMs: number): RateLimit {
  if (limit <= 0) return unlimited;
  const throttle = new FailureThrottle(limit, windowMs).shareOn(bus, name);
  return { retryAfterMs: (key, now) => throttle.retryAfterMs(key, now), hit: (key, now) => throttle.fail(key, now) };
}

/**
 * A preValidation hook (after `deviceAuthHook`) that spends one of the terminal's `limit` calls, or
 * answers 429 with `retry-after` and the catalogue key `errkey` ({seconds}).
 */
export function perTerminalLimit(limit: RateLimit, errkey: MessageKey): preValidationHookHandler {
  return (request, reply, done) => {
    const key = String(request.deviceTerminal!.id);
    const wait = limit.retryAfterMs(key);
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      reply.header('retry-after', String(seconds));
      return done(new AppError('rateLimited', errkey, { seconds }));
    }
    limit.hit(key);
    done();
  };
}
