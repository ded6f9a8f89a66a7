import { normalizeMac } from '@htv/shared/areas/devices/protocol';
import type { VodTarget } from '@htv/shared/areas/vod/records';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { TARGET_RANK } from '../themes/resolve.js';

/** Who a library is resolved for: a terminal (its MAC, hotel and brand), or a hotel's TVs without a MAC send (the console's preview). */
export interface VodAudience {
  mac: string | null;
  brandId: number | null;
  hotelId: number | null;
}

export interface ResolvedSend {
  sendId: number;
  targetKind: VodTarget;
  libraryId: number;
  rank: number;
  startAt: Date;
}

export interface ResolvedLibraries {
  choose: ResolvedSend | null;
  recommend: ResolvedSend | null;
}

/**
 * The selected and the recommend library a TV shows (docs/vod.md "Sending"): of the live sends
 * (applied: their time has come, not cancelled) naming a published library of that kind and reaching
 * the audience, the one of the highest rank — MAC over hotel over brand over all, the ranks of the
 * theme sends (`TARGET_RANK`) — then the latest. Each kind is resolved on its own.
 */
export async function resolveLibraries(db: Db, audience: VodAudience, now = new Date()): Promise<ResolvedLibraries> {
  const s = recordTables.vodSend!;
  const reach = [eq(s.targetKind, 'all')];
  if (audience.brandId !== null) reach.push(and(eq(s.targetKind, 'brand'), eq(s.targetBrandId, audience.brandId))!);
  if (audience.hotelId !== null) reach.push(and(eq(s.targetKind, 'hotel'), eq(s.targetHotelId, audience.hotelId))!);
  if (audience.mac) reach.push(and(eq(s.targetKind, 'terminal'), eq(s.mac, normalizeMac(audience.mac)))!);
  const sends = await db
    .select({ id: s.id, targetKind: s.targetKind, chooseId: s.chooseId, recommendId: s.recommendId, startAt: s.startAt })
    .from(s)
    .where(and(inArray(s.state, ['pending', 'sent']), lte(s.startAt, now.toISOString()), or(...reach)));
  const pick = async (kind: 'choose' | 'recommend'): Promise<ResolvedSend | null> => {
    const table = kind === 'choose' ? recordTables.vodChoose! : recordTables.vodRecommend!;
    const named = sends.filter((send) => (kind === 'choose' ? send.chooseId : send.recommendId) !== null);
    if (!named.length) return null;
    const ids = [...new Set(named.map((send) => (kind === 'choose' ? send.chooseId : send.recommendId) as number))];
    const published = new Set((await db.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), eq(table.publishState, 'published')))).map((row) => row.id as number));
    const candidates = named
      .map((send) => ({
        sendId: send.id as number,
        targetKind: send.targetKind as VodTarget,
        libraryId: (kind === 'choose' ? send.chooseId : send.recommendId) as number,
        rank: TARGET_RANK[send.targetKind as VodTarget],
        startAt: new Date(send.startAt as string | Date),
      }))
      .filter((candidate) => published.has(candidate.libraryId))
      .sort((a, b) => b.rank - a.rank || b.startAt.getTime() - a.startAt.getTime() || b.sendId - a.sendId);
    return candidates[0] ?? null;
  };
  const [choose, recommend] = await Promise.all([pick('choose'), pick('recommend')]);
  return { choose, recommend };
}
