import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsOutbox } from '../../db/schema/index.js';

/** Records one sender's round claims: the rest wait for the next round. */
const ROUND = 20;
/** A claimed record is another process's again after this long (its sender died mid-exchange). */
const CLAIM_S = 60;

/** An outbox record claimed by this process for one delivery attempt. */
export interface ClaimedRecord<R> {
  id: number;
  hotelId: number;
  record: R & { attempts?: number };
}

/**
 * Claims the due records of one outbox channel (not sent, `nextAt` passed or unset), oldest first, for
 * a minute in a short statement (`skip locked`): processes share the work and none holds a lock while
 * it calls out. The caller then marks each record sent, or sets its `attempts` and next `nextAt`.
 */
export async function claimDueRecords<R>(db: Db, channel: string): Promise<ClaimedRecord<R>[]> {
  return (await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pmsOutbox.id })
      .from(pmsOutbox)
      .where(and(isNull(pmsOutbox.sentAt), sql`${pmsOutbox.record}->>'channel' = ${channel}`, sql`coalesce((${pmsOutbox.record}->>'nextAt')::timestamptz, '-infinity') <= now()`))
      .orderBy(asc(pmsOutbox.id))
      .limit(ROUND)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(pmsOutbox)
      .set({ record: sql`${pmsOutbox.record} || jsonb_build_object('nextAt', now() + make_interval(secs => ${CLAIM_S}))` })
      .where(inArray(pmsOutbox.id, due.map((row) => row.id)))
      .returning({ id: pmsOutbox.id, hotelId: pmsOutbox.hotelId, record: pmsOutbox.record });
  })) as ClaimedRecord<R>[];
}
