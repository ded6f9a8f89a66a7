import { RcuFailure, type RcuCommand, type RcuDevice, type RoomControlAdapter } from '@htv/shared/areas/rcu/adapter';
import type { RcuGatewayInput, RcuGatewayView, RcuVendor } from '@htv/shared/areas/rcu/gateway';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels, recordTables, rooms } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { adapterFor } from './adapter.js';
import { rcuGateways } from './schema.js';

/** Tests replace the vendor adapters (a gateway answering from a recording); null: the real ones. */
let adapterOverride: ((vendor: RcuVendor, url: string, key: string | null) => RoomControlAdapter) | null = null;
export function overrideRcuAdapterForTests(factory: typeof adapterOverride): void {
  if (process.env.NODE_ENV === 'production') throw new Error('adapter overrides exist for tests only');
  adapterOverride = factory;
}

/** A hotel's gateway as the console reads it (no row yet: disabled, no address). */
export async function gatewayView(db: Db, hotelId: number): Promise<RcuGatewayView> {
  const [row] = await db.select().from(rcuGateways).where(eq(rcuGateways.hotelId, hotelId)).limit(1);
  if (!row) return { vendor: 'htv-json', url: null, enabled: false, hasSecret: false, updatedAt: null };
  return { vendor: row.vendor as RcuVendor, url: row.url, enabled: row.enabled, hasSecret: !!row.secret, updatedAt: row.updatedAt.toISOString() };
}

/** Saves a hotel's gateway; an empty key keeps the stored one (one is needed the first time). */
export async function saveGateway(db: Db, hotelId: number, input: RcuGatewayInput): Promise<void> {
  const [existing] = await db.select({ secret: rcuGateways.secret }).from(rcuGateways).where(eq(rcuGateways.hotelId, hotelId)).limit(1);
  const secret = input.secret || existing?.secret || null;
  if (!secret) throw invalidFields({ secret: { key: 'rcu.secretRequired' } });
  const [hotel] = await db.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotelId));
  const values = { vendor: input.vendor, url: input.url, secret, enabled: input.enabled, updatedAt: new Date() };
  await db
    .insert(rcuGateways)
    .values({ hotelId, brandId: hotel!.brandId, ...values })
    .onConflictDoUpdate({ target: rcuGateways.hotelId, set: values });
}

/** The hotel's enabled gateway's adapter, or null (no room control). */
export async function adapterOfHotel(db: Db, hotelId: number): Promise<RoomControlAdapter | null> {
  const [row] = await db.select().from(rcuGateways).where(and(eq(rcuGateways.hotelId, hotelId), eq(rcuGateways.enabled, true))).limit(1);
  if (!row) return null;
  return (adapterOverride ?? adapterFor)(row.vendor as RcuVendor, row.url, row.secret);
}

/** Whether the hotel has room control on (the TVs' `rcu` part). */
export async function rcuEnabled(db: Db, hotelId: number): Promise<boolean> {
  const [row] = await db.select({ enabled: rcuGateways.enabled }).from(rcuGateways).where(eq(rcuGateways.hotelId, hotelId)).limit(1);
  return row?.enabled ?? false;
}

/** The hotel's room numbers: its rooms and the rooms its TVs are set up in, sorted. */
export async function roomsOfHotel(db: Db, hotelId: number): Promise<string[]> {
  const t = recordTables.terminal!;
  const [own, tvs] = await Promise.all([
    db.select({ number: rooms.number }).from(rooms).where(eq(rooms.hotelId, hotelId)).orderBy(asc(rooms.number)),
    db.selectDistinct({ number: t.roomNumber }).from(t).where(and(eq(t.hotelId, hotelId), isNotNull(t.roomNumber))),
  ]);
  return [...new Set([...own.map((r) => r.number), ...tvs.map((r) => r.number as string)])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** A room of the hotel (another hotel's room or an unknown one: 404, as if it did not exist). */
export async function requireRoom(db: Db, hotelId: number, room: string): Promise<void> {
  const t = recordTables.terminal!;
  const [own] = await db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.hotelId, hotelId), eq(rooms.number, room))).limit(1);
  if (own) return;
  const [tv] = await db.select({ id: t.id }).from(t).where(and(eq(t.hotelId, hotelId), eq(t.roomNumber, room))).limit(1);
  if (!tv) throw new AppError('notFound', 'error.notFound');
}

/** A gateway failure as the API answers it: the gateway's answer cannot be had (409 with the reason). */
export function failureError(error: unknown): AppError {
  if (error instanceof RcuFailure) return new AppError(error.key === 'rcu.unknownDevice' ? 'notFound' : 'conflict', error.key, error.params);
  return new AppError('conflict', 'rcu.unreachable');
}

async function adapterOrRefuse(db: Db, hotelId: number): Promise<RoomControlAdapter> {
  const adapter = await adapterOfHotel(db, hotelId);
  if (!adapter) throw new AppError('conflict', 'rcu.notConfigured');
  return adapter;
}

/** The room's devices now, from the gateway. */
export async function roomDevices(db: Db, hotelId: number, room: string): Promise<RcuDevice[]> {
  const adapter = await adapterOrRefuse(db, hotelId);
  try {
    return await adapter.devices(room);
  } catch (error) {
    throw failureError(error);
  }
}

/**
 * Changes one device and answers the room's devices as the gateway reports them after the change
 * (the state shown is the gateway's, not the one asked for). A command the device's type does not
 * take is refused before the gateway is asked.
 */
export async function changeDevice(db: Db, hotelId: number, room: string, deviceId: string, command: RcuCommand): Promise<RcuDevice[]> {
  const adapter = await adapterOrRefuse(db, hotelId);
  try {
    const device = (await adapter.devices(room)).find((d) => d.id === deviceId);
    if (!device) throw new RcuFailure('rcu.unknownDevice');
    if (!('on' in command) && device.type !== 'aircon') throw invalidFields({ command: { key: 'rcu.refused' } });
    await adapter.set(room, deviceId, command);
    return await adapter.devices(room);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failureError(error);
  }
}
