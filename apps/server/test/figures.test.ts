import type { DashboardAnswer } from '@htv/shared/areas/dashboard/index';
import { provinceKey, provinceOfAddress, type MapAnswer, type ShareAnswer, type TerminalDataRow } from '@htv/shared/areas/statistics/index';
import type { SettlementRow } from '@htv/shared/areas/settlement/index';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from './support/app.js';
import { testApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

/**
 * Every figure of the home page, the statistics and the settlement screens against a count computed
 * here, in plain code, from the terminal rows themselves: a fleet of random terminals over two brands'
 * hotels (some shared vendors, models and versions, some fields unreported), then each screen's answer
 * for each user type compared with what the rows say.
 */

let t: TestApp;
let platform: Client;
const tenants: Tenant[] = [];

interface Row {
  brandId: number;
  hotelId: number;
  vendor: string | null;
  model: string | null;
  version: string | null;
  launcher: string | null;
  region: string | null;
  city: string | null;
  online: boolean;
  authorization: 'authorized' | 'unauthorized' | 'disabled';
  registeredAt: Date;
  authorizedAt: Date | null;
}
let rows: Row[] = [];
const hotelPlace = new Map<number, { address: string | null; city: string | null }>();

/** A seeded pseudo-random generator, so a failure can be replayed with the seed it prints. */
const SEED = Number(process.env.FIGURES_SEED ?? randomBytes(4).readUInt32LE());
let state = SEED;
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const DAY = 86_400_000;
const today = () => t.app.devices.today();
/** A local (stats offset) calendar day of a moment, as the screens count it. */
const localDay = (at: Date) => new Date(at.getTime() + t.app.devices.options.statsUtcOffsetMin * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  const permissions = ['terminal.read', 'statistics.read', 'settlement.read'];
  for (let i = 0; i < 2; i++) tenants.push(await createTenant(t, permissions));
  const tag = randomBytes(3).toString('hex');
  const places = [
    { address: '浙江省杭州市西湖区北山街28号', city: '杭州' },
    { address: null, city: '上海' },
    { address: '鼓楼区滨江大道66号', city: '南京' },
    { address: null, city: null },
  ];
  const hotels = tenants.flatMap((tenant) => tenant.hotelIds.map((hotelId) => ({ brandId: tenant.brandId, hotelId })));
  for (const [i, { hotelId }] of hotels.entries()) {
    hotelPlace.set(hotelId, places[i]!);
    await t.database.db.execute(sql`update hotels set address = ${places[i]!.address}, city = ${places[i]!.city} where id = ${hotelId}`);
  }
  const now = Date.now();
  rows = Array.from({ length: 160 }, () => {
    const hotel = pick(hotels);
    const authorization = pick(['authorized', 'authorized', 'unauthorized', 'disabled'] as const);
    const registeredAt = new Date(now - Math.floor(random() * 40 * DAY));
    const authorizedAt = authorization === 'unauthorized' ? null : new Date(Math.min(now, registeredAt.getTime() + Math.floor(random() * 5 * DAY)));
    return {
      ...hotel,
      vendor: pick([`V1-${tag}`, `V2-${tag}`, `V3-${tag}`, null]),
      model: pick([`M1-${tag}`, `M2-${tag}`, null]),
      version: pick([`4.0-${tag}`, `4.1-${tag}`, `3.9-${tag}`, null]),
      launcher: pick([`la-${tag}`, `lb-${tag}`, null]),
      region: pick(['广东省', '广东', '四川省', null]),
      city: pick(['深圳', '成都', null]),
      online: random() < 0.4,
      authorization,
      registeredAt,
      authorizedAt,
    };
  });
  for (const [i, row] of rows.entries()) {
    const mac = `F${tag}${String(i).padStart(5, '0')}`.toUpperCase().slice(0, 12).padEnd(12, '0');
    await t.database.db.execute(sql`
      insert into terminals (brand_id, hotel_id, mac, sn, scene_mode, "authorization", registered, online, vendor, model, software_version, launcher, region, city, registered_at, authorized_at)
      values (${row.brandId}, ${row.hotelId}, ${mac}, ${`SNF${tag}${i}`}, 'hotel', ${row.authorization}, true, ${row.online}, ${row.vendor}, ${row.model}, ${row.version}, ${row.launcher},
              ${row.region}, ${row.city}, ${row.registeredAt.toISOString()}, ${row.authorizedAt?.toISOString() ?? null})`);
  }
});

/** The rows a user of a tenant sees: a brand user its brand's, a hotel user its hotel's. */
const seenBy = (who: 'brand' | 'hotel', tenant: Tenant) => rows.filter((r) => (who === 'brand' ? r.brandId === tenant.brandId : r.hotelId === tenant.hotelIds[0]));
const viewers = () => tenants.flatMap((tenant) => (['brand', 'hotel'] as const).map((who) => ({ label: `${who} ${tenant.brandId}`, client: tenant[who], rows: seenBy(who, tenant) })));

const countBy = <K>(list: Row[], key: (r: Row) => K) => {
  const out = new Map<K, Row[]>();
  for (const row of list) out.set(key(row), [...(out.get(key(row)) ?? []), row]);
  return out;
};

const data = async <T>(client: Client, url: string): Promise<T> => {
  const res = await client.get<T>(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

describe(`every figure equals the count of its rows (seed ${SEED})`, () => {
  it('the home page: counts and software versions', async () => {
    for (const { label, client, rows: mine } of viewers()) {
      const home = await data<DashboardAnswer>(client, '/api/dashboard');
      const online = mine.filter((r) => r.online).length;
      const of = (state: Row['authorization']) => mine.filter((r) => r.authorization === state).length;
      expect(home.counts, label).toMatchObject({ total: mine.length, online, offline: mine.length - online, unauthorized: of('unauthorized'), authorized: of('authorized'), disabled: of('disabled') });
      const versions = [...countBy(mine, (r) => r.version)].map(([version, list]) => ({ version, count: list.length }));
      const shown = home.versions.items.reduce((sum, item) => sum + item.count, 0) + home.versions.others;
      expect(shown, label).toBe(mine.length);
      for (const item of home.versions.items) expect(item.count, `${label} ${item.version}`).toBe(versions.find((v) => v.version === item.version)?.count);
    }
  });

  it('the home page: hotels ranked by offline terminals', async () => {
    const tenant = tenants[0]!;
    const home = await data<DashboardAnswer>(tenant.brand, '/api/dashboard');
    const expected = [...countBy(seenBy('brand', tenant), (r) => r.hotelId)]
      .map(([hotelId, list]) => ({ hotelId, offline: list.filter((r) => !r.online).length, total: list.length }))
      .filter((h) => h.offline > 0)
      .sort((x, y) => y.offline - x.offline || x.hotelId - y.hotelId);
    expect(home.offlineHotels?.map(({ hotelId, offline, total }) => ({ hotelId, offline, total }))).toEqual(expected);
  });

  it('terminal share by brand, model, version and launcher', async () => {
    for (const { label, client, rows: mine } of viewers()) {
      for (const [by, key] of [['model', (r: Row) => r.model], ['version', (r: Row) => r.version], ['launcher', (r: Row) => r.launcher], ['brand', (r: Row) => String(r.brandId)]] as const) {
        const share = await data<ShareAnswer>(client, `/api/statistics/share?by=${by}`);
        expect(share.total, `${label} ${by}`).toBe(mine.length);
        const counts = countBy(mine, key);
        expect(share.items.length + (share.others > 0 ? 1 : 0), `${label} ${by}`).toBeLessThanOrEqual(counts.size + 1);
        for (const item of share.items) expect(item.count, `${label} ${by} ${item.key}`).toBe(counts.get(item.key)?.length);
        expect(share.items.reduce((sum, item) => sum + item.count, 0) + share.others).toBe(mine.length);
      }
    }
  });

  it('the online map by province and by city', async () => {
    const placeOf = (r: Row) => {
      const hotel = hotelPlace.get(r.hotelId)!;
      const ofHotel = provinceOfAddress(hotel.address) ?? provinceOfAddress(hotel.city);
      return { province: ofHotel ?? (r.region ? provinceKey(r.region) : null), city: (ofHotel ? hotel.city : null) ?? r.city };
    };
    for (const { label, client, rows: mine } of viewers()) {
      const map = await data<MapAnswer>(client, '/api/statistics/map');
      const provinces = countBy(mine, (r) => placeOf(r).province);
      expect(map.unknown, label).toBe(provinces.get(null)?.length ?? 0);
      const expected = [...provinces].filter(([name]) => name !== null).map(([name, list]) => ({ name, total: list.length, online: list.filter((r) => r.online).length }));
      expect([...map.items].sort((x, y) => x.name.localeCompare(y.name)), label).toEqual(expected.sort((x, y) => x.name!.localeCompare(y.name!)));
      for (const province of expected) {
        const cities = await data<MapAnswer>(client, `/api/statistics/map?province=${encodeURIComponent(province.name!)}`);
        const inProvince = countBy(provinces.get(province.name)!, (r) => placeOf(r).city);
        expect(cities.unknown, `${label} ${province.name}`).toBe(inProvince.get(null)?.length ?? 0);
        expect(cities.items.reduce((sum, city) => sum + city.total, 0) + cities.unknown).toBe(province.total);
        for (const city of cities.items) expect(city.total, `${label} ${city.name}`).toBe(inProvince.get(city.name)?.length);
      }
    }
  });

  it('terminal data by manufacturer and by brand over a range', async () => {
    const from = localDay(new Date(Date.now() - 20 * DAY));
    const to = today();
    const within = (at: Date | null) => at !== null && localDay(at) >= from && localDay(at) <= to;
    const check = (label: string, items: TerminalDataRow[], counts: Map<string | null, Row[]>) => {
      expect(items.length, label).toBe(counts.size);
      for (const item of items) {
        const list = counts.get(item.key)!;
        expect(item, `${label} ${item.key}`).toMatchObject({
          total: list.length,
          online: list.filter((r) => r.online).length,
          registered: list.filter((r) => within(r.registeredAt)).length,
          activated: list.filter((r) => within(r.authorizedAt)).length,
        });
      }
    };
    for (const { label, client, rows: mine } of viewers()) {
      check(`${label} manufacturer`, (await data<{ items: TerminalDataRow[] }>(client, `/api/statistics/terminals?by=manufacturer&from=${from}&to=${to}`)).items, countBy(mine, (r) => r.vendor));
      check(`${label} brand`, (await data<{ items: TerminalDataRow[] }>(client, `/api/statistics/terminals?by=brand&from=${from}&to=${to}`)).items, countBy(mine, (r) => String(r.brandId)));
    }
    // The platform over both brands: a vendor shared by them is one row.
    const all = (await data<{ items: TerminalDataRow[] }>(platform, `/api/statistics/terminals?by=manufacturer&from=${from}&to=${to}`)).items;
    for (const [vendor, list] of countBy(rows, (r) => r.vendor)) {
      if (vendor === null) continue;
      expect(all.filter((item) => item.key === vendor).map((item) => item.total)).toEqual([list.length]);
    }
  });

  it('settlement: activations per hotel and month', async () => {
    const month = (at: Date) => localDay(at).slice(0, 7);
    const from = month(new Date(Date.now() - 50 * DAY));
    const to = month(new Date());
    for (const tenant of tenants) {
      const answer = await data<{ items: SettlementRow[] }>(platform, `/api/settlement/periods?kind=month&from=${from}&to=${to}&brandId=${tenant.brandId}`);
      const activated = rows.filter((r) => r.brandId === tenant.brandId && r.authorizedAt !== null);
      const expected = [...countBy(activated, (r) => `${r.hotelId} ${month(r.authorizedAt!)}`)].map(([key, list]) => `${key} ${list.length}`);
      expect(answer.items.map((item) => `${item.hotelId} ${item.period} ${item.activations}`).sort()).toEqual(expected.sort());
    }
  });
});
