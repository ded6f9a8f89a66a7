import type { PmsRefusal } from '@htv/shared/areas/pms/messages';
import type { PmsEvent } from '@htv/shared/areas/pms/protocol';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables, rooms } from '../../db/schema/index.js';
import { guestServiceHandler, runCheckOutHandlers, runCheckOutHandlersOf, runRoomMoveHandlers, type ReceiptItem, type StayRow } from './hooks.js';

/** An event the server will not apply: the transaction rolls back and the PMS log says why. */
export class Refusal extends Error {
  constructor(readonly reason: PmsRefusal) {
    super(reason);
  }
}

export interface Hotel {
  id: number;
  brandId: number;
}

/** What applying an event changed: the stay it concerned and the terminals whose configuration changed. */
export interface Applied {
  stay: StayRow | null;
  terminalIds: number[];
}

const stays = () => recordTables.stay!;
const terminals = () => recordTables.terminal!;

const STAY_COLUMNS = () => {
  const s = stays();
  return { id: s.id, brandId: s.brandId, hotelId: s.hotelId, roomNumber: s.roomNumber, guestName: s.guestName, reservation: s.reservation, groupCode: s.groupCode };
};

/**
 * The rooms a request's events name, read once for the request (docs/pms.md "Throughput"): the numbers
 * asked about, and for each that exists, its terminals. Events do not add, remove or re-room terminals.
 */
export interface KnownRooms {
  numbers: ReadonlySet<string>;
  /** The rooms that exist, with their terminals' ids. */
  terminals: ReadonlyMap<string, readonly number[]>;
  /**
   * When set, check-outs are collected here instead of carried out at once: the caller carries them
   * out together (`checkOutStays`) before any later event of their rooms and before it commits.
   */
  checkOuts?: StayRow[];
  /**
   * When set: the rooms' in-house stays, read (and locked) once for the request and kept as the events
   * change them; a room missing here is read from the database.
   */
  stays?: Map<string, StayRow | null>;
  /**
   * When set: the guest names to write on the rooms' terminals, the last one a room wins, written in
   * one statement (`writeTerminalGuests`) before anything reads them and before the commit.
   */
  guests?: Map<string, string | null>;
}

/** The room's in-house stay: the request's copy when it holds the room, else read and locked. */
async function stayOfRoom(tx: Db, hotelId: number, roomNumber: string, known?: KnownRooms): Promise<StayRow | null> {
  const cached = known?.stays?.get(roomNumber);
  if (cached !== undefined) return cached;
  return inHouseStay(tx, hotelId, roomNumber);
}

/** Keeps the request's copy of a room's in-house stay up to date. */
function keepStay(known: KnownRooms | undefined, roomNumber: string, stay: StayRow | null): void {
  known?.stays?.set(roomNumber, stay);
}

/** The in-house stays of the rooms, locked for this transaction (the request's copy, `KnownRooms.stays`). */
export async function inHouseStaysLocked(tx: Db, hotelId: number, roomNumbers: readonly string[]): Promise<Map<string, StayRow | null>> {
  const s = stays();
  const rows = (await tx
    .select(STAY_COLUMNS())
    .from(s)
    .where(and(eq(s.hotelId, hotelId), inArray(s.roomNumber, [...roomNumbers]), eq(s.state, 'inHouse')))
    .orderBy(s.id)
    .for('update')) as StayRow[];
  const found = new Map<string, StayRow | null>(roomNumbers.map((room) => [room, null]));
  for (const row of rows) found.set(row.roomNumber, row);
  return found;
}

/** Writes the guest names the request's events left for the rooms' terminals (see `KnownRooms.guests`). */
export async function writeTerminalGuests(tx: Db, hotelId: number, known?: KnownRooms): Promise<void> {
  if (!known?.guests?.size) return;
  const values = [...known.guests].map(([room, guest]) => sql`(${room}::varchar, ${guest}::varchar)`);
  known.guests.clear();
  await tx.execute(sql`
    update terminals set guest = v.guest, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(room, guest)
     where terminals.hotel_id = ${hotelId} and terminals.room_number = v.room and terminals.guest is distinct from v.guest`);
}

async function requireRoom(tx: Db, hotel: Hotel, number: string, known?: KnownRooms): Promise<void> {
  if (known?.numbers.has(number)) {
    if (!known.terminals.has(number)) throw new Refusal('unknownRoom');
    return;
  }
  const [room] = await tx.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.hotelId, hotel.id), eq(rooms.number, number))).limit(1);
  if (!room) throw new Refusal('unknownRoom');
}

/** The room's in-house stay, locked for this transaction. */
export async function inHouseStay(tx: Db, hotelId: number, roomNumber: string): Promise<StayRow | null> {
  const s = stays();
  const [row] = await tx
    .select(STAY_COLUMNS())
    .from(s)
    .where(and(eq(s.hotelId, hotelId), eq(s.roomNumber, roomNumber), eq(s.state, 'inHouse')))
    .limit(1)
    .for('update');
  return (row as StayRow | undefined) ?? null;
}

async function stayFor(tx: Db, hotel: Hotel, event: PmsEvent, known?: KnownRooms): Promise<StayRow> {
  await requireRoom(tx, hotel, event.room, known);
  const stay = await stayOfRoom(tx, hotel.id, event.room, known);
  if (!stay || (event.reservation && stay.reservation && stay.reservation !== event.reservation)) throw new Refusal('noStay');
  return stay;
}

/** Writes the guest's name on the room's terminals (null clears it); answers the terminals changed. */
async function setTerminalGuest(tx: Db, hotelId: number, roomNumber: string, guest: string | null, known?: KnownRooms): Promise<number[]> {
  if (known?.guests) {
    known.guests.set(roomNumber, guest);
    return [];
  }
  const t = terminals();
  const changed = await tx
    .update(t)
    .set({ guest, updatedAt: new Date() })
    .where(and(eq(t.hotelId, hotelId), eq(t.roomNumber, roomNumber), sql`${t.guest} is distinct from ${guest}`))
    .returning({ id: t.id, mac: t.mac });
  return changed.map((row) => row.id as number);
}

/** The terminals of a room, whose `stay` part changes with the stay even when the name does not. */
async function roomTerminals(tx: Db, hotelId: number, roomNumber: string, known?: KnownRooms): Promise<number[]> {
  const cached = known?.terminals.get(roomNumber);
  if (cached) return [...cached];
  const t = terminals();
  const rows = await tx.select({ id: t.id }).from(t).where(and(eq(t.hotelId, hotelId), eq(t.roomNumber, roomNumber)));
  return rows.map((row) => row.id as number);
}

/** The check-out's own item: the guest's name taken off the room's terminals. */
async function clearTerminals(tx: Db, stay: StayRow): Promise<ReceiptItem[]> {
  const t = terminals();
  const cleared = await tx
    .update(t)
    .set({ guest: null, updatedAt: new Date() })
    .where(and(eq(t.hotelId, stay.hotelId), eq(t.roomNumber, stay.roomNumber), sql`${t.guest} is not null`))
    .returning({ mac: t.mac });
  return cleared.length ? [{ area: 'pms', key: 'pms.receiptTerminalGuest', count: cleared.length, items: cleared.map((row) => row.mac as string) }] : [];
}

/** Ends a stay: the areas' check-out handlers, then the state and the receipt of what they removed. */
export async function checkOut(tx: Db, stay: StayRow): Promise<ReceiptItem[]> {
  const receipt = [...(await clearTerminals(tx, stay)), ...(await runCheckOutHandlers(tx, stay))];
  const s = stays();
  await tx.update(s).set({ state: 'checkedOut', checkedOutAt: new Date().toISOString(), receipt, updatedAt: new Date() }).where(eq(s.id, stay.id));
  return receipt;
}

/**
 * Ends several stays of a hotel (different rooms) together, as `checkOut` one by one would: the
 * guest's name off the rooms' terminals in one statement, the areas' handlers (`runCheckOutHandlersOf`),
 * and the states and receipts in one statement.
 */
export async function checkOutStays(tx: Db, hotelId: number, list: readonly StayRow[], known?: KnownRooms): Promise<void> {
  await writeTerminalGuests(tx, hotelId, known);
  if (list.length <= 1) {
    if (list[0]) await checkOut(tx, list[0]);
    return;
  }
  const t = terminals();
  const cleared = await tx
    .update(t)
    .set({ guest: null, updatedAt: new Date() })
    .where(and(eq(t.hotelId, hotelId), inArray(t.roomNumber, list.map((stay) => stay.roomNumber)), sql`${t.guest} is not null`))
    .returning({ mac: t.mac, roomNumber: t.roomNumber });
  const handled = await runCheckOutHandlersOf(tx, list);
  const at = new Date().toISOString();
  const values = list.map((stay) => {
    const macs = cleared.filter((row) => row.roomNumber === stay.roomNumber).map((row) => row.mac as string);
    const receipt: ReceiptItem[] = [...(macs.length ? [{ area: 'pms', key: 'pms.receiptTerminalGuest', count: macs.length, items: macs }] : []), ...handled.get(stay.id)!];
    return sql`(${stay.id}::int, ${JSON.stringify(receipt)}::jsonb)`;
  });
  const s = stays();
  await tx.execute(sql`
    update ${s} set state = 'checkedOut', checked_out_at = ${at}::timestamptz, receipt = v.receipt, updated_at = ${at}::timestamptz
      from (values ${sql.join(values, sql`, `)}) as v(id, receipt)
     where ${s.id} = v.id`);
}

/** Adds a room to the hotel's tour group of the code, creating the group (named by its code) the first time. */
async function joinTourGroup(tx: Db, hotel: Hotel, code: string, roomNumber: string, dates: { arrival?: string; departure?: string }): Promise<void> {
  const g = recordTables.tourGroup!;
  const [group] = await tx.select({ id: g.id, rooms: g.rooms }).from(g).where(and(eq(g.hotelId, hotel.id), eq(g.code, code))).limit(1).for('update');
  if (!group) {
    await tx.insert(g).values({ brandId: hotel.brandId, hotelId: hotel.id, code, name: code, rooms: roomNumber, arrival: dates.arrival ?? null, departure: dates.departure ?? null, source: 'pms' });
    return;
  }
  const list = roomList(group.rooms as string | null);
  if (!list.includes(roomNumber)) await tx.update(g).set({ rooms: [...list, roomNumber].join(','), updatedAt: new Date() }).where(eq(g.id, group.id));
}

/** A tour group's rooms as a list (stored comma or line separated). */
export function roomList(rooms: string | null): string[] {
  return (rooms ?? '').split(/[\s,，]+/).filter(Boolean);
}

type CheckIn = Extract<PmsEvent, { type: 'checkIn' }>;
type GuestChange = Extract<PmsEvent, { type: 'guestChange' }>;

function stayValues(event: CheckIn | GuestChange) {
  const values: Record<string, unknown> = {};
  if (event.guest?.name !== undefined) values.guestName = event.guest.name;
  if (event.guest?.title !== undefined) values.title = event.guest.title || null;
  if (event.guest?.language !== undefined) values.language = event.guest.language;
  if (event.group !== undefined) values.groupCode = event.group;
  if (event.reservation !== undefined) values.reservation = event.reservation;
  if (event.arrival !== undefined) values.arrival = event.arrival;
  if (event.departure !== undefined) values.departure = event.departure;
  if (event.vip !== undefined) values.vip = event.vip;
  if (event.noPost !== undefined) values.noPost = event.noPost;
  return values;
}

async function changeStay(tx: Db, hotel: Hotel, stay: StayRow, event: CheckIn | GuestChange, known?: KnownRooms): Promise<Applied> {
  const s = stays();
  const [row] = await tx.update(s).set({ ...stayValues(event), updatedAt: new Date() }).where(eq(s.id, stay.id)).returning(STAY_COLUMNS());
  const updated = row as StayRow;
  if (updated.groupCode && updated.groupCode !== stay.groupCode) await joinTourGroup(tx, hotel, updated.groupCode, updated.roomNumber, event);
  keepStay(known, updated.roomNumber, updated);
  await setTerminalGuest(tx, hotel.id, updated.roomNumber, updated.guestName, known);
  return { stay: updated, terminalIds: await roomTerminals(tx, hotel.id, updated.roomNumber, known) };
}

/**
 * A check-in. The same reservation checked in again changes its stay; another guest's stay still in
 * the room (a check-out the PMS never sent) is checked out first, with its receipt.
 */
async function checkIn(tx: Db, hotel: Hotel, event: CheckIn, known?: KnownRooms): Promise<Applied> {
  await requireRoom(tx, hotel, event.room, known);
  const current = await stayOfRoom(tx, hotel.id, event.room, known);
  if (current && event.reservation && current.reservation === event.reservation) return changeStay(tx, hotel, current, event, known);
  if (current) {
    await writeTerminalGuests(tx, hotel.id, known);
    await checkOut(tx, current);
  }
  const s = stays();
  const [row] = await tx
    .insert(s)
    .values({ brandId: hotel.brandId, hotelId: hotel.id, roomNumber: event.room, guestName: event.guest.name, state: 'inHouse', ...stayValues(event) })
    .returning(STAY_COLUMNS());
  const stay = row as StayRow;
  if (event.group) await joinTourGroup(tx, hotel, event.group, event.room, event);
  keepStay(known, event.room, stay);
  await setTerminalGuest(tx, hotel.id, event.room, event.guest.name, known);
  return { stay, terminalIds: await roomTerminals(tx, hotel.id, event.room, known) };
}

async function moveRoom(tx: Db, hotel: Hotel, event: Extract<PmsEvent, { type: 'roomMove' }>, known?: KnownRooms): Promise<Applied> {
  const stay = await stayFor(tx, hotel, event, known);
  if (event.toRoom === event.room) return { stay, terminalIds: [] };
  await requireRoom(tx, hotel, event.toRoom, known);
  if (await stayOfRoom(tx, hotel.id, event.toRoom, known)) throw new Refusal('roomOccupied');
  const s = stays();
  await tx.update(s).set({ roomNumber: event.toRoom, updatedAt: new Date() }).where(eq(s.id, stay.id));
  await setTerminalGuest(tx, hotel.id, event.room, null, known);
  await setTerminalGuest(tx, hotel.id, event.toRoom, stay.guestName, known);
  if (stay.groupCode) await moveInTourGroup(tx, hotel.id, stay.groupCode, event.room, event.toRoom);
  const moved = { ...stay, roomNumber: event.toRoom };
  keepStay(known, event.room, null);
  keepStay(known, event.toRoom, moved);
  await writeTerminalGuests(tx, hotel.id, known);
  // The areas' parts of the stay (open wake-up calls, messages sent to the room) follow the guest.
  await runRoomMoveHandlers(tx, moved, event.room, event.toRoom);
  const terminalIds = [...(await roomTerminals(tx, hotel.id, event.room, known)), ...(await roomTerminals(tx, hotel.id, event.toRoom, known))];
  return { stay: moved, terminalIds };
}

async function moveInTourGroup(tx: Db, hotelId: number, code: string, from: string, to: string): Promise<void> {
  const g = recordTables.tourGroup!;
  const [group] = await tx.select({ id: g.id, rooms: g.rooms }).from(g).where(and(eq(g.hotelId, hotelId), eq(g.code, code))).limit(1).for('update');
  if (!group) return;
  const list = roomList(group.rooms as string | null).filter((room) => room !== from && room !== to);
  await tx.update(g).set({ rooms: [...list, to].join(','), updatedAt: new Date() }).where(eq(g.id, group.id));
}

/**
 * Applies one valid event inside the caller's transaction; a `Refusal` is thrown before the caller's
 * transaction (or savepoint) is left, so rolling it back leaves nothing written. `known`: the rooms
 * of the request, read once (otherwise each is read here).
 */
export async function applyEvent(tx: Db, hotel: Hotel, event: PmsEvent, known?: KnownRooms): Promise<Applied> {
  switch (event.type) {
    case 'checkIn':
      return checkIn(tx, hotel, event, known);
    case 'guestChange':
      return changeStay(tx, hotel, await stayFor(tx, hotel, event, known), event, known);
    case 'roomMove':
      return moveRoom(tx, hotel, event, known);
    case 'checkOut': {
      const stay = await stayFor(tx, hotel, event, known);
      keepStay(known, stay.roomNumber, null);
      if (known?.checkOuts) known.checkOuts.push(stay);
      else {
        await writeTerminalGuests(tx, hotel.id, known);
        await checkOut(tx, stay);
      }
      return { stay, terminalIds: await roomTerminals(tx, hotel.id, stay.roomNumber, known) };
    }
    case 'wakeUpSet':
    case 'wakeUpClear':
    case 'messageWaiting': {
      const stay = await stayFor(tx, hotel, event, known);
      await writeTerminalGuests(tx, hotel.id, known);
      await guestServiceHandler(event.type)?.(tx, event, stay);
      // The room's TVs fetch what the handler changed (their wake-up or message part) after the commit.
      return { stay, terminalIds: await roomTerminals(tx, hotel.id, stay.roomNumber, known) };
    }
  }
}

/** A room's in-house stay as its TVs receive it (the `stay` configuration part). */
export async function inHouseStayView(db: Db, hotelId: number, roomNumber: string) {
  const s = stays();
  const [row] = await db
    .select({ id: s.id, guestName: s.guestName, title: s.title, language: s.language, group: s.groupCode, arrival: s.arrival, departure: s.departure, vip: s.vip })
    .from(s)
    .where(and(eq(s.hotelId, hotelId), eq(s.roomNumber, roomNumber), eq(s.state, 'inHouse')))
    .limit(1);
  return (row as { id: number; guestName: string; title: string | null; language: string | null; group: string | null; arrival: string | null; departure: string | null; vip: boolean } | undefined) ?? null;
}

/** The in-house stays of the given rooms (hotel id and number), keyed `hotelId:number`: the room list's guest columns. */
export async function inHouseStaysOfRooms(db: Db, roomKeys: readonly { hotelId: number; number: string }[]) {
  if (!roomKeys.length) return new Map<string, { guestName: string; guestSince: string; guestLanguage: string | null; guestGroup: string | null }>();
  const s = stays();
  const hotelIds = [...new Set(roomKeys.map((room) => room.hotelId))];
  const numbers = [...new Set(roomKeys.map((room) => room.number))];
  const rows = await db
    .select({ hotelId: s.hotelId, roomNumber: s.roomNumber, guestName: s.guestName, createdAt: s.createdAt, language: s.language, group: s.groupCode })
    .from(s)
    .where(and(inArray(s.hotelId, hotelIds), inArray(s.roomNumber, numbers), eq(s.state, 'inHouse')));
  return new Map(
    rows.map((row) => [
      `${row.hotelId}:${row.roomNumber}`,
      { guestName: row.guestName as string, guestSince: new Date(row.createdAt as Date).toISOString(), guestLanguage: row.language as string | null, guestGroup: row.group as string | null },
    ]),
  );
}
