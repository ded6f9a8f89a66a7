import { createHmac, createPublicKey, verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let tenant: Tenant;
let other: Tenant;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function createLicence(hotelId: number, body: Record<string, unknown> = {}) {
  const res = await platform.post('/api/records/licences', { hotelId, type: 'formal', terminalLimit: 1, effectiveOn: day(-10), expiresOn: day(30), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; licenceKey: string; status: string };
}

async function download(id: number, client = platform) {
  const res = await client.request('POST', '/api/admin/machine/download_encrypted_file', { id });
  return { status: res.status, file: res.status === 200 ? (JSON.parse(res.raw.body) as { format: string; algorithm: string; payload: string; signature: string }) : null, res };
}

async function authorizedTv(hotelId: number): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId) });
  const res = await platform.post('/api/terminals/authorize', { ids: [tv.terminalId] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tv;
}

const licenceOf = async (tv: Tv) => (await tv.device.get('/api/device/v1/config')).body.data.licence;

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  tenant = await createTenant(t, ['terminal.read', 'hotelAuth.read']);
  other = await createTenant(t, ['terminal.read', 'hotelAuth.read']);
});

describe('licences (console)', () => {
  it('draws a key, starts enabled with the new encryption, and refuses an expiry before the effective date', async () => {
    const a = await createLicence(tenant.hotelIds[1]);
    expect(a.licenceKey).toMatch(/^LIC-([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}$/);
    expect(a).toMatchObject({ status: 'enabled', encryption: 'new' });
    const wrong = await platform.post('/api/records/licences', { hotelId: tenant.hotelIds[1], terminalLimit: 5, effectiveOn: day(5), expiresOn: day(1) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.expiresOn).toEqual(['The expiry date cannot be before the effective date']);
    const missing = await platform.post('/api/records/licences', { hotelId: tenant.hotelIds[1], terminalLimit: 0 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['effectiveOn', 'expiresOn', 'terminalLimit']);
    const later = await platform.put(`/api/records/licences/${a.id}`, { effectiveOn: day(60) });
    expect(later.status).toBe(422);
    expect(later.body.errors.expiresOn).toBeDefined();
  });

  it('signs the licence file with the server key: it verifies offline with the public key, and a changed payload does not', async () => {
    const licence = await createLicence(tenant.hotelIds[1], { terminalLimit: 7, type: 'trial' });
    const { status, file, res } = await download(licence.id);
    expect(status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(`${licence.licenceKey}.lic`);
    expect(file).toMatchObject({ format: 'htv-licence/1', algorithm: 'Ed25519' });
    const key = await platform.get('/api/licences/public-key');
    const publicKey = createPublicKey(key.body.data.publicKey);
    const payload = Buffer.from(file!.payload, 'base64url');
    expect(verify(null, payload, publicKey, Buffer.from(file!.signature, 'base64url'))).toBe(true);
    expect(JSON.parse(payload.toString())).toMatchObject({ key: licence.licenceKey, type: 'trial', terminalLimit: 7, expiresOn: day(30), hotel: { publicId: expect.any(String) } });
    const forged = Buffer.from(payload.toString().replace('"terminalLimit":7', '"terminalLimit":700'));
    expect(verify(null, forged, publicKey, Buffer.from(file!.signature, 'base64url'))).toBe(false);
  });

  it('gives the old encryption an HMAC file that the public key does not verify', async () => {
    const licence = await createLicence(tenant.hotelIds[1], { encryption: 'old' });
    const { file } = await download(licence.id);
    expect(file!.algorithm).toBe('HMAC-SHA256');
    const payload = Buffer.from(file!.payload, 'base64url');
    const key = createPublicKey((await platform.get('/api/licences/public-key')).body.data.publicKey);
    expect(verify(null, payload, key, Buffer.from(file!.signature, 'base64url'))).toBe(false);
    const expected = createHmac('sha256', createHmac('sha256', t.config.secrets.signingKey).update('licence-file-hmac').digest()).update(payload).digest('base64url');
    expect(file!.signature).toBe(expected);
  });

  it('is for platform users only; a missing licence is a 404', async () => {
    const licence = await createLicence(tenant.hotelIds[1]);
    for (const client of [tenant.brand, tenant.hotel]) {
      expect((await client.get('/api/records/licences')).status).toBe(403);
      expect((await client.get(`/api/records/licences/${licence.id}`)).status).toBe(403);
      expect((await client.post('/api/records/licences/' + licence.id + '/actions/disable')).status).toBe(403);
      expect((await download(licence.id, client)).status).toBe(403);
      expect((await client.get('/api/licences/public-key')).status).toBe(403);
    }
    expect((await download(999_999_999)).status).toBe(404);
  });
});

describe('licences on the TV', () => {
  it('leaves the part out for a hotel without licences', async () => {
    const tv = await authorizedTv(other.hotelIds[1]);
    expect(await licenceOf(tv)).toBeUndefined();
  });

  it('tells the TVs past the terminal limit, in authorization order, and lets them in when the limit grows', async () => {
    const hotelId = tenant.hotelIds[0];
    const first = await authorizedTv(hotelId);
    const second = await authorizedTv(hotelId);
    const licence = await createLicence(hotelId, { terminalLimit: 1 });
    const mine = await licenceOf(first);
    expect(mine).toMatchObject({ state: 'valid', key: licence.licenceKey, terminalLimit: 1, expiresOn: day(30), file: { algorithm: 'Ed25519' } });
    const over = await licenceOf(second);
    expect(over).toMatchObject({ state: 'overLimit', message: "The hotel's terminals exceed its licence limit of 1; this TV cannot be used, please contact the administrator" });
    // The file the TV carries verifies with the public key.
    const key = createPublicKey((await platform.get('/api/licences/public-key')).body.data.publicKey);
    expect(verify(null, Buffer.from(mine.file.payload, 'base64url'), key, Buffer.from(mine.file.signature, 'base64url'))).toBe(true);

    // A second licence adds its terminals: both TVs are within.
    const stamp = (await second.device.post('/api/device/v1/heartbeat', {})).body.data.config;
    await createLicence(hotelId, { terminalLimit: 1 });
    expect((await second.device.post('/api/device/v1/heartbeat', {})).body.data.config).not.toBe(stamp);
    expect(await licenceOf(second)).toMatchObject({ state: 'valid', terminalLimit: 2 });
  });

  it('tells the TVs when the licences expired, are disabled, or are not in effect yet', async () => {
    const hotelId = other.hotelIds[0];
    const tv = await authorizedTv(hotelId);
    const expired = await createLicence(hotelId, { terminalLimit: 10, effectiveOn: day(-60), expiresOn: day(-1) });
    expect(await licenceOf(tv)).toMatchObject({ state: 'expired', message: "The hotel's licence has expired; please contact the administrator to renew it" });
    await platform.post(`/api/records/licences/${expired.id}/actions/disable`);
    expect((await licenceOf(tv)).state).toBe('disabled');
    await createLicence(hotelId, { terminalLimit: 10, effectiveOn: day(3), expiresOn: day(90) });
    expect((await licenceOf(tv)).state).toBe('notYetValid');
    const zh = new Client(t.app, tv.token, 'zh-CN');
    expect((await zh.get('/api/device/v1/config')).body.data.licence.message).toBe('酒店许可证尚未生效');
  });
});

describe('the hotel authorization page', () => {
  it("shows the hotel its own licences, the limit in force and the terminals in use; never another hotel's", async () => {
    const hotelId = tenant.hotelIds[0];
    const res = await tenant.hotel.get('/api/hotel-auth/info');
    expect(res.status).toBe(200);
    const info = res.body.data;
    expect(info).toMatchObject({ state: 'valid', limit: 2, used: 2, overLimit: 0 });
    expect(info.licences.length).toBe(2);
    expect(info.licences.every((l: { inForce: boolean }) => l.inForce)).toBe(true);
    // The sibling hotel of the same brand has only its own licences (created in tests above).
    const sibling = (await tenant.sibling.get('/api/hotel-auth/info')).body.data;
    const ownKeys = new Set(info.licences.map((l: { key: string }) => l.key));
    expect(sibling.licences.some((l: { key: string }) => ownKeys.has(l.key))).toBe(false);
    const unlicensed = (await other.sibling.get('/api/hotel-auth/info')).body.data;
    expect(unlicensed).toMatchObject({ state: null, limit: null, licences: [] });
    expect(hotelId).toBeGreaterThan(0);
    for (const client of [platform, tenant.brand]) expect((await client.get('/api/hotel-auth/info')).status).toBe(403);
  });
});
