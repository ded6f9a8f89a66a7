import type { MapAnswer, ShareAnswer, TerminalDataRow } from '@htv/shared/areas/statistics/index';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { externalLinksFor, externalLinksFromEnv } from '../src/areas/statistics/routes.js';
import { hotels } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import type { Client, TestApp } from './support/app.js';
import { testApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
let vendorA: string;
let vendorB: string;
let mine: Tv[];
let today: string;

const get = async <T>(client: Client, url: string) => {
  const res = await client.get<T>(url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['statistics.read']);
  b = await createTenant(t, ['statistics.read']);
  vendorA = `VA${a.brandId}`;
  vendorB = `VB${b.brandId}`;
  const codeA = await installCodeOf(t, a.hotelIds[0]);
  mine = [];
  for (const [model, region, city] of [
    ['M1', '广东省', '深圳'],
    ['M1', '广东', '深圳'],
    ['M2', '广东省', '广州'],
  ] as const) {
    mine.push(await registerTv(t, { installCode: codeA, model, region, city, vendor: vendorA, softwareVersion: '5.0.0', launcher: 'la' }));
  }
  mine.push(await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[1]), model: 'M2', region: '北京市', city: '北京', vendor: vendorA, softwareVersion: '5.1.0' }));
  for (let i = 0; i < 2; i++) await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[0]), model: 'MB', region: '广东省', city: '珠海', vendor: vendorB });
  await mine[0]!.device.post('/api/device/v1/heartbeat', {});
  await t.app.devices.heartbeats.flush();
  today = t.app.devices.today();
});

describe('terminal share', () => {
  it('by model, version and launcher in the caller’s reach, most common first', async () => {
    const models = await get<ShareAnswer>(a.brand, '/api/statistics/share?by=model');
    expect(models).toEqual({ total: 4, items: [{ key: 'M2', label: 'M2', count: 2 }, { key: 'M1', label: 'M1', count: 2 }].sort((x, y) => x.key.localeCompare(y.key)), others: 0 });
    const versions = await get<ShareAnswer>(a.hotel, '/api/statistics/share?by=version');
    expect(versions.items).toEqual([{ key: '5.0.0', label: '5.0.0', count: 3 }]);
    const launchers = await get<ShareAnswer>(a.brand, '/api/statistics/share?by=launcher');
    expect(launchers.items).toEqual([
      { key: 'la', label: 'la', count: 3 },
      { key: 'hotelos', label: 'hotelos', count: 1 },
    ]);
    expect((await get<ShareAnswer>(b.brand, '/api/statistics/share?by=model')).items).toEqual([{ key: 'MB', label: 'MB', count: 2 }]);
    // Over several brands each value is one row.
    const all = await get<ShareAnswer>(platform, '/api/statistics/share?by=model');
    expect(new Set(all.items.map((i) => i.key)).size).toBe(all.items.length);
    expect(all.items.find((i) => i.key === 'M2')?.count).toBeGreaterThanOrEqual(2);
  });

  it('by brand names the brands; the platform sees every brand', async () => {
    const brands = await get<ShareAnswer>(platform, '/api/statistics/share?by=brand');
    const all = [...brands.items];
    expect(brands.total).toBeGreaterThanOrEqual(6);
    // The fixtures' brands are small: they may be summed in "others" among other test files' brands.
    if (all.some((i) => i.key === String(a.brandId))) expect(all.find((i) => i.key === String(a.brandId))).toMatchObject({ count: 4, label: expect.stringContaining('Brand') });
    expect(await get<ShareAnswer>(a.brand, '/api/statistics/share?by=brand')).toMatchObject({ total: 4, items: [{ key: String(a.brandId), count: 4 }] });
    expect((await a.brand.get('/api/statistics/share?by=colour')).status).toBe(422);
  });
});

describe('online map', () => {
  it('per province (suffixes dropped) and per city of a province, online counted', async () => {
    const provinces = await get<MapAnswer>(a.brand, '/api/statistics/map');
    expect(provinces).toEqual({
      level: 'province',
      province: null,
      items: [
        { name: '广东', total: 3, online: 1 },
        { name: '北京', total: 1, online: 0 },
      ],
      unknown: 0,
    });
    const cities = await get<MapAnswer>(a.brand, `/api/statistics/map?province=${encodeURIComponent('广东省')}`);
    expect(cities).toMatchObject({ level: 'city', province: '广东', items: [{ name: '深圳', total: 2, online: 1 }, { name: '广州', total: 1, online: 0 }] });
  });

  it('places a TV by its hotel’s address or city first, then by the region it reports; the rest are unknown', async () => {
    const c = await createTenant(t, ['statistics.read']);
    const [addressed, bare] = c.hotelIds;
    await t.database.db.execute(sql`update hotels set address = '浙江省杭州市西湖区湖滨路1号', city = '杭州' where id = ${addressed}`);
    const inAddressed = await installCodeOf(t, addressed);
    const online = await registerTv(t, { installCode: inAddressed, model: 'MC' });
    await registerTv(t, { installCode: inAddressed, model: 'MC', region: '广东省', city: '深圳' });
    await registerTv(t, { installCode: await installCodeOf(t, bare), model: 'MC' });
    await registerTv(t, { installCode: await installCodeOf(t, bare), model: 'MC', region: '四川省', city: '成都' });
    await online.device.post('/api/device/v1/heartbeat', {});
    await t.app.devices.heartbeats.flush();
    const provinces = await get<MapAnswer>(c.brand, '/api/statistics/map');
    expect(provinces).toEqual({ level: 'province', province: null, items: [{ name: '浙江', total: 2, online: 1 }, { name: '四川', total: 1, online: 0 }], unknown: 1 });
    expect((await get<MapAnswer>(c.brand, `/api/statistics/map?province=${encodeURIComponent('浙江省')}`)).items).toEqual([{ name: '杭州', total: 2, online: 1 }]);
    await t.database.db.execute(sql`update hotels set address = null, city = '上海' where id = ${addressed}`);
    expect((await get<MapAnswer>(c.brand, '/api/statistics/map')).items).toEqual([{ name: '上海', total: 2, online: 1 }, { name: '四川', total: 1, online: 0 }]);
  });

  it('a hotel and another brand see their own terminals only', async () => {
    expect((await get<MapAnswer>(a.hotel, '/api/statistics/map')).items).toEqual([{ name: '广东', total: 3, online: 1 }]);
    expect((await get<MapAnswer>(b.brand, `/api/statistics/map?province=${encodeURIComponent('广东')}`)).items).toEqual([{ name: '珠海', total: 2, online: 0 }]);
  });
});

describe('terminal data by manufacturer and by brand', () => {
  it('counts terminals, online, registered and activated within the range', async () => {
    await t.database.db.execute(sql`update terminals set "authorization" = 'authorized', authorized_at = now() where id = ${mine[1]!.terminalId}`);
    const rows = await get<{ items: TerminalDataRow[] }>(a.brand, `/api/statistics/terminals?by=manufacturer&from=${today}&to=${today}`);
    expect(rows.items).toEqual([{ key: vendorA, label: vendorA, total: 4, online: 1, registered: 4, activated: 1 }]);
    const earlier = await get<{ items: TerminalDataRow[] }>(a.brand, `/api/statistics/terminals?by=manufacturer&from=2026-01-01&to=2026-01-31`);
    expect(earlier.items).toEqual([{ key: vendorA, label: vendorA, total: 4, online: 1, registered: 0, activated: 0 }]);
    const brands = await get<{ items: TerminalDataRow[] }>(platform, `/api/statistics/terminals?by=brand&from=${today}&to=${today}&brandId=${b.brandId}`);
    expect(brands.items).toEqual([expect.objectContaining({ key: String(b.brandId), total: 2, registered: 2, activated: 0, label: expect.any(String) })]);
  });

  it('lists a manufacturer once however many brands its TVs serve', async () => {
    const c = await createTenant(t, []);
    const d = await createTenant(t, []);
    const vendor = `VCD${c.brandId}`;
    for (const hotelId of [c.hotelIds[0], c.hotelIds[1], d.hotelIds[0]]) await registerTv(t, { installCode: await installCodeOf(t, hotelId), vendor });
    const rows = (await get<{ items: TerminalDataRow[] }>(platform, `/api/statistics/terminals?by=manufacturer&from=${today}&to=${today}`)).items;
    expect(rows.filter((row) => row.key === vendor)).toEqual([{ key: vendor, label: vendor, total: 3, online: 0, registered: 3, activated: 0 }]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('another brand asking for the first brand gets nothing; a backwards or long range is refused', async () => {
    expect((await get<{ items: TerminalDataRow[] }>(b.brand, `/api/statistics/terminals?by=brand&from=${today}&to=${today}&brandId=${a.brandId}`)).items).toEqual([]);
    const backwards = await a.brand.get(`/api/statistics/terminals?by=brand&from=2026-02-01&to=2026-01-01`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors?.to).toBeDefined();
    expect((await a.brand.get(`/api/statistics/terminals?by=brand&from=2024-01-01&to=2026-01-01`)).status).toBe(422);
  });

  it('exports the table as a spreadsheet', async () => {
    const res = await a.brand.get(`/api/statistics/terminals/export?by=manufacturer&from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('needs statistics.read', async () => {
    const other = await createTenant(t, []);
    expect((await other.hotel.get('/api/statistics/map')).status).toBe(403);
  });
});

describe('external menu entries', () => {
  it('take http(s) URLs from the configuration only', () => {
    expect(externalLinksFromEnv({ VOD_PLATFORM_URL: 'https://vod.example.com/member', OPERATION_PLATFORM_URL: 'javascript:alert(1)' })).toEqual({
      vod_platform: 'https://vod.example.com/member',
      operation_platform: null,
      eshow: null,
      x2b: null,
    });
  });

  it('eShow for those with eshow.read; the AI open platform only for a hotel with open_xb', async () => {
    const links = externalLinksFromEnv({ ESHOW_URL: 'https://eshow.example.com/login', X2B_URL: 'https://x2b.example.com/' });
    const hotelId = a.hotelIds[1];
    const hotelUser = { userType: 3 as const, hotelId, isSuper: false, permissions: new Set(['eshow.read', 'x2b.open']) };
    await t.database.db.update(hotels).set({ settings: {} }).where(eq(hotels.id, hotelId));
    expect(await externalLinksFor(t.database.db, hotelUser, links)).toMatchObject({ eshow: 'https://eshow.example.com/login', x2b: null });
    await t.database.db.update(hotels).set({ settings: { open_xb: true } }).where(eq(hotels.id, hotelId));
    expect(await externalLinksFor(t.database.db, hotelUser, links)).toMatchObject({ eshow: 'https://eshow.example.com/login', x2b: 'https://x2b.example.com/' });
    expect(await externalLinksFor(t.database.db, { ...hotelUser, permissions: new Set<string>() }, links)).toMatchObject({ eshow: null, x2b: null });
    // Another hotel without the flag does not get it from this one's.
    expect((await externalLinksFor(t.database.db, { ...hotelUser, hotelId: a.hotelIds[0] }, links)).x2b).toBeNull();
  });

  it('answer null where none is configured, and only to those who may open the entry', async () => {
    expect(await get(platform, '/api/statistics/external-links')).toEqual({ vod_platform: null, operation_platform: null, eshow: null, x2b: null });
    expect((await a.hotel.get('/api/statistics/external-links')).status).toBe(200);
  });
});
