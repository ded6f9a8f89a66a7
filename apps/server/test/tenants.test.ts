import { channelsPart } from '../src/areas/channels/service.js';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { localDiskStorage } from '../src/files/storage.js';
import { brands, hotelDeviceSettings, hotels, operationLogs, recordTables, roles, rooms, subBrands, users } from '../src/db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/demo.js';
import { assertTerminalQuota } from '../src/areas/tenants/quota.js';
import { resolveThemes } from '../src/areas/themes/resolve.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { hotelBody, insertTerminals, unique } from './helpers/tenants.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

const HOTEL_PERMISSIONS = ['room.read', 'room.create', 'hotelInfo.read', 'hotelInfo.update'];

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, HOTEL_PERMISSIONS);
  b = await createTenant(t, HOTEL_PERMISSIONS);
  platform = await createPlatformAdmin(t);
});

const brandBody = (over: Record<string, unknown> = {}) => ({
  code: `C${unique()}`,
  name: 'Test brand',
  type: 'chain',
  defaultResource: 'standard',
  remarks: 'A brand for tests',
  ...over,
});

describe('brands (/brand/list)', () => {
  it('creates a brand with every field and computes its counts', async () => {
    const res = await platform.post('/api/records/brand', brandBody({ brandCustomer: true, qualityTesting: true, hotelLimit: 5, terminalLimit: 100 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Test brand', type: 'chain', defaultResource: 'standard', brandCustomer: true, qualityTesting: true, salesExperience: false, hotelLimit: 5, terminalLimit: 100, hotelCount: 0, terminalCount: 0 });
    const listed = await platform.get(`/api/records/brand?keyword=${res.body.data.code}`);
    expect(listed.body.data.items).toEqual([expect.objectContaining({ id: res.body.data.id, hotelCount: 0 })]);
    const ofTenant = await platform.get(`/api/records/brand/${a.brandId}`);
    expect(ofTenant.body.data).toMatchObject({ hotelCount: 2 });
  });

  it('checks name 2-20, remarks 2-100, type and default resource required, code format and uniqueness', async () => {
    const bad = await platform.post('/api/records/brand', { code: 'x', name: 'x', remarks: 'y', type: '', defaultResource: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      code: ['Brand code must be 2-32 characters'],
      name: ['Brand name must be 2-20 characters'],
      remarks: ['Remarks must be 2-100 characters'],
      type: ['Type is required'],
      defaultResource: ['Default resource is required'],
    });
    const zh = await platform.withLang('zh-CN').post('/api/records/brand', brandBody({ name: 'x'.repeat(21), remarks: 'r'.repeat(101), code: 'a b c' }));
    expect(zh.body.errors).toEqual({ name: ['品牌名称长度为2-20个字符'], remarks: ['备注长度为2-100个字符'], code: ['编码只能包含字母、数字、_ 和 -'] });
    const code = `D${unique()}`;
    expect((await platform.post('/api/records/brand', brandBody({ code }))).status).toBe(200);
    const dup = await platform.post('/api/records/brand', brandBody({ code: code.toLowerCase() }));
    expect(dup.body.errors).toEqual({ code: ['Brand code already exists'] });
  });

  it('is the platform’s: brand and hotel users get 403', async () => {
    expect((await a.brand.get('/api/records/brand')).status).toBe(403);
    expect((await a.brand.post('/api/records/brand', brandBody())).status).toBe(403);
    expect((await a.hotel.get(`/api/records/brand/${a.brandId}`)).status).toBe(403);
  });

  it('refuses deleting a brand that still has hotels or accounts, and deletes an empty one with its sub-brands', async () => {
    const blocked = await platform.delete(`/api/records/brand/${a.brandId}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.errmsg).toBe('A brand that still has hotels cannot be deleted');
    const created = await platform.post('/api/records/brand', brandBody());
    const id = created.body.data.id;
    await platform.post('/api/records/sub-brand', { name: 'Group 1', brandId: id });
    expect((await platform.delete(`/api/records/brand/${id}`)).status).toBe(200);
    expect(await t.database.db.select().from(subBrands).where(eq(subBrands.brandId, id))).toEqual([]);
  });
});

describe('brand accounts', () => {
  it('keeps brand user passwords to 5-20 characters', async () => {
    const [role] = await t.database.db.insert(roles).values({ userType: 2, name: `r${unique()}`, brandId: a.brandId }).returning({ id: roles.id });
    const long = await platform.post('/api/records/brand-account', { loginName: `bp${unique()}`, name: 'Staff', password: 'a'.repeat(21), roleId: role!.id, brandId: a.brandId });
    expect(long.body.errors).toEqual({ password: ['Password must be 5-20 characters'] });
    const fine = await platform.post('/api/records/brand-account', { loginName: `bp${unique()}`, name: 'Staff', password: 'a'.repeat(20), roleId: role!.id, brandId: a.brandId });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });
});

describe('sub-brands (/hotelgroup/index)', () => {
  it('belongs to one brand: others see 404 by path and nothing by query; a hotel cannot use another brand’s', async () => {
    const created = await a.brand.post('/api/records/sub-brand', { name: `Select ${unique()}`, nameEn: 'Select', sort: 5 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ brandId: a.brandId, hotelCount: 0 });
    expect((await b.brand.get(`/api/records/sub-brand/${id}`)).status).toBe(404);
    expect((await b.brand.put(`/api/records/sub-brand/${id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await b.brand.delete(`/api/records/sub-brand/${id}`)).status).toBe(404);
    expect((await b.brand.get(`/api/records/sub-brand?brandId=${a.brandId}`)).body.data.total).toBe(0);
    expect((await a.hotel.get('/api/records/sub-brand')).status).toBe(403);

    // A brand user naming another brand's sub-brand: not found, like any id outside its reach.
    const foreign = await b.brand.post('/api/records/hotel', hotelBody({ subBrandId: id }));
    expect(foreign.status).toBe(404);
    // The platform sees every sub-brand, so the rule is checked against the hotel's brand.
    const mixed = await platform.post('/api/records/hotel', hotelBody({ brandId: b.brandId, subBrandId: id }));
    expect(mixed.body.errors).toEqual({ subBrandId: ['The selected sub-brand belongs to another brand'] });

    const hotel = await a.brand.post('/api/records/hotel', hotelBody({ subBrandId: id }));
    // The client speaks English: the sub-brand is named by its English name.
    expect(hotel.body.data).toMatchObject({ subBrandId: id, subBrandIdTitle: 'Select' });
    expect((await a.brand.get(`/api/records/sub-brand/${id}`)).body.data.hotelCount).toBe(1);
    const inUse = await a.brand.delete(`/api/records/sub-brand/${id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.errmsg).toBe('This Sub-brand is used by Hotel and cannot be deleted');
  });

  it('keeps sub-brand names unique within a brand', async () => {
    const name = `Dup ${unique()}`;
    expect((await a.brand.post('/api/records/sub-brand', { name })).status).toBe(200);
    expect((await a.brand.post('/api/records/sub-brand', { name })).body.errors).toEqual({ name: ['Sub-brand name already exists'] });
    expect((await b.brand.post('/api/records/sub-brand', { name })).status).toBe(200);
  });
});

describe('hotels (/hotel/lists)', () => {
  it('creates a hotel with a generated 7-character public id and the whitelist kept with the device settings', async () => {
    const res = await a.brand.post('/api/records/hotel', hotelBody({ ipWhitelist: ' 203.0.113.0/24, 198.51.100.7 |10.1.2.3', rcuConfig: '{"host": "10.0.0.5", "port": 502}', pm25: true, aiVoice: true, weatherVer: 1 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hotel = res.body.data;
    expect(hotel.publicId).toMatch(/^\d{7}$/);
    expect(hotel).toMatchObject({ brandId: a.brandId, ipWhitelist: '203.0.113.0/24\n198.51.100.7\n10.1.2.3', rcuConfig: { host: '10.0.0.5', port: 502 }, pm25: true, aiVoice: true, weatherVer: 1, roomCount: 0, terminalCount: 0, managerUserId: null });
    expect(hotel).not.toHaveProperty('settings');
    const [settings] = await t.database.db.select().from(hotelDeviceSettings).where(eq(hotelDeviceSettings.hotelId, hotel.id));
    expect(settings!.ipWhitelist).toEqual(['203.0.113.0/24', '198.51.100.7', '10.1.2.3']);
    // The device side reads the same list.
    const device = await a.brand.get(`/api/terminals/hotel-settings?hotelId=${hotel.id}`);
    expect(device.body.data.ipWhitelist).toEqual(['203.0.113.0/24', '198.51.100.7', '10.1.2.3']);
    // The public id is the server's: a body cannot set it.
    const forged = await a.brand.post('/api/records/hotel', hotelBody({ publicId: '1234567' }));
    expect(forged.body.errors).toEqual({ publicId: ['Unknown field'] });
    const updated = await a.brand.put(`/api/records/hotel/${hotel.id}`, hotelBody({ name: 'Renamed', ipWhitelist: '192.0.2.1' }));
    expect(updated.body.data).toMatchObject({ name: 'Renamed', publicId: hotel.publicId, ipWhitelist: '192.0.2.1' });
  });

  it('checks English name 2-300, address at most 30, the whitelist entries and the RCU JSON', async () => {
    const res = await a.brand.post('/api/records/hotel', hotelBody({ name: 'x', nameEn: 'y'.repeat(301), address: 'z'.repeat(31), ipWhitelist: '', rcuConfig: '{broken' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['Hotel name must be 2-300 characters'],
      nameEn: ['English name must be 2-300 characters'],
      address: ['Address must be at most 30 characters'],
      ipWhitelist: ['Server IP whitelist is required'],
      rcuConfig: ['RCU configuration is invalid'],
    });
    const format = 'Each entry is an IP address or subnet (e.g. 203.0.113.10 or 10.0.0.0/24), separated by commas or new lines';
    for (const bad of ['nonsense', '300.1.1.1', '10.0.0.0/33', '10.0.0.1, 10.0.0']) {
      const r = await a.brand.post('/api/records/hotel', hotelBody({ ipWhitelist: bad }));
      expect(r.body.errors, bad).toEqual({ ipWhitelist: [format] });
    }
    const v6 = await a.brand.post('/api/records/hotel', hotelBody({ ipWhitelist: '2001:db8::/129' }));
    expect(v6.body.errors).toEqual({ ipWhitelist: ['Invalid IP address or subnet: 2001:db8::/129'] });
    expect((await a.brand.post('/api/records/hotel', hotelBody({ ipWhitelist: '2001:db8::/48, 10.0.0.0/8' }))).status).toBe(200);
    const zh = await a.brand.withLang('zh-CN').post('/api/records/hotel', hotelBody({ nameEn: 'y', address: 'z'.repeat(31) }));
    expect(zh.body.errors).toEqual({ nameEn: ['英文名称长度为2-300个字符'], address: ['地址最多30个字符'] });
  });

  it('requires an AP password of 8-16 letters or digits from version 3.0 on', async () => {
    const missing = await a.brand.post('/api/records/hotel', hotelBody({ systemVersion: '3.5', apPassword: '' }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ apPassword: ['Hotels of version 3.0 and above need an AP password'] });
    const zh = await a.brand.withLang('zh-CN').post('/api/records/hotel', hotelBody({ systemVersion: '4.0', apPassword: null }));
    expect(zh.body.errors).toEqual({ apPassword: ['3.0及以上版本的酒店必须设置AP密码'] });
    expect((await a.brand.post('/api/records/hotel', hotelBody({ apPassword: 'abc' }))).body.errors).toEqual({ apPassword: ['AP hotspot password must be 8-16 characters'] });
    expect((await a.brand.post('/api/records/hotel', hotelBody({ apPassword: 'abcdefgh!' }))).body.errors).toEqual({ apPassword: ['The AP password is 8-16 letters or digits'] });
    expect((await a.brand.post('/api/records/hotel', hotelBody({ apPassword: 'a'.repeat(17) }))).body.errors).toEqual({ apPassword: ['AP hotspot password must be 8-16 characters'] });
    const old = await a.brand.post('/api/records/hotel', hotelBody({ systemVersion: '2.0', apPassword: '' }));
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    // Moving an older hotel to 3.0 needs the password then.
    const upgraded = await a.brand.put(`/api/records/hotel/${old.body.data.id}`, hotelBody({ systemVersion: '3.0', apPassword: '' }));
    expect(upgraded.body.errors).toEqual({ apPassword: ['Hotels of version 3.0 and above need an AP password'] });
  });

  it('lets the platform create a hotel for a named brand only', async () => {
    const none = await platform.post('/api/records/hotel', hotelBody());
    expect(none.body.errors).toEqual({ brandId: ['Please choose a brand'] });
    const unknown = await platform.post('/api/records/hotel', hotelBody({ brandId: 999_999 }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ brandId: ['The chosen brand does not exist or is outside your reach'] });
    const ok = await platform.post('/api/records/hotel', hotelBody({ brandId: b.brandId }));
    expect(ok.body.data.brandId).toBe(b.brandId);
  });

  it('keeps a brand’s hotels from other brands and hotels by path, query and body (404)', async () => {
    const [hotelA] = a.hotelIds;
    expect((await b.brand.get(`/api/records/hotel/${hotelA}`)).status).toBe(404);
    expect((await b.brand.put(`/api/records/hotel/${hotelA}`, hotelBody())).status).toBe(404);
    expect((await b.brand.delete(`/api/records/hotel/${hotelA}`)).status).toBe(404);
    expect((await b.brand.post('/api/records/hotel/batch-delete', { ids: [b.hotelIds[0], hotelA] })).status).toBe(404);
    const listed = await b.brand.get(`/api/records/hotel?brandId=${a.brandId}&pagesize=200`);
    expect(listed.body.data.total).toBe(0);
    const own = await b.brand.get('/api/records/hotel?pagesize=200');
    expect(own.body.data.items.every((h: { brandId: number }) => h.brandId === b.brandId)).toBe(true);
    expect((await b.brand.get(`/api/brands/${a.brandId}/hotels`)).status).toBe(404);
    expect((await b.brand.get(`/api/brands/${a.brandId}/quota`)).status).toBe(404);
    expect((await a.hotel.get('/api/records/hotel')).status).toBe(403);
    const options = await b.brand.get('/api/records/hotel/options');
    expect(options.body.data.map((o: { value: number }) => o.value)).not.toContain(hotelA);
  });

  it('refuses deleting a hotel with accounts or terminals, and deletes an empty one with its rooms', async () => {
    const blocked = await a.brand.delete(`/api/records/hotel/${a.hotelIds[0]}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.errmsg).toBe('A hotel that still has accounts cannot be deleted');
    const created = (await a.brand.post('/api/records/hotel', hotelBody())).body.data;
    await insertTerminals(t, { brandId: a.brandId, hotelId: created.id }, [{}]);
    expect((await a.brand.delete(`/api/records/hotel/${created.id}`)).body.errmsg).toBe('A hotel that still has terminals cannot be deleted');
    const empty = (await a.brand.post('/api/records/hotel', hotelBody())).body.data;
    expect((await a.brand.post('/api/records/room', { number: '101', hotelId: empty.id })).status).toBe(200);
    expect((await a.brand.delete(`/api/records/hotel/${empty.id}`)).status).toBe(200);
    expect(await t.database.db.select().from(rooms).where(eq(rooms.hotelId, empty.id))).toEqual([]);
    expect(await t.database.db.select().from(hotelDeviceSettings).where(eq(hotelDeviceSettings.hotelId, empty.id))).toEqual([]);
  });
});

describe('quotas', () => {
  it('refuses a hotel beyond the brand’s hotel limit (409, translated) and a limit below the current count', async () => {
    const tenant = await createTenant(t, []);
    const below = await platform.put(`/api/records/brand/${tenant.brandId}`, { ...(await brandFields(tenant.brandId)), hotelLimit: 1 });
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual({ hotelLimit: ['The limit cannot be below the current count (2)'] });
    expect((await platform.put(`/api/records/brand/${tenant.brandId}`, { ...(await brandFields(tenant.brandId)), hotelLimit: 3 })).status).toBe(200);
    expect((await tenant.brand.post('/api/records/hotel', hotelBody())).status).toBe(200);
    const over = await tenant.brand.post('/api/records/hotel', hotelBody());
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ errkey: 'tenants.hotelQuotaExceeded', errmsg: 'The brand has reached its limit of 3 hotels; please contact the platform administrator' });
    const zh = await platform.withLang('zh-CN').post('/api/records/hotel', hotelBody({ brandId: tenant.brandId }));
    expect(zh.status).toBe(409);
    expect(zh.body.errmsg).toBe('该品牌的酒店数量已达上限（3家），请联系平台管理员');
    const quota = await tenant.brand.get(`/api/brands/${tenant.brandId}/quota`);
    expect(quota.body.data).toEqual({ brand_id: tenant.brandId, hotels: { limit: 3, used: 3 }, terminals: { limit: null, used: 0 } });
  });

  it('gives the device side assertTerminalQuota for assigning terminals', async () => {
    const tenant = await createTenant(t, []);
    await assertTerminalQuota(t.database.db, tenant.brandId, 5); // no limit
    // The limit counts authorized terminals only.
    await insertTerminals(t, { brandId: tenant.brandId, hotelId: tenant.hotelIds[0] }, [{ authorization: 'authorized' }, { authorization: 'authorized' }, {}]);
    const below = await platform.put(`/api/records/brand/${tenant.brandId}`, { ...(await brandFields(tenant.brandId)), terminalLimit: 1 });
    expect(below.body.errors).toEqual({ terminalLimit: ['The limit cannot be below the current count (2)'] });
    await t.database.db.update(brands).set({ terminalLimit: 3 }).where(eq(brands.id, tenant.brandId));
    await assertTerminalQuota(t.database.db, tenant.brandId);
    await expect(assertTerminalQuota(t.database.db, tenant.brandId, 2)).rejects.toMatchObject({ kind: 'conflict', key: 'tenants.terminalQuotaExceeded', params: { limit: 3 } });
  });
});

/** The brand's writable fields as stored, for a PUT. */
async function brandFields(brandId: number) {
  const row = (await platform.get(`/api/records/brand/${brandId}`)).body.data;
  return { code: row.code, name: row.name.slice(0, 20), type: row.type, defaultResource: row.defaultResource, remarks: row.remarks };
}

describe('brand-level hotel list and room list (counts from the rows)', () => {
  it('counts unauthorized, TV, terminal and room numbers per hotel, and shows each room’s terminal state', async () => {
    const tenant = await createTenant(t, ['room.read']);
    const [h1, h2] = tenant.hotelIds;
    for (const number of ['101', '102', '103']) expect((await tenant.brand.post('/api/records/room', { number, hotelId: h1 })).status).toBe(200);
    await tenant.brand.post('/api/records/room', { number: '201', hotelId: h2 });
    await insertTerminals(t, { brandId: tenant.brandId, hotelId: h1 }, [
      { roomNumber: '101', authorization: 'authorized', registeredAt: '2025-01-02T03:04:05.000Z', authorizedAt: '2025-01-03T00:00:00.000Z' },
      { roomNumber: '101', authorization: 'unauthorized', registeredAt: '2025-01-01T00:00:00.000Z' },
      { roomNumber: '102', authorization: 'unauthorized', registeredAt: '2025-02-01T00:00:00.000Z' },
      { roomNumber: null, authorization: 'authorized' }, // lobby
      { roomNumber: '999', authorization: 'disabled' }, // a room the hotel has not listed
    ]);
    const list = await platform.get(`/api/brands/${tenant.brandId}/hotels`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const byId = Object.fromEntries(list.body.data.items.map((h: { id: number }) => [h.id, h]));
    expect(byId[h1]).toMatchObject({ roomCount: 3, terminalCount: 5, unauthorizedCount: 2, tvCount: 3 });
    expect(byId[h2]).toMatchObject({ roomCount: 1, terminalCount: 0, unauthorizedCount: 0, tvCount: 0 });
    expect(byId[h1].publicId).toMatch(/^\d{7}$/);
    expect(list.body.data).toMatchObject({ total: 2, brand: { id: tenant.brandId } });
    expect((await tenant.brand.get(`/api/brands/${tenant.brandId}/hotels?keyword=${byId[h2].publicId}`)).body.data.items).toEqual([expect.objectContaining({ id: h2 })]);
    expect((await tenant.hotel.get(`/api/brands/${tenant.brandId}/hotels`)).status).toBe(403);
    expect((await platform.get(`/api/records/hotel/${h1}`)).body.data).toMatchObject({ roomCount: 3, terminalCount: 5 });
    expect((await platform.get(`/api/records/brand/${tenant.brandId}`)).body.data).toMatchObject({ hotelCount: 2, terminalCount: 5 });

    const roomsRes = await tenant.brand.get(`/api/hotels/${h1}/rooms`);
    expect(roomsRes.body.data.items).toEqual([
      expect.objectContaining({ number: '101', terminalCount: 2, registeredAt: '2025-01-01T00:00:00.000Z', authorization: 'authorized', authorizedAt: '2025-01-03T00:00:00.000Z' }),
      expect.objectContaining({ number: '102', terminalCount: 1, registeredAt: '2025-02-01T00:00:00.000Z', authorization: 'unauthorized', authorizedAt: null }),
      expect.objectContaining({ number: '103', terminalCount: 0, registeredAt: null, authorization: 'unauthorized', authorizedAt: null }),
    ]);
    const authorized = await tenant.hotel.get(`/api/hotels/${h1}/rooms?authorization=authorized`);
    expect(authorized.body.data).toMatchObject({ total: 1, items: [expect.objectContaining({ number: '101' })] });
    // The generated room list shows the same derived columns.
    const generated = await tenant.hotel.get('/api/records/room?keyword=101');
    expect(generated.body.data.items).toEqual([expect.objectContaining({ number: '101', terminalCount: 2, authorization: 'authorized' })]);

    expect((await tenant.sibling.get(`/api/hotels/${h1}/rooms`)).status).toBe(404);
    expect((await a.brand.get(`/api/hotels/${h1}/rooms`)).status).toBe(404);
    expect((await tenant.hotel.get(`/api/hotels/${h1}/rooms`)).status).toBe(200);
  });
});

describe('OEM customers, accounts and brand shares (/customer_manage)', () => {
  it('checks name, key and remark 2-20, phone and e-mail, and a unique key', async () => {
    const bad = await platform.post('/api/records/oem-customer', { name: 'x', pinyinKey: 'k', remark: 'r', phone: '12345', contactEmail: 'not-mail', company: 'c'.repeat(51) });
    expect(bad.body.errors).toEqual({
      name: ['Name must be 2-20 characters'],
      pinyinKey: ['Pinyin key must be 2-20 characters'],
      remark: ['Remark must be 2-20 characters'],
      phone: ['Please enter a valid phone number'],
      contactEmail: ['Please enter a valid e-mail address'],
      company: ['Company must be at most 50 characters'],
    });
    const zh = await platform.withLang('zh-CN').post('/api/records/oem-customer', { name: 'Acme TV', pinyinKey: 'acme tv', phone: 'abc' });
    expect(zh.body.errors).toEqual({ pinyinKey: ['标识只能包含字母、数字、_ 和 -'], phone: ['请输入正确的电话号码'] });
    const key = `acme${unique()}`;
    for (const phone of ['13800138000', '0755-26601234', '400-820-8820', '+85221234567']) {
      const ok = await platform.post('/api/records/oem-customer', { name: 'Acme TV', pinyinKey: `${key}${phone.length}${phone.slice(-2)}`, phone, contactEmail: 'oem@acme.example.com', company: 'Acme' });
      expect(ok.status, `${phone} ${JSON.stringify(ok.body)}`).toBe(200);
    }
    expect((await platform.post('/api/records/oem-customer', { name: 'Acme', pinyinKey: key })).status).toBe(200);
    expect((await platform.post('/api/records/oem-customer', { name: 'Acme', pinyinKey: key })).body.errors).toEqual({ pinyinKey: ['Pinyin key already exists'] });
    expect((await a.brand.get('/api/records/oem-customer')).status).toBe(403);
  });

  it('keeps manufacturer account passwords hashed and write-only, and shares of one manufacturer within 100%', async () => {
    const customer = (await platform.post('/api/records/oem-customer', { name: 'Share TV', pinyinKey: `share${unique()}` })).body.data;
    const loginName = `oem${unique()}`;
    const user = await platform.post('/api/records/oem-user', { oemCustomerId: customer.id, loginName, name: 'Contact', password: 'start123', phone: '13900001111' });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(user.body.data).not.toHaveProperty('passwordHash');
    expect(user.body.data).toMatchObject({ oemCustomerIdTitle: 'Share TV', enabled: true });
    expect((await platform.post('/api/records/oem-user', { oemCustomerId: customer.id, loginName, name: 'Again', password: 'start123' })).body.errors).toEqual({ loginName: ['Login name already exists'] });
    expect((await platform.post('/api/records/oem-user', { oemCustomerId: customer.id, loginName: `o${unique()}`, name: 'NoPass' })).body.errors).toEqual({ password: ['Please set a password'] });

    const first = await platform.post('/api/records/oem-brand-share', { oemCustomerId: customer.id, shareBrandId: a.brandId, percent: 60 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const over = await platform.post('/api/records/oem-brand-share', { oemCustomerId: customer.id, shareBrandId: b.brandId, percent: 40.5 });
    expect(over.body.errors).toEqual({ percent: ['The brand percentages cannot exceed 100% in total (100.5%)'] });
    expect((await platform.post('/api/records/oem-brand-share', { oemCustomerId: customer.id, shareBrandId: b.brandId, percent: 40 })).status).toBe(200);
    expect((await platform.post('/api/records/oem-brand-share', { oemCustomerId: customer.id, shareBrandId: a.brandId, percent: 0 })).body.errors).toEqual({ percent: ['Percentage (%) must be at least 0.01'] });
    // Raising one share past the total is refused as well.
    expect((await platform.put(`/api/records/oem-brand-share/${first.body.data.id}`, { oemCustomerId: customer.id, shareBrandId: a.brandId, percent: 61 })).status).toBe(422);
    expect((await platform.delete(`/api/records/oem-customer/${customer.id}`)).status).toBe(409);
  });
});

describe('PMS vendors (/pms/list) and manufacturers (/pms/customer)', () => {
  it('checks name and key 2-20 and the parameters as a JSON object', async () => {
    const missing = await platform.post('/api/records/pms-vendor', {});
    expect(missing.body.errors).toEqual({ name: ['Name is required'], key: ['Key is required'] });
    const short = await platform.post('/api/records/pms-vendor', { name: 'x', key: 'y'.repeat(21), params: '{"host": ' });
    expect(short.body.errors).toEqual({ name: ['Name must be 2-20 characters'], key: ['Key must be 2-20 characters'], params: ['Parameters is invalid'] });
    expect((await platform.post('/api/records/pms-vendor', { name: 'Opera', key: `op${unique()}`, params: '[1, 2]' })).body.errors).toEqual({ params: ['The parameters must be a JSON object'] });
    const maker = await platform.post('/api/records/pms-manufacturer', { name: `Maker ${unique()}`, phone: '010-59297000' });
    expect(maker.status, JSON.stringify(maker.body)).toBe(200);
    const ok = await platform.post('/api/records/pms-vendor', { name: 'Opera', key: `op${unique()}`, manufacturerId: maker.body.data.id, params: '{"host": "10.0.0.1", "port": 5010}' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ params: { host: '10.0.0.1', port: 5010 }, manufacturerIdTitle: maker.body.data.name });
    const zh = await platform.withLang('zh-CN').post('/api/records/pms-vendor', { name: 'Opera', key: 'k' });
    expect(zh.body.errors).toEqual({ key: ['标识长度为2-20个字符'] });
  });
});

describe('tags (/tags/tags_manage_list)', () => {
  it('keeps names unique within a type and lists a type’s tags in the request language', async () => {
    const type = 'room';
    const nameZh = `海景${unique()}`;
    const created = await platform.post('/api/records/tag', { nameZh, nameEn: 'Sea view', type, searchable: true, sort: 50 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await platform.post('/api/records/tag', { nameZh, nameEn: 'Again', type })).body.errors).toEqual({ nameZh: ['A tag with this name already exists in this type'] });
    expect((await platform.post('/api/records/tag', { nameZh, nameEn: 'Other type', type: 'hotel' })).status).toBe(200);
    expect((await platform.post('/api/records/tag', { nameZh: '', nameEn: '', type: 'x' })).body.errors).toEqual({ nameZh: ['Chinese name is required'], nameEn: ['English name is required'], type: ['Please choose a valid Type'] });

    const en = await a.hotel.get(`/api/web/tag/get_hotel_tag_list?type=${type}`);
    expect(en.status).toBe(200);
    expect(en.body.data.list).toContainEqual({ id: created.body.data.id, name: 'Sea view', name_zh: nameZh, name_en: 'Sea view', type, is_search: true, sort: 50 });
    expect(en.body.data.list.every((tag: { type: string }) => tag.type === type)).toBe(true);
    const zh = await a.brand.withLang('zh-CN').get(`/api/web/tag/get_hotel_tag_list?type=${type}`);
    expect(zh.body.data.list.find((tag: { id: number }) => tag.id === created.body.data.id).name).toBe(nameZh);
    expect((await a.hotel.get('/api/web/tag/get_hotel_tag_list?type=unknown')).status).toBe(422);
    expect((await a.brand.post('/api/records/tag', { nameZh: 'x', nameEn: 'x', type })).status).toBe(403);
  });
});

describe('demo seed', () => {
  it('fills an empty database with brands, sub-brands, hotels with every field, rooms, managers and catalogues', async () => {
    const database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    try {
      await database.migrate();
      expect(await seedDemo(database.db, localDiskStorage(mkdtempSync(join(tmpdir(), 'htv-demo-'))))).toBe(true);
      const db = database.db;
      const hotelRows = await db.select().from(hotels);
      expect((await db.select().from(brands)).length).toBeGreaterThanOrEqual(2);
      expect((await db.select().from(subBrands)).length).toBeGreaterThanOrEqual(4);
      expect(hotelRows.length).toBeGreaterThanOrEqual(6);
      for (const hotel of hotelRows) {
        expect(hotel.publicId).toMatch(/^\d{7}$/);
        expect(hotel).toMatchObject({ nameEn: expect.any(String), city: expect.any(String), subBrandId: expect.any(Number) });
        expect(hotel.address!.length).toBeLessThanOrEqual(30);
        if (Number(hotel.systemVersion) >= 3) expect(hotel.apPassword).toMatch(/^[A-Za-z0-9]{8,16}$/);
        const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(rooms).where(eq(rooms.hotelId, hotel.id));
        expect(count!.n).toBeGreaterThanOrEqual(40);
        expect(count!.n).toBeLessThanOrEqual(120);
        const [settings] = await db.select().from(hotelDeviceSettings).where(eq(hotelDeviceSettings.hotelId, hotel.id));
        expect(settings!.ipWhitelist.length).toBeGreaterThan(0);
      }
      const [bund] = hotelRows.filter((h) => h.publicId === '1000001');
      const [manager] = await db.select().from(users).where(eq(users.id, bund!.managerUserId!));
      expect(manager!.loginName).toBe('sunrise.bund');
      for (const login of ['admin', 'sunrise', 'sunrise.bund']) expect(DEMO_ACCOUNTS.some((d) => d.login === login)).toBe(true);
      for (const table of ['oem_customers', 'oem_users', 'oem_launchers', 'pms_vendors', 'pms_manufacturers', 'tags']) {
        const [row] = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`)).then((r) => (r as unknown as { rows: { n: number }[] }).rows))!;
        expect(row!.n, table).toBeGreaterThan(0);
      }

      // The demo launcher: Sunrise's room template reaches its hotels' authorized room TVs, not Blue Bay's.
      const terminals = recordTables.terminal!;
      const authorized = await db.select({ id: terminals.id, brandId: terminals.brandId }).from(terminals).where(eq(terminals.authorization, 'authorized'));
      const shown = await resolveThemes(db, authorized.map((tv) => tv.id));
      const sunrise = bund!.brandId;
      const sunriseTvs = authorized.filter((tv) => tv.brandId === sunrise);
      expect(sunriseTvs.length).toBeGreaterThan(0);
      expect(sunriseTvs.filter((tv) => shown.get(tv.id)?.themeName === '朝阳客房主页').length).toBeGreaterThan(sunriseTvs.length / 2);
      expect(authorized.filter((tv) => tv.brandId !== sunrise).some((tv) => shown.has(tv.id))).toBe(false);

      // The demo hotel's music: an album with two songs, their files made at seed time.
      const songs = await db.select().from(recordTables.musicSong!);
      expect(songs.map((song) => [song.hotelId, (song.duration as number) > 5])).toEqual([
        [bund!.id, true],
        [bund!.id, true],
      ]);

      // The demo hotel's live TV: two platform channels and its own, on the test streams, with a guide of now.
      const live = (await channelsPart(db, bund!.id))!;
      expect(live.channels.map((c) => [c.number, c.url.startsWith('/media/test-streams/')])).toEqual([[1, true], [2, true], [3, true]]);
      expect(Object.values(live.guide).every((programmes) => programmes.some((p) => p.start <= Date.now() && Date.now() < p.stop))).toBe(true);
    } finally {
      await database.close();
    }
    // A database created, migrated and seeded from nothing: slow on a loaded machine.
  }, 60_000);
});

describe('operation log', () => {
  it('writes a row for each write of the tenancy records', async () => {
    const created = await platform.post('/api/records/tag', { nameZh: `日志${unique()}`, nameEn: 'Log', type: 'content' });
    const [row] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordType, 'tag'), eq(operationLogs.recordId, String(created.body.data.id))));
    expect(row).toMatchObject({ action: 'create' });
  });
});
