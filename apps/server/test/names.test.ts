import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotels } from '../src/db/schema/index.js';
import { type ApiResponse, type Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
const mark = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['faq.read', 'faq.create', 'faq.update', 'faq.delete', 'operationLog.read']);
  b = await createTenant(t, ['faq.read']);
  platform = await createPlatformAdmin(t);
});

function ok<T = any>(res: ApiResponse<T>): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function sheetOf(res: ApiResponse): Promise<unknown[][]> {
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.raw.rawPayload as never);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A column of an exported sheet by its header. */
function column(rows: unknown[][], header: string): unknown[] {
  const at = rows[0]!.indexOf(header);
  expect(at, `${header} in ${JSON.stringify(rows[0])}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[at]);
}

describe('names in the request language', () => {
  let named: number;
  let unnamed: number;

  beforeAll(async () => {
    const hotel = a.hotel;
    named = ok(await hotel.post('/api/records/faq-category', { name: `客房${mark}`, nameEn: `Rooms ${mark}` })).id;
    unnamed = ok(await hotel.post('/api/records/faq-category', { name: `餐饮${mark}`, nameEn: '' })).id;
    ok(await hotel.post('/api/records/faq', { title: `Towels ${mark}`, categoryId: named, content: 'Call the desk.' }));
    ok(await hotel.post('/api/records/faq', { title: `Breakfast ${mark}`, categoryId: unnamed, content: 'From seven.' }));
  });

  it('names references in lists by the English name in English, by the Chinese one in Chinese or when the English is empty', async () => {
    const titles = async (lang: string) =>
      Object.fromEntries(ok(await a.hotel.get(`/api/records/faq?keyword=${mark}&lang=${lang}`)).items.map((row: { title: string; categoryIdTitle: string }) => [row.title, row.categoryIdTitle]));
    expect(await titles('en-US')).toEqual({ [`Towels ${mark}`]: `Rooms ${mark}`, [`Breakfast ${mark}`]: `餐饮${mark}` });
    expect(await titles('zh-CN')).toEqual({ [`Towels ${mark}`]: `客房${mark}`, [`Breakfast ${mark}`]: `餐饮${mark}` });
  });

  it('keeps the stored names in the record’s own rows (the edit form’s values)', async () => {
    const row = ok(await a.hotel.get(`/api/records/faq-category/${named}?lang=en-US`));
    expect(row).toMatchObject({ name: `客房${mark}`, nameEn: `Rooms ${mark}` });
    const list = ok(await a.hotel.get(`/api/records/faq-category?keyword=${mark}&lang=en-US`)).items;
    expect(list.map((r: { name: string }) => r.name).sort()).toEqual([`客房${mark}`, `餐饮${mark}`].sort());
  });

  it('labels select options in the request language, found by either name', async () => {
    const labels = async (query: string) => ok(await a.hotel.get(`/api/records/faq-category/options?${query}`)).map((o: { value: number; label: string }) => [o.value, o.label]);
    expect(await labels(`keyword=${mark}&lang=en-US`)).toEqual(expect.arrayContaining([[named, `Rooms ${mark}`], [unnamed, `餐饮${mark}`]]));
    expect(await labels(`keyword=${mark}&lang=zh-CN`)).toEqual(expect.arrayContaining([[named, `客房${mark}`], [unnamed, `餐饮${mark}`]]));
    // In English the Chinese name still finds the row, shown by its English name.
    expect(await labels(`keyword=${encodeURIComponent(`客房${mark}`)}&lang=en-US`)).toEqual([[named, `Rooms ${mark}`]]);
    // Another tenant's categories are not among its options in any language.
    expect(ok(await b.hotel.get(`/api/records/faq-category/options?keyword=${mark}&lang=en-US`))).toEqual([]);
  });

  it('answers the title of one chosen value by its id, within the caller’s reach', async () => {
    expect(ok(await a.hotel.get(`/api/records/faq-category/options?id=${named}&lang=en-US`))).toEqual([{ value: named, label: `Rooms ${mark}` }]);
    expect(ok(await a.hotel.get(`/api/records/faq-category/options?id=${named}&lang=zh-CN`))).toEqual([{ value: named, label: `客房${mark}` }]);
    expect(ok(await b.hotel.get(`/api/records/faq-category/options?id=${named}`))).toEqual([]);
    expect(ok(await b.brand.get(`/api/records/hotel/options?id=${a.hotelIds[0]}`))).toEqual([]);
  });

  it('exports references in the request language', async () => {
    const en = await sheetOf(await a.hotel.request('GET', `/api/records/faq/export?keyword=${mark}&lang=en-US`));
    expect(column(en, 'Category').sort()).toEqual([`Rooms ${mark}`, `餐饮${mark}`].sort());
    const zh = await sheetOf(await a.hotel.request('GET', `/api/records/faq/export?keyword=${mark}&lang=zh-CN`));
    expect(column(zh, '分类').sort()).toEqual([`客房${mark}`, `餐饮${mark}`].sort());
  });

  it('names sub-brands and hotels by their English names in references', async () => {
    const group = ok(await a.brand.post('/api/records/sub-brand', { name: `集团${mark}`, nameEn: `Group ${mark}` })).id;
    await t.database.db.update(hotels).set({ subBrandId: group, nameEn: `Harbour ${mark}` }).where(eq(hotels.id, a.hotelIds[0]));
    const hotelRow = (lang: string) => a.brand.get(`/api/records/hotel?lang=${lang}&pagesize=200`).then((res) => ok(res).items.find((h: { id: number }) => h.id === a.hotelIds[0]));
    expect(await hotelRow('en-US')).toMatchObject({ subBrandIdTitle: `Group ${mark}`, nameEn: `Harbour ${mark}` });
    expect(await hotelRow('zh-CN')).toMatchObject({ subBrandIdTitle: `集团${mark}` });
    const options = ok(await a.brand.get(`/api/records/hotel/options?lang=en-US`));
    expect(options).toEqual(expect.arrayContaining([{ value: a.hotelIds[0], label: `Harbour ${mark}` }]));
    // The brand's hotel page and a hotel's rooms page name them the same way.
    const brandHotels = ok(await platform.get(`/api/brands/${a.brandId}/hotels?lang=en-US`)).items;
    expect(brandHotels.find((h: { id: number }) => h.id === a.hotelIds[0])).toMatchObject({ name: `Harbour ${mark}`, subBrandName: `Group ${mark}` });
    expect(ok(await a.brand.get(`/api/hotels/${a.hotelIds[0]}/rooms?lang=en-US`)).hotel.name).toBe(`Harbour ${mark}`);
    expect(ok(await a.brand.get(`/api/hotels/${a.hotelIds[0]}/rooms?lang=zh-CN`)).hotel.name).not.toBe(`Harbour ${mark}`);
  });

  it('names each row of a list in the request language (`displayTitle`), by query or Accept-Language, and exports it so', async () => {
    // The hotel got its English name in the test before.
    const listed = async (query: string, headers: Record<string, string> = {}) =>
      ok(await a.brand.request('GET', `/api/records/hotel?pagesize=200${query}`, undefined, headers)).items.find((h: { id: number }) => h.id === a.hotelIds[0]);
    expect(await listed('&lang=en')).toMatchObject({ displayTitle: `Harbour ${mark}`, nameEn: `Harbour ${mark}` });
    expect(await listed('', { 'accept-language': 'en-US,en;q=0.9' })).toMatchObject({ displayTitle: `Harbour ${mark}` });
    expect((await listed('', { 'accept-language': 'zh-CN' })).displayTitle).not.toBe(`Harbour ${mark}`);
    const zh = await listed('&lang=zh-CN');
    expect(zh.displayTitle).toBe(zh.name);
    expect(zh.displayTitle).not.toBe(`Harbour ${mark}`);
    // The title column keeps the stored name (the edit form's).
    expect((await listed('&lang=en')).name).toBe(zh.name);
    const sheet = await sheetOf(await a.brand.request('GET', `/api/records/hotel/export?lang=en-US`));
    expect(column(sheet, 'Hotel name')).toContain(`Harbour ${mark}`);
  });

  it('labels tag options by their English names in English', async () => {
    const tag = ok(await platform.post('/api/records/tag', { nameZh: `海景${mark}`, nameEn: `Sea view ${mark}`, type: 'room' })).id;
    expect(ok(await platform.get(`/api/records/tag/options?keyword=${mark}&lang=en-US`))).toEqual([{ value: tag, label: `Sea view ${mark}` }]);
    expect(ok(await platform.get(`/api/records/tag/options?keyword=${mark}&lang=zh-CN`))).toEqual([{ value: tag, label: `海景${mark}` }]);
  });

  it('names objects of the operation log in the request language', async () => {
    const rows = async (lang: string) =>
      ok(await a.hotel.get(`/api/operation/action/log?record_type=faqCategory&pagesize=200&lang=${lang}`)).items.filter((r: { record_id: string }) => r.record_id === String(named));
    expect((await rows('en-US')).map((r: { record_title: string }) => r.record_title)).toEqual([`Rooms ${mark}`]);
    expect((await rows('zh-CN')).map((r: { record_title: string }) => r.record_title)).toEqual([`客房${mark}`]);
  });
});

describe('the hotel of hotel accounts', () => {
  let first: number;
  let second: number;

  beforeAll(async () => {
    const role = ok(await a.brand.post('/api/records/role', { name: `Desk ${mark}`, userType: 3 })).id;
    const account = (hotelId: number, name: string) => a.brand.post('/api/records/hotel-account', { loginName: `n${mark}${name}`, name: `${name} ${mark}`, password: 'abcde', roleId: role, hotelId });
    first = ok(await account(a.hotelIds[0], 'First')).id;
    second = ok(await account(a.hotelIds[1], 'Second')).id;
    await t.database.db.update(hotels).set({ nameEn: `Harbour ${mark}` }).where(eq(hotels.id, a.hotelIds[0]));
  });

  const hotelName = async (id: number) => (await t.database.db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, id)))[0]!.name;

  it('lists each account with its hotel’s name, in the request language', async () => {
    const rows = ok(await a.brand.get(`/api/records/hotel-account?keyword=${mark}&lang=zh-CN`)).items;
    expect(rows.map((r: { id: number; hotelId: number; hotelIdTitle: string }) => [r.id, r.hotelId, r.hotelIdTitle]).sort()).toEqual(
      [
        [first, a.hotelIds[0], await hotelName(a.hotelIds[0])],
        [second, a.hotelIds[1], await hotelName(a.hotelIds[1])],
      ].sort(),
    );
    const en = ok(await a.brand.get(`/api/records/hotel-account?keyword=${mark}&lang=en-US`)).items;
    expect(en.find((r: { id: number }) => r.id === first).hotelIdTitle).toBe(`Harbour ${mark}`);
  });

  it('filters by hotel, within the caller’s reach only', async () => {
    const ids = async (client: Client, query: string) => ok(await client.get(`/api/records/hotel-account?keyword=${mark}&${query}`)).items.map((r: { id: number }) => r.id);
    expect(await ids(a.brand, `hotelId=${a.hotelIds[1]}`)).toEqual([second]);
    expect(await ids(platform, `hotelId=${a.hotelIds[0]}`)).toEqual([first]);
    // Another brand naming these hotels sees none of their accounts.
    expect(await ids(b.brand, `hotelId=${a.hotelIds[0]}`)).toEqual([]);
    // The filter's choices are the hotels of the caller's brand.
    const options = ok(await b.brand.get('/api/records/hotel/options')).map((o: { value: number }) => o.value);
    expect(options).toEqual(expect.arrayContaining(b.hotelIds));
    expect(options).not.toContain(a.hotelIds[0]);
  });

  it('exports the hotel of each account', async () => {
    const zh = await sheetOf(await a.brand.request('GET', `/api/records/hotel-account/export?keyword=${mark}&hotelId=${a.hotelIds[0]}&lang=zh-CN`));
    expect(column(zh, '酒店')).toEqual([await hotelName(a.hotelIds[0])]);
    const en = await sheetOf(await a.brand.request('GET', `/api/records/hotel-account/export?keyword=${mark}&lang=en-US`));
    expect(column(en, 'Hotel').sort()).toEqual([`Harbour ${mark}`, await hotelName(a.hotelIds[1])].sort());
    // A switch that is a state is named as one: enabled, not "yes".
    expect(column(en, 'Enabled')).toEqual(['Enabled', 'Enabled']);
    expect(column(zh, '启用')).toEqual(['启用']);
  });

  it('keeps the hotel an account was made in: the column is never written by an update', async () => {
    const { roleId } = ok(await a.brand.get(`/api/records/hotel-account/${first}`));
    ok(await a.brand.put(`/api/records/hotel-account/${first}`, { loginName: `n${mark}First`, name: `First ${mark}`, roleId, hotelId: a.hotelIds[1] }));
    expect(ok(await a.brand.get(`/api/records/hotel-account/${first}`)).hotelId).toBe(a.hotelIds[0]);
  });
});

describe('operation log objects', () => {
  it('names templates, kept after they are deleted', async () => {
    const theme = ok(await a.brand.post('/api/admin/theme', { name: `Lobby ${mark}`, equipmentType: 'room' })).id;
    const titles = async () =>
      ok(await platform.get('/api/operation/action/log?record_type=theme&pagesize=200')).items
        .filter((r: { record_id: string }) => r.record_id === String(theme))
        .map((r: { record_type_name: string; record_title: string }) => [r.record_type_name, r.record_title]);
    expect(await titles()).toEqual([['Template', `Lobby ${mark}`]]);
    ok(await a.brand.delete(`/api/admin/theme/${theme}`));
    expect(await titles()).toEqual([
      ['Template', `Lobby ${mark}`],
      ['Template', `Lobby ${mark}`],
    ]);
  });

  it('names the hotel whose rooms a bulk creation made', async () => {
    ok(await a.brand.post(`/api/hotels/${a.hotelIds[1]}/rooms/bulk`, { floorFrom: 1, floorTo: 1, roomFrom: 1, roomTo: 2 }));
    const [row] = ok(await a.brand.get('/api/operation/action/log?action=room_bulk_create&pagesize=200&lang=zh-CN')).items.filter(
      (r: { record_id: string }) => r.record_id === String(a.hotelIds[1]),
    );
    expect(row).toMatchObject({ record_type: 'hotel', record_type_name: '酒店', record_title: await (async () => (await t.database.db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, a.hotelIds[1])))[0]!.name)() });
  });
});
