import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotels, roles, rooms, subBrands, users } from '../src/db/schema/index.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { hotelBody, unique } from './helpers/tenants.js';

/**
 * A create whose body names the owning brand or hotel: the named one owns the new row, or the call is
 * refused with 422 on that field and nothing is written. It is never quietly replaced by the caller's own.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['room.read', 'room.create']);
  b = await createTenant(t, ['room.read', 'room.create']);
  platform = await createPlatformAdmin(t);
});

const roomsNumbered = (number: string) => t.database.db.select().from(rooms).where(eq(rooms.number, number));

describe('a hotel user naming a hotel', () => {
  it('refuses a room for a sibling or another brand’s hotel and writes nothing', async () => {
    const number = `R${unique()}`.slice(0, 16);
    for (const hotelId of [a.hotelIds[1], b.hotelIds[0]]) {
      const res = await a.hotel.post('/api/records/room', { number, hotelId });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: '-1', errkey: 'error.validation', errors: { hotelId: ['The chosen hotel does not exist or is outside your reach'] } });
    }
    const zh = await a.hotel.withLang('zh-CN').post('/api/records/room', { number, hotelId: b.hotelIds[0] });
    expect(zh.body.errors).toEqual({ hotelId: ['所选酒店不存在或不在您的管理范围内'] });
    expect(await roomsNumbered(number)).toEqual([]);
  });

  it('creates the room in its own hotel, named or not', async () => {
    const named = await a.hotel.post('/api/records/room', { number: `N${unique()}`, hotelId: a.hotelIds[0] });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data).toMatchObject({ hotelId: a.hotelIds[0], brandId: a.brandId });
    const unnamed = await a.hotel.post('/api/records/room', { number: `U${unique()}` });
    expect(unnamed.body.data).toMatchObject({ hotelId: a.hotelIds[0], brandId: a.brandId });
  });
});

describe('a brand user naming a brand or hotel', () => {
  it('refuses a hotel, sub-brand or account for another brand and writes nothing', async () => {
    const name = `Hotel ${unique()}`;
    const hotel = await a.brand.post('/api/records/hotel', hotelBody({ name, brandId: b.brandId }));
    expect(hotel.status).toBe(422);
    expect(hotel.body.errors).toEqual({ brandId: ['The chosen brand does not exist or is outside your reach'] });
    expect(await t.database.db.select().from(hotels).where(eq(hotels.name, name))).toEqual([]);

    const groupName = `G${unique()}`;
    const group = await a.brand.post('/api/records/sub-brand', { name: groupName, brandId: b.brandId });
    expect(group.status).toBe(422);
    expect(group.body.errors).toEqual({ brandId: ['The chosen brand does not exist or is outside your reach'] });
    expect(await t.database.db.select().from(subBrands).where(eq(subBrands.name, groupName))).toEqual([]);

    const [role] = await t.database.db.insert(roles).values({ userType: 2, name: `r${unique()}`, brandId: a.brandId }).returning();
    const loginName = `ba${unique()}`;
    const account = await a.brand.post('/api/records/brand-account', { loginName, name: 'Staff', password: 'abcde', roleId: role!.id, brandId: b.brandId });
    expect(account.status).toBe(422);
    expect(account.body.errors).toEqual({ brandId: ['The chosen brand does not exist or is outside your reach'] });
    expect(await t.database.db.select().from(users).where(eq(users.loginName, loginName))).toEqual([]);

    const own = await a.brand.post('/api/records/brand-account', { loginName, name: 'Staff', password: 'abcde', roleId: role!.id, brandId: a.brandId });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({ brandId: a.brandId });
  });

  it('refuses a room or hotel account in another brand’s hotel on the hotelId field', async () => {
    const number = `F${unique()}`.slice(0, 16);
    const room = await a.brand.post('/api/records/room', { number, hotelId: b.hotelIds[0] });
    expect(room.status).toBe(422);
    expect(room.body.errors).toEqual({ hotelId: ['The chosen hotel does not exist or is outside your reach'] });
    expect(await roomsNumbered(number)).toEqual([]);
    const own = await a.brand.post('/api/records/room', { number, hotelId: a.hotelIds[1] });
    expect(own.body.data).toMatchObject({ hotelId: a.hotelIds[1], brandId: a.brandId });
  });

  it('creates a hotel in its own brand, named or not', async () => {
    const named = await a.brand.post('/api/records/hotel', hotelBody({ brandId: a.brandId }));
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data.brandId).toBe(a.brandId);
    const unnamed = await a.brand.post('/api/records/hotel', hotelBody());
    expect(unnamed.body.data.brandId).toBe(a.brandId);
  });
});

describe('the platform naming a brand or hotel', () => {
  it('refuses one that does not exist on the field, and still needs one', async () => {
    const hotel = await platform.post('/api/records/hotel', hotelBody({ brandId: 2_147_483_647 }));
    expect(hotel.status).toBe(422);
    expect(hotel.body.errors).toEqual({ brandId: ['The chosen brand does not exist or is outside your reach'] });
    const room = await platform.post('/api/records/room', { number: '1', hotelId: 2_147_483_647 });
    expect(room.body.errors).toEqual({ hotelId: ['The chosen hotel does not exist or is outside your reach'] });
    expect((await platform.post('/api/records/room', { number: '1' })).body.errors).toEqual({ hotelId: ['Please choose a hotel'] });
    const created = await platform.post('/api/records/room', { number: `P${unique()}`, hotelId: b.hotelIds[1] });
    expect(created.body.data).toMatchObject({ hotelId: b.hotelIds[1], brandId: b.brandId });
  });
});
