import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hotels, recordTables } from '../src/db/schema/index.js';
import { Client, type TestApp } from './support/app.js';

/** A random valid MAC (12 upper-case hex digits). */
export const randomMac = () => randomBytes(6).toString('hex').toUpperCase();
/** A random valid SN (16 characters). */
export const randomSn = () => `SN${randomBytes(7).toString('hex').toUpperCase()}`;

export interface Tv {
  mac: string;
  sn: string;
  token: string;
  terminalId: number;
  /** A client that sends the device token. */
  device: Client;
  body: Record<string, unknown>;
}

/** The device model the tests register by default. */
export const TV_DEFAULTS = {
  model: 'HT-55U',
  size: '55',
  vendor: 'Acme',
  clientType: 'android',
  launcher: 'hotelos',
  softwareVersion: '3.1.0',
  otaVersion: '20250101',
  controlVersion: '1.2',
  ip: '192.168.1.20',
};

/** Registers a TV through the device API and returns its token and a client carrying it. */
export async function registerTv(t: TestApp, body: Record<string, unknown> = {}): Promise<Tv> {
  const anonymous = new Client(t.app);
  const payload = { mac: randomMac(), sn: randomSn(), ...TV_DEFAULTS, ...body };
  const res = await anonymous.post('/api/device/v1/register', payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { token: string; terminalId: number; mac: string };
  return { mac: data.mac, sn: String(payload.sn).toUpperCase(), token: data.token, terminalId: data.terminalId, device: new Client(t.app, data.token), body: res.body.data };
}

/** Public id of a hotel created by the fixtures. */
export async function publicIdOf(t: TestApp, hotelId: number): Promise<string> {
  const [row] = await t.database.db.select({ publicId: hotels.publicId }).from(hotels).where(eq(hotels.id, hotelId));
  return row!.publicId;
}

/** The install code of a hotel created by the fixtures: `<publicId>-<secret>`. */
export async function installCodeOf(t: TestApp, hotelId: number): Promise<string> {
  const [row] = await t.database.db.select({ publicId: hotels.publicId, secret: hotels.installSecret }).from(hotels).where(eq(hotels.id, hotelId));
  return `${row!.publicId}-${row!.secret}`;
}

/** A TV of a hotel registered with its install code, authorized unless `authorized` is false. */
export async function hotelTv(t: TestApp, hotelId: number, authorized = true): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId) });
  if (authorized) await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
}

/** One part of the TV's configuration (undefined when the configuration leaves it out). */
export async function configPartOf<P>(tv: Tv, name: string): Promise<P | undefined> {
  const res = await tv.device.get<Record<string, unknown>>('/api/device/v1/config');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[name] as P | undefined;
}
