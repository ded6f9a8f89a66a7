import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pmsOutbox } from '../../../db/schema/index.js';
import { fiasPostingRecord } from '../posting.js';

/** A record of `pms_outbox` as the FIAS link writes it (docs/pms.md "Records to the PMS"). */
export interface FiasOutgoing {
  type: string;
  fields: Record<string, string>;
}

const fiasDate = (date: unknown) => (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(2).replaceAll('-', '') : undefined);
const fiasTime = (time: unknown) => (typeof time === 'string' && /^\d{2}:\d{2}$/.test(time) ? time.replace(':', '') : undefined);

/**
 * A queued record as its FIAS record: a wake-up set or cleared on the TV (WR, WC), a ring's result
 * (WA with AS `OK` answered, `NR` not answered) and a charge to the room (PS, posting.ts); null for a
 * record FIAS has no record for (it is marked sent, so it does not block the ones after it).
 */
export function fiasRecordOfOutbox(record: Record<string, unknown>): FiasOutgoing | null {
  if (record.type === 'posting') return fiasPostingRecord(record);
  const room = typeof record.room === 'string' ? record.room : undefined;
  const DA = fiasDate(record.date);
  const TI = fiasTime(record.time);
  if (!room || !DA || !TI) return null;
  switch (record.type) {
    case 'wakeUpSet':
      return { type: 'WR', fields: { RN: room, DA, TI } };
    case 'wakeUpClear':
      return { type: 'WC', fields: { RN: room, DA, TI } };
    case 'wakeUpAnswer':
      return { type: 'WA', fields: { RN: room, DA, TI, AS: record.result === 'answered' ? 'OK' : 'NR' } };
    default:
      return null;
  }
}

/** Rows sent in one round: a burst of wake-up answers goes out over a few rounds, in order. */
const ROUND = 100;

/**
 * Sends the hotel's queued FIAS records in id order through `write` (false: the link cannot take it
 * now) and marks the ones written sent, in one transaction that locks them (`skip locked`: a second
 * drain of the same hotel never sends a row twice). Answers how many were written.
 */
export async function drainFiasOutbox(db: Db, hotelId: number, write: (record: FiasOutgoing) => boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: pmsOutbox.id, record: pmsOutbox.record })
      .from(pmsOutbox)
      .where(
        and(
          eq(pmsOutbox.hotelId, hotelId),
          isNull(pmsOutbox.sentAt),
          sql`${pmsOutbox.record}->>'channel' = 'fias'`,
          // A record the PMS asked to be sent later (a PA "retry") waits its time.
          sql`coalesce((${pmsOutbox.record}->>'nextAt')::timestamptz, '-infinity') <= now()`,
        ),
      )
      .orderBy(asc(pmsOutbox.id))
      .limit(ROUND)
      .for('update', { skipLocked: true });
    const done: number[] = [];
    let written = 0;
    for (const row of rows) {
      const record = fiasRecordOfOutbox(row.record as Record<string, unknown>);
      if (record && !write(record)) break;
      if (record) written++;
      done.push(row.id);
    }
    if (done.length) await tx.update(pmsOutbox).set({ sentAt: sql`now()` }).where(inArray(pmsOutbox.id, done));
    return written;
  });
}
