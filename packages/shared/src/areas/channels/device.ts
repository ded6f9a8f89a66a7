/**
 * Live TV as a TV receives it (the `channels` configuration part, docs/channels.md): the hotel's
 * channels in its order, numbered 1, 2, 3… as they follow, and the programme guide of the window the
 * part covers, by EPG id. No schema: the TV carries no zod.
 */
export interface ChannelsConfigPart {
  channels: ChannelOnTv[];
  /** Programmes by EPG id, by start time; only ids a channel names. */
  guide: Record<string, ProgrammeOnTv[]>;
}

export interface ChannelOnTv {
  /** `p<id>` for a platform channel, `h<id>` for the hotel's own: what the TV remembers as the last channel. */
  key: string;
  /** The channel's place in the hotel's order, from 1. */
  number: number;
  name: string;
  logo: string | null;
  url: string;
  epgId: string | null;
}

export interface ProgrammeOnTv {
  /** Epoch milliseconds. */
  start: number;
  stop: number;
  title: string;
}

/** The programme on at `at` and the one after it, from a channel's guide (sorted by start). */
export function nowAndNext(guide: readonly ProgrammeOnTv[] | undefined, at: number): { now: ProgrammeOnTv | null; next: ProgrammeOnTv | null } {
  if (!guide) return { now: null, next: null };
  const index = guide.findIndex((programme) => programme.stop > at);
  if (index < 0) return { now: null, next: null };
  const first = guide[index]!;
  return first.start <= at ? { now: first, next: guide[index + 1] ?? null } : { now: null, next: first };
}
