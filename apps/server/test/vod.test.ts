import type { VodConfigPart } from '@htv/shared/areas/vod/device';
import { translate } from '@htv/shared';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkOut } from '../src/areas/pms/stays.js';
import { applyDueSends } from '../src/areas/vod/library.js';
import { recordTables, roomCharges } from '../src/db/schema/index.js';
import { configPartOf, hotelTv, type Tv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { mp4, multipartBody, png } from './support/images.js';

const HOTEL = ['vodOrder.read', 'vodOrder.refund', 'vodOrder.retry', 'vodHotelSetting.read', 'vodHotelSetting.create', 'vodHotelSetting.update'];

let t: TestApp;
let admin: Client;
let a: Tenant;
let b: Tenant;

async function upload(client: Client, rule: string, name: string, data: Buffer): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return (await client.request('POST', `/api/files?rule=${rule}`, payload, headers)) as ApiResponse<{ id: string }>;
}
const poster = async () => {
  const res = await upload(admin, 'vodPoster', 'p.png', png(20, 30));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
};

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const movie = async (title: string, extra: Record<string, unknown> = {}) =>
  created(admin, 'vod-movie', { title, posterId: await poster(), durationMinutes: 90, price: '12.30', previewMinutes: 2, rentalHours: 24, streamUrl: '/media/test-streams/pattern/index.m3u8', ...extra });

/** A published library of a kind with the films. */
async function library(kind: 'vod-choose' | 'vod-recommend', name: string, movieIds: number[]) {
  const row = await created(admin, kind, { versionId: 'v1', versionName: name, positionKey: 'home', positionName: name, movieIds });
  expect((await admin.post(`/api/records/${kind}/${row.id}/actions/publish`, {})).status).toBe(200);
  return row;
}

const send = (body: Record<string, unknown>) => admin.post('/api/records/vod-send', { name: 's', mode: 'realtime', ...body });

async function roomTv(hotelId: number, room: string): Promise<Tv> {
  const tv = await hotelTv(t, hotelId);
  await t.database.db.update(recordTables.terminal!).set({ roomNumber: room }).where(eq(recordTables.terminal!.id, tv.terminalId));
  t.app.devices.invalidate({ terminalIds: [tv.terminalId] });
  return tv;
}

async function checkIn(tenant: Tenant, hotelIndex: 0 | 1, room: string, noPost = false) {
  const [stay] = await t.database.db
    .insert(recordTables.stay!)
    .values({ brandId: tenant.brandId, hotelId: tenant.hotelIds[hotelIndex], roomNumber: room, guestName: 'Guest', state: 'inHouse', noPost, reservation: `R${room}` })
    .returning();
  return stay as Record<string, any>;
}

const vodOf = (tv: Tv) => configPartOf<VodConfigPart>(tv, 'vod');
const buy = (tv: Tv, movieId: number, requestKey = randomUUID()) => tv.device.post<Record<string, any>>('/api/device/v1/vod/orders?lang=en-US', { movieId, requestKey });

let films: Record<string, any>[];
let chooseAll: Record<string, any>;

beforeAll(async () => {
  t = await testApp();
  admin = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL);
  b = await createTenant(t, HOTEL);
  films = [await movie('一'), await movie('二', { price: 0, titleEn: 'Two' }), await movie('三')];
  chooseAll = await library('vod-choose', 'all', [films[0]!.id, films[1]!.id]);
  expect((await send({ chooseId: chooseAll.id, targetKind: 'all' })).status).toBe(200);
});

describe('the movie pool', () => {
  it('needs a film file or a stream address, not both, and a preview within the film', async () => {
    const base = { title: 'x', posterId: await poster(), durationMinutes: 5, price: 1, rentalHours: 1 };
    const none = await admin.post('/api/records/vod-movie?lang=en-US', base);
    expect(none.status).toBe(422);
    expect(none.body.errors.mediaFileId).toEqual([translate('vod.mediaRequired', 'en-US')]);
    const file = await upload(admin, 'vodVideo', 'f.mp4', mp4(4096));
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    const both = await admin.post('/api/records/vod-movie', { ...base, mediaFileId: file.body.data.id, streamUrl: 'https://cdn.example.com/a.m3u8' });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['streamUrl']);
    expect((await admin.post('/api/records/vod-movie', { ...base, mediaFileId: file.body.data.id, previewMinutes: 6 })).body.errors.previewMinutes).toBeDefined();
    const ok = await created(admin, 'vod-movie', { ...base, mediaFileId: file.body.data.id, price: '19.999' });
    expect(ok.price).toBe(20);
    expect((await admin.post('/api/records/vod-movie', { ...base, streamUrl: 'javascript:alert(1)' })).body.errors.streamUrl).toBeDefined();
  });

  it('checks posters and films by content', async () => {
    expect((await upload(admin, 'vodVideo', 'fake.mp4', png(10, 10))).status).toBe(422);
    expect((await upload(admin, 'vodPoster', 'fake.png', mp4(2048))).status).toBe(422);
  });

  it('is the platform’s: brand and hotel users can neither read nor write it', async () => {
    for (const client of [a.brand, a.hotel]) {
      expect([403, 404]).toContain((await client.get('/api/records/vod-movie')).status);
      expect([403, 404]).toContain((await client.get(`/api/records/vod-movie/${films[0]!.id}`)).status);
      expect([403, 404]).toContain((await client.put(`/api/records/vod-movie/${films[0]!.id}`, { title: 'x' })).status);
      for (const path of ['vod-choose', 'vod-recommend', 'vod-promotion', 'vod-send']) expect([403, 404]).toContain((await client.get(`/api/records/${path}`)).status);
    }
  });
});

describe('libraries', () => {
  it('count their films, are configured once they have one, and publish only then', async () => {
    const fields = { versionId: 'v', versionName: 'empty', positionKey: 'k', positionName: 'n' };
    const empty = await created(admin, 'vod-choose', fields);
    expect([empty.movieCount, empty.configState, empty.publishState]).toEqual([0, 'toConfigure', 'unpublished']);
    const refused = await admin.post(`/api/records/vod-choose/${empty.id}/actions/publish?lang=en-US`, {});
    expect([refused.status, refused.body.errkey]).toEqual([409, 'vod.notConfigured']);
    const bad = await admin.put(`/api/records/vod-choose/${empty.id}`, { ...fields, movieIds: [999_999] });
    expect(bad.body.errors?.movieIds, JSON.stringify(bad.body)).toBeDefined();
    expect((await admin.put(`/api/records/vod-choose/${empty.id}`, { ...fields, movieIds: 'x' })).status).toBe(422);
    const after = (await admin.put(`/api/records/vod-choose/${empty.id}`, { ...fields, movieIds: [films[2]!.id, films[2]!.id, films[0]!.id] })).body.data;
    expect([after.movieIds, after.movieCount, after.configState]).toEqual([[films[2]!.id, films[0]!.id], 2, 'configured']);
    expect((await admin.post(`/api/records/vod-choose/${empty.id}/actions/publish`, {})).status).toBe(200);
    expect((await admin.post(`/api/records/vod-choose/${empty.id}/actions/publish`, {})).status).toBe(409);
  });

  it('send only when published, to a named target', async () => {
    const draft = await created(admin, 'vod-choose', { versionId: 'v', versionName: 'draft', positionKey: 'k', positionName: 'n', movieIds: [films[0]!.id] });
    expect((await send({ chooseId: draft.id, targetKind: 'all' })).body.errors.chooseId).toBeDefined();
    expect((await send({ targetKind: 'all' })).body.errors.chooseId).toBeDefined();
    expect((await send({ chooseId: chooseAll.id, targetKind: 'hotel' })).body.errors.targetHotelId).toBeDefined();
    expect((await send({ chooseId: chooseAll.id, targetKind: 'terminal', mac: 'nope' })).body.errors.mac).toBeDefined();
    expect((await send({ chooseId: chooseAll.id, targetKind: 'all', mode: 'timed' })).body.errors.startAt).toBeDefined();
  });
});

describe('sending', () => {
  it('resolves MAC over hotel over brand over all, each kind on its own, and timed sends from their time', async () => {
    const tv = await roomTv(a.hotelIds[0], '801');
    const other = await roomTv(b.hotelIds[0], '801');
    const ids = (part: VodConfigPart | undefined) => part?.rows.map((row) => [row.kind, row.id]);
    expect(ids(await vodOf(tv))).toEqual([['choose', chooseAll.id]]);
    const brandLib = await library('vod-choose', 'brand', [films[2]!.id]);
    const hotelLib = await library('vod-choose', 'hotel', [films[1]!.id]);
    const macLib = await library('vod-choose', 'mac', [films[0]!.id]);
    const rec = await library('vod-recommend', 'rec', [films[2]!.id]);
    // Sent in the reverse order of their rank: the latest is never what wins here.
    expect((await send({ chooseId: macLib.id, targetKind: 'terminal', mac: tv.mac.toLowerCase() })).status).toBe(200);
    expect((await send({ chooseId: hotelLib.id, targetKind: 'hotel', targetHotelId: a.hotelIds[0] })).status).toBe(200);
    const brandSend = (await send({ chooseId: brandLib.id, recommendId: rec.id, targetKind: 'brand', targetBrandId: a.brandId })).body.data;
    expect(brandSend.state).toBe('sent');
    expect(ids(await vodOf(tv))).toEqual([['recommend', rec.id], ['choose', macLib.id]]);
    const sibling = await roomTv(a.hotelIds[1], '1');
    expect(ids(await vodOf(sibling))).toEqual([['recommend', rec.id], ['choose', brandLib.id]]);
    expect(ids(await vodOf(other))).toEqual([['choose', chooseAll.id]]);
    const sameHotel = await roomTv(a.hotelIds[0], '802');
    expect(ids(await vodOf(sameHotel))).toEqual([['recommend', rec.id], ['choose', hotelLib.id]]);
    // A timed send to the other brand: not yet sent until its time.
    const later = new Date(Date.now() + 2_000).toISOString();
    const timed = (await send({ chooseId: brandLib.id, targetKind: 'brand', targetBrandId: b.brandId, mode: 'timed', startAt: later })).body.data;
    expect(timed.state).toBe('pending');
    expect(ids(await vodOf(other))).toEqual([['choose', chooseAll.id]]);
    expect(await applyDueSends(t.database.db)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(ids(await vodOf(other))).toEqual([['choose', brandLib.id]]);
    expect(await applyDueSends(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await admin.get(`/api/records/vod-send/${timed.id}`)).body.data.state).toBe('sent');
    // Cancelled: the next rank takes over; an unpublished library is not shown.
    expect((await admin.post(`/api/records/vod-send/${timed.id}/actions/cancel`, {})).status).toBe(200);
    expect(ids(await vodOf(other))).toEqual([['choose', chooseAll.id]]);
    expect((await admin.post(`/api/records/vod-choose/${macLib.id}/actions/unpublish`, {})).status).toBe(200);
    expect(ids(await vodOf(tv))).toEqual([['recommend', rec.id], ['choose', hotelLib.id]]);
    // The part names the films at signed addresses; their posters are served to that TV.
    const part = (await vodOf(tv))!;
    expect(part.movies.map((m) => m.id).sort()).toEqual([films[1]!.id, films[2]!.id].sort());
    const poster = part.movies[0]!.poster;
    expect(poster).toMatch(/^\/api\/device\/v1\/vod-files\/\d+\//);
    expect((await tv.device.get(poster)).status).toBe(200);
    expect((await tv.device.get(poster.replace(/[^/]+$/, 'AAAAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
  });

  it('serves an uploaded film by ranges to the TVs it is sent to, and nothing to an unauthorized TV', async () => {
    const file = await upload(admin, 'vodVideo', 'film.mp4', mp4(8192));
    const mp4Film = await movie('MP4', { streamUrl: null, mediaFileId: file.body.data.id });
    const lib = await library('vod-choose', 'mp4', [mp4Film.id]);
    const tv = await roomTv(b.hotelIds[1], '9');
    expect((await send({ chooseId: lib.id, targetKind: 'terminal', mac: tv.mac })).status).toBe(200);
    const url = (await vodOf(tv))!.movies.find((m) => m.id === mp4Film.id)!.url;
    expect(url).toMatch(/^\/api\/device\/v1\/vod-files\//);
    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect([ranged.statusCode, ranged.rawPayload.length]).toEqual([206, 100]);
    const stranger = await hotelTv(t, b.hotelIds[1], false);
    expect(await vodOf(stranger)).toBeUndefined();
  });

  it('previews a hotel’s resolved page for the platform only', async () => {
    const res = await admin.get(`/api/admin/vod/hotel-preview?hotelId=${b.hotelIds[1]}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows.map((row: { id: number }) => row.id)).toEqual([chooseAll.id]);
    expect((await a.hotel.get(`/api/admin/vod/hotel-preview?hotelId=${a.hotelIds[0]}`)).status).toBe(403);
    expect((await admin.get('/api/admin/vod/hotel-preview?hotelId=99999999')).status).toBe(404);
  });
});

describe('buying and orders', () => {
  it('refuses a room without a stay unless the hotel takes payment at the desk', async () => {
    const tv = await roomTv(b.hotelIds[0], '301');
    expect((await vodOf(tv))!.canBuy).toBe(false);
    const refused = await buy(tv, films[0]!.id);
    expect([refused.status, refused.body.errkey]).toEqual([409, 'vod.roomChargeRefused']);
    await created(b.hotel, 'vod-hotel-setting', { unpaid: 'delivery' });
    expect((await vodOf(tv))!.canBuy).toBe(true);
    const placed = await buy(tv, films[0]!.id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect([placed.body.data.state, placed.body.data.payment, placed.body.data.amountMinor]).toEqual(['shipmentComplete', 'delivery', 1230]);
    // Another hotel's setting is its own.
    expect((await a.hotel.get('/api/records/vod-hotel-setting')).body.data.items).toEqual([]);
  });

  it('charges the room once, answers a retried request with the same order, and plays free films for free', async () => {
    const stay = await checkIn(a, 0, '501');
    const tv = await roomTv(a.hotelIds[0], '501');
    const key = randomUUID();
    // This hotel's TVs are offered the hotel's library (film 2) and the brand's recommend library (film 3).
    const [first, again] = [await buy(tv, films[2]!.id, key), await buy(tv, films[2]!.id, key)];
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data.orderId).toBe(first.body.data.orderId);
    expect([first.body.data.state, first.body.data.payment]).toEqual(['shipmentComplete', 'room']);
    const charges = await t.database.db.select().from(roomCharges).where(and(eq(roomCharges.area, 'vod'), eq(roomCharges.orderId, first.body.data.orderId)));
    expect(charges.map((c) => [c.stayId, c.amountMinor, c.reservation])).toEqual([[stay.id, 1230, 'R501']]);
    const free = await buy(tv, films[1]!.id);
    expect([free.body.data.payment, free.body.data.amountMinor]).toEqual(['free', 0]);
    // Not offered to this TV (not in its libraries): unknown.
    const unknown = await buy(tv, films[0]!.id);
    expect([unknown.status, unknown.body.errors?.movieId]).toEqual([422, [translate('vod.movieUnknown', 'en-US')]]);
    const part = (await vodOf(tv))!;
    expect(part.rentals.map((r) => r.movieId).sort()).toEqual([films[2]!.id, films[1]!.id].sort());
    // Another room of the hotel has bought nothing.
    expect((await vodOf(await roomTv(a.hotelIds[0], '502')))!.rentals).toEqual([]);
    // Check-out ends the viewing.
    const receipt = await t.database.db.transaction((tx) => checkOut(tx, stay as never));
    expect(receipt.find((item) => item.area === 'vod')?.count).toBe(2);
    expect((await vodOf(tv))!.rentals).toEqual([]);
  });

  it('moves orders by their states only; refused transitions are catalogue errors', async () => {
    await checkIn(a, 0, '601');
    const tv = await roomTv(a.hotelIds[0], '601');
    const placed = (await buy(tv, films[2]!.id)).body.data;
    const act = (client: Client, action: string) => client.post(`/api/records/vod-order/${placed.orderId}/actions/${action}?lang=en-US`, {});
    const retry = await act(a.hotel, 'retry');
    expect([retry.status, retry.body.errkey]).toEqual([409, 'error.invalidAction']);
    expect((await act(a.hotel, 'refund')).status).toBe(200);
    const twice = await act(a.hotel, 'refund');
    expect([twice.status, twice.body.errkey, twice.body.errmsg]).toEqual([409, 'error.invalidAction', translate('error.invalidAction', 'en-US')]);
    const row = (await a.hotel.get(`/api/records/vod-order/${placed.orderId}`)).body.data;
    expect(row.state).toBe('refunded');
    expect(new Date(row.endsAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await vodOf(tv))!.rentals).toEqual([]);
    // Orders are written by the server only.
    expect([403, 404, 405]).toContain((await a.hotel.post('/api/records/vod-order', { movieId: films[0]!.id })).status);
    expect([403, 404, 405]).toContain((await a.hotel.put(`/api/records/vod-order/${placed.orderId}`, { state: 'shipmentComplete' })).status);
  });

  it('keeps orders to their hotel; the platform sees them all', async () => {
    await checkIn(a, 1, '701');
    const tv = await roomTv(a.hotelIds[1], '701');
    const placed = (await buy(tv, films[2]!.id)).body.data;
    for (const outsider of [a.hotel, b.hotel]) {
      expect((await outsider.get(`/api/records/vod-order/${placed.orderId}`)).status).toBe(404);
      expect((await outsider.post(`/api/records/vod-order/${placed.orderId}/actions/refund`, {})).status).toBe(404);
      const list = (await outsider.get('/api/records/vod-order?pagesize=100')).body.data.items as { id: number; hotelId: number }[];
      expect(list.some((row) => row.id === placed.orderId)).toBe(false);
    }
    expect((await a.sibling.get(`/api/records/vod-order/${placed.orderId}`)).status).toBe(200);
    expect([403, 404]).toContain((await a.brand.get(`/api/records/vod-order/${placed.orderId}`)).status);
    // The newest orders first: this file's, beside whatever other files of the worker left in the database.
    const all = (await admin.get('/api/records/vod-order?pagesize=100')).body.data.items as { id: number; hotelId: number }[];
    const seen = new Set(all.map((row) => row.hotelId));
    for (const hotelId of [a.hotelIds[0], a.hotelIds[1], b.hotelIds[0]]) expect(seen.has(hotelId!), `hotel ${hotelId}`).toBe(true);
    expect(all.some((row) => row.id === placed.orderId)).toBe(true);
    // A hotel's payment setting cannot be read or changed by another hotel.
    const theirs = (await b.hotel.get('/api/records/vod-hotel-setting')).body.data.items[0];
    expect((await a.hotel.get(`/api/records/vod-hotel-setting/${theirs.id}`)).status).toBe(404);
    expect((await a.hotel.put(`/api/records/vod-hotel-setting/${theirs.id}`, { unpaid: 'refuse' })).status).toBe(404);
  });
});
