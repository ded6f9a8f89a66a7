import { MAX_APP_LAUNCHES_PER_BATCH, type AppLaunchesRequest } from '@htv/shared/areas/runlogs/index';
import { LaunchReporter } from '@htv/shared/areas/runlogs/reporter';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { SIMULATED_APPS, VirtualTv } from '../../../tools/simulator/lib.js';
import { Client, listeningUrl, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
let tvA: Tv;
let tvA2: Tv;
let tvB: Tv;

interface LaunchRow {
  mac: string;
  hotelId: number | null;
  package: string;
  appName: string | null;
  versionName: string | null;
  at: string;
}
const send = (tv: Tv, launches: Record<string, unknown>[]) => tv.device.post('/api/device/v1/app-launches', { launches });
const list = async (client: Client, query = '') => {
  const res = await client.get<{ items: LaunchRow[]; total: number }>(`/api/runlogs/app?pagesize=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const macsOf = (rows: LaunchRow[]) => new Set(rows.map((r) => r.mac));

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['runlogApp.read']);
  b = await createTenant(t, ['runlogApp.read']);
  tvA = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
  tvA2 = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[1]) });
  tvB = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[0]) });
  const at = new Date(Date.now() - 60_000).toISOString();
  expect((await send(tvA, [{ package: 'com.example.video', appName: 'Video', versionName: '2.1.0', at }, { package: 'com.example.music', appName: 'Music' }])).status).toBe(200);
  expect((await send(tvA2, [{ package: 'com.example.video', appName: 'Video', versionName: '2.1.0' }])).status).toBe(200);
  expect((await send(tvB, [{ package: 'com.example.game', appName: 'Game', versionName: '1.0' }])).status).toBe(200);
  await t.app.appLaunches.flush();
});

describe('POST /api/device/v1/app-launches', () => {
  it('needs the device token and a valid batch of at most the limit', async () => {
    expect((await new Client(t.app).post('/api/device/v1/app-launches', { launches: [{ package: 'x' }] })).status).toBe(401);
    const tv = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[1]) });
    const empty = await send(tv, []);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.launches).toBeDefined();
    const noPackage = await send(tv, [{ appName: 'Nameless' }]);
    expect(noPackage.status).toBe(422);
    expect(noPackage.body.errors.launches).toBeDefined();
    const tooMany = await send(tv, Array.from({ length: MAX_APP_LAUNCHES_PER_BATCH + 1 }, () => ({ package: 'com.example.video' })));
    expect(tooMany.status).toBe(422);
  });

  it('writes the launches of a batch together, with the time the TV gave (a far-off clock gives now)', async () => {
    const rows = (await list(platform, `&mac=${tvA.mac}`)).items;
    expect(rows.map((r) => r.package)).toEqual(['com.example.music', 'com.example.video']);
    expect(rows[1]).toMatchObject({ appName: 'Video', versionName: '2.1.0', hotelId: a.hotelIds[0] });
    const tv = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[1]) });
    const before = Date.now();
    expect((await send(tv, [{ package: 'com.example.clock', at: '2001-01-01T00:00:00Z' }])).body.data).toEqual({ accepted: 1 });
    // Queued, not written yet: the writer flushes in batches.
    expect(t.app.appLaunches.size).toBeGreaterThan(0);
    await t.app.appLaunches.flush();
    const [row] = (await list(platform, `&mac=${tv.mac}`)).items;
    expect(Date.parse(row!.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('limits each terminal’s batches (429 with Retry-After and the message)', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[1]) });
    for (let i = 0; i < 6; i++) expect((await send(tv, [{ package: 'com.example.video' }])).status).toBe(200);
    const limited = await send(tv, [{ package: 'com.example.video' }]);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.errkey).toBe('runlogs.launchesLimited');
    expect((await tv.device.withLang('zh-CN').post('/api/device/v1/app-launches', { launches: [{ package: 'x' }] })).body.errmsg).toMatch(/过于频繁/);
    // Another terminal is not affected.
    expect((await send(tvB, [{ package: 'com.example.game' }])).status).toBe(200);
    await t.app.appLaunches.flush();
  });
});

describe('GET /api/runlogs/app', () => {
  it('filters by MAC, package, hotel and time range', async () => {
    const video = (await list(platform, '&package=com.example.video')).items;
    expect(video.every((r) => r.package === 'com.example.video')).toBe(true);
    expect(macsOf(video).has(tvA.mac) && macsOf(video).has(tvA2.mac)).toBe(true);
    const hotel = (await list(platform, `&hotelId=${a.hotelIds[1]}`)).items;
    expect(macsOf(hotel)).toEqual(new Set([tvA2.mac]));
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list(platform, `&mac=${tvA.mac}&from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await platform.get('/api/runlogs/app?from=yesterday')).status).toBe(422);
  });

  it('keeps tenants apart: a brand sees its hotels, a hotel its own, whatever the filter', async () => {
    const brand = macsOf((await list(a.brand)).items);
    expect(brand.has(tvA.mac) && brand.has(tvA2.mac)).toBe(true);
    expect(brand.has(tvB.mac)).toBe(false);
    const hotel = macsOf((await list(a.hotel)).items);
    expect(hotel).toEqual(new Set([tvA.mac]));
    // Another tenant's MAC or hotel in the query gives nothing.
    expect((await list(a.brand, `&mac=${tvB.mac}`)).total).toBe(0);
    expect((await list(a.hotel, `&hotelId=${a.hotelIds[1]}`)).total).toBe(0);
    expect((await list(b.brand, `&hotelId=${a.hotelIds[0]}`)).total).toBe(0);
    const exported = await a.hotel.get(`/api/runlogs/app/export?mac=${tvA2.mac}`);
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.raw.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });

  it('needs the permission', async () => {
    const none = await createTenant(t, []);
    expect((await none.hotel.get('/api/runlogs/app')).status).toBe(403);
  });

  it('exports the filtered rows with headings in the request’s language', async () => {
    const res = await platform.withLang('zh-CN').get(`/api/runlogs/app/export?mac=${tvA.mac}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['启动时间', 'MAC地址', '酒店', '应用名称', '包名', '版本']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['com.example.music', 'com.example.video']);
  });
});

describe('the simulator', () => {
  it('reports an app launch with a heartbeat when its share says so', async () => {
    const url = await listeningUrl(t);
    const tv = new VirtualTv({ url, seed: `launch-${b.brandId}`, index: 0, installCode: await installCodeOf(t, b.hotelIds[1]), push: false, appLaunchShare: 1 });
    try {
      await tv.register();
      await tv.heartbeat();
      expect(tv.launches.pending).toBe(0);
      await t.app.appLaunches.flush();
      const rows = (await list(b.brand, `&mac=${tv.mac}`)).items;
      expect(rows).toHaveLength(1);
      expect(SIMULATED_APPS.map((app) => app.package)).toContain(rows[0]!.package);
    } finally {
      await tv.stop();
    }
  });
});

describe('the TV side: LaunchReporter', () => {
  it('sends launches close together as one batch, and keeps a batch not taken for the next flush', async () => {
    const sent: AppLaunchesRequest[] = [];
    let take = false;
    const reporter = new LaunchReporter(async (body) => (take ? (sent.push(body), true) : false), 10);
    reporter.launched({ package: 'com.example.video' });
    reporter.launched({ package: 'com.example.music' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent).toHaveLength(0);
    expect(reporter.pending).toBe(2);
    take = true;
    await reporter.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.launches.map((l) => l.package)).toEqual(['com.example.video', 'com.example.music']);
    expect(reporter.pending).toBe(0);
  });
});
