import type { MachineReport } from '@htv/shared/areas/laundry/provider';
import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { invalidateConfig } from '../devices/plugin.js';
import { laundryBookings } from './schema.js';

/** Bookings a room may make a day (the hotel's local day is not known here: the server's, see docs/laundry.md). */
export const BOOKINGS_PER_ROOM_DAY = 3;

const machines = () => recordTables.washingMachine!;
const terminals = () => recordTables.terminal!;

/** The room a guest's laundry token names, as the TV that showed the code is now. */
export interface GuestRoom {
  brandId: number;
  hotelId: number;
  hotelName: string;
  roomNumber: string | null;
  terminalId: number;
}

export interface GuestMachine {
  id: number;
  number: string;
  type: string;
  state: string;
}

/** The hotel's machines a guest may book: the free ones, by number. */
export async function freeMachines(db: Db, hotelId: number): Promise<GuestMachine[]> {
  const m = machines();
  const rows = await db
    .select({ id: m.id, number: m.number, type: m.type, state: m.state })
    .from(m)
    .where(and(eq(m.hotelId, hotelId), eq(m.state, 'free')))
    .orderBy(m.number);
  return rows as GuestMachine[];
}

/** The room's bookings of today and the ones still holding a machine, newest first (the guest's own only). */
export async function roomBookings(db: Db, room: GuestRoom) {
  if (!room.roomNumber) return [];
  const m = machines();
  return db
    .select({ id: laundryBookings.id, state: laundryBookings.state, endsAt: laundryBookings.endsAt, number: m.number, type: m.type })
    .from(laundryBookings)
    .innerJoin(m, eq(m.id, laundryBookings.machineId))
    .where(and(eq(laundryBookings.hotelId, room.hotelId), eq(laundryBookings.roomNumber, room.roomNumber), sql`(${laundryBookings.state} in ('running', 'finished') or ${laundryBookings.createdAt} >= date_trunc('day', now()))`))
    .orderBy(sql`${laundryBookings.id} desc`)
    .limit(20);
}

/**
 * Books a free machine for the guest's room. The machine is claimed by one conditional update (two
 * guests booking the last free machine: one row changes, the other gets `laundry.notFree`); a room's
 * bookings are counted under a lock of the room, so two at once cannot pass the daily limit together.
 * Answers the booking; the caller starts the machine at the provider.
 */
export async function claimMachine(db: Db, room: GuestRoom, machineId: number): Promise<{ bookingId: number; thirdPartyId: string; number: string }> {
  if (!room.roomNumber) throw new AppError('conflict', 'laundry.noRoom');
  const roomNumber = room.roomNumber;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`laundry:${room.hotelId}:${roomNumber}`}))`);
    const [today] = await tx
      .select({ n: count() })
      .from(laundryBookings)
      .where(and(eq(laundryBookings.hotelId, room.hotelId), eq(laundryBookings.roomNumber, roomNumber), gte(laundryBookings.createdAt, sql`date_trunc('day', now())`), sql`${laundryBookings.state} <> 'failed'`));
    if ((today?.n ?? 0) >= BOOKINGS_PER_ROOM_DAY) throw new AppError('conflict', 'laundry.dailyLimit', { limit: BOOKINGS_PER_ROOM_DAY });
    const m = machines();
    const [claimed] = await tx
      .update(m)
      .set({ state: 'inUse', roomNumber, updatedAt: new Date() })
      .where(and(eq(m.id, machineId), eq(m.hotelId, room.hotelId), eq(m.state, 'free')))
      .returning({ id: m.id, thirdPartyId: m.thirdPartyId, number: m.number });
    if (!claimed) throw new AppError('conflict', 'laundry.notFree');
    const [booking] = await tx
      .insert(laundryBookings)
      .values({ brandId: room.brandId, hotelId: room.hotelId, machineId, terminalId: room.terminalId, roomNumber })
      .returning({ id: laundryBookings.id });
    return { bookingId: booking!.id, thirdPartyId: claimed.thirdPartyId as string, number: claimed.number as string };
  });
}

/** The provider started the cycle: the booking and the machine carry its end; the room's TVs are told. */
export async function started(db: Db, room: GuestRoom, bookingId: number, machineId: number, endsAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(laundryBookings).set({ endsAt }).where(eq(laundryBookings.id, bookingId));
    await tx.update(machines()).set({ endsAt: endsAt.toISOString() }).where(eq(machines().id, machineId));
  });
  await tellRooms(db, room.hotelId, [room.roomNumber!]);
}

/** The provider refused to start: the booking failed (it does not count) and the machine is released. */
export async function startFailed(db: Db, bookingId: number, machineId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(laundryBookings).set({ state: 'failed' }).where(eq(laundryBookings.id, bookingId));
    await tx.update(machines()).set({ state: 'error', roomNumber: null }).where(eq(machines().id, machineId));
  });
}

/** The booking of the guest's room (another room's or hotel's: 404, as if it did not exist). */
export async function bookingOfRoom(db: Db, room: GuestRoom, bookingId: number) {
  const m = machines();
  const [row] = await db
    .select({ id: laundryBookings.id, state: laundryBookings.state, endsAt: laundryBookings.endsAt, number: m.number, type: m.type, thirdPartyId: m.thirdPartyId, machineId: m.id })
    .from(laundryBookings)
    .innerJoin(m, eq(m.id, laundryBookings.machineId))
    .where(and(eq(laundryBookings.id, bookingId), eq(laundryBookings.hotelId, room.hotelId), eq(laundryBookings.roomNumber, room.roomNumber ?? '')));
  if (!row) throw new AppError('notFound', 'error.notFound');
  return row;
}

/** Tells the TVs of the rooms that their running washes changed (the `laundry` part). */
async function tellRooms(db: Db, hotelId: number, roomNumbers: string[]): Promise<void> {
  if (!roomNumbers.length) return;
  const t = terminals();
  const ids = await db.select({ id: t.id }).from(t).where(and(eq(t.hotelId, hotelId), inArray(t.roomNumber, roomNumbers)));
  if (ids.length) invalidateConfig({ terminalIds: ids.map((row) => row.id as number) });
}

/**
 * Applies what the hotel's provider reports: each machine's state and cycle end. A booked machine's
 * booking follows: `finished` when its cycle ended (locked: the laundry waits), `done` when the
 * machine is free or unusable again. Machines the hotel has not entered are ignored. The TVs of the
 * rooms concerned are told.
 */
export async function applyReports(db: Db, hotelId: number, reports: readonly MachineReport[]): Promise<void> {
  if (!reports.length) return;
  const m = machines();
  const rooms = new Set<string>();
  await db.transaction(async (tx) => {
    for (const report of reports) {
      const [before] = await tx
        .select({ id: m.id, state: m.state, roomNumber: m.roomNumber })
        .from(m)
        .where(and(eq(m.hotelId, hotelId), eq(m.thirdPartyId, report.thirdPartyId)))
        .for('update');
      if (!before) continue;
      if (before.state === report.state && report.state !== 'inUse') continue;
      // The room keeps the machine while its cycle runs and its laundry waits.
      const holding = report.state === 'inUse' || report.state === 'locked';
      const roomNumber = holding ? ((before.roomNumber as string | null) ?? null) : null;
      await tx
        .update(m)
        .set({ state: report.state, endsAt: report.state === 'inUse' ? report.endsAt : null, roomNumber, updatedAt: new Date() })
        .where(eq(m.id, before.id));
      const booked = await tx
        .update(laundryBookings)
        .set({ state: report.state === 'inUse' ? 'running' : report.state === 'locked' ? 'finished' : 'done' })
        .where(and(eq(laundryBookings.machineId, before.id as number), inArray(laundryBookings.state, report.state === 'locked' ? ['running'] : report.state === 'inUse' ? [] : ['running', 'finished'])))
        .returning({ roomNumber: laundryBookings.roomNumber });
      for (const b of booked) rooms.add(b.roomNumber);
      if (before.roomNumber) rooms.add(before.roomNumber as string);
    }
  });
  await tellRooms(db, hotelId, [...rooms]);
}

/** The room's running and finished washes for its TVs (the `laundry` configuration part). */
export async function laundryPart(db: Db, hotelId: number, roomNumber: string) {
  const m = machines();
  const rows = await db
    .select({ id: laundryBookings.id, state: laundryBookings.state, endsAt: laundryBookings.endsAt, number: m.number, type: m.type })
    .from(laundryBookings)
    .innerJoin(m, eq(m.id, laundryBookings.machineId))
    .where(and(eq(laundryBookings.hotelId, hotelId), eq(laundryBookings.roomNumber, roomNumber), inArray(laundryBookings.state, ['running', 'finished']), isNotNull(laundryBookings.endsAt)));
  return { washes: rows.map((row) => ({ id: row.id, number: row.number as string, type: row.type as string, state: row.state as 'running' | 'finished', endsAt: row.endsAt!.toISOString() })) };
}
