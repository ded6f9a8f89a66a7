import type { Db } from '../../db/client.js';
import { buildBrain, type Brain } from './brain.js';

interface Entry {
  brain?: Brain;
  /** The build under way; the previous brain answers meanwhile. */
  building?: Promise<Brain>;
  /** A change came in during the build: build again once it ends. */
  again: boolean;
}

/** Hotels whose brains are kept; the least recently used goes first past it. */
const MAX_HOTELS = 500;

/**
 * The hotels' brains in this process. A change (an intent, a set, an instruction, goods, the FAQ)
 * marks a hotel's brain stale and rebuilds it off the request path: sentences keep being understood
 * by the previous brain until the new one is ready, then it is swapped in whole. Only a hotel's
 * first sentence waits for its first build.
 */
export class VoiceModels {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async brainOf(hotelId: number): Promise<Brain> {
    const entry = this.entries.get(hotelId) ?? { again: false };
    this.entries.delete(hotelId);
    this.entries.set(hotelId, entry);
    if (this.entries.size > MAX_HOTELS) this.entries.delete(this.entries.keys().next().value!);
    if (entry.brain) return entry.brain;
    return entry.building ?? this.rebuild(hotelId, entry);
  }

  /** A hotel's (or, with null, every hotel's: a platform intent changed) data changed. */
  invalidate(hotelId: number | null): void {
    const targets = hotelId === null ? [...this.entries.keys()] : this.entries.has(hotelId) ? [hotelId] : [];
    for (const id of targets) {
      const entry = this.entries.get(id)!;
      if (entry.building) entry.again = true;
      else if (entry.brain) setImmediate(() => void this.rebuild(id, entry).catch(this.onError));
    }
  }

  /** Resolves once no build is under way (tests, benchmarks). */
  async settled(): Promise<void> {
    while ([...this.entries.values()].some((entry) => entry.building)) await Promise.all([...this.entries.values()].map((entry) => entry.building?.catch(() => undefined)));
  }

  private rebuild(hotelId: number, entry: Entry): Promise<Brain> {
    entry.again = false;
    const building = buildBrain(this.db, hotelId).then(
      (brain) => {
        entry.brain = brain;
        entry.building = undefined;
        if (entry.again) void this.rebuild(hotelId, entry).catch(this.onError);
        return brain;
      },
      (error: unknown) => {
        entry.building = undefined;
        throw error;
      },
    );
    entry.building = building;
    return building;
  }
}
