import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { brands, recordTables, terminalAlarms, terminalStateLogs } from '../src/db/schema/index.js';
import { installCodeOf, publicIdOf, randomMac, randomSn, registerTv, TV_DEFAULTS } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

/**
 * The device API against an anonymous caller (docs/devices.md "Threat model"): registration limits per
 * address and per install code, the pending cap of a hotel, the terminal limit counting authorized
 * terminals, and an authorization that never crosses tenants.
 */

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
const PERMISSIONS = ['terminal.read', 'terminal.update', 'terminal.authorize', 'terminal.disable', 'terminal.recover'];

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
});

/** A registration from a given client address. */
async function registerFrom(app: FastifyInstance, ip: string, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/device/v1/register', remoteAddress: ip, headers: { 'accept-language': 'en-US' }, payload: body });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const terminal = async (id: number) => {
  const table = recordTables.terminal!;
  const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown>;
};

describe('registration limits', () => {
  let limited: FastifyInstance;
  afterAll(() => limited?.close());

  it('refuses an address over its registrations (every attempt counts, malformed ones too) with 429 and Retry-After', async () => {
    const saved = process.env.DEVICE_REGISTER_PER_IP;
    process.env.DEVICE_REGISTER_PER_IP = '3';
    try {
      limited = await buildApp({ config: t.config, database: t.database });
      await limited.ready();
    } finally {
      if (saved === undefined) delete process.env.DEVICE_REGISTER_PER_IP;
      else process.env.DEVICE_REGISTER_PER_IP = saved;
    }
    const ip = '203.0.113.7';
    expect((await registerFrom(limited, ip, { mac: 'nope' })).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await registerFrom(limited, ip, { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn() })).status).toBe(200);
    const refused = await registerFrom(limited, ip, { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: '-1', errkey: 'device.registerLimited' });
    expect(refused.body.errmsg).toMatch(/^Too many registrations; retry in \d+ s$/);
    // 3 per 10 minutes: the next one waits until the first attempt leaves the window.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address is not concerned.
    expect((await registerFrom(limited, '203.0.113.8', { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn() })).status).toBe(200);
  });

  it('locks a hotel’s install codes after 30 wrong ones from any addresses, and no other hotel’s', async () => {
    const tenant = await createTenant(t, []);
    const publicId = await publicIdOf(t, tenant.hotelIds[0]);
    for (let i = 0; i < 30; i++) {
      const wrong = await registerFrom(t.app, `198.51.100.${i + 1}`, { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn(), installCode: `${publicId}-${String(i).padStart(8, '0')}` });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ installCode: ['Invalid install code'] });
    }
    // Even the right code waits now: guessing stops at 30 tries per 10 minutes, whatever the addresses.
    const right = await installCodeOf(t, tenant.hotelIds[0]);
    const locked = await registerFrom(t.app, '198.51.100.200', { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn(), installCode: right });
    expect(locked.status).toBe(429);
    expect(locked.body.errkey).toBe('device.registerLimited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await registerFrom(t.app, '198.51.100.200', { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn(), installCode: await installCodeOf(t, tenant.hotelIds[1]) });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});

describe('pending terminals and the terminal limit', () => {
  it('caps the unauthorized terminals of a hotel; re-registering a pending one is not counted twice', async () => {
    const tenant = await createTenant(t, PERMISSIONS);
    const code = await installCodeOf(t, tenant.hotelIds[0]);
    const options = t.app.devices.options;
    const saved = options.maxPendingPerHotel;
    options.maxPendingPerHotel = 2;
    try {
      const first = await registerTv(t, { installCode: code });
      await registerTv(t, { installCode: code });
      const full = await new Client(t.app).post('/api/device/v1/register', { ...TV_DEFAULTS, mac: randomMac(), sn: randomSn(), installCode: code });
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ errkey: 'device.pendingLimit', errmsg: 'The hotel has reached its limit of 2 terminals awaiting authorization; authorize or remove some first' });
      // Re-registering a pending terminal of the hotel is not a new one.
      expect((await new Client(t.app).post('/api/device/v1/register', { ...TV_DEFAULTS, mac: first.mac, sn: first.sn, installCode: code })).status).toBe(200);
      // The sibling hotel has its own cap.
      await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[1]) });
      expect((await tenant.hotel.post('/api/terminals/authorize', { ids: [first.terminalId] })).status).toBe(200);
      await registerTv(t, { installCode: code });
    } finally {
      options.maxPendingPerHotel = saved;
    }
  });

  it('counts authorized terminals against the brand limit: registrations go through, authorizing beyond it is refused', async () => {
    const tenant = await createTenant(t, PERMISSIONS);
    await t.database.db.update(brands).set({ terminalLimit: 1 }).where(eq(brands.id, tenant.brandId));
    const code = await installCodeOf(t, tenant.hotelIds[0]);
    const [x, y] = [await registerTv(t, { installCode: code }), await registerTv(t, { installCode: code })];
    expect((await tenant.hotel.post('/api/terminals/authorize', { ids: [x.terminalId] })).body.data).toMatchObject({ updated: 1 });
    const batch = await tenant.hotel.post('/api/terminals/authorize', { ids: [y.terminalId] });
    expect(batch.status).toBe(409);
    expect(batch.body).toMatchObject({ errkey: 'tenants.terminalQuotaExceeded', errmsg: 'The brand has reached its limit of 1 authorized terminals; please contact the platform administrator' });
    const single = await tenant.hotel.post(`/api/records/terminals/${y.terminalId}/actions/authorize`);
    expect(single.status).toBe(409);
    expect((await terminal(y.terminalId)).authorization).toBe('unauthorized');
    // A disabled terminal frees its place; recovering it then needs one again.
    expect((await tenant.hotel.post('/api/terminals/disable', { ids: [x.terminalId] })).status).toBe(200);
    expect((await tenant.hotel.post(`/api/records/terminals/${y.terminalId}/actions/authorize`)).status).toBe(200);
    expect((await tenant.hotel.post('/api/terminals/recover', { ids: [x.terminalId] })).status).toBe(409);
    // Without an install code a TV stays with the platform, outside any brand's limit.
    await registerTv(t);
  });
});

describe('an authorization never crosses tenants', () => {
  it('a label (MAC + SN) registered into another brand’s hotel starts there unauthorized; the hotel it left gets an alarm', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: '501' });
    expect((await a.hotel.post('/api/terminals/authorize', { ids: [tv.terminalId] })).status).toBe(200);

    const moved = await new Client(t.app).post('/api/device/v1/register', { ...TV_DEFAULTS, mac: tv.mac, sn: tv.sn, installCode: await installCodeOf(t, b.hotelIds[0]) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ authorization: 'unauthorized', hotel: { publicId: await publicIdOf(t, b.hotelIds[0]) }, roomNumber: null });
    expect(await terminal(tv.terminalId)).toMatchObject({ brandId: b.brandId, hotelId: b.hotelIds[0], authorization: 'unauthorized', authorizedAt: null });
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(401);
    const history = (await t.database.db.select().from(terminalStateLogs).where(eq(terminalStateLogs.terminalId, tv.terminalId)).orderBy(terminalStateLogs.id)).filter((s) => s.state !== 'online' && s.state !== 'offline');
    expect(history.at(-1)).toMatchObject({ state: 'assigned', hotelId: b.hotelIds[0] });

    // The hotel it left, its brand and the platform see the alarm; the new hotel does not.
    const seen = async (client: Client) => ((await client.get(`/api/terminals/alarms?kind=movedOut&mac=${tv.mac}`)).body.data.items as Record<string, unknown>[]);
    const [alarm] = await seen(a.hotel);
    expect(alarm).toMatchObject({ kind: 'movedOut', mac: tv.mac, hotelId: a.hotelIds[0], hotelPublicId: await publicIdOf(t, a.hotelIds[0]), roomNumber: null, authorization: null, online: null, detail: 'authorized -> unauthorized', hits: 1 });
    expect(await seen(a.brand)).toHaveLength(1);
    expect(await seen(platform)).toHaveLength(1);
    expect(await seen(b.hotel)).toEqual([]);
    expect(await seen(b.brand)).toEqual([]);
    expect((await b.hotel.post(`/api/terminals/alarms/${alarm!.id}/resolve`)).status).toBe(404);
    expect((await a.hotel.post(`/api/terminals/alarms/${alarm!.id}/resolve`)).status).toBe(200);
    const [row] = await t.database.db.select().from(terminalAlarms).where(and(eq(terminalAlarms.terminalId, tv.terminalId), eq(terminalAlarms.kind, 'movedOut')));
    expect(row).toMatchObject({ brandId: a.brandId, hotelId: a.hotelIds[0] });
    expect(row!.resolvedAt).not.toBeNull();
  });

  it('re-registering in the same hotel keeps the authorization (a reset TV, a lost token)', async () => {
    const code = await installCodeOf(t, a.hotelIds[1]);
    const tv = await registerTv(t, { installCode: code });
    expect((await a.sibling.post('/api/terminals/authorize', { ids: [tv.terminalId] })).status).toBe(200);
    const again = await new Client(t.app).post('/api/device/v1/register', { ...TV_DEFAULTS, mac: tv.mac, sn: tv.sn, installCode: code });
    expect(again.body.data).toMatchObject({ authorization: 'authorized' });
    const without = await new Client(t.app).post('/api/device/v1/register', { ...TV_DEFAULTS, mac: tv.mac, sn: tv.sn });
    expect(without.body.data).toMatchObject({ authorization: 'authorized', hotel: { publicId: await publicIdOf(t, a.hotelIds[1]) } });
  });
});
