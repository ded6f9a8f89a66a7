import { and, eq, inArray } from 'drizzle-orm';
import { addCheckOutHandler, addRoomMoveHandler, setGuestServiceHandler, staysOfRows } from '../pms/hooks.js';
import { Refusal } from '../pms/stays.js';
import { AppError } from '../../http/errors.js';
import { calls, cancelRoomCalls, insertCall, logTransitions, openCallAt, OPEN_STATES } from './calls.js';
import { configOf } from './config.js';
import { localDateTime } from './time.js';

let installed = false;

/**
 * The PMS's side of wake-ups (once per process): a wakeUpSet (HTTP) or WR (FIAS) sets a call of the
 * stay's room at that minute; a wakeUpClear / WC cancels the room's call at that minute, or all of the
 * room's open calls without one; a check-out cancels the room's open calls and lists them on the
 * receipt; a room move carries the room's open calls to the new room (their history notes the move,
 * `moved <from> <to>`). All inside the PMS event's transaction.
 */
export function installWakeUpPmsHandlers(): void {
  if (installed) return;
  installed = true;
  setGuestServiceHandler('wakeUpSet', async (tx, event, stay) => {
    if (event.type !== 'wakeUpSet') return;
    const { date, time } = localDateTime(new Date(event.at), (await configOf(tx, stay.hotelId)).utcOffset);
    // A call already open at that minute is the one asked for (a WR sent again sets nothing twice).
    if (await openCallAt(tx, stay.hotelId, stay.roomNumber, date, time)) return;
    try {
      await insertCall(tx, { brandId: stay.brandId, hotelId: stay.hotelId }, { roomNumber: stay.roomNumber, date, time }, 'pms');
    } catch (error) {
      // A time already past cannot ring: the PMS's event is refused (logged), never a 5xx.
      if (error instanceof AppError) throw new Refusal('malformed');
      throw error;
    }
  });
  setGuestServiceHandler('wakeUpClear', async (tx, event, stay) => {
    if (event.type !== 'wakeUpClear') return;
    await cancelRoomCalls(tx, stay.hotelId, stay.roomNumber, 'pms', event.at ? new Date(event.at) : undefined);
  });
  addCheckOutHandler('wakeup', async (tx, stay) => {
    const c = calls();
    const open = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.hotelId, stay.hotelId), eq(c.roomNumber, stay.roomNumber), inArray(c.state, [...OPEN_STATES])));
    if (!open.length) return [];
    const ids = await cancelRoomCalls(tx, stay.hotelId, stay.roomNumber, 'checkOut');
    return [{ area: 'wakeup', key: 'wakeup.receipt', count: ids.length, items: ids }];
  }, async (tx, stays) => {
    // Several check-outs together: the rooms with open calls, in one statement.
    const c = calls();
    const rows = await tx
      .selectDistinct({ hotelId: c.hotelId, roomNumber: c.roomNumber })
      .from(c)
      .where(and(inArray(c.hotelId, [...new Set(stays.map((stay) => stay.hotelId))]), inArray(c.roomNumber, stays.map((stay) => stay.roomNumber)), inArray(c.state, [...OPEN_STATES])));
    return staysOfRows(stays, rows as { hotelId: number; roomNumber: string }[]);
  });
  addRoomMoveHandler('wakeup', async (tx, stay, fromRoom, toRoom) => {
    const c = calls();
    const moved = await tx
      .update(c)
      .set({ roomNumber: toRoom, updatedAt: new Date() })
      .where(and(eq(c.hotelId, stay.hotelId), eq(c.roomNumber, fromRoom), inArray(c.state, [...OPEN_STATES])))
      .returning({ id: c.id, state: c.state });
    await logTransitions(
      tx,
      moved.map((row) => ({ callId: row.id as number, hotelId: stay.hotelId, state: row.state as string, by: 'pms' as const, note: `moved ${fromRoom} ${toRoom}` })),
    );
  });
}
