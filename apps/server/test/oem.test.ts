import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { randomMac, randomSn } from './devices-support.js';
import { freshIp, solvedCaptcha, userWith } from './helpers/session.js';
import { hotelBody, unique } from './helpers/tenants.js';
import { Client, clientFor, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';

/** Manufacturers' MAC search, the vendor (OEM) client's sign-in and the hotels' PMS link (docs/tenants.md "OEM"). */

let t: TestApp;
let platform: Client;
let a: Tenant;
/** Two manufacturers, each with two launchers of its own. */
let acme: { id: number; launchers: string[] };
let other: { id: number; launchers: string[] };
/** acme's terminals (one per launcher, the first in a.hotel), other's one, one running no manufacturer's launcher. */
let acmeMacs: string[];
let otherMac: string;
let strayMac: string;

async function manufacturer(name: string): Promise<{ id: number; launchers: string[] }> {
  const customer = await platform.post('/api/records/oem-customer', { name, pinyinKey: `k${unique()}` });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  const launchers = [`la${unique()}`, `lb${unique()}`];
  for (const launcher of launchers) expect((await platform.post('/api/records/oem-launcher', { oemCustomerId: customer.body.data.id, launcher })).status).toBe(200);
  return { id: customer.body.data.id, launchers };
}

async function insertTerminal(launcher: string, hotel?: { brandId: number; hotelId: number }): Promise<string> {
  const mac = randomMac();
  await t.database.db.insert(recordTables.terminal!).values({
    mac,
    sn: randomSn(),
    launcher,
    brandId: hotel?.brandId ?? null,
    hotelId: hotel?.hotelId ?? null,
    authorization: 'authorized',
    registeredAt: new Date().toISOString(),
  });
  return mac;
}

/** A manufacturer account with a known password; signs in through the vendor login. */
async function oemAccount(customerId: number, password = 'start123') {
  const loginName = `oem${unique()}`;
  const created = await platform.post('/api/records/oem-user', { oemCustomerId: customerId, loginName, name: 'Contact', password });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.data.id as number, loginName, password };
}

async function vendorLogin(body: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'en-US') {
  const captcha = 'captcha' in body ? body.captcha : await solvedCaptcha(t);
  return new Client(t.app, undefined, lang).request('POST', '/api/oem/login', { ...body, captcha }, { 'x-forwarded-for': freshIp() });
}

async function vendorClient(account: { loginName: string; password: string }): Promise<Client> {
  const res = await vendorLogin({ loginName: account.loginName, password: account.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Client(t.app, res.body.data.token);
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('MAC');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(client: Client, url: string, bytes: Buffer) {
  const boundary = `----oem${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="macs.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return client.request('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['terminal.read']);
  acme = await manufacturer('Acme TV');
  other = await manufacturer('Other TV');
  acmeMacs = [await insertTerminal(acme.launchers[0]!, { brandId: a.brandId, hotelId: a.hotelIds[0] }), await insertTerminal(acme.launchers[1]!)];
  otherMac = await insertTerminal(other.launchers[0]!);
  strayMac = await insertTerminal(`stray${unique()}`);
});

describe('manufacturer MAC search (platform console)', () => {
  const url = () => `/api/oem/customers/${acme.id}/mac-search`;

  it("counts only the terminals running the manufacturer's launchers; the rest are missing or malformed", async () => {
    const unknown = randomMac();
    const asTyped = acmeMacs[0]!.toLowerCase().replace(/(..)(?!$)/g, '$1:');
    const res = await platform.post(url(), { macs: [asTyped, acmeMacs[1], otherMac, strayMac, unknown, 'not-a-mac'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.customer).toEqual({ id: acme.id, name: 'Acme TV' });
    expect(data.launchers).toEqual([...acme.launchers].sort());
    expect(data.total).toBe(2);
    expect(data.missing.sort()).toEqual([otherMac, strayMac, unknown].sort());
    expect(data.invalid).toEqual(['not-a-mac']);
    expect(data.items.map((r: { mac: string }) => r.mac)).toEqual([...acmeMacs].sort());
    const inHotel = data.items.find((r: { mac: string }) => r.mac === acmeMacs[0]);
    expect(inHotel).toMatchObject({ launcher: acme.launchers[0], online: false, authorization: 'authorized' });
    expect(inHotel.hotelName).toMatch(/^Hotel 0 /);
    expect(Object.keys(inHotel).sort()).toEqual(['authorization', 'hotelName', 'hotelPublicId', 'id', 'lastSeenAt', 'launcher', 'mac', 'online', 'sn']);

    const second = await platform.post(url(), { macs: acmeMacs, page: 2, pagesize: 1 });
    expect(second.body.data).toMatchObject({ total: 2, page: 2, pagesize: 1, missing: [] });
    expect(second.body.data.items.map((r: { mac: string }) => r.mac)).toEqual([[...acmeMacs].sort()[1]]);
  });

  it('finds nothing for a manufacturer without launchers', async () => {
    const bare = await platform.post('/api/records/oem-customer', { name: 'Bare TV', pinyinKey: `b${unique()}` });
    const res = await platform.post(`/api/oem/customers/${bare.body.data.id}/mac-search`, { macs: [...acmeMacs, strayMac] });
    expect(res.body.data).toMatchObject({ launchers: [], total: 0, items: [] });
    expect(res.body.data.missing.sort()).toEqual([...acmeMacs, strayMac].sort());
  });

  it('refuses more than 20000 MACs with the message on the field, in both languages', async () => {
    const macs = Array.from({ length: 20_001 }, (_, i) => `AB${String(i).padStart(10, '0')}`);
    const res = await platform.post(url(), { macs });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ macs: ['A manufacturer MAC search takes at most 20000 MACs'] });
    expect((await platform.withLang('zh-CN').post(url(), { macs })).body.errors).toEqual({ macs: ['厂商MAC查询每次最多20000个MAC'] });
    // Exactly the limit is a search.
    expect((await platform.post(url(), { macs: macs.slice(1) })).body.data).toMatchObject({ total: 0 });
  });

  it('reads the MACs of an .xlsx (a header row is skipped)', async () => {
    const res = await upload(platform, `${url()}/excel?pagesize=10`, await xlsx([['MAC'], [acmeMacs[0]!], [otherMac], ['bad']]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, missing: [otherMac], invalid: ['bad'], macs: [acmeMacs[0], otherMac] });
  });

  it('is for platform users with the manufacturer read permission; brand and hotel users get 403, an unknown manufacturer 404', async () => {
    const body = { macs: acmeMacs };
    expect((await a.brand.post(url(), body)).status).toBe(403);
    expect((await a.hotel.post(url(), body)).status).toBe(403);
    expect((await upload(a.brand, `${url()}/excel`, await xlsx([[acmeMacs[0]!]]))).status).toBe(403);
    const withoutRight = await clientFor(t, await createUser(t.database.db, { userType: 1, permissions: ['terminal.read'] }));
    expect((await withoutRight.post(url(), body)).status).toBe(403);
    const reader = await clientFor(t, await createUser(t.database.db, { userType: 1, permissions: ['oemCustomer.read'] }));
    expect((await reader.post(url(), body)).body.data.total).toBe(2);
    expect((await platform.post('/api/oem/customers/99999999/mac-search', body)).status).toBe(404);
  });
});

describe('vendor (OEM) client sign-in', () => {
  it('signs a manufacturer account in; the token reads its user info and searches its own terminals only', async () => {
    const account = await oemAccount(acme.id);
    const res = await vendorLogin({ loginName: account.loginName.toUpperCase(), password: account.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(Date.now());
    expect(res.body.data.user).toMatchObject({ id: account.id, loginName: account.loginName, customer: { id: acme.id, name: 'Acme TV' } });
    const vendor = new Client(t.app, res.body.data.token);

    const info = await vendor.get('/api/oem/userinfo');
    expect(info.body.data).toMatchObject({ id: account.id, name: 'Contact', customer: { id: acme.id }, launchers: [...acme.launchers].sort() });

    const search = await vendor.post('/api/oem/mac-search', { macs: [...acmeMacs, otherMac] });
    expect(search.body.data).toMatchObject({ total: 2, missing: [otherMac] });
    // The other manufacturer's account finds its terminal and none of acme's.
    const rival = await vendorClient(await oemAccount(other.id));
    expect((await rival.post('/api/oem/mac-search', { macs: [...acmeMacs, otherMac] })).body.data).toMatchObject({ total: 1, missing: [...acmeMacs] });
    // The search names no manufacturer: another one's id is not a parameter it takes.
    expect((await vendor.post('/api/oem/mac-search', { macs: acmeMacs, customerId: other.id })).status).toBe(422);
    const over = await vendor.post('/api/oem/mac-search', { macs: Array.from({ length: 20_001 }, () => 'AABBCCDDEEFF') });
    expect(over.body.errors).toEqual({ macs: ['A manufacturer MAC search takes at most 20000 MACs'] });
  });

  it('refuses a wrong password, a missing captcha, a disabled account and a disabled manufacturer', async () => {
    const account = await oemAccount(acme.id);
    const wrong = await vendorLogin({ loginName: account.loginName, password: 'wrong123' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errmsg).toBe('Incorrect user name or password');
    expect((await vendorLogin({ loginName: `nobody${unique()}`, password: 'start123' })).body.errkey).toBe('error.badCredentials');
    const noCaptcha = await vendorLogin({ loginName: account.loginName, password: account.password, captcha: undefined });
    expect(noCaptcha.status).toBe(422);
    expect(Object.keys(noCaptcha.body.errors)).toEqual(['captcha']);
    const empty = await vendorLogin({ loginName: '', password: '' });
    expect(Object.keys(empty.body.errors).sort()).toEqual(['loginName', 'password']);

    expect((await platform.put(`/api/records/oem-user/${account.id}`, { oemCustomerId: acme.id, loginName: account.loginName, name: 'Contact', enabled: false })).status).toBe(200);
    const disabled = await vendorLogin({ loginName: account.loginName, password: account.password });
    expect(disabled.status).toBe(403);
    expect(disabled.body.errkey).toBe('auth.accountDisabled');

    const maker = await manufacturer('Paused TV');
    const paused = await oemAccount(maker.id);
    const session = await vendorClient(paused);
    expect((await platform.put(`/api/records/oem-customer/${maker.id}`, { name: 'Paused TV', pinyinKey: `p${unique()}`, enabled: false })).status).toBe(200);
    // A session of a manufacturer disabled since ends with it.
    expect((await session.get('/api/oem/userinfo')).status).toBe(401);
    const refused = await vendorLogin({ loginName: paused.loginName, password: paused.password }, 'zh-CN');
    expect(refused.status).toBe(403);
    expect(refused.body.errmsg).toBe('该厂商已停用，其账号不能登录');
  });

  it('throttles repeated failures like the console login', async () => {
    const account = await oemAccount(acme.id);
    const ip = freshIp();
    const attempt = async () =>
      new Client(t.app).request('POST', '/api/oem/login', { loginName: account.loginName, password: 'wrong123', captcha: await solvedCaptcha(t) }, { 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(422);
    const locked = await attempt();
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('ends the session on logout and on a new password; console and vendor tokens do not cross', async () => {
    const account = await oemAccount(acme.id);
    const vendor = await vendorClient(account);
    expect((await vendor.get('/api/admin/userinfo')).status).toBe(401);
    expect((await platform.get('/api/oem/userinfo')).status).toBe(401);
    expect((await new Client(t.app).get('/api/oem/userinfo')).status).toBe(401);
    expect((await vendor.post('/api/oem/customers/1/mac-search', { macs: acmeMacs })).status).toBe(401);

    expect((await vendor.post('/api/oem/logout')).status).toBe(200);
    expect((await vendor.get('/api/oem/userinfo')).status).toBe(401);

    const again = await vendorClient(account);
    expect((await platform.put(`/api/records/oem-user/${account.id}`, { oemCustomerId: acme.id, loginName: account.loginName, name: 'Contact', password: 'renewed123' })).status).toBe(200);
    expect((await again.get('/api/oem/userinfo')).status).toBe(401);
    expect((await vendorLogin({ loginName: account.loginName, password: 'renewed123' })).status).toBe(200);
  });
});

describe('hotel ↔ PMS vendor', () => {
  it('links a hotel to a PMS vendor, lists and filters by it, and keeps a vendor in use from deletion', async () => {
    const vendor = await platform.post('/api/records/pms-vendor', { name: 'Opera', key: `op${unique()}` });
    const spare = await platform.post('/api/records/pms-vendor', { name: 'Spare', key: `sp${unique()}` });
    const hotel = await platform.post('/api/records/hotel', hotelBody({ brandId: a.brandId, pmsVendorId: vendor.body.data.id }));
    expect(hotel.status, JSON.stringify(hotel.body)).toBe(200);
    expect(hotel.body.data).toMatchObject({ pmsVendorId: vendor.body.data.id, pmsVendorIdTitle: 'Opera' });

    const filtered = await platform.get(`/api/records/hotel?pmsVendorId=${vendor.body.data.id}`);
    expect(filtered.body.data.items.map((r: { id: number }) => r.id)).toEqual([hotel.body.data.id]);
    expect((await platform.get(`/api/records/hotel?pmsVendorId=${spare.body.data.id}`)).body.data.total).toBe(0);

    const inUse = await platform.delete(`/api/records/pms-vendor/${vendor.body.data.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.errmsg).toBe('This PMS vendor is used by Hotel and cannot be deleted');

    // The brand reads the link and saves its hotel form with it unchanged; changing it is the platform's.
    const id = hotel.body.data.id as number;
    const seen = await a.brand.get(`/api/records/hotel/${id}`);
    expect(seen.body.data).toMatchObject({ pmsVendorIdTitle: 'Opera' });
    const form = { ...hotelBody({ name: seen.body.data.name }), pmsVendorId: vendor.body.data.id };
    expect((await a.brand.put(`/api/records/hotel/${id}`, form)).status).toBe(200);
    const cleared = await a.brand.put(`/api/records/hotel/${id}`, { ...form, pmsVendorId: null });
    expect(cleared.status).toBe(422);
    expect(cleared.body.errors).toEqual({ pmsVendorId: ["Only the platform sets a hotel's PMS vendor"] });
    // A vendor none of its hotels uses is outside the brand's reach.
    expect((await a.brand.put(`/api/records/hotel/${id}`, { ...form, pmsVendorId: spare.body.data.id })).status).toBe(404);
    expect((await a.brand.post('/api/records/hotel', hotelBody({ pmsVendorId: vendor.body.data.id }))).body.errors).toEqual({ pmsVendorId: ["Only the platform sets a hotel's PMS vendor"] });
    expect((await a.brand.get('/api/records/pms-vendor/options')).status).toBe(403);

    expect((await platform.put(`/api/records/hotel/${id}`, { ...form, pmsVendorId: spare.body.data.id })).body.data).toMatchObject({ pmsVendorIdTitle: 'Spare' });
    expect((await platform.delete(`/api/records/pms-vendor/${vendor.body.data.id}`)).status).toBe(200);
    await platform.delete(`/api/records/hotel/${id}`);
    expect((await platform.delete(`/api/records/pms-vendor/${spare.body.data.id}`)).status).toBe(200);
  });

  it('answers a foreign or unknown vendor id as not found', async () => {
    const { client } = await userWith(t, { userType: 2, brandId: a.brandId, isSuper: true });
    expect((await client.post('/api/records/hotel', hotelBody({ pmsVendorId: 99999999 }))).status).toBe(404);
    expect((await platform.post('/api/records/hotel', hotelBody({ brandId: a.brandId, pmsVendorId: 99999999 }))).status).toBe(404);
  });
});
