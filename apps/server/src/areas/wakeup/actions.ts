import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { wakeNow } from './clock.js';
import { assertEditable, calls, logTransitions, OPEN_STATES, prepareCall } from './calls.js';
import { configOf } from './config.js';
import { tellPms, wakeUpRecord } from './outbound.js';

type Room = { hotelId: number; roomNumber: string };

/** The room's call, locked for the change (another room's or hotel's: not found). */
async function lockedCall(tx: Db, room: Room, callId: number) {
  const c = calls();
  const [row] = await tx
    .select()
    .from(c)
    .where(and(eq(c.id, callId), eq(c.hotelId, room.hotelId), eq(c.roomNumber, room.roomNumber)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The TV's report of a ring (the attempt it shows): OK answers it, any other key snoozes it for the
 * hotel's snooze minutes while snoozes are left. A report of a ring that is over (another attempt, a
 * call cancelled meanwhile) is refused: 409 `wakeup.notRinging`. A daily call answered with days
 * left is scheduled for its next day.
 */
export async function reportRing(db: Db, room: Room, callId: number, action: 'answer' | 'snooze', attempt: number): Promise<string> {
  return db.transaction(async (tx) => {
    const call = await lockedCall(tx, room, callId);
    if (call.state !== 'ringing' || call.attempts !== attempt) throw new AppError('conflict', 'wakeup.notRinging');
    const config = await configOf(tx, room.hotelId);
    const now = wakeNow();
    const c = calls();
    if (action === 'snooze') {
      if ((call.snoozes as number) >= config.snoozeCount) throw new AppError('conflict', 'wakeup.noSnoozeLeft');
      const due = new Date(now.getTime() + config.snoozeMinutes * 60_000).toISOString();
      await tx.update(c).set({ state: 'snoozed', dueAt: due, snoozes: sql`${c.snoozes} + 1`, attempts: 0, updatedAt: new Date() }).where(eq(c.id, callId));
      await logTransitions(tx, [{ callId, hotelId: room.hotelId, state: 'snoozed', by: 'tv' }]);
      return 'snoozed';
    }
    const again = (call.daysLeft as number) > 0;
    const next = again ? nextDay(call.date as string) : null;
    await tx
      .update(c)
      .set(
        again
          ? { state: 'scheduled', date: next!, dueAt: sql`((${next}::text || 'T' || ${c.time} || ':00' || ${config.utcOffset})::timestamptz)`, daysLeft: sql`${c.daysLeft} - 1`, attempts: 0, snoozes: 0, updatedAt: new Date() }
          : { state: 'answered', updatedAt: new Date() },
      )
      .where(eq(c.id, callId));
    await logTransitions(tx, [
      { callId, hotelId: room.hotelId, state: 'answered', by: 'tv' },
      ...(again ? [{ callId, hotelId: room.hotelId, state: 'scheduled', by: 'server' as const, note: 'nextDay' }] : []),
    ]);
    await tellPms(tx, room.hotelId, wakeUpRecord('wakeUpAnswer', call, { result: 'answered', at: now.toISOString() }));
    return 'answered';
  });
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The guest cancels a call of the room on the TV; the PMS is told (a clear). */
export async function cancelCall(db: Db, room: Room, callId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const call = await lockedCall(tx, room, callId);
    if (!(OPEN_STATES as readonly string[]).includes(call.state as string)) throw new AppError('conflict', 'error.invalidAction');
    const c = calls();
    await tx.update(c).set({ state: 'cancelled', updatedAt: new Date() }).where(eq(c.id, callId));
    await logTransitions(tx, [{ callId, hotelId: room.hotelId, state: 'cancelled', by: 'tv' }]);
    await tellPms(tx, room.hotelId, wakeUpRecord('wakeUpClear', call));
    return 'cancelled';
  });
}

/** The guest moves a scheduled call to another date and time; the PMS gets the clear and the new request. */
export async function changeCall(db: Db, room: Room, callId: number, date: string, time: string): Promise<string> {
  return db.transaction(async (tx) => {
    const call = await lockedCall(tx, room, callId);
    assertEditable(call.state);
    const prepared = await prepareCall(tx, room.hotelId, { roomNumber: room.roomNumber, date, time, repeat: call.repeat as 'once' | 'daily', days: call.days as number, music: call.music as 'tone', songId: call.songId as number | null, wordsZh: call.wordsZh as string | null, wordsEn: call.wordsEn as string | null });
    const c = calls();
    const [after] = await tx.update(c).set({ ...prepared, date, time, updatedAt: new Date() }).where(eq(c.id, callId)).returning();
    await logTransitions(tx, [{ callId, hotelId: room.hotelId, state: 'scheduled', by: 'tv', note: 'changed' }]);
    await tellPms(tx, room.hotelId, wakeUpRecord('wakeUpClear', call));
    await tellPms(tx, room.hotelId, wakeUpRecord('wakeUpSet', after!));
    return 'scheduled';
  });
}
