import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemRoleId } from '../src/areas/access/system.js';
import { hotels, operationLogs, roles, userProjects } from '../src/db/schema/index.js';
import { Client, clientFor, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';
import { hotelBody, unique } from './helpers/tenants.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
let hotelRoleA: number;

const SETTINGS_PERMISSIONS = ['hotelInfo.read', 'hotelInfo.update', 'pictureFrame.read', 'pictureFrame.update', 'rcu.read'];

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, SETTINGS_PERMISSIONS);
  b = await createTenant(t, SETTINGS_PERMISSIONS);
  platform = await createPlatformAdmin(t);
  const [role] = await t.database.db.insert(roles).values({ userType: 3, name: `h${unique()}`, brandId: a.brandId, permissions: ['faq.read'] }).returning({ id: roles.id });
  hotelRoleA = role!.id;
});

/** A fresh hotel of brand A, created through the form (no accounts yet). */
async function newHotel(): Promise<number> {
  const res = await a.brand.post('/api/records/hotel', hotelBody());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function account(client: Client, hotelId: number, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/records/hotel-account', { loginName: `ha${unique()}`, name: 'Desk', password: 'abcde', roleId: hotelRoleA, hotelId, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; loginName: string };
}

const managerOf = async (hotelId: number) => (await t.database.db.select({ m: hotels.managerUserId }).from(hotels).where(eq(hotels.id, hotelId)))[0]!.m;

describe('hotel accounts and the manager', () => {
  it('makes the first account the manager; lists accounts with and without it; transfers it with an op-log row', async () => {
    const hotelId = await newHotel();
    const first = await account(a.brand, hotelId);
    const second = await account(a.brand, hotelId);
    expect(await managerOf(hotelId)).toBe(first.id);
    expect((await a.brand.get(`/api/records/hotel/${hotelId}`)).body.data).toMatchObject({ managerUserId: first.id, managerName: 'Desk' });

    const all = await a.brand.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}&has_manager=1`);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ hotel_id: hotelId, manager_id: first.id });
    expect(all.body.data.list.map((u: { id: number; is_manager: boolean }) => [u.id, u.is_manager])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    const others = await a.brand.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}&has_manager=0`);
    expect(others.body.data.list.map((u: { id: number }) => u.id)).toEqual([second.id]);

    const moved = await a.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: second.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({ hotel_id: hotelId, manager_id: second.id, previous_manager_id: first.id });
    expect(await managerOf(hotelId)).toBe(second.id);
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'hotel_manager_transfer'), eq(operationLogs.recordId, String(hotelId))));
    expect(log).toMatchObject({ recordType: 'hotel', before: { manager_id: first.id }, after: { manager_id: second.id }, brandId: a.brandId });
    // Exactly one manager: the flag moved.
    const after = await platform.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}`);
    expect(after.body.data.list.filter((u: { is_manager: boolean }) => u.is_manager).map((u: { id: number }) => u.id)).toEqual([second.id]);
  });

  it('names the accounts’ roles in the request language: system roles from the catalogue, others as stored', async () => {
    const hotelId = await newHotel();
    const admin = await account(a.brand, hotelId, { roleId: await systemRoleId(t.database.db, 'hotel.admin') });
    const desk = await account(a.brand, hotelId);
    const roleNames = async (client: Client) =>
      Object.fromEntries(((await client.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}`)).body.data.list as { id: number; role_name: string }[]).map((u) => [u.id, u.role_name]));
    const [custom] = await t.database.db.select({ name: roles.name }).from(roles).where(eq(roles.id, hotelRoleA));
    expect(await roleNames(a.brand)).toEqual({ [admin.id]: 'Hotel administrator', [desk.id]: custom!.name });
    expect(await roleNames(platform.withLang('zh-CN'))).toEqual({ [admin.id]: '酒店管理员', [desk.id]: custom!.name });
    expect((await b.brand.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}`)).status).toBe(404);
  });

  it('refuses a transfer to an account outside the hotel (422) or outside the reach (404), and to a hotel outside it (404)', async () => {
    const hotelId = await newHotel();
    const manager = await account(a.brand, hotelId);
    const elsewhere = await account(a.brand, a.hotelIds[1]);
    const notHere = await a.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: elsewhere.id });
    expect(notHere.status).toBe(422);
    expect(notHere.body.errors).toEqual({ user_id: ['The selected account is not an enabled account of this hotel'] });
    const disabled = await account(a.brand, hotelId, { enabled: false });
    expect((await a.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: disabled.id })).status).toBe(422);
    expect((await a.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: b.users.hotel.id })).status).toBe(404);
    expect((await b.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: manager.id })).status).toBe(404);
    expect((await b.brand.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}`)).status).toBe(404);
    expect((await a.sibling.get(`/api/web/hotel/get_hotel_users?hotel_id=${a.hotelIds[0]}`)).status).toBe(404);
    const missing = await a.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId });
    expect(missing.body.errors).toEqual({ user_id: ['Account is required'] });
    expect(await managerOf(hotelId)).toBe(manager.id);
  });

  it('lets the manager hand over the role, but no other hotel account', async () => {
    const hotelId = await newHotel();
    const manager = await account(a.brand, hotelId);
    const colleague = await account(a.brand, hotelId);
    const asColleague = await clientFor(t, { id: colleague.id, userType: 3, brandId: a.brandId, hotelId });
    const asManager = await clientFor(t, { id: manager.id, userType: 3, brandId: a.brandId, hotelId });
    expect((await asColleague.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: colleague.id })).status).toBe(403);
    const own = await asManager.get('/api/web/hotel/get_hotel_users');
    expect(own.body.data).toMatchObject({ hotel_id: hotelId, manager_id: manager.id });
    expect((await asManager.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: colleague.id })).status).toBe(200);
    expect(await managerOf(hotelId)).toBe(colleague.id);
    // A brand role without the transfer permission cannot move it.
    const operator = await clientFor(t, await createUser(t.database.db, { userType: 2, brandId: a.brandId, permissions: ['hotelAccount.read'] }));
    expect((await operator.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: manager.id })).status).toBe(403);
    expect((await operator.get(`/api/web/hotel/get_hotel_users?hotel_id=${hotelId}`)).status).toBe(200);
  });

  it('keeps the manager from being disabled or deleted while the hotel has other accounts', async () => {
    const hotelId = await newHotel();
    const manager = await account(a.brand, hotelId);
    const other = await account(a.brand, hotelId);
    const disable = await a.brand.put(`/api/records/hotel-account/${manager.id}`, { loginName: manager.loginName, name: 'Desk', roleId: hotelRoleA, enabled: false });
    expect(disable.status).toBe(422);
    expect(disable.body.errors).toEqual({ enabled: ['The hotel manager cannot be disabled; transfer the manager role first'] });
    const remove = await a.brand.delete(`/api/records/hotel-account/${manager.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.errmsg).toBe('This account is the hotel manager; transfer the manager role before deleting it');
    await a.brand.post('/api/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: other.id });
    expect((await a.brand.delete(`/api/records/hotel-account/${manager.id}`)).status).toBe(200);
    // The last account may go; the hotel then has no manager.
    expect((await a.brand.delete(`/api/records/hotel-account/${other.id}`)).status).toBe(200);
    expect(await managerOf(hotelId)).toBeNull();
  });

  it('lets a superior reset a password and enable or disable an account', async () => {
    const hotelId = await newHotel();
    const [, staff] = [await account(a.brand, hotelId), await account(a.brand, hotelId)];
    const reset = await a.brand.put(`/api/records/hotel-account/${staff.id}`, { loginName: staff.loginName, name: 'Desk', roleId: hotelRoleA, password: 'newpass1', enabled: false });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data).toMatchObject({ enabled: false });
    expect(reset.body.data).not.toHaveProperty('passwordHash');
    expect((await b.brand.put(`/api/records/hotel-account/${staff.id}`, { loginName: staff.loginName, name: 'Desk', roleId: hotelRoleA, password: 'stolen12' })).status).toBe(404);
  });
});

describe('hotels of a user (get_hotel_list)', () => {
  it('lists one’s own hotels, and a user’s inside the caller’s reach only', async () => {
    const hotelId = await newHotel();
    const user = await account(a.brand, hotelId);
    await t.database.db.insert(userProjects).values({ userId: user.id, brandId: a.brandId, hotelId: a.hotelIds[0] });
    const ofUser = await a.brand.get(`/api/web/hotel/get_hotel_list?user_id=${user.id}`);
    expect(ofUser.status).toBe(200);
    expect(ofUser.body.data.list.map((h: { id: number; is_manager: boolean }) => [h.id, h.is_manager])).toEqual([
      [a.hotelIds[0], false],
      [hotelId, true],
    ]);
    expect(ofUser.body.data.list[0]).toMatchObject({ public_id: expect.stringMatching(/^\d{7}$/), brand_id: a.brandId, brand_name: expect.any(String) });
    const mine = await a.brand.get('/api/web/hotel/get_hotel_list');
    expect(mine.body.data.list.every((h: { brand_id: number }) => h.brand_id === a.brandId)).toBe(true);
    expect(mine.body.data.list.map((h: { id: number }) => h.id)).toEqual(expect.arrayContaining([...a.hotelIds, hotelId]));
    const hotelOwn = await a.hotel.get('/api/web/hotel/get_hotel_list');
    expect(hotelOwn.body.data.list.map((h: { id: number }) => h.id)).toEqual([a.hotelIds[0]]);
    expect((await b.brand.get(`/api/web/hotel/get_hotel_list?user_id=${user.id}`)).status).toBe(404);
    expect((await a.sibling.get(`/api/web/hotel/get_hotel_list?user_id=${a.users.hotel.id}`)).status).toBe(404);
    const byPlatform = await platform.get(`/api/web/hotel/get_hotel_list?user_id=${a.users.brand.id}`);
    expect(byPlatform.body.data.list.map((h: { id: number }) => h.id)).toEqual(expect.arrayContaining(a.hotelIds));
  });
});

describe('hotel settings by key', () => {
  it('reads and writes a hotel user’s own settings (query or body), with an op-log row', async () => {
    const empty = await a.hotel.get('/api/web/get_hotel_info_by_key?key=welcome_text');
    expect(empty.body.data).toEqual({ key: 'welcome_text', value: '', hotel_id: a.hotelIds[0] });
    const set = await a.hotel.post('/api/web/set_hotel_info_by_key?key=welcome_text&value=Welcome%20home');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await a.hotel.get('/api/web/get_hotel_info_by_key?key=welcome_text')).body.data.value).toBe('Welcome home');
    const langs = await a.hotel.post(`/api/web/set_hotel_info_by_key?key=extended_language&value=${encodeURIComponent('["en","ja"]')}`);
    expect(langs.body.data.value).toEqual(['en', 'ja']);
    const frame = await a.hotel.post('/api/web/set_hotel_info_by_key', { key: 'picture_frame_interval', value: 30 });
    expect(frame.body.data.value).toBe(30);
    expect((await a.brand.get(`/api/records/hotel/${a.hotelIds[0]}`)).body.data.pictureFrameInterval).toBe(30);
    const toggled = await a.hotel.post('/api/web/set_hotel_info_by_key?key=picture_frame&value=true');
    expect(toggled.body.data.value).toBe(true);
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'hotel_setting'), eq(operationLogs.recordId, String(a.hotelIds[0]))))
      .orderBy(operationLogs.id);
    expect(log).toMatchObject({ recordType: 'hotel', before: { welcome_text: '' }, after: { welcome_text: 'Welcome home' } });
    // The sibling hotel keeps its own settings.
    expect((await a.sibling.get('/api/web/get_hotel_info_by_key?key=welcome_text')).body.data.value).toBe('');
  });

  it('refuses unknown keys, invalid values, keys a level may not change, and missing permissions', async () => {
    expect((await a.hotel.get('/api/web/get_hotel_info_by_key?key=password')).body.errors).toEqual({ key: ['Unknown setting: password'] });
    expect((await a.hotel.get('/api/web/get_hotel_info_by_key')).body.errors).toEqual({ key: ['Setting is required'] });
    const bad = await a.hotel.post('/api/web/set_hotel_info_by_key?key=picture_frame_interval&value=2');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ value: ['Value is invalid'] });
    const zh = await a.hotel.withLang('zh-CN').post('/api/web/set_hotel_info_by_key?key=check_out_time&value=25:00');
    expect(zh.body.errors).toEqual({ value: ['设置值格式不正确'] });
    expect((await a.hotel.post(`/api/web/set_hotel_info_by_key?key=extended_language&value=${encodeURIComponent('["xx"]')}`)).status).toBe(422);
    expect((await a.hotel.post('/api/web/set_hotel_info_by_key?key=welcome_text')).body.errors).toEqual({ value: ['Value is required'] });
    const versioned = await a.hotel.post('/api/web/set_hotel_info_by_key?key=weather_ver&value=1');
    expect(versioned.status).toBe(403);
    expect(versioned.body.errmsg).toBe('You may not change this setting');
    expect((await a.hotel.post('/api/web/set_hotel_info_by_key?key=rcu_config&value={}')).status).toBe(403); // holds rcu.read only
    const noRights = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: [] }));
    expect((await noRights.get('/api/web/get_hotel_info_by_key?key=welcome_text')).status).toBe(403);
  });

  it('lets platform and brand users name a hotel inside their reach (404 outside it)', async () => {
    const platformSet = await platform.post(`/api/web/set_hotel_info_by_key?key=weather_ver&value=1&hotel_id=${a.hotelIds[1]}`);
    expect(platformSet.status, JSON.stringify(platformSet.body)).toBe(200);
    expect((await a.brand.get(`/api/records/hotel/${a.hotelIds[1]}`)).body.data.weatherVer).toBe(1);
    expect((await a.brand.get(`/api/web/get_hotel_info_by_key?key=weather_ver&hotel_id=${a.hotelIds[1]}`)).body.data.value).toBe(1);
    const rcu = await a.brand.post('/api/web/set_hotel_info_by_key', { key: 'rcu_config', value: { host: '10.0.0.9', port: 502 }, hotel_id: a.hotelIds[1] });
    expect(rcu.status, JSON.stringify(rcu.body)).toBe(200);
    expect((await a.brand.get(`/api/records/hotel/${a.hotelIds[1]}`)).body.data.rcuConfig).toEqual({ host: '10.0.0.9', port: 502 });
    expect((await a.brand.get('/api/web/get_hotel_info_by_key?key=welcome_text')).body.errors).toEqual({ hotel_id: ['Please choose a hotel'] });
    expect((await b.brand.get(`/api/web/get_hotel_info_by_key?key=welcome_text&hotel_id=${a.hotelIds[0]}`)).status).toBe(404);
    expect((await b.brand.post(`/api/web/set_hotel_info_by_key?key=welcome_text&value=x&hotel_id=${a.hotelIds[0]}`)).status).toBe(404);
    expect((await a.sibling.get(`/api/web/get_hotel_info_by_key?key=welcome_text&hotel_id=${a.hotelIds[0]}`)).status).toBe(404);
    expect((await a.sibling.post('/api/web/set_hotel_info_by_key', { key: 'welcome_text', value: 'x', hotel_id: a.hotelIds[0] })).status).toBe(404);
  });
});
