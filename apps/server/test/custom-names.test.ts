import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, hotels, recordTables, userProjects } from '../src/db/schema/index.js';
import { installCodeOf, randomSn, registerTv, type Tv } from './devices-support.js';
import { unique } from './helpers/tenants.js';
import { type ApiResponse, Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

/**
 * Custom screens name hotels (and brands, sub-brands) the way the record engine does: the English
 * name in English where there is one, else the Chinese name.
 */

let t: TestApp;
let a: Tenant;
let platform: Client;
const mark = Math.random().toString(36).slice(2, 8);
/** a's first hotel has an English name, its second none. */
const harbour = `Harbour ${mark}`;
let zhNames: [string, string];
let brandName: string;
/** Terminals in a's first and second hotel; the first's MAC was cloned (an snChanged alarm). */
let first: Tv;
let second: Tv;

function ok<T = any>(res: ApiResponse<T>): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const langs = ['en-US', 'zh-CN'] as const;
/** What each language shows for a's hotels: the first's English name in English, else the Chinese names. */
const expected = (lang: (typeof langs)[number]) => (lang === 'en-US' ? [harbour, zhNames[1]] : zhNames);

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['terminal.read', 'operationLog.read']);
  platform = await createPlatformAdmin(t);
  const db = t.database.db;
  await db.update(hotels).set({ nameEn: harbour }).where(eq(hotels.id, a.hotelIds[0]));
  await db.update(hotels).set({ nameEn: '' }).where(eq(hotels.id, a.hotelIds[1]));
  const rows = await db.select({ id: hotels.id, name: hotels.name }).from(hotels).where(eq(hotels.brandId, a.brandId));
  zhNames = a.hotelIds.map((id) => rows.find((r) => r.id === id)!.name) as [string, string];
  brandName = (await db.select({ name: brands.name }).from(brands).where(eq(brands.id, a.brandId)))[0]!.name;
  first = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
  second = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[1]) });
  expect((await new Client(t.app).post('/api/device/v1/register', { mac: first.mac, sn: randomSn() })).status).toBe(409);
  // The hotel user works in both hotels (the project selector).
  await db.insert(userProjects).values({ userId: a.users.hotel.id, brandId: a.brandId, hotelId: a.hotelIds[1] });
});

describe('hotel names of custom answers in the request language', () => {
  it('the project selector and the user info', async () => {
    for (const lang of langs) {
      const list = ok(await a.hotel.get(`/api/web/project/list?lang=${lang}`)).list.map((p: { id: number; name: string }) => [p.id, p.name]);
      expect(list).toEqual(a.hotelIds.map((id, at) => [id, expected(lang)[at]]));
      const info = ok(await a.hotel.get(`/api/hotel/userinfo?lang=${lang}`)).loginInfo;
      expect(info.hotel.name).toBe(expected(lang)[0]);
      // Brands have no English name: the stored one in both languages.
      expect(ok(await a.brand.get(`/api/web/project/list?lang=${lang}`)).list).toEqual([{ id: a.brandId, name: brandName }]);
      expect(ok(await a.brand.get(`/api/brand/userinfo?lang=${lang}`)).loginInfo.customer.name).toBe(brandName);
      const projects = ok(await a.brand.get(`/api/access/users/${a.users.hotel.id}/projects?lang=${lang}`)).projects.map((p: { name: string }) => p.name);
      expect(projects).toEqual(expected(lang));
    }
  });

  it('the dashboard: hotels with the most offline terminals and the recent alarms', async () => {
    for (const lang of langs) {
      const data = ok(await a.brand.get(`/api/dashboard?lang=${lang}`));
      const ranked = Object.fromEntries(data.offlineHotels.map((h: { hotelId: number; hotelName: string; brandName: string }) => [h.hotelId, [h.hotelName, h.brandName]]));
      expect(ranked).toEqual({ [a.hotelIds[0]]: [expected(lang)[0], brandName], [a.hotelIds[1]]: [expected(lang)[1], brandName] });
      expect(data.alarms.recent).toEqual([expect.objectContaining({ mac: first.mac, hotelName: expected(lang)[0] })]);
    }
  });

  it('alarms and state logs', async () => {
    for (const lang of langs) {
      const alarms = ok(await a.brand.get(`/api/terminals/alarms?mac=${first.mac}&lang=${lang}`)).items;
      expect(alarms.map((r: { hotelName: string }) => r.hotelName)).toEqual([expected(lang)[0]]);
      for (const [at, tv] of [first, second].entries()) {
        const logs = ok(await a.brand.get(`/api/terminals/state-logs?mac=${tv.mac}&lang=${lang}`)).items;
        expect(logs.length).toBeGreaterThan(0);
        expect(new Set(logs.map((r: { hotelName: string }) => r.hotelName))).toEqual(new Set([expected(lang)[at]]));
      }
    }
  });

  it('terminal lists, one terminal by MAC and the batch MAC search', async () => {
    for (const lang of langs) {
      const byMac = (items: { mac: string; hotelName: string }[]) => [first.mac, second.mac].map((mac) => items.find((r) => r.mac === mac)?.hotelName);
      expect(byMac(ok(await a.brand.get(`/api/records/terminals?pagesize=100&lang=${lang}`)).items)).toEqual(expected(lang));
      expect(ok(await a.brand.get(`/api/records/terminals/${first.terminalId}?lang=${lang}`)).hotelName).toBe(expected(lang)[0]);
      expect(ok(await a.brand.get(`/api/admin/terminal/get_terminal_info?mac=${first.mac}&lang=${lang}`)).hotelName).toBe(expected(lang)[0]);
      expect(byMac(ok(await a.brand.post(`/api/terminals/search_macs?lang=${lang}`, { macs: [first.mac, second.mac] })).items)).toEqual(expected(lang));
    }
  });

  it('a manufacturer’s MAC search', async () => {
    const customer = ok(await platform.post('/api/records/oem-customer', { name: `Maker ${mark}`, pinyinKey: `k${unique()}` })).id;
    const launcher = `l${unique()}`;
    ok(await platform.post('/api/records/oem-launcher', { oemCustomerId: customer, launcher }));
    const terminals = recordTables.terminal!;
    await t.database.db.update(terminals).set({ launcher }).where(eq(terminals.id, first.terminalId));
    for (const lang of langs) {
      const items = ok(await platform.post(`/api/oem/customers/${customer}/mac-search?lang=${lang}`, { macs: [first.mac] })).items;
      expect(items.map((r: { hotelName: string }) => r.hotelName)).toEqual([expected(lang)[0]]);
    }
  });

  it('device settings, the hotels of a user and the operation log', async () => {
    for (const lang of langs) {
      expect(ok(await a.brand.get(`/api/terminals/hotel-settings?hotelId=${a.hotelIds[0]}&lang=${lang}`)).name).toBe(expected(lang)[0]);
      const list = ok(await a.hotel.get(`/api/web/hotel/get_hotel_list?lang=${lang}`)).list;
      expect(list.map((h: { id: number; name: string; brand_name: string }) => [h.id, h.name, h.brand_name])).toEqual(a.hotelIds.map((id, at) => [id, expected(lang)[at], brandName]));
    }
    ok(await a.hotel.post('/api/web/project/switch', { id: a.hotelIds[0] }));
    for (const lang of langs) {
      const [row] = ok(await a.hotel.get(`/api/operation/action/log?action=project_switch&pagesize=10&lang=${lang}`)).items;
      expect(row).toMatchObject({ hotel_name: expected(lang)[0], brand_name: brandName, record_title: expected(lang)[0] });
    }
  });
});
