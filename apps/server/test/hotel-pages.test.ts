import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv } from './devices-support.js';
import type { TestApp } from './support/app.js';
import { testApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await testApp();
  const perms = ['hotelTag.read', 'hotelTag.create', 'hotelTag.update', 'hotelTag.delete'];
  a = await createTenant(t, perms);
  b = await createTenant(t, perms);
});

describe('hotel terminal tags (/ht/manage)', () => {
  it('a hotel keeps its own tags: names required, unique within the hotel only', async () => {
    const created = await a.hotel.post('/api/records/hotel-tags', { name: 'VIP', remark: 'Suites' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'VIP', hotelId: a.hotelIds[0], brandId: a.brandId });
    const twice = await a.hotel.post('/api/records/hotel-tags', { name: 'VIP' });
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.name).toBeDefined();
    const empty = await a.hotel.withLang('zh-CN').post('/api/records/hotel-tags', { name: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.name?.[0]).toMatch(/不能为空/);
    expect((await a.hotel.post('/api/records/hotel-tags', { name: 'x'.repeat(21) })).status).toBe(422);
    // The sibling hotel may use the same name.
    expect((await a.sibling.post('/api/records/hotel-tags', { name: 'VIP' })).status).toBe(200);
  });

  it('no other hotel or brand can read or change a hotel’s tags by id', async () => {
    const mine = await a.hotel.post('/api/records/hotel-tags', { name: 'Lobby' });
    const id = mine.body.data.id as number;
    for (const other of [a.sibling, b.hotel, b.brand]) {
      expect((await other.get(`/api/records/hotel-tags/${id}`)).status).toBe(404);
      expect((await other.put(`/api/records/hotel-tags/${id}`, { name: 'Taken' })).status).toBe(404);
      expect((await other.delete(`/api/records/hotel-tags/${id}`)).status).toBe(404);
    }
    const list = await b.hotel.get<{ items: { id: number }[] }>('/api/records/hotel-tags');
    expect(list.body.data.items.map((r) => r.id)).not.toContain(id);
    // The brand sees its hotels' tags.
    const brandList = await a.brand.get<{ items: { name: string; hotelId: number }[] }>('/api/records/hotel-tags?pagesize=50');
    expect(brandList.body.data.items.filter((r) => r.name === 'VIP').map((r) => r.hotelId).sort()).toEqual([...a.hotelIds].sort());
    // A brand naming another brand's hotel as the owner is refused.
    expect((await b.brand.post('/api/records/hotel-tags', { name: 'Spy', hotelId: a.hotelIds[0] })).status).toBe(422);
  });
});

describe('branch overview (/hotel/overview)', () => {
  it('lists the brand’s hotels with terminals, online, unauthorized and rooms; another brand gets none of them', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    await tv.device.post('/api/device/v1/heartbeat', {});
    await t.app.devices.heartbeats.flush();
    const res = await a.brand.get<{ items: { id: number; terminalCount: number; onlineCount: number; unauthorizedCount: number; roomCount: number }[] }>(`/api/brands/${a.brandId}/hotels`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.find((h) => h.id === a.hotelIds[0])).toMatchObject({ terminalCount: 2, onlineCount: 1, unauthorizedCount: 2, roomCount: 0 });
    expect(res.body.data.items.find((h) => h.id === a.hotelIds[1])).toMatchObject({ terminalCount: 0, onlineCount: 0 });
    expect([403, 404]).toContain((await b.brand.get(`/api/brands/${a.brandId}/hotels`)).status);
  });
});
