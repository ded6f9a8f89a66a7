import { inFrameWindow, type PictureFrameConfigPart } from '@htv/shared/areas/pictureframe/device';
import { beforeAll, describe, expect, it } from 'vitest';
import { configPartOf, hotelTv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;

async function photo(client: Client): Promise<string> {
  const { payload, headers } = multipartBody({ name: 'p.png', data: png(32, 32) });
  const res = (await client.request('POST', '/api/files?rule=pictureFrame', payload, headers)) as ApiResponse<{ id: string }>;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  t = await testApp();
  const permissions = ['read', 'create', 'update', 'delete'].map((action) => `pictureFrame.${action}`);
  a = await createTenant(t, permissions);
  b = await createTenant(t, permissions);
});

describe('the picture frame (/picture/frame)', () => {
  it('needs photos (the upload is not empty), bounded interval and idle minutes, both times or neither; one per hotel', async () => {
    const empty = await a.hotel.post('/api/records/picture-frames?lang=en-US', { name: 'Lobby', photos: [], intervalSeconds: 10, idleMinutes: 5 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.photos).toBeDefined();
    const id = await photo(a.hotel);
    const fast = await a.hotel.post('/api/records/picture-frames', { name: 'Lobby', photos: [id], intervalSeconds: 1, idleMinutes: 0 });
    expect(fast.status).toBe(422);
    expect(Object.keys(fast.body.errors).sort()).toEqual(['idleMinutes', 'intervalSeconds']);
    const half = await a.hotel.post('/api/records/picture-frames?lang=en-US', { name: 'Lobby', photos: [id], intervalSeconds: 10, idleMinutes: 5, fromTime: '22:00' });
    expect(half.status).toBe(422);
    expect(half.body.errors.toTime).toEqual(['Fill in both times or neither']);
    const badClock = await a.hotel.post('/api/records/picture-frames', { name: 'Lobby', photos: [id], intervalSeconds: 10, idleMinutes: 5, fromTime: '25:00', toTime: '07:00' });
    expect(badClock.body.errors.fromTime).toBeDefined();
    const saved = await a.hotel.post('/api/records/picture-frames', { name: 'Lobby', photos: [id], intervalSeconds: 10, idleMinutes: 5, fromTime: '22:00', toTime: '07:00', enabled: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const second = await a.hotel.post('/api/records/picture-frames?lang=en-US', { name: 'Second', photos: [id], intervalSeconds: 10, idleMinutes: 5 });
    expect(second.status).toBe(422);
    expect(second.body.errors.name).toEqual(['The hotel already has its picture frame; edit it instead']);
    // Emptied on update: refused, nothing written.
    const emptied = await a.hotel.put(`/api/records/picture-frames/${saved.body.data.id}`, { photos: [] });
    expect(emptied.status).toBe(422);
    expect((await a.hotel.get(`/api/records/picture-frames/${saved.body.data.id}`)).body.data.photos).toEqual([id]);
  });

  it('keeps each hotel’s frame and photos its own', async () => {
    const mine = (await a.hotel.get<{ items: { id: number }[] }>('/api/records/picture-frames')).body.data.items;
    expect(mine).toHaveLength(1);
    const frameId = mine[0]!.id;
    for (const other of [a.sibling, b.hotel]) {
      expect((await other.get<{ items: unknown[] }>('/api/records/picture-frames')).body.data.items).toEqual([]);
      expect((await other.get(`/api/records/picture-frames/${frameId}`)).status).toBe(404);
      const full = { name: 'Taken', photos: [await photo(other)], intervalSeconds: 20, idleMinutes: 5 };
      expect((await other.put(`/api/records/picture-frames/${frameId}`, full)).status).toBe(404);
      expect((await other.delete(`/api/records/picture-frames/${frameId}`)).status).toBe(404);
    }
    // Another hotel cannot use hotel a's photo in its own frame.
    const theirs = (await a.hotel.get<{ photos: string[] }>(`/api/records/picture-frames/${frameId}`)).body.data.photos[0]!;
    const borrowed = await b.hotel.post('/api/records/picture-frames', { name: 'Borrowed', photos: [theirs], intervalSeconds: 10, idleMinutes: 5 });
    expect(borrowed.status).toBe(404); // as if the file did not exist
    expect((await b.hotel.get<{ items: unknown[] }>('/api/records/picture-frames')).body.data.items).toEqual([]);
    // Brand users have no hotel-level frame screen.
    expect((await a.brand.get('/api/records/picture-frames')).status).toBe(403);
  });
});

describe('on the TV', () => {
  it('sends the enabled frame with its photos at the TV’s signed addresses; another hotel’s TV gets none and cannot fetch them', async () => {
    const tv = await hotelTv(t, a.hotelIds[0]);
    const part = await configPartOf<PictureFrameConfigPart>(tv, 'pictureFrame');
    expect(part).toMatchObject({ intervalSeconds: 10, idleMinutes: 5, from: '22:00', to: '07:00' });
    expect(part!.photos).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: part!.photos[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    const other = await hotelTv(t, b.hotelIds[0]);
    expect(await configPartOf(other, 'pictureFrame')).toBeUndefined();
    // The address is the terminal's: another terminal id with the same signature is a missing file.
    const forged = part!.photos[0]!.replace(`/pictureframe-files/${tv.terminalId}/`, `/pictureframe-files/${other.terminalId}/`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('shows within the time window, wrapping past midnight', () => {
    expect(inFrameWindow('23:30', '22:00', '07:00')).toBe(true);
    expect(inFrameWindow('06:59', '22:00', '07:00')).toBe(true);
    expect(inFrameWindow('12:00', '22:00', '07:00')).toBe(false);
    expect(inFrameWindow('12:00', '09:00', '17:00')).toBe(true);
    expect(inFrameWindow('12:00', null, null)).toBe(true);
  });
});
