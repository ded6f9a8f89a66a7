import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs, userProjects } from '../src/db/schema/index.js';
import { clientFor, type Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, []);
  b = await createTenant(t, []);
  platform = await createPlatformAdmin(t);
});

const unique = () => Math.random().toString(36).slice(2, 8);

async function send(body: object) {
  const res = await platform.post('/api/admin/message/send', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { msg_id: number; recipients: number };
}

const idsOf = (list: { msg_id: number }[]) => list.map((m) => m.msg_id);

describe('message center', () => {
  it('delivers a platform message to the brand’s and its hotels’ users only', async () => {
    const sent = await send({ content: `Maintenance tonight ${unique()}`, brand_ids: [a.brandId] });
    expect(sent.recipients).toBe(3);
    for (const client of [a.brand, a.hotel, a.sibling]) {
      const init = await client.get('/api/message/init');
      expect(idsOf(init.body.data.unread)).toContain(sent.msg_id);
      expect(init.body.data.unread[0]).toMatchObject({ msg_id: sent.msg_id, content: expect.stringMatching(/^Maintenance tonight/), state: 'unread', create_time: expect.any(String) });
    }
    for (const client of [b.brand, b.hotel]) {
      expect(idsOf((await client.get('/api/message/init')).body.data.unread)).not.toContain(sent.msg_id);
      expect((await client.get(`/api/message/content?msg_id=${sent.msg_id}`)).status).toBe(404);
    }
    const log = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.action, 'message_send'), eq(operationLogs.recordId, String(sent.msg_id))));
    expect(log[0]!.after).toMatchObject({ brand_ids: [a.brandId], recipients: 3 });
  });

  it('targets hotels and user types, including users with extra projects', async () => {
    const multi = await createUser(t.database.db, { userType: 3, brandId: b.brandId, hotelId: b.hotelIds[1] });
    await t.database.db.insert(userProjects).values({ userId: multi.id, brandId: a.brandId, hotelId: a.hotelIds[0] });
    const toHotel = await send({ content: 'Hotel one only', hotel_ids: [a.hotelIds[0]] });
    expect(toHotel.recipients).toBe(2);
    const multiClient = await clientFor(t, multi);
    expect(idsOf((await multiClient.get('/api/message/init')).body.data.unread)).toContain(toHotel.msg_id);
    expect(idsOf((await a.sibling.get('/api/message/init')).body.data.unread)).not.toContain(toHotel.msg_id);

    const brandsOnly = await send({ content: 'Brand managers', brand_ids: [a.brandId, b.brandId], user_types: [2] });
    expect(brandsOnly.recipients).toBe(2);
    expect(idsOf((await a.hotel.get('/api/message/init')).body.data.unread)).not.toContain(brandsOnly.msg_id);
  });

  it('moves a message unread → read → trash → read, and reading lowers the count by one', async () => {
    const first = await send({ content: 'First', brand_ids: [a.brandId], user_types: [3] });
    const second = await send({ content: 'Second', brand_ids: [a.brandId], user_types: [3] });
    const before = (await a.hotel.get('/api/message/count')).body.data.count as number;
    expect(before).toBeGreaterThanOrEqual(2);
    expect((await a.hotel.get('/api/admin/userinfo')).body.data.msg_count).toBe(before);

    const content = await a.hotel.get(`/api/message/content?msg_id=${first.msg_id}`);
    expect(content.body.data).toMatchObject({ msg_id: first.msg_id, content: 'First', state: 'unread' });

    expect((await a.hotel.post('/api/message/remove_readed', { msg_id: first.msg_id })).status).toBe(409);
    const read = await a.hotel.post('/api/message/has_read', { msg_id: first.msg_id });
    expect(read.body.data).toEqual({ count: before - 1 });
    expect((await a.hotel.get('/api/message/count')).body.data.count).toBe(before - 1);
    expect((await a.hotel.post('/api/message/has_read', { msg_id: first.msg_id })).body.data).toEqual({ count: before - 1 });

    let init = (await a.hotel.get('/api/message/init')).body.data;
    expect(idsOf(init.readed)).toContain(first.msg_id);
    expect(idsOf(init.unread)).not.toContain(first.msg_id);

    expect((await a.hotel.post('/api/message/remove_readed', { msg_id: first.msg_id })).status).toBe(200);
    expect((await a.hotel.post('/api/message/has_read', { msg_id: first.msg_id })).status).toBe(409);
    init = (await a.hotel.get('/api/message/init')).body.data;
    expect(idsOf(init.trash)).toContain(first.msg_id);
    expect(idsOf(init.readed)).not.toContain(first.msg_id);

    expect((await a.hotel.post('/api/message/restore', { msg_id: first.msg_id })).status).toBe(200);
    init = (await a.hotel.get('/api/message/init')).body.data;
    expect(idsOf(init.readed)).toContain(first.msg_id);
    expect(idsOf(init.trash)).not.toContain(first.msg_id);
    expect(init.readed.find((m: { msg_id: number }) => m.msg_id === first.msg_id).read_time).toEqual(expect.any(String));

    // Several at once, all or nothing.
    expect((await a.hotel.post('/api/message/has_read', { msg_id: [second.msg_id, 999999999] })).status).toBe(404);
    expect((await a.hotel.get('/api/message/count')).body.data.count).toBe(before - 1);
    expect((await a.hotel.post('/api/message/has_read', { msg_id: [second.msg_id] })).body.data.count).toBe(before - 2);
  });

  it('keeps each user to their own copies (404 for anyone else’s)', async () => {
    const sent = await send({ content: 'Only for brand A hotels', brand_ids: [a.brandId], user_types: [3] });
    for (const call of ['has_read', 'remove_readed', 'restore']) {
      expect((await b.hotel.post(`/api/message/${call}`, { msg_id: sent.msg_id })).status).toBe(404);
      expect((await a.brand.post(`/api/message/${call}`, { msg_id: sent.msg_id })).status).toBe(404);
    }
    expect((await a.brand.get(`/api/message/content?msg_id=${sent.msg_id}`)).status).toBe(404);
    // Another recipient's reading leaves this one's copy unread.
    await a.sibling.post('/api/message/has_read', { msg_id: sent.msg_id });
    expect((await a.hotel.get(`/api/message/content?msg_id=${sent.msg_id}`)).body.data.state).toBe('unread');
  });

  it('checks the content (required, at most 1000 characters) and the recipients', async () => {
    const empty = await platform.post('/api/admin/message/send', { content: '  ', brand_ids: [a.brandId] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ content: ['Content is required'] });
    const long = await platform.post('/api/admin/message/send', { content: 'x'.repeat(1001), brand_ids: [a.brandId] });
    expect(long.body.errors).toEqual({ content: ['Content must be at most 1000 characters'] });
    expect((await platform.post('/api/admin/message/send', { content: 'x'.repeat(1000), brand_ids: [a.brandId] })).status).toBe(200);
    const nobody = await platform.post('/api/admin/message/send', { content: 'Nobody', hotel_ids: [999999999] });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors).toEqual({ content: ['No recipients match'] });
  });

  it('lets only the platform send, and lists what it sent', async () => {
    expect((await a.brand.post('/api/admin/message/send', { content: 'Hi' })).status).toBe(403);
    expect((await a.hotel.get('/api/admin/message/list')).status).toBe(403);
    const sent = await send({ content: `Listed ${unique()}`, brand_ids: [b.brandId] });
    await b.hotel.post('/api/message/has_read', { msg_id: sent.msg_id });
    const list = await platform.get('/api/admin/message/list?pagesize=50');
    expect(list.body.data.items.find((m: { msg_id: number }) => m.msg_id === sent.msg_id)).toMatchObject({ recipients: sent.recipients, read: 1, content: expect.stringMatching(/^Listed/) });
  });
});
