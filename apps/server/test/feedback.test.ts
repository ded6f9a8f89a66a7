import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { jpeg, multipartBody, png } from './support/images.js';

let t: TestApp;
let platform: Client;
let anonymous: Client;
let tenant: Tenant;
let other: Tenant;

const upload = (client: Client, url: string, data: Buffer, name = 'photo.png') => {
  const { payload, headers } = multipartBody({ name, type: 'image/png', data });
  return client.request('POST', url, payload, headers);
};

/** A TV of the hotel with a room, and the guest page's token its QR code carries. */
async function guestToken(hotelId: number, roomNumber = '808') {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId), roomNumber });
  const qr = await tv.device.get('/api/device/v1/feedback-qr');
  expect(qr.status, JSON.stringify(qr.body)).toBe(200);
  expect(qr.body.data.qr).toMatch(/^data:image\/png;base64,/);
  const url = new URL(qr.body.data.url);
  expect(url.pathname).toBe('/new-frontend/fb/index');
  return { tv, token: url.searchParams.get('token')! };
}

const listOf = async (query = '') => (await platform.get(`/api/records/feedback?pagesize=100${query}`)).body.data.items as Record<string, unknown>[];
const unread = async (client: Client) => (await client.get('/api/message/init')).body.data.unread as { content: string }[];

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  anonymous = new Client(t.app);
  tenant = await createTenant(t, ['feedback.create']);
  other = await createTenant(t, []);
});

describe('feedback from console users', () => {
  it('stores a hotel user’s feedback with its pictures; the platform lists it as submitted', async () => {
    const picture = await upload(tenant.hotel, '/api/files?rule=feedbackImage', png(40, 30));
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    const res = await tenant.hotel.post('/api/fb', { type: 'fault', description: 'The remote does not work', suggestion: 'Send a new one', images: [picture.body.data.id], contact: '13800000000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await listOf()).find((r) => r.id === res.body.data.id)!;
    expect(row).toMatchObject({ type: 'fault', status: 'submitted', source: 'console', hotelId: tenant.hotelIds[0], brandId: tenant.brandId, images: [picture.body.data.id] });
  });

  it('requires the description with the spec message, and refuses pictures that are not feedback pictures of the sender', async () => {
    const empty = await tenant.sibling.post('/api/fb', { type: 'question', description: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.description).toEqual(['Question description can not be empty']);
    const missing = await tenant.sibling.post('/api/fb', { type: 'question' });
    expect(missing.body.errors.description).toEqual(['Question description can not be empty']);
    // Another hotel's picture, and a picture uploaded under another rule, are refused.
    const theirs = await upload(tenant.hotel, '/api/files?rule=feedbackImage', png(10, 10));
    const foreign = await tenant.sibling.post('/api/fb', { description: 'x', images: [theirs.body.data.id] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.images).toEqual(['Please select JPG or PNG pictures within 3M']);
    const tooMany = await tenant.sibling.post('/api/fb', { description: 'x', images: [1, 2, 3, 4].map(() => theirs.body.data.id) });
    expect(tooMany.status).toBe(422);
  });

  it('checks pictures by content: a GIF named .png and a picture over 3 MB are refused', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    expect((await upload(tenant.brand, '/api/files?rule=feedbackImage', gif, 'fake.png')).status).toBe(422);
    const big = jpeg(64, 64, { app1Bytes: 3 * 1024 * 1024 });
    const tooBig = await upload(tenant.brand, '/api/files?rule=feedbackImage', big, 'big.jpg');
    expect(tooBig.status).toBe(422);
    expect(JSON.stringify(tooBig.body.errors)).toContain('3');
  });

  it('refuses frequent submission with the spec message (429)', async () => {
    const first = await tenant.brand.post('/api/fb', { description: 'Brand feedback' });
    expect(first.status).toBe(200);
    const again = await tenant.brand.post('/api/fb', { description: 'Again' });
    expect(again.status).toBe(429);
    expect(again.body.errmsg).toBe('Submitted frequently, please try again later');
    const row = (await listOf()).find((r) => r.id === first.body.data.id)!;
    expect(row).toMatchObject({ brandId: tenant.brandId, hotelId: null });
  });

  it('needs the feedback permission, and is not for platform users', async () => {
    expect((await other.hotel.post('/api/fb', { description: 'x' })).status).toBe(403);
    expect((await platform.post('/api/fb', { description: 'x' })).status).toBe(403);
  });
});

describe('feedback from guests', () => {
  it('binds the page to the TV’s hotel and room by a signed token; pictures and the form go through it', async () => {
    const { token } = await guestToken(other.hotelIds[0]);
    const place = await anonymous.get(`/api/fb/guest?token=${encodeURIComponent(token)}`);
    expect(place.status).toBe(200);
    expect(place.body.data.roomNumber).toBe('808');
    const picture = await upload(anonymous, `/api/fb/guest/images?token=${encodeURIComponent(token)}`, png(20, 20));
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    const sent = await anonymous.post(`/api/fb/guest?token=${encodeURIComponent(token)}`, { type: 'complaint', description: 'Noisy air conditioner', images: [picture.body.data.id], contact: 'room 808' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const row = (await listOf('&source=guest')).find((r) => r.id === sent.body.data.id)!;
    expect(row).toMatchObject({ source: 'guest', roomNumber: '808', hotelId: other.hotelIds[0], status: 'submitted' });
    const again = await anonymous.post(`/api/fb/guest?token=${encodeURIComponent(token)}`, { description: 'Again' });
    expect(again.status).toBe(429);
  });

  it('refuses a forged or changed token, and a token of a TV that left the hotel', async () => {
    const { tv, token } = await guestToken(other.hotelIds[1], '909');
    const [payload, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify([tv.terminalId, tenant.hotelIds[0]])).toString('base64url')}.${mac}`;
    for (const bad of [forged, `${payload}.AAAA`, 'nonsense']) {
      const res = await anonymous.post(`/api/fb/guest?token=${encodeURIComponent(bad)}`, { description: 'x' });
      expect(res.status).toBe(422);
      expect(res.body.errkey).toBe('feedback.badToken');
    }
    // The TV moves to another hotel: its old QR code stops working.
    await registerTv(t, { mac: tv.mac, sn: tv.sn, installCode: await installCodeOf(t, other.hotelIds[0]) });
    expect((await anonymous.get(`/api/fb/guest?token=${encodeURIComponent(token)}`)).status).toBe(422);
  });
});

describe('handling on the platform', () => {
  it('filters by submission time and state, starts handling, handles with a note and tells the sender', async () => {
    const sent = await tenant.sibling.post('/api/fb', { description: 'Please add a channel' });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id as number;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    expect((await listOf(`&submittedAtFrom=${encodeURIComponent(weekAgo)}&status=submitted`)).map((r) => r.id)).toContain(id);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await listOf(`&submittedAtFrom=${encodeURIComponent(future)}`)).map((r) => r.id)).not.toContain(id);

    expect((await platform.post(`/api/records/feedback/${id}/actions/startHandling`)).status).toBe(200);
    const noNote = await platform.post(`/api/feedback/${id}/handle`, { note: ' ' });
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors.note).toEqual(['Please enter a handling note']);
    const handled = await platform.post(`/api/feedback/${id}/handle`, { note: 'Channel added' });
    expect(handled.status).toBe(200);
    expect(handled.body.data).toMatchObject({ status: 'handled', handlingNote: 'Channel added' });
    expect((await unread(tenant.sibling)).map((m) => m.content)).toContainEqual(expect.stringContaining('Channel added'));
    expect((await unread(tenant.hotel)).map((m) => m.content)).not.toContainEqual(expect.stringContaining('Channel added'));
    const twice = await platform.post(`/api/feedback/${id}/ignore`, { note: 'again' });
    expect(twice.status).toBe(409);
  });

  it("ignores a guest's feedback with a note and tells the hotel's users", async () => {
    const { token } = await guestToken(tenant.hotelIds[1], '1201');
    const sent = await anonymous.post(`/api/fb/guest?token=${encodeURIComponent(token)}`, { description: 'Test from a guest' });
    const ignored = await platform.post(`/api/feedback/${sent.body.data.id}/ignore`, { note: 'Duplicate' });
    expect(ignored.body.data.status).toBe('ignored');
    expect((await unread(tenant.sibling)).map((m) => m.content)).toContainEqual(expect.stringContaining('Duplicate'));
  });

  it('is for the platform: brand and hotel users cannot list or handle feedback, not even their own', async () => {
    const sent = await tenant.hotel.withLang('en-US').post('/api/fb', { description: 'Mine' });
    const id = sent.status === 200 ? sent.body.data.id : (await listOf())[0]!.id;
    for (const client of [tenant.brand, tenant.hotel]) {
      expect((await client.get('/api/records/feedback')).status).toBe(403);
      expect((await client.get(`/api/records/feedback/${id}`)).status).toBe(403);
      expect((await client.post(`/api/feedback/${id}/handle`, { note: 'x' })).status).toBe(403);
    }
    expect((await platform.post('/api/feedback/999999999/handle', { note: 'x' })).status).toBe(404);
  });
});
