import type { DigitalWallPart } from '@htv/shared/areas/digitalwall/device';
import { wallItemShowing } from '@htv/shared/areas/digitalwall/device';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, hotelTv, type Tv } from './devices-support.js';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, mp4, png } from './support/images.js';

const RIGHTS = ['digitalWallContent.read', 'digitalWallContent.create', 'digitalWallContent.update', 'digitalWallContent.delete', 'digitalWall.read', 'digitalWall.update'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let picture: string;
let publicTv: Tv;
let roomTv: Tv;

async function upload(client: Client, name: string, data: Buffer) {
  const { payload, headers } = multipartBody({ name, data });
  const res = (await client.request('POST', '/api/files?rule=digitalWallMedia', payload, headers)) as ApiResponse<{ id: string }>;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}
const item = (extra: Record<string, unknown> = {}) => ({ title: 'Lobby', gestureTitle: '大堂', media: picture, playCount: 2, playInterval: 5, sort: 10, ...extra });
async function create(client: Client, body: Record<string, unknown>) {
  const res = await client.post('/api/records/digital-wall-items', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, any>;
}
async function setScene(tv: Tv, sceneMode: string) {
  await t.database.db.update(recordTables.terminal!).set({ sceneMode }).where(eq(recordTables.terminal!.id, tv.terminalId));
}
const wallOf = (tv: Tv) => configPartOf<DigitalWallPart>(tv, 'digitalWall');

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, RIGHTS);
  b = await createTenant(t, RIGHTS);
  picture = await upload(a.hotel, 'lobby.png', png(64, 36));
  publicTv = await hotelTv(t, a.hotelIds[0]);
  roomTv = await hotelTv(t, a.hotelIds[0]);
  await setScene(publicTv, 'infoRelease');
});

describe('digital wall items', () => {
  it('checks every rule with its message: 15 and 6 characters, 1-10, 1-30 s, 1-999, both times, start before end', async () => {
    const zh = a.hotel.withLang('zh-CN');
    const long = await a.hotel.post('/api/records/digital-wall-items', item({ title: 'x'.repeat(16), gestureTitle: '1234567', playCount: 11, playInterval: 31, sort: 1000 }));
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors).sort()).toEqual(['gestureTitle', 'playCount', 'playInterval', 'sort', 'title']);
    expect(long.body.errors.title?.[0]).toMatch(/15/);
    expect(long.body.errors.gestureTitle?.[0]).toMatch(/6/);
    expect(long.body.errors.playCount?.[0]).toMatch(/10/);
    expect(long.body.errors.playInterval?.[0]).toMatch(/30/);
    expect(long.body.errors.sort?.[0]).toMatch(/999/);
    const low = await a.hotel.post('/api/records/digital-wall-items', item({ playCount: 0, playInterval: 0, sort: 0 }));
    expect(Object.keys(low.body.errors).sort()).toEqual(['playCount', 'playInterval', 'sort']);
    expect((await a.hotel.post('/api/records/digital-wall-items', item({ title: 'x'.repeat(15), gestureTitle: '123456', playCount: 10, playInterval: 30, sort: 999 }))).status).toBe(200);
    expect((await a.hotel.post('/api/records/digital-wall-items', item({ playCount: 1, playInterval: 1, sort: 1 }))).status).toBe(200);
    const missing = await a.hotel.post('/api/records/digital-wall-items', { playCount: 1 });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['media', 'title']);
    const oneTime = await zh.post('/api/records/digital-wall-items', item({ switchStart: '08:00' }));
    expect(oneTime.status).toBe(422);
    expect(oneTime.body.errors.switchEnd).toEqual(['切换开始时间和结束时间须同时填写']);
    const onlyEnd = await a.hotel.post('/api/records/digital-wall-items', item({ switchEnd: '08:00' }));
    expect(onlyEnd.body.errors.switchStart).toEqual(['Fill in both the switch start and end times']);
    const order = await a.hotel.post('/api/records/digital-wall-items', item({ switchStart: '18:00', switchEnd: '08:00' }));
    expect(order.body.errors.switchEnd).toEqual(['The switch start time must be before the end time']);
    expect((await a.hotel.post('/api/records/digital-wall-items', item({ switchStart: '08:00', switchEnd: '08:00' }))).status).toBe(422);
    const format = await a.hotel.post('/api/records/digital-wall-items', item({ switchStart: '8', switchEnd: '25:00' }));
    expect(Object.keys(format.body.errors).sort()).toEqual(['switchEnd', 'switchStart']);
    const windowed = await create(a.hotel, item({ switchStart: '08:00', switchEnd: '20:00' }));
    // An update that clears one of the two is refused as well.
    expect((await a.hotel.put(`/api/records/digital-wall-items/${windowed.id}`, item({ switchStart: '08:00', switchEnd: null }))).status).toBe(422);
    // The media must be a picture or a video, by content.
    const { payload, headers } = multipartBody({ name: 'fake.png', data: Buffer.from('not a picture at all') });
    expect((await a.hotel.request('POST', '/api/files?rule=digitalWallMedia', payload, headers)).status).toBe(422);
  });

  it('keeps each hotel’s wall to itself: items, files and settings by any id', async () => {
    const own = await create(a.hotel, item({ title: 'Own' }));
    for (const other of [b.hotel, a.sibling]) {
      expect((await other.get(`/api/records/digital-wall-items/${own.id}`)).status).toBe(404);
      expect((await other.put(`/api/records/digital-wall-items/${own.id}`, item({ title: 'Taken' }))).status).toBe(404);
      expect((await other.delete(`/api/records/digital-wall-items/${own.id}`)).status).toBe(404);
      expect((await other.post('/api/records/digital-wall-items/batch-delete', { ids: [own.id] })).status).toBe(404);
      const list = await other.get('/api/records/digital-wall-items?pagesize=100');
      expect((list.body.data.items as { id: number }[]).some((row) => row.id === own.id)).toBe(false);
      // Another hotel's file cannot be put on one's own wall.
      const res = await other.post('/api/records/digital-wall-items', item({ media: picture }));
      expect(res.status).toBe(404);
      // The body names no owner of the user's choosing.
      const foreignOwner = await other.post('/api/records/digital-wall-items', { ...item({ media: await upload(other, 'o.png', png(8, 8)) }), hotelId: a.hotelIds[0] });
      expect(foreignOwner.status).toBe(422);
    }
    expect((await a.hotel.get(`/api/records/digital-wall-items/${own.id}`)).body.data.title).toBe('Own');
    // The wall is the hotel's screen: brand and platform users do not use these routes.
    expect((await a.brand.get('/api/records/digital-wall-items')).status).toBe(403);
    expect((await a.brand.get('/api/digital-wall/config')).status).toBe(403);
    expect((await a.brand.put('/api/digital-wall/config', { enabled: false, loop: true, macs: null })).status).toBe(403);
    const platform = await createPlatformAdmin(t);
    expect((await platform.get('/api/records/digital-wall-items')).status).toBe(403);
    // Settings are per hotel: a sibling's save does not touch this hotel's.
    expect((await a.sibling.put('/api/digital-wall/config', { enabled: false, loop: false, macs: null })).status).toBe(200);
    expect((await a.hotel.get('/api/digital-wall/config')).body.data).toEqual({ enabled: true, loop: true, macs: null });
    const none = await new Client(t.app).get('/api/digital-wall/config');
    expect(none.status).toBe(401);
  });

  it('settings: MAC format checked, the list stored upper case', async () => {
    const bad = await a.hotel.put('/api/digital-wall/config', { enabled: true, loop: true, macs: 'AABB' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.macs).toEqual(['MAC format error']);
    const saved = await a.hotel.put('/api/digital-wall/config', { enabled: true, loop: false, macs: `${publicTv.mac.toLowerCase()}\n${publicTv.mac}` });
    expect(saved.body.data).toEqual({ enabled: true, loop: false, macs: publicTv.mac });
    expect((await wallOf(publicTv))!.loop).toBe(false);
    expect(await wallOf(roomTv)).toBeUndefined();
    await a.hotel.put('/api/digital-wall/config', { enabled: true, loop: true, macs: null });
  });
});

describe('the wall on the TVs', () => {
  it('goes to the hotel’s public-area TVs only, in order, with signed files, and follows the settings', async () => {
    const tenant = await createTenant(t, RIGHTS);
    const media = await upload(tenant.hotel, 'p.png', png(64, 36));
    const video = await upload(tenant.hotel, 'v.mp4', mp4(4096));
    const pub = await hotelTv(t, tenant.hotelIds[0]);
    const room = await hotelTv(t, tenant.hotelIds[0]);
    const otherPublic = await hotelTv(t, tenant.hotelIds[1]);
    const unauthorized = await hotelTv(t, tenant.hotelIds[0], false);
    for (const tv of [pub, otherPublic, unauthorized]) await setScene(tv, 'infoRelease');
    const first = await create(tenant.hotel, { title: 'First', media, playCount: 3, playInterval: 4, sort: 50 });
    const second = await create(tenant.hotel, { title: 'Second', media: video, playCount: 1, playInterval: 30, sort: 5, switchStart: '00:00', switchEnd: '23:59' });
    await create(tenant.hotel, { title: 'Off', media, sort: 900, enabled: false });
    const part = (await wallOf(pub))!;
    expect(part.loop).toBe(true);
    expect(part.items.map((i) => [i.title, i.kind, i.playCount, i.playInterval])).toEqual([
      ['First', 'image', 3, 4],
      ['Second', 'video', 1, 30],
    ]);
    expect(part.items[1]).toMatchObject({ id: second.id, switchStart: '00:00', switchEnd: '23:59' });
    expect(await wallOf(room)).toBeUndefined();
    expect(await wallOf(unauthorized)).toBeUndefined();
    // The sibling hotel's public TV gets its own (empty) wall, never this hotel's items.
    expect((await wallOf(otherPublic))!.items).toEqual([]);
    // The file at its signed address; the same address for another terminal is refused.
    const file = await new Client(t.app).get(part.items[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const forged = part.items[0]!.url.replace(`/${pub.terminalId}/`, `/${otherPublic.terminalId}/`);
    expect((await new Client(t.app).get(forged)).status).toBe(404);
    const otherPart = (await wallOf(otherPublic))!;
    expect(otherPart.items).toHaveLength(0);
    // Settings: a MAC list narrows the TVs; disabled sends nothing.
    await tenant.hotel.put('/api/digital-wall/config', { enabled: true, loop: false, macs: room.mac });
    expect(await wallOf(pub)).toBeUndefined();
    await tenant.hotel.put('/api/digital-wall/config', { enabled: true, loop: false, macs: pub.mac });
    expect((await wallOf(pub))!.loop).toBe(false);
    await tenant.hotel.put('/api/digital-wall/config', { enabled: false, loop: true, macs: null });
    expect(await wallOf(pub)).toBeUndefined();
    await tenant.hotel.put('/api/digital-wall/config', { enabled: true, loop: true, macs: null });
    await tenant.hotel.delete(`/api/records/digital-wall-items/${first.id}`);
    expect((await wallOf(pub))!.items.map((i) => i.title)).toEqual(['Second']);
  });

  it('plays an item all day, or only inside its window', () => {
    const at = (h: number, m: number) => new Date(2026, 0, 1, h, m);
    expect(wallItemShowing({ switchStart: null, switchEnd: null }, at(3, 0))).toBe(true);
    expect(wallItemShowing({ switchStart: '08:00', switchEnd: '20:00' }, at(8, 0))).toBe(true);
    expect(wallItemShowing({ switchStart: '08:00', switchEnd: '20:00' }, at(20, 0))).toBe(false);
    expect(wallItemShowing({ switchStart: '08:00', switchEnd: '20:00' }, at(7, 59))).toBe(false);
  });
});
