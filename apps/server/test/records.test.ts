import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { records } from '@htv/shared';
import { operationLogs, recordTables } from '../src/db/schema/index.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';
import { clientFor } from './support/app.js';
import { multipartBody, png } from './support/images.js';

const FAQ_PERMISSIONS = ['faq.read', 'faq.create', 'faq.update', 'faq.delete'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

async function category(client: Client, name = `cat-${Math.random().toString(36).slice(2, 8)}`) {
  const res = await client.post('/api/records/faq-category', { name, nameEn: `${name} EN`, sort: 5 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

async function faq(client: Client, categoryId: number, title = 'How to use the TV?') {
  const res = await client.post('/api/records/faq', { title, categoryId, content: 'Press the home key.' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; title: string };
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, FAQ_PERMISSIONS);
  b = await createTenant(t, FAQ_PERMISSIONS);
  platform = await createPlatformAdmin(t);
});

describe('record engine: FAQ', () => {
  it('creates, reads, lists, updates and deletes within the tenant', async () => {
    const cat = await category(a.hotel);
    const created = await faq(a.hotel, cat, 'Wi-Fi password?');
    const got = await a.hotel.get(`/api/records/faq/${created.id}`);
    expect(got.body).toMatchObject({ code: '0', data: { title: 'Wi-Fi password?', categoryId: cat, hits: 0, enabled: true, hotelId: a.hotelIds[0], brandId: a.brandId } });
    expect(got.body.data.categoryIdTitle).toMatch(/^cat-/);

    const updated = await a.hotel.put(`/api/records/faq/${created.id}`, { title: 'Wi-Fi name and password', categoryId: cat, content: 'See the info page.', enabled: false });
    expect(updated.body.data).toMatchObject({ title: 'Wi-Fi name and password', enabled: false });

    const list = await a.hotel.get('/api/records/faq?keyword=wi-fi&pagesize=10');
    expect(list.body.data.items.map((r: { id: number }) => r.id)).toContain(created.id);

    const removed = await a.hotel.delete(`/api/records/faq/${created.id}`);
    expect(removed.body).toEqual({ code: '0', data: { deleted: 1 } });
    expect((await a.hotel.get(`/api/records/faq/${created.id}`)).status).toBe(404);
  });

  it('pages, filters, sorts and searches on the server', async () => {
    const cat = await category(a.sibling);
    const other = await category(a.sibling);
    for (let i = 0; i < 12; i++) await faq(a.sibling, i % 3 === 0 ? other : cat, `Question ${String(i).padStart(2, '0')}`);
    const page2 = await a.sibling.get('/api/records/faq?page=2&pagesize=5&sort=title&order=asc');
    expect(page2.body.data).toMatchObject({ total: 12, page: 2, pagesize: 5 });
    expect(page2.body.data.items.map((r: { title: string }) => r.title)).toEqual(['Question 05', 'Question 06', 'Question 07', 'Question 08', 'Question 09']);
    const filtered = await a.sibling.get(`/api/records/faq?categoryId=${other}`);
    expect(filtered.body.data.total).toBe(4);
    const searched = await a.sibling.get('/api/records/faq?keyword=question%2011');
    expect(searched.body.data.items.map((r: { title: string }) => r.title)).toEqual(['Question 11']);
    // LIKE wildcards in a keyword are matched literally.
    expect((await a.sibling.get('/api/records/faq?keyword=%25')).body.data.total).toBe(0);
    const badSort = await a.sibling.get('/api/records/faq?sort=content');
    expect(badSort.status).toBe(422);
  });

  it('answers 422 with translated field errors and writes nothing', async () => {
    const before = await a.hotel.get('/api/records/faq?pagesize=200');
    const res = await a.hotel.post('/api/records/faq', { title: 'x'.repeat(51), content: '', categoryId: '' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: '-1', errkey: 'error.validation' });
    expect(res.body.errors).toEqual({
      title: ['Title must be at most 50 characters'],
      content: ['Content is required'],
      categoryId: ['Category is required'],
    });
    const zh = await a.hotel.withLang('zh-CN').post('/api/records/faq', { title: '', content: 'x', categoryId: 1 });
    expect(zh.body.errors.title).toEqual(['标题不能为空']);
    expect(zh.body.errmsg).toBe('提交的数据有误，请检查');
    const byQuery = await a.hotel.withLang('zh-CN').post('/api/records/faq?lang=en-US', { title: '', content: 'x', categoryId: 1 });
    expect(byQuery.body.errors.title).toEqual(['Title is required']);
    const after = await a.hotel.get('/api/records/faq?pagesize=200');
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('refuses fields that are not writable, including tenant columns and counters', async () => {
    const cat = await category(a.hotel);
    const res = await a.hotel.post('/api/records/faq', { title: 'Hi', categoryId: cat, content: 'x', hits: 999, brandId: b.brandId, hotelId: b.hotelIds[0] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['brandId', 'hits', 'hotelId']);
  });

  it('answers 404 for a reference to another tenant’s category', async () => {
    const foreign = await category(b.hotel);
    const res = await a.hotel.post('/api/records/faq', { title: 'Hi', categoryId: foreign, content: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.errmsg).toBe('Not found or no access');
  });

  it('answers 409 when a category still has entries, and deletes it once empty', async () => {
    const cat = await category(a.hotel);
    const entry = await faq(a.hotel, cat);
    const res = await a.hotel.delete(`/api/records/faq-category/${cat}`);
    expect(res.status).toBe(409);
    expect(res.body.errmsg).toBe('This FAQ category is used by FAQ and cannot be deleted');
    await a.hotel.delete(`/api/records/faq/${entry.id}`);
    expect((await a.hotel.delete(`/api/records/faq-category/${cat}`)).status).toBe(200);
  });

  it('reports a duplicate unique value on its field', async () => {
    await category(a.hotel, 'Dining');
    const res = await a.hotel.post('/api/records/faq-category', { name: 'Dining' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['Category name already exists'] });
    // The same name is fine for another owner.
    await category(b.hotel, 'Dining');
  });

  it('batch-deletes all or nothing', async () => {
    const cat = await category(a.hotel);
    const x = await faq(a.hotel, cat);
    const y = await faq(a.hotel, cat);
    const foreign = await faq(b.hotel, await category(b.hotel));
    const refused = await a.hotel.post('/api/records/faq/batch-delete', { ids: [x.id, foreign.id] });
    expect(refused.status).toBe(404);
    expect((await a.hotel.get(`/api/records/faq/${x.id}`)).status).toBe(200);
    const done = await a.hotel.post('/api/records/faq/batch-delete', { ids: [x.id, y.id] });
    expect(done.body.data).toEqual({ deleted: 2 });
  });

  it('writes an operation-log row with before and after in the same transaction', async () => {
    const cat = await category(a.hotel);
    const entry = await faq(a.hotel, cat, 'Logged');
    await a.hotel.put(`/api/records/faq/${entry.id}`, { title: 'Logged 2', categoryId: cat, content: 'y' });
    await a.hotel.delete(`/api/records/faq/${entry.id}`);
    const rows = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordType, 'faq'), eq(operationLogs.recordId, String(entry.id))))
      .orderBy(operationLogs.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[1]).toMatchObject({ userId: a.users.hotel.id, userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0] });
    expect((rows[1]!.before as { title: string }).title).toBe('Logged');
    expect((rows[1]!.after as { title: string }).title).toBe('Logged 2');
    expect((rows[2]!.before as { title: string }).title).toBe('Logged 2');
  });
});

describe('record engine: file fields', () => {
  async function upload(client: Client, rule: string, data: Buffer) {
    const { payload, headers } = multipartBody({ name: 'photo.png', data });
    const res = await client.request('POST', `/api/files?rule=${rule}`, payload, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as string;
  }

  it('accepts files the writer uploaded under the field’s rule and refuses others', async () => {
    const cat = await category(a.hotel);
    const own = await upload(a.hotel, 'faqImage', png(64, 64));
    const created = await a.hotel.post('/api/records/faq', { title: 'With picture', categoryId: cat, content: 'x', images: [own] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.images).toEqual([own]);

    const foreign = await upload(b.hotel, 'faqImage', png(64, 64));
    const wrongRule = await upload(a.hotel, 'feedbackImage', png(32, 32));
    const wrong = await a.hotel.put(`/api/records/faq/${created.body.data.id}`, { title: 'With picture', categoryId: cat, content: 'x', images: [wrongRule] });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['images']);
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000']) {
      const res = await a.hotel.put(`/api/records/faq/${created.body.data.id}`, { title: 'With picture', categoryId: cat, content: 'x', images: [id] });
      expect(res.status).toBe(404);
    }
  });
});

describe('record engine: tenant isolation', () => {
  it('answers 404 for another hotel’s row on get, update and delete, and leaves it untouched', async () => {
    const cat = await category(b.hotel);
    const theirs = await faq(b.hotel, cat, 'Theirs');
    for (const client of [a.hotel, a.sibling, a.brand]) {
      expect((await client.get(`/api/records/faq/${theirs.id}`)).status).toBe(404);
      expect((await client.put(`/api/records/faq/${theirs.id}`, { title: 'Mine now', categoryId: cat, content: 'x' })).status).toBe(404);
      expect((await client.delete(`/api/records/faq/${theirs.id}`)).status).toBe(404);
      const list = await client.get('/api/records/faq?pagesize=200');
      expect(list.body.data.items.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
      expect((await client.get(`/api/records/faq?hotelId=${b.hotelIds[0]}`)).body.data.total).toBe(0);
    }
    expect((await b.hotel.get(`/api/records/faq/${theirs.id}`)).body.data.title).toBe('Theirs');
  });

  it('keeps sibling hotels apart and shows a brand its hotels’ rows', async () => {
    const mine = await faq(a.hotel, await category(a.hotel), 'Hotel one');
    expect((await a.sibling.get(`/api/records/faq/${mine.id}`)).status).toBe(404);
    expect((await a.brand.get(`/api/records/faq/${mine.id}`)).body.data.title).toBe('Hotel one');
    const narrowed = await a.brand.get(`/api/records/faq?hotelId=${a.hotelIds[0]}&pagesize=200`);
    expect(narrowed.body.data.items.every((r: { hotelId: number }) => r.hotelId === a.hotelIds[0])).toBe(true);
  });

  it('creates rows at the creator’s own level and lets the platform see all', async () => {
    const brandCat = await category(a.brand);
    const brandRow = await a.brand.get(`/api/records/faq-category/${brandCat}`);
    expect(brandRow.body.data).toMatchObject({ brandId: a.brandId, hotelId: null });
    expect((await a.hotel.get(`/api/records/faq-category/${brandCat}`)).status).toBe(404);
    const platformCat = await category(platform);
    expect((await platform.get(`/api/records/faq-category/${platformCat}`)).body.data).toMatchObject({ brandId: null, hotelId: null });
    expect((await platform.get(`/api/records/faq-category/${brandCat}`)).status).toBe(200);
    expect((await a.brand.get(`/api/records/faq-category/${platformCat}`)).status).toBe(404);
  });

  it('offers a superior the categories of the row’s owner, never beyond its reach', async () => {
    const hotelCat = await category(a.hotel, 'Owner pick');
    const asPlatform = await platform.get(`/api/records/faq-category/options?brandId=${a.brandId}&hotelId=${a.hotelIds[0]}&keyword=owner%20pick`);
    expect(asPlatform.body.data).toEqual([{ value: hotelCat, label: 'Owner pick EN' }]);
    const asBrand = await a.brand.get(`/api/records/faq-category/options?brandId=${a.brandId}&hotelId=${a.hotelIds[0]}&keyword=owner%20pick`);
    expect(asBrand.body.data).toEqual([{ value: hotelCat, label: 'Owner pick EN' }]);
    const foreign = await b.brand.get(`/api/records/faq-category/options?brandId=${a.brandId}&hotelId=${a.hotelIds[0]}`);
    expect(foreign.body.data).toEqual([]);
  });

  it('offers only the caller’s own categories in selects', async () => {
    const own = await category(a.hotel, 'Own select');
    await category(a.sibling, 'Sibling select');
    const options = await a.hotel.get('/api/records/faq-category/options?keyword=select');
    expect(options.body.data).toEqual([{ value: own, label: 'Own select EN' }]);
  });
});

describe('record engine: access', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    const anonymous = new Client(t.app);
    const res = await anonymous.get('/api/records/faq');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: '-1', errkey: 'error.unauthenticated' });

    const readOnly = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: ['faq.read'] }));
    expect((await readOnly.get('/api/records/faq')).status).toBe(200);
    const denied = await readOnly.post('/api/records/faq', { title: 'x', content: 'y', categoryId: 1 });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: '-1', errmsg: '403 No Access' });
    expect((await readOnly.delete('/api/records/faq/1')).status).toBe(403);

    const none = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0] }));
    expect((await none.get('/api/records/faq')).status).toBe(403);
  });

  it('answers the API 404 in the envelope for unknown routes', async () => {
    const res = await a.hotel.get('/api/records/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('-1');
  });
});

describe('record engine: export', () => {
  it('exports the filtered list as .xlsx with translated headers', async () => {
    const cat = await category(b.sibling, 'Export cat');
    await faq(b.sibling, cat, 'Exported one');
    await faq(b.sibling, cat, 'Exported two');
    const res = await b.sibling.withLang('zh-CN').request('GET', '/api/records/faq/export?keyword=exported');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['ID', '标题', '分类', '在电视上显示', '点击量', '创建时间']));
    const titles = sheet.getColumn(2).values.slice(2);
    expect(titles.sort()).toEqual(['Exported one', 'Exported two']);
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['Export cat', '是']));
  });

  it('exports nothing of another tenant', async () => {
    const res = await a.hotel.request('GET', '/api/records/faq/export?keyword=exported');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw.rawPayload as never);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });
});

describe('record engine: tables', () => {
  it('builds one table per registered record', () => {
    expect(Object.keys(recordTables).sort()).toEqual(Object.keys(records).sort());
  });
});

describe('record engine: owner columns of lists', () => {
  it('answers the owner titles a declaration shows, within the caller’s reach only', async () => {
    const number = `R${Math.random().toString(36).slice(2, 8)}`;
    const room = await a.brand.post('/api/records/room', { number, hotelId: a.hotelIds[0] });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    const list = await a.brand.get(`/api/records/room?keyword=${number}`);
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0].hotelIdTitle).toMatch(/^Hotel 0 /);
    expect((await b.brand.get(`/api/records/room?keyword=${number}`)).body.data.items).toEqual([]);

    const hotels = await platform.get(`/api/records/hotel?hotelId=${a.hotelIds[0]}&pagesize=200`);
    const hotel = hotels.body.data.items.find((row: { id: number }) => row.id === a.hotelIds[0]);
    expect(hotel.brandIdTitle).toMatch(/^Brand /);
    // A record whose declaration shows no owner column answers none.
    await faq(a.hotel, await category(a.hotel), 'Owner title');
    const faqs = await a.brand.get('/api/records/faq?keyword=owner%20title');
    expect(faqs.body.data.items[0]).not.toHaveProperty('hotelIdTitle');
  });

  it('still accepts a filter the declaration keeps off a user type’s page', async () => {
    const list = await a.brand.get('/api/records/terminals?country=SG&launcher=x&pagesize=10');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
  });
});
