import type { ScreensaverConfigPart } from '@htv/shared/areas/screensaver/device';
import { beforeAll, describe, expect, it } from 'vitest';
import { configPartOf, hotelTv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const PERMISSIONS = ['screensaver.read', 'screensaver.create', 'screensaver.update', 'screensaver.delete'];

let t: TestApp;
let a: Tenant;
let b: Tenant;

async function upload(client: Client, data: Buffer, name = 'photo.png'): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return (await client.request('POST', '/api/files?rule=screensaverPhoto', payload, headers)) as ApiResponse<{ id: string }>;
}

async function photo(client: Client, title: string, sort = 0): Promise<Record<string, any>> {
  const file = await upload(client, png(64, 36));
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const res = await client.post('/api/records/screensaver-photo', { title, pictureId: file.body.data.id, sort });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const screensaverOf = (tv: Awaited<ReturnType<typeof hotelTv>>) => configPartOf<ScreensaverConfigPart | null>(tv, 'screensaver');

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
});

describe('screensaver photos', () => {
  it('are pictures checked by their content, with a title; stay within their hotel', async () => {
    // Not a picture, whatever its name.
    expect((await upload(a.hotel, Buffer.from('%PDF-1.4 not a picture'), 'photo.png')).status).toBe(422);
    const missing = await a.hotel.post('/api/records/screensaver-photo', { title: 'x' });
    expect(Object.keys(missing.body.errors)).toEqual(['pictureId']);
    // Another hotel's upload cannot be named.
    const theirs = await upload(b.hotel, png(64, 36));
    expect([404, 422]).toContain((await a.hotel.post('/api/records/screensaver-photo', { title: 'x', pictureId: theirs.body.data.id })).status);
    const mine = await photo(a.hotel, 'Bund at night');
    for (const outsider of [b.hotel, a.sibling]) {
      expect((await outsider.get(`/api/records/screensaver-photo/${mine.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/records/screensaver-photo/${mine.id}`, { title: 'y', pictureId: mine.pictureId })).status).toBe(404);
      expect((await outsider.delete(`/api/records/screensaver-photo/${mine.id}`)).status).toBe(404);
    }
    expect((await b.brand.get(`/api/records/screensaver-photo/${mine.id}`)).status).toBe(403);
  });
});

describe('the TVs’ screensaver part', () => {
  it('carries the photos in order with the hotel’s idle time and interval; signed addresses of its own hotel only', async () => {
    const hotelId = b.hotelIds[1];
    const tv = await hotelTv(t, hotelId);
    expect(await screensaverOf(tv)).toBeNull(); // no photos
    const later = await photo(b.sibling, 'Garden', 1);
    const first = await photo(b.sibling, 'Sunrise', 5);
    let part = (await screensaverOf(tv))!;
    expect(part.idleSeconds).toBe(600); // 10 minutes by default
    expect(part.intervalSeconds).toBe(10);
    expect(part.photos.map((p) => p.id)).toEqual([first.id, later.id]);
    // The photo is served to this TV at its signed address; a tampered address is a 404.
    const served = await tv.device.get(part.photos[0]!.url);
    expect(served.status).toBe(200);
    expect((await tv.device.get(part.photos[0]!.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);
    // Another hotel's TV has none of them.
    expect(await screensaverOf(await hotelTv(t, a.hotelIds[1]))).toBeNull();

    // The settings by key change it, and tell the TVs at once.
    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const set = await b.sibling.post('/api/web/set_hotel_info_by_key?key=screensaver_idle_minutes&value=2');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect((await b.sibling.post('/api/web/set_hotel_info_by_key', { key: 'screensaver_interval', value: 30 })).status).toBe(200);
    part = (await screensaverOf(tv))!;
    expect(part.idleSeconds).toBe(120);
    expect(part.intervalSeconds).toBe(30);
    expect((await b.sibling.get('/api/web/get_hotel_info_by_key?key=screensaver_idle_minutes')).body.data.value).toBe(2);
    // Values are checked per key; 0 minutes switches the screensaver off.
    expect((await b.sibling.post('/api/web/set_hotel_info_by_key?key=screensaver_interval&value=1')).body.errors).toEqual({ value: ['Value is invalid'] });
    expect((await b.sibling.post('/api/web/set_hotel_info_by_key?key=screensaver_idle_minutes&value=abc')).status).toBe(422);
    expect((await b.sibling.post('/api/web/set_hotel_info_by_key?key=screensaver_idle_minutes&value=0')).status).toBe(200);
    expect(await screensaverOf(tv)).toBeNull();
    // Keys that do not exist are refused with the catalogue's error.
    expect((await b.sibling.post('/api/web/set_hotel_info_by_key?key=screensaver_music&value=1')).body.errors).toEqual({ key: ['Unknown setting: screensaver_music'] });
    // One hotel's setting is not the other's.
    expect((await b.hotel.get('/api/web/get_hotel_info_by_key?key=screensaver_idle_minutes')).body.data.value).toBe(10);
    // A user without the screensaver right cannot change it.
    const other = await createTenant(t, ['exchangeRate.read']);
    expect((await other.hotel.post('/api/web/set_hotel_info_by_key?key=screensaver_idle_minutes&value=5')).status).toBe(403);
  });
});
