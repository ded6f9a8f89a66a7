import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../src/db/schema/index.js';
import { writeOpLog } from '../src/areas/oplog/log.js';
import { clientFor, type Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
const marker = `mark${Math.random().toString(36).slice(2, 8)}`;

const LOG_PERMISSIONS = ['operationLog.read', 'faq.read', 'faq.create'];

interface LogItem {
  id: number;
  user_id: number;
  user_type: number;
  brand_id: number | null;
  hotel_id: number | null;
  action: string;
  record_type: string;
  at: string;
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, LOG_PERMISSIONS);
  b = await createTenant(t, LOG_PERMISSIONS);
  platform = await createPlatformAdmin(t);
  for (const client of [a.hotel, a.sibling, a.brand, b.hotel, b.brand, platform]) {
    expect((await client.post('/api/records/faq-category', { name: `${marker}-${Math.random().toString(36).slice(2, 6)}` })).status).toBe(200);
  }
});

async function items(client: Client, query = ''): Promise<LogItem[]> {
  const res = await client.get(`/api/operation/action/log?record_type=faqCategory&pagesize=200${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items;
}

describe('operation log', () => {
  it('shows the platform everything, a brand its own and its hotels’, a hotel its own', async () => {
    const all = await items(platform);
    const users = new Set(all.map((r) => r.user_id));
    for (const u of [a.users.hotel, a.users.sibling, a.users.brand, b.users.hotel, b.users.brand]) expect(users.has(u.id)).toBe(true);

    const brandRows = await items(a.brand);
    expect(brandRows.length).toBeGreaterThanOrEqual(3);
    expect(brandRows.every((r) => r.brand_id === a.brandId)).toBe(true);
    expect(new Set(brandRows.map((r) => r.user_id))).toEqual(new Set([a.users.hotel.id, a.users.sibling.id, a.users.brand.id]));

    const hotelRows = await items(a.hotel);
    expect(hotelRows.length).toBeGreaterThanOrEqual(1);
    expect(hotelRows.every((r) => r.hotel_id === a.hotelIds[0])).toBe(true);
    // Narrowing to another tenant shows nothing outside one's reach.
    expect(await items(a.hotel, `&hotel_id=${b.hotelIds[0]}`)).toEqual([]);
    expect(await items(a.brand, `&brand_id=${b.brandId}`)).toEqual([]);
  });

  it('filters by user type, user, action and time range, newest first, in pages', async () => {
    const brandManagers = await items(platform, '&user_type=2');
    expect(brandManagers.length).toBeGreaterThanOrEqual(2);
    expect(brandManagers.every((r) => r.user_type === 2)).toBe(true);
    const one = await items(platform, `&user_id=${a.users.sibling.id}`);
    expect(one.every((r) => r.user_id === a.users.sibling.id)).toBe(true);
    expect(one.length).toBeGreaterThanOrEqual(1);
    expect((await items(platform, '&action=delete')).every((r) => r.action === 'delete')).toBe(true);

    const all = await items(platform);
    expect(all.map((r) => r.at)).toEqual([...all.map((r) => r.at)].sort().reverse());
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await items(platform, `&start=${encodeURIComponent(future)}`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await items(platform, `&start=${today}&end=${today}`)).length).toBeGreaterThanOrEqual(6);
    expect(await items(platform, `&end=2000-01-01`)).toEqual([]);

    const page = await platform.get('/api/operation/action/log?record_type=faqCategory&pagesize=2&page=2');
    expect(page.body.data).toMatchObject({ page: 2, pagesize: 2 });
    expect(page.body.data.items).toHaveLength(2);
    expect(page.body.data.items[0].id).toBe(all[2]!.id);
    // The shared test database may hold more than the 200 rows `items` reads.
    expect(page.body.data.total).toBe(all.length < 200 ? all.length : (await platform.get('/api/operation/action/log?record_type=faqCategory&pagesize=1')).body.data.total);
  });

  it('names user types and actions in the request language', async () => {
    const res = await platform.withLang('zh-CN').get('/api/operation/action/log?record_type=faqCategory&user_type=3&pagesize=1');
    expect(res.body.data.items[0]).toMatchObject({ user_type: 3, user_type_name: '酒店管理员', action: 'create', action_name: '新增' });
    const options = await a.brand.get('/api/operation/action/log/options');
    expect(options.body.data.user_types).toEqual([
      { value: 1, label: 'Chief admin' },
      { value: 2, label: 'Brand manager' },
      { value: 3, label: 'Hotel manager' },
    ]);
    expect(options.body.data.actions.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(['login', 'login_as', 'back', 'create']));
  });

  it('names each object by its title: as kept at the time of the action, else the current one, else #id', async () => {
    const name = `${marker}-named`;
    const created = await a.brand.post('/api/records/faq-category', { name });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect((await a.brand.put(`/api/records/faq-category/${id}`, { name: `${name}-2` })).status).toBe(200);
    expect((await a.brand.delete(`/api/records/faq-category/${id}`)).status).toBe(200);
    // A row the log keeps no title for: the hotel's current name; a missing row: no title.
    await writeOpLog(t.database.db, null, { action: 'hotel_setting', recordType: 'hotel', recordId: a.hotelIds[0], after: { key: 'x' } });
    await writeOpLog(t.database.db, null, { action: 'delete', recordType: 'faqCategory', recordId: 2_000_000_000 });
    await writeOpLog(t.database.db, null, { action: 'delete', recordType: 'faqCategory', recordId: '99999999999' });

    const rows = (await platform.withLang('zh-CN').get(`/api/operation/action/log?pagesize=200`)).body.data.items as (LogItem & { record_id: string; record_type_name: string; record_title: string | null })[];
    const ofCategory = rows.filter((r) => r.record_type === 'faqCategory' && r.record_id === String(id));
    expect(ofCategory.map((r) => [r.action, r.record_type_name, r.record_title])).toEqual([
      ['delete', '问题分类', `${name}-2`],
      ['update', '问题分类', `${name}-2`],
      ['create', '问题分类', name],
    ]);
    const hotel = rows.find((r) => r.action === 'hotel_setting' && r.record_id === String(a.hotelIds[0]));
    expect(hotel).toMatchObject({ record_type_name: '酒店', record_title: expect.stringMatching(/^Hotel 0 /) });
    expect(rows.find((r) => r.record_id === '2000000000')).toMatchObject({ record_title: null });
    expect(rows.find((r) => r.record_id === '99999999999')).toMatchObject({ record_title: null });
    const english = (await platform.withLang('en-US').get(`/api/operation/action/log?record_type=hotel&pagesize=5`)).body.data.items[0];
    expect(english.record_type_name).toBe('Hotel');
  });

  it('needs the operation-log permission', async () => {
    const none = await clientFor(t, await createUser(t.database.db, { userType: 2, brandId: a.brandId, permissions: ['faq.read'] }));
    expect((await none.get('/api/operation/action/log')).status).toBe(403);
    expect((await t.database.db.select().from(operationLogs).limit(1)).length).toBe(1);
  });
});
