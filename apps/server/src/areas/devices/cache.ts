/**
 * What the hot path knows about a terminal without asking the database: identity, owner, the values it
 * last reported (to detect changes), and its configuration generation.
 */
export interface CachedTerminal {
  id: number;
  mac: string;
  /** The device token itself: the cache key, so a hit costs no hashing. */
  token: string;
  brandId: number | null;
  hotelId: number | null;
  /** Configuration generation: part of the stamp a heartbeat answers with. */
  gen: number;
  /** Last reported values (null: unknown). */
  state: string | null;
  ip: string | null;
  publicIp: string | null;
  softwareVersion: string | null;
  otaVersion: string | null;
  controlVersion: string | null;
  launcher: string | null;
  /** When a heartbeat of it was last logged (ms). */
  lastLogMs: number;
  /** When the cache last moved it to the recent end (ms). */
  touchedAt?: number;
  /** The whitelist verdict for `publicIp` against the compiled list it was computed with. */
  whitelist?: object;
  whitelistOk?: boolean;
  /** ETag of the configuration last built for it, with the stamp and language it was built for. */
  etag?: string;
  etagKey?: string;
  /** The serialised heartbeat answer without commands, and the global generation it was built with. */
  heartbeatAnswer?: string;
  heartbeatAnswerGlobalGen?: number;
}

const TOUCH_MS = 10_000;

/**
 * Device token → terminal, least recently used first out. A Map keeps insertion order, so a hit moves
 * the entry to the end and eviction takes from the front. A second index by terminal id serves
 * invalidation (unbind, disable, re-registration).
 */
export class TerminalCache {
  private readonly byToken = new Map<string, CachedTerminal>();
  private readonly byId = new Map<number, CachedTerminal>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.byToken.size;
  }

  get(token: string): CachedTerminal | undefined {
    const entry = this.byToken.get(token);
    if (entry) {
      // Recency is coarse: a terminal heard within the last 10 s is recent enough, so a hit usually
      // costs one Map lookup.
      const now = Date.now();
      if (entry.touchedAt === undefined || now - entry.touchedAt > TOUCH_MS) {
        entry.touchedAt = now;
        this.byToken.delete(token);
        this.byToken.set(token, entry);
      }
    }
    return entry;
  }

  byTerminal(id: number): CachedTerminal | undefined {
    return this.byId.get(id);
  }

  set(entry: CachedTerminal): void {
    const previous = this.byId.get(entry.id);
    if (previous) this.byToken.delete(previous.token);
    this.byToken.set(entry.token, entry);
    this.byId.set(entry.id, entry);
    while (this.byToken.size > this.max) {
      const oldest = this.byToken.keys().next().value as string;
      const evicted = this.byToken.get(oldest)!;
      this.byToken.delete(oldest);
      if (this.byId.get(evicted.id) === evicted) this.byId.delete(evicted.id);
    }
  }

  delete(id: number): CachedTerminal | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    this.byId.delete(id);
    this.byToken.delete(entry.token);
    return entry;
  }

  values(): IterableIterator<CachedTerminal> {
    return this.byId.values();
  }

  clear(): void {
    this.byToken.clear();
    this.byId.clear();
  }
}
