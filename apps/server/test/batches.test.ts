import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, terminalStateLogs } from '../src/db/schema/index.js';
import { installCodeOf, randomMac, randomSn, registerTv, TV_DEFAULTS } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let anonymous: Client;
let tenant: Tenant;
let other: Tenant;

interface Batch {
  id: number;
  batchNo: string;
  authCode: string;
  registered: number;
  maxTerminals: number;
}

async function createBatch(hotelId: number, maxTerminals: number, extra: Record<string, unknown> = {}): Promise<Batch> {
  const res = await platform.post('/api/records/batch-machines', { hotelId, maxTerminals, remarks: 'Floor 8', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Batch;
}

const batchOf = async (id: number) => (await platform.get(`/api/records/batch-machines/${id}`)).body.data as Batch;

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  anonymous = new Client(t.app);
  tenant = await createTenant(t, ['terminal.read']);
  other = await createTenant(t, ['terminal.read']);
});

describe('batch machines (console)', () => {
  it('draws a batch number and an auth code, and places the batch in the branch and its brand', async () => {
    const a = await createBatch(tenant.hotelIds[0], 5);
    const b = await createBatch(tenant.hotelIds[0], 5);
    expect(a.batchNo).toMatch(/^\d{8}-\d{6}$/);
    expect(a.authCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(a.authCode).not.toBe(b.authCode);
    expect(a).toMatchObject({ registered: 0, maxTerminals: 5 });
    const list = await platform.get(`/api/records/batch-machines?hotelId=${tenant.hotelIds[0]}`);
    const row = (list.body.data.items as Record<string, unknown>[]).find((r) => r.id === a.id)!;
    expect(row.brandId).toBe(tenant.brandId);
    expect(row.hotelIdTitle).toBeTruthy();
    expect(row.brandIdTitle).toBeTruthy();
  });

  it('requires the branch, a numeric maximum and remarks of 2-20 characters; the server keeps its own codes', async () => {
    const missing = await platform.post('/api/records/batch-machines', { maxTerminals: 'x', remarks: 'a' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['maxTerminals', 'remarks']);
    const noHotel = await platform.post('/api/records/batch-machines', { maxTerminals: 3 });
    expect(noHotel.status).toBe(422);
    expect(noHotel.body.errors.hotelId).toBeDefined();
    const long = await platform.post('/api/records/batch-machines', { hotelId: tenant.hotelIds[0], maxTerminals: 3, remarks: 'x'.repeat(21) });
    expect(long.status).toBe(422);
    expect(long.body.errors.remarks).toEqual(['Remarks must be 2-20 characters']);
    const forged = await platform.post('/api/records/batch-machines', { hotelId: tenant.hotelIds[0], maxTerminals: 3, authCode: 'AAAAAAAA', registered: 99 });
    expect(forged.status).toBe(422);
  });

  it('answers the printable sheet: the QR code of the install URL with the install code and the auth code', async () => {
    const batch = await createBatch(tenant.hotelIds[0], 2);
    const res = await platform.get(`/api/batch-machines/${batch.id}/sheet`);
    expect(res.status).toBe(200);
    const installCode = await installCodeOf(t, tenant.hotelIds[0]);
    expect(res.body.data).toMatchObject({ batchNo: batch.batchNo, authCode: batch.authCode, installCode, maxTerminals: 2, registered: 0 });
    const url = new URL(res.body.data.url);
    expect(url.pathname).toBe('/tv/');
    expect(url.searchParams.get('code')).toBe(installCode);
    expect(url.searchParams.get('batch')).toBe(batch.authCode);
    expect(res.body.data.qr).toMatch(/^data:image\/png;base64,/);
    expect((await platform.get('/api/batch-machines/999999999/sheet')).status).toBe(404);
  });

  it('is for platform users only: brand and hotel users get 403 on the records and the sheet', async () => {
    const batch = await createBatch(tenant.hotelIds[0], 2);
    for (const client of [tenant.brand, tenant.hotel]) {
      expect((await client.get('/api/records/batch-machines')).status).toBe(403);
      expect((await client.get(`/api/records/batch-machines/${batch.id}`)).status).toBe(403);
      expect((await client.post('/api/records/batch-machines', { hotelId: tenant.hotelIds[0], maxTerminals: 1 })).status).toBe(403);
      expect((await client.delete(`/api/records/batch-machines/${batch.id}`)).status).toBe(403);
      expect((await client.get(`/api/batch-machines/${batch.id}/sheet`)).status).toBe(403);
    }
  });
});

describe('registration through a batch', () => {
  it('places the TV in the batch hotel and authorizes it up to the maximum; past it the TV registers unauthorized with the reason', async () => {
    const hotelId = other.hotelIds[0];
    const batch = await createBatch(hotelId, 2);
    const installCode = await installCodeOf(t, hotelId);
    const first = await registerTv(t, { installCode, batchCode: batch.authCode.toLowerCase(), roomNumber: '801' });
    const second = await registerTv(t, { installCode, batchCode: batch.authCode });
    for (const tv of [first, second]) expect(tv.body).toMatchObject({ authorization: 'authorized' });
    expect(first.body.reason).toBeUndefined();
    const third = await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), ...TV_DEFAULTS, installCode, batchCode: batch.authCode });
    expect(third.status).toBe(200);
    expect(third.body.data.authorization).toBe('unauthorized');
    expect(third.body.data.reason).toEqual({
      key: 'batches.full',
      message: 'The installation batch has reached its maximum of 2 terminals; this TV is not authorized, please contact the administrator',
    });
    expect((await batchOf(batch.id)).registered).toBe(2);

    // The hotel sees its new terminals; the state history names the batch.
    const seen = await other.hotel.get(`/api/records/terminals?mac=${first.mac}`);
    expect(seen.body.data.items[0]).toMatchObject({ authorization: 'authorized', roomNumber: '801' });
    const states = await t.database.db.select().from(terminalStateLogs).where(eq(terminalStateLogs.terminalId, first.terminalId));
    expect(states.map((s) => [s.state, s.detail])).toContainEqual(['authorized', `batch ${batch.batchNo}`]);

    // The configuration the TV fetches says authorized.
    const config = await first.device.get('/api/device/v1/config');
    expect(config.body.data.authorization.state).toBe('authorized');

    // Raising the maximum lets the next TV in; lowering it below the count is refused.
    const low = await platform.put(`/api/records/batch-machines/${batch.id}`, { maxTerminals: 1 });
    expect(low.status).toBe(422);
    expect(low.body.errors.maxTerminals).toEqual(['The maximum cannot be below the registered terminals (2)']);
    expect((await platform.put(`/api/records/batch-machines/${batch.id}`, { maxTerminals: 3 })).status).toBe(200);
    const fourth = await registerTv(t, { installCode, batchCode: batch.authCode });
    expect(fourth.body).toMatchObject({ authorization: 'authorized' });
  });

  it('answers the reason in Chinese for a Chinese TV', async () => {
    const hotelId = other.hotelIds[1];
    const batch = await createBatch(hotelId, 1);
    const installCode = await installCodeOf(t, hotelId);
    await registerTv(t, { installCode, batchCode: batch.authCode });
    const zh = new Client(t.app, undefined, 'zh-CN');
    const res = await zh.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode, batchCode: batch.authCode });
    expect(res.body.data.reason.message).toBe('该安装批次已达最大终端数（1台），本机未授权，请联系管理员');
  });

  it("refuses a batch code of another hotel, an unknown one, and one without the hotel's install code (422 on the field)", async () => {
    const batch = await createBatch(tenant.hotelIds[0], 5);
    const otherHotelCode = await installCodeOf(t, tenant.hotelIds[1]);
    const wrongHotel = await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode: otherHotelCode, batchCode: batch.authCode });
    expect(wrongHotel.status).toBe(422);
    expect(wrongHotel.body.errors.batchCode).toEqual(['The batch auth code is not valid']);
    const unknown = await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode: otherHotelCode, batchCode: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(422);
    const alone = await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), batchCode: batch.authCode });
    expect(alone.status).toBe(422);
    expect(alone.body.errors.installCode).toEqual(["A batch auth code goes with the hotel's install code"]);
    expect((await batchOf(batch.id)).registered).toBe(0);
  });

  it("keeps the brand's terminal limit: a batch with room does not authorize past it", async () => {
    const brandTenant = await createTenant(t, []);
    await t.database.db.update(brands).set({ terminalLimit: 1 }).where(eq(brands.id, brandTenant.brandId));
    const batch = await createBatch(brandTenant.hotelIds[0], 5);
    const installCode = await installCodeOf(t, brandTenant.hotelIds[0]);
    expect((await registerTv(t, { installCode, batchCode: batch.authCode })).body.authorization).toBe('authorized');
    const over = await registerTv(t, { installCode, batchCode: batch.authCode });
    expect(over.body).toMatchObject({ authorization: 'unauthorized', reason: { key: 'batches.brandLimit' } });
    expect((await batchOf(batch.id)).registered).toBe(1);
  });

  it('counts concurrent registrations one after another: never more authorized than the maximum', async () => {
    const batch = await createBatch(tenant.hotelIds[1], 3);
    const installCode = await installCodeOf(t, tenant.hotelIds[1]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode, batchCode: batch.authCode })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results.filter((r) => r.body.data.authorization === 'authorized')).toHaveLength(3);
    expect((await batchOf(batch.id)).registered).toBe(3);
  });

  it('refuses to delete a batch with registered terminals (409 with the message), and deletes an empty one', async () => {
    const batch = await createBatch(tenant.hotelIds[0], 5);
    const installCode = await installCodeOf(t, tenant.hotelIds[0]);
    const empty = await createBatch(tenant.hotelIds[0], 5);
    await registerTv(t, { installCode, batchCode: batch.authCode });
    const refused = await platform.delete(`/api/records/batch-machines/${batch.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errmsg).toBe('A batch machine with registered terminals cannot be deleted');
    const both = await platform.post('/api/records/batch-machines/batch-delete', { ids: [batch.id, empty.id] });
    expect(both.status).toBe(409);
    expect((await platform.get(`/api/records/batch-machines/${empty.id}`)).status).toBe(200);
    expect((await platform.delete(`/api/records/batch-machines/${empty.id}`)).status).toBe(200);
  });
});
