import type { DashboardAnswer } from '@htv/shared/areas/dashboard/index';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotPresence } from '../src/areas/dashboard/service.js';
import { terminalPresenceHours } from '../src/db/schema/index.js';
import { installCodeOf, randomSn, registerTv, type Tv } from './devices-support.js';
import { Client, clientFor, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
/** a's first hotel: 3 terminals (one online); a's second hotel: 1; b's first hotel: 2 of a version only b has. */
let mine: Tv[];
let foreignVersion: string;

const dashboardOf = async (client: Client, query = '') => {
  const res = await client.get<DashboardAnswer>(`/api/dashboard${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['terminal.read']);
  b = await createTenant(t, ['terminal.read']);
  platform = await createPlatformAdmin(t);
  const codeA = await installCodeOf(t, a.hotelIds[0]);
  mine = [];
  for (const softwareVersion of ['4.0.0', '3.9.0', '3.9.0']) mine.push(await registerTv(t, { installCode: codeA, softwareVersion }));
  await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[1]), softwareVersion: '3.9.0' });
  foreignVersion = `b-${b.brandId}`;
  for (let i = 0; i < 2; i++) await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[0]), softwareVersion: foreignVersion });
  await mine[0]!.device.post('/api/device/v1/heartbeat', {});
  await t.app.devices.heartbeats.flush();
  // The same MAC with another SN: refused, and an snChanged alarm on a's terminal.
  const clone = await new Client(t.app).post('/api/device/v1/register', { mac: mine[2]!.mac, sn: randomSn() });
  expect(clone.status).toBe(409);
});

describe('dashboard answers per user type', () => {
  it('a hotel sees its own terminals: counts, versions, registrations today, its alarm, no hotel ranking', async () => {
    const data = await dashboardOf(a.hotel);
    expect(data.counts).toMatchObject({ total: 3, online: 1, offline: 2, unauthorized: 3, disabled: 0 });
    expect(data.versions).toEqual({ items: [{ version: '3.9.0', count: 2 }, { version: '4.0.0', count: 1 }], others: 0 });
    expect(data.offlineHotels).toBeNull();
    expect(data.daily).toHaveLength(7);
    expect(data.daily.at(-1)).toMatchObject({ day: t.app.devices.today(), registered: 3, active: 1 });
    expect(data.alarms.open).toBe(1);
    expect(data.alarms.recent).toEqual([expect.objectContaining({ kind: 'snChanged', mac: mine[2]!.mac, hits: 1 })]);
    // Without snapshots of its own yet, the chart still has the live point.
    expect(data.presence.at(-1)).toMatchObject({ online: 1, offline: 2, unauthorized: 3 });
  });

  it('a brand sees its hotels only, ranked by offline terminals', async () => {
    const data = await dashboardOf(a.brand);
    expect(data.counts).toMatchObject({ total: 4, online: 1, offline: 3 });
    expect(data.versions.items).toEqual([{ version: '3.9.0', count: 3 }, { version: '4.0.0', count: 1 }]);
    expect(data.offlineHotels).toEqual([
      expect.objectContaining({ hotelId: a.hotelIds[0], offline: 2, total: 3 }),
      expect.objectContaining({ hotelId: a.hotelIds[1], offline: 1, total: 1 }),
    ]);
    expect(data.alarms.recent.map((alarm) => alarm.mac)).toEqual([mine[2]!.mac]);
  });

  it('the other brand sees none of the first brand’s numbers', async () => {
    const data = await dashboardOf(b.brand);
    expect(data.counts).toMatchObject({ total: 2, online: 0, offline: 2 });
    expect(data.versions.items).toEqual([{ version: foreignVersion, count: 2 }]);
    expect(data.offlineHotels!.map((h) => h.hotelId)).toEqual([b.hotelIds[0]]);
    expect(data.alarms).toEqual({ open: 0, recent: [] });
  });

  it('the platform sees every brand’s hotels and versions', async () => {
    const data = await dashboardOf(platform, '?days=30');
    expect(data.daily).toHaveLength(30);
    expect(data.versions.items.map((v) => v.version).concat(data.versions.others ? ['…'] : [])).toEqual(expect.arrayContaining(['3.9.0']));
    const ranked = await t.database.db.execute(sql`select count(distinct hotel_id)::int as n from terminals where hotel_id is not null and not online`);
    const hotelsWithOffline = (ranked as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(data.offlineHotels!.length).toBe(Math.min(10, hotelsWithOffline));
    const offline = data.offlineHotels!.map((h) => h.offline);
    expect(offline).toEqual([...offline].sort((x, y) => y - x));
  });

  it('an empty hotel gets zeros and empty lists, not an error', async () => {
    const data = await dashboardOf(a.sibling);
    expect(data.counts).toMatchObject({ total: 1, online: 0, offline: 1 });
    const empty = await createTenant(t, ['terminal.read']);
    const none = await dashboardOf(empty.brand);
    expect(none.counts.total).toBe(0);
    expect(none.versions).toEqual({ items: [], others: 0 });
    expect(none.offlineHotels).toEqual([]);
    expect(none.alarms).toEqual({ open: 0, recent: [] });
    expect(none.daily.every((d) => d.registered === 0 && d.active === 0)).toBe(true);
    expect(none.presence).toEqual([expect.objectContaining({ online: 0, offline: 0, unauthorized: 0 })]);
  });
});

describe('presence history', () => {
  it('the snapshot job writes the current hour per owner, and rewrites it on the next run', async () => {
    await snapshotPresence(t.database.db);
    const rowOf = async () =>
      (await t.database.db.select().from(terminalPresenceHours).where(and(eq(terminalPresenceHours.hotelId, a.hotelIds[0]), sql`${terminalPresenceHours.at} = date_trunc('hour', now())`)))[0];
    expect(await rowOf()).toMatchObject({ brandId: a.brandId, total: 3, online: 1, unauthorized: 3 });
    await mine[1]!.device.post('/api/device/v1/heartbeat', {});
    await t.app.devices.heartbeats.flush();
    await snapshotPresence(t.database.db);
    expect(await rowOf()).toMatchObject({ total: 3, online: 2 });
  });

  it('a brand’s chart sums its own hotels’ snapshots, never another brand’s', async () => {
    const at = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    await t.database.db.insert(terminalPresenceHours).values([
      { at, brandId: a.brandId, hotelId: a.hotelIds[0], total: 5, online: 4, unauthorized: 1 },
      { at, brandId: a.brandId, hotelId: a.hotelIds[1], total: 2, online: 1, unauthorized: 0 },
      { at, brandId: b.brandId, hotelId: b.hotelIds[0], total: 50, online: 40, unauthorized: 10 },
    ]);
    const brandPoint = (await dashboardOf(a.brand)).presence.find((point) => point.at === at.toISOString());
    expect(brandPoint).toEqual({ at: at.toISOString(), online: 5, offline: 2, unauthorized: 1 });
    const hotelPoint = (await dashboardOf(a.hotel)).presence.find((point) => point.at === at.toISOString());
    expect(hotelPoint).toEqual({ at: at.toISOString(), online: 4, offline: 1, unauthorized: 1 });
    const other = (await dashboardOf(b.brand)).presence.find((point) => point.at === at.toISOString());
    expect(other).toEqual({ at: at.toISOString(), online: 40, offline: 10, unauthorized: 10 });
    // A day's period leaves out what is older than a day.
    const old = new Date(at.getTime() - 2 * 86_400_000);
    await t.database.db.insert(terminalPresenceHours).values({ at: old, brandId: a.brandId, hotelId: a.hotelIds[0], total: 9, online: 9, unauthorized: 0 });
    expect((await dashboardOf(a.brand, '?days=1')).presence.some((point) => point.at === old.toISOString())).toBe(false);
    expect((await dashboardOf(a.brand, '?days=7')).presence.some((point) => point.at === old.toISOString())).toBe(true);
  });
});

describe('access and validation', () => {
  it('needs a session and terminal.read', async () => {
    expect((await new Client(t.app).get('/api/dashboard')).status).toBe(401);
    const user = await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: [] });
    const res = await (await clientFor(t, user)).get('/api/dashboard');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: '-1', errkey: 'error.forbidden' });
  });

  it('refuses a period outside 1-30 days with a translated field error', async () => {
    for (const days of ['0', '31', 'week']) {
      const res = await a.brand.get(`/api/dashboard?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(res.body).toMatchObject({ code: '-1', errkey: 'error.validation' });
      expect(res.body.errors.days?.[0]).toEqual(expect.any(String));
    }
  });
});
