import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs, recordTables } from '../src/db/schema/index.js';
import { installCodeOf, publicIdOf, randomMac, registerTv, type Tv } from './devices-support.js';
import { Client, clientFor, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';

const PERMISSIONS = ['terminal.read', 'terminal.update', 'terminal.authorize', 'terminal.disable', 'terminal.recover', 'terminal.delete'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
/** a.hotel's terminals, a.sibling's one, b.hotel's one. */
let mine: Tv[];
let siblings: Tv;
let foreign: Tv;

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('MAC');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body with one file field. */
function multipart(name: string, bytes: Buffer, type: string) {
  const boundary = `----htv${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(client: Client, url: string, name: string, bytes: Buffer, type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const { payload, headers } = multipart(name, bytes, type);
  return client.request('POST', url, payload, headers);
}

const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  launcher: 'hotelos',
  clientType: 'android',
  vendor: 'Acme',
  sizes: '55',
  macList: 'AABBCCDDEEFF',
  validFrom: '2025-01-01T00:00:00Z',
  validTo: '2035-01-01T00:00:00Z',
  ...overrides,
});

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
  platform = await createPlatformAdmin(t);
  const codeA = await installCodeOf(t, a.hotelIds[0]);
  mine = [];
  for (let i = 0; i < 3; i++) mine.push(await registerTv(t, { installCode: codeA, roomNumber: `10${i}`, softwareVersion: i === 0 ? '4.0.0' : '3.9.0' }));
  siblings = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[1]) });
  foreign = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[0]) });
});

describe('terminal list (record engine)', () => {
  it('lists a hotel’s terminals with every field, its hotel and last-seen time', async () => {
    const list = await a.hotel.get('/api/records/terminals?pagesize=50');
    expect(list.status).toBe(200);
    const macs = list.body.data.items.map((r: { mac: string }) => r.mac);
    expect(macs.sort()).toEqual(mine.map((tv) => tv.mac).sort());
    const row = list.body.data.items.find((r: { mac: string }) => r.mac === mine[0]!.mac);
    for (const field of ['mac', 'wifiMac', 'sn', 'group', 'softwareVersion', 'otaVersion', 'controlVersion', 'launcher', 'region', 'city', 'sceneMode', 'roomNumber', 'ip', 'clientType', 'online', 'authorization', 'disabledTip', 'tags', 'guest']) {
      expect(row, field).toHaveProperty(field);
    }
    expect(row).toMatchObject({ hotelId: a.hotelIds[0], hotelPublicId: await publicIdOf(t, a.hotelIds[0]), hotelName: expect.stringMatching(/^Hotel 0/), authorization: 'unauthorized', online: false, lastSeenAt: null, sceneMode: 'hotel' });
    expect(row).not.toHaveProperty('createdBy');
  });

  it('filters by hotel, online, authorization, version (exact), launcher, client type, scene mode and tags', async () => {
    await mine[1]!.device.post('/api/device/v1/heartbeat', {});
    await t.app.devices.heartbeats.flush();
    const ids = async (client: Client, query: string) => (await client.get(`/api/records/terminals?pagesize=200&${query}`)).body.data.items.map((r: { mac: string }) => r.mac).sort();
    expect(await ids(a.brand, `hotelId=${a.hotelIds[1]}`)).toEqual([siblings.mac]);
    expect(await ids(a.hotel, 'online=true')).toEqual([mine[1]!.mac]);
    expect(await ids(a.hotel, 'softwareVersion=4.0.0')).toEqual([mine[0]!.mac]);
    // Exact match: a version prefix finds nothing.
    expect(await ids(a.hotel, 'softwareVersion=4.0')).toEqual([]);
    expect((await ids(a.hotel, 'launcher=hotelos&clientType=android&sceneMode=hotel')).length).toBe(3);
    await a.hotel.post('/api/terminals/authorize', { macs: [mine[2]!.mac] });
    expect(await ids(a.hotel, 'authorization=authorized')).toEqual([mine[2]!.mac]);
    const row = (await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${mine[2]!.mac}`)).body.data;
    const edited = await a.hotel.put(`/api/records/terminals/${row.id}`, { group: 'Floor 1', tags: 'vip,suite', guest: 'Mr Li', roomNumber: '102', sceneMode: 'office' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ group: 'Floor 1', tags: 'vip,suite', sceneMode: 'office', mac: mine[2]!.mac });
    expect(await ids(a.hotel, 'tags=suite')).toEqual([mine[2]!.mac]);
    expect(await ids(a.hotel, 'sceneMode=office')).toEqual([mine[2]!.mac]);
    // Device-reported fields cannot be written from the console.
    expect((await a.hotel.put(`/api/records/terminals/${row.id}`, { mac: 'AAAAAAAAAAAA', sceneMode: 'hotel' })).status).toBe(422);
  });

  it('offers the distinct versions, launchers and client types inside the caller’s reach', async () => {
    const options = await a.hotel.get('/api/terminals/filter-options');
    expect(options.body.data).toMatchObject({ softwareVersion: ['3.9.0', '4.0.0'], launcher: ['hotelos'], clientType: ['android'] });
    const all = await platform.get('/api/terminals/filter-options');
    expect(all.body.data.softwareVersion).toEqual(expect.arrayContaining(['3.9.0', '4.0.0']));
  });

  it('refuses creating terminals by hand', async () => {
    const res = await platform.post('/api/records/terminals', { group: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.errmsg).toBe('Terminals are added when a TV registers, not by hand');
  });
});

describe('terminal tenant isolation', () => {
  it('never shows another hotel’s MAC: 404 on detail, heartbeats and boot records; absent from lists and searches', async () => {
    for (const client of [a.hotel, a.sibling, a.brand]) {
      expect((await client.get(`/api/admin/terminal/get_terminal_info?mac=${foreign.mac}`)).status).toBe(404);
      expect((await client.get(`/api/terminals/heartbeats?mac=${foreign.mac}`)).status).toBe(404);
      expect((await client.get(`/api/admin/terminal/tv_open_record?mac=${foreign.mac}`)).status).toBe(404);
      const list = await client.get('/api/records/terminals?pagesize=200');
      expect(list.body.data.items.map((r: { mac: string }) => r.mac)).not.toContain(foreign.mac);
      expect((await client.get(`/api/records/terminals?mac=${foreign.mac}`)).body.data.total).toBe(0);
      const search = await client.post('/api/terminals/search_macs', { macs: [foreign.mac] });
      expect(search.body.data).toMatchObject({ items: [], missing: [foreign.mac] });
      expect((await client.post('/api/terminals/disable', { macs: [foreign.mac] })).body.data).toMatchObject({ updated: 0, missing: [foreign.mac] });
      expect((await client.post('/api/admin/terminal/unbind_device', { mac: foreign.mac })).status).toBe(404);
    }
    const row = (await b.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${foreign.mac}`)).body.data;
    expect((await a.hotel.get(`/api/records/terminals/${row.id}`)).status).toBe(404);
    expect((await a.hotel.post('/api/terminals/authorize', { ids: [row.id] })).status).toBe(404);
    expect((await a.hotel.post(`/api/records/terminals/${row.id}/actions/authorize`)).status).toBe(404);
    // Siblings are apart; the brand sees both of its hotels.
    expect((await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${siblings.mac}`)).status).toBe(404);
    expect((await a.brand.get(`/api/admin/terminal/get_terminal_info?mac=${siblings.mac}`)).status).toBe(200);
    expect((await platform.get(`/api/admin/terminal/get_terminal_info?mac=${foreign.mac}`)).status).toBe(200);
    expect((await b.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${foreign.mac}`)).body.data.mac).toBe(foreign.mac);
  });

  it('needs the permissions: read-only users cannot act', async () => {
    const readOnly = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: ['terminal.read'] }));
    expect((await readOnly.get(`/api/admin/terminal/get_terminal_info?mac=${mine[0]!.mac}`)).status).toBe(200);
    expect((await readOnly.post('/api/terminals/authorize', { macs: [mine[0]!.mac] })).status).toBe(403);
    expect((await readOnly.post('/api/web/hotel_terminal/unbind', { mac: mine[0]!.mac })).status).toBe(403);
    expect((await new Client(t.app).get(`/api/admin/terminal/get_terminal_info?mac=${mine[0]!.mac}`)).status).toBe(401);
  });
});

describe('terminal authorization actions', () => {
  it('authorizes, disables with a tip and recovers, single and batch, with state history and operation log', async () => {
    const [x, y] = [await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) }), await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) })];
    const info = async (tv: Tv) => (await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).body.data;
    const xid = (await info(x)).id;
    // Single through the engine's state action.
    const single = await a.hotel.post(`/api/records/terminals/${xid}/actions/authorize`);
    expect(single.body.data).toMatchObject({ authorization: 'authorized', disabledTip: null });
    expect((await info(x)).authorizedAt).not.toBeNull();
    expect((await a.hotel.post(`/api/records/terminals/${xid}/actions/recover`)).status).toBe(409);
    // Batch by ids: the one already authorized is skipped.
    const batch = await a.hotel.post('/api/terminals/authorize', { ids: [xid, (await info(y)).id] });
    expect(batch.body.data).toEqual({ updated: 1, skipped: 1, missing: [] });
    const disabled = await a.hotel.post('/api/terminals/disable', { macs: [x.mac, y.mac, 'ffffffffffff'], tip: 'Checked out: please contact reception' });
    expect(disabled.body.data).toEqual({ updated: 2, skipped: 0, missing: ['FFFFFFFFFFFF'] });
    expect(await info(y)).toMatchObject({ authorization: 'disabled', disabledTip: 'Checked out: please contact reception' });
    const tooLong = await a.hotel.post('/api/terminals/disable', { macs: [x.mac], tip: 'x'.repeat(201) });
    expect(tooLong.status).toBe(422);
    const recovered = await a.hotel.post('/api/terminals/recover', { macs: [x.mac, y.mac] });
    expect(recovered.body.data).toEqual({ updated: 2, skipped: 0, missing: [] });
    expect(await info(y)).toMatchObject({ authorization: 'authorized', disabledTip: null });
    const ops = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordType, 'terminal'), eq(operationLogs.recordId, String(xid))))
      .orderBy(operationLogs.id);
    expect(ops.map((o) => o.action)).toEqual(['authorize', 'disable', 'recover']);
    const logs = await a.hotel.get(`/api/terminals/state-logs?mac=${x.mac}`);
    expect(logs.body.data.items.map((r: { state: string }) => r.state).slice(0, 3)).toEqual(['recovered', 'disabled', 'authorized']);
    // Neither ids nor macs, or both: 422.
    expect((await a.hotel.post('/api/terminals/authorize', {})).status).toBe(422);
  });

  it('caps batch actions at 20000 terminals', async () => {
    const macs = Array.from({ length: 20_001 }, (_, i) => i.toString(16).padStart(12, '0'));
    const res = await a.hotel.post('/api/terminals/disable', { macs });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ ids: ['At most 20000 terminals per operation'] });
  });
});

describe('batch MAC search', () => {
  it('finds up to 20000 MACs inside the caller’s reach and reports the missing and malformed', async () => {
    const filler = Array.from({ length: 19_996 }, () => randomMac());
    const res = await a.hotel.post('/api/terminals/search_macs', { macs: [mine[0]!.mac.toLowerCase(), `${mine[1]!.mac.slice(0, 2)}:${mine[1]!.mac.slice(2)}`, foreign.mac, 'bogus', ...filler] });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((r: { mac: string }) => r.mac).sort()).toEqual([mine[0]!.mac, mine[1]!.mac].sort());
    expect(res.body.data.items[0]).toHaveProperty('hotelName');
    expect(res.body.data.missing).toContain(foreign.mac);
    expect(res.body.data.missing).toHaveLength(19_997);
    expect(res.body.data.invalid).toEqual(['bogus']);
    expect(res.body.data).toMatchObject({ total: 2, page: 1, pagesize: 100 });
    // Found terminals come a page at a time; the missing list is always complete.
    const paged = await a.hotel.post('/api/terminals/search_macs', { macs: mine.map((tv) => tv.mac), page: 2, pagesize: 2 });
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pagesize: 2, missing: [] });
    expect(paged.body.data.items.map((r: { mac: string }) => r.mac)).toEqual([mine.map((tv) => tv.mac).sort()[2]]);
  });

  it('refuses more than 20000 MACs with the specification’s message', async () => {
    const macs = Array.from({ length: 20_001 }, (_, i) => i.toString(16).padStart(12, '0'));
    const res = await a.hotel.post('/api/terminals/search_macs', { macs });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ macs: ['At most 20000 MACs per search'] });
    const zh = await a.hotel.withLang('zh-CN').post('/api/terminals/search_macs', { macs });
    expect(zh.body.errors).toEqual({ macs: ['每次最多查询20000个MAC'] });
  });

  it('searches MACs from an uploaded Excel file and refuses other files', async () => {
    const file = await xlsx([['MAC'], [mine[0]!.mac], [mine[2]!.mac.toLowerCase()], ['not-a-mac']]);
    const res = await upload(a.hotel, '/api/terminals/search_macs/excel', 'macs.xlsx', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items.map((r: { mac: string }) => r.mac).sort()).toEqual([mine[0]!.mac, mine[2]!.mac].sort());
    expect(res.body.data.invalid).toEqual(['not-a-mac']);
    for (const [name, bytes, type] of [
      ['macs.csv', Buffer.from(`MAC\n${mine[0]!.mac}\n`), 'text/csv'],
      ['macs.xlsx', Buffer.from('PK\u0003\u0004 but not a workbook'), 'application/octet-stream'],
    ] as const) {
      const refused = await upload(a.hotel, '/api/terminals/search_macs/excel', name, bytes, type);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ file: ['Only Excel upload is supported'] });
    }
  });
});

describe('deleting and unbinding', () => {
  it('refuses to delete a registered terminal (409) and deletes it once unbound', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    await tv.device.post('/api/device/v1/heartbeat', {});
    await t.app.devices.heartbeats.flush();
    const id = (await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).body.data.id;
    const refused = await a.hotel.delete(`/api/records/terminals/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errkey: 'error.registeredTerminal', errmsg: 'A registered terminal cannot be deleted' });
    expect((await a.hotel.withLang('zh-CN').post('/api/records/terminals/batch-delete', { ids: [id] })).body.errmsg).toBe('已注册的终端不能删除');

    const unbound = await a.hotel.post('/api/admin/terminal/unbind_device', { mac: tv.mac });
    expect(unbound.status).toBe(200);
    // Unbound, it belongs to the platform: the hotel no longer reaches it.
    expect((await a.hotel.delete(`/api/records/terminals/${id}`)).status).toBe(404);
    expect((await platform.delete(`/api/records/terminals/${id}`)).body.data).toEqual({ deleted: 1 });
    expect((await platform.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).status).toBe(404);
    // A deleted TV that calls again must register.
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(401);
    const [left] = await t.database.db.select().from(recordTables.terminal!).where(eq(recordTables.terminal!.mac, tv.mac));
    expect(left).toBeUndefined();
  });
});

describe('heartbeat log', () => {
  it('pages one terminal’s heartbeats, newest first', async () => {
    const tv = mine[0]!;
    for (const state of ['on', 'playing', 'standby']) await tv.device.post('/api/device/v1/heartbeat', { state });
    await t.app.devices.heartbeats.flush();
    const page = await a.hotel.get(`/api/terminals/heartbeats?mac=${tv.mac}&page=1&pagesize=2`);
    expect(page.body.data).toMatchObject({ mac: tv.mac, total: 3, page: 1, pagesize: 2 });
    expect(page.body.data.items.map((r: { state: string }) => r.state)).toEqual(['standby', 'playing']);
    expect(page.body.data.items[0]).toMatchObject({ publicIp: '127.0.0.1', softwareVersion: '4.0.0' });
  });
});

describe('home counts', () => {
  it('counts online, offline and unauthorized terminals per caller, with a per-day series', async () => {
    const stats = await b.hotel.get('/api/terminals/stats?days=7');
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({ total: 1, online: 0, offline: 1, unauthorized: 1, authorized: 0, disabled: 0 });
    expect(stats.body.data.series).toHaveLength(7);
    expect(stats.body.data.series.at(-1)).toMatchObject({ registered: 1 });
    await foreign.device.post('/api/device/v1/heartbeat', {});
    await t.app.devices.heartbeats.flush();
    // Counts are cached for 10 s; the brand's reach is a separate entry.
    const brand = await b.brand.get('/api/terminals/stats');
    expect(brand.body.data).toMatchObject({ total: 1, online: 1, offline: 0 });
    expect(brand.body.data.series.at(-1)).toMatchObject({ active: 1, registered: 1 });
    const all = await platform.get('/api/terminals/stats');
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
  });
});

describe('authorization rules (record)', () => {
  it('checks launcher 1-20, client type 2-20, vendor, sizes and the validity order', async () => {
    const res = await platform.post('/api/records/terminal-auth-rules', ruleBody({ launcher: 'x'.repeat(21), clientType: 'a', vendor: '', sizes: '' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      launcher: ['Launcher must be at most 20 characters'],
      clientType: ['Client type must be 2-20 characters'],
      vendor: ['Vendor is required'],
      sizes: ['Sizes is required'],
    });
    const order = await platform.post('/api/records/terminal-auth-rules', ruleBody({ validFrom: '2030-01-02T00:00:00Z', validTo: '2030-01-01T00:00:00Z' }));
    expect(order.status).toBe(422);
    expect(order.body.errors).toEqual({ validTo: ['The start must not be later than the end'] });
    const same = await platform.post('/api/records/terminal-auth-rules', ruleBody({ validFrom: '2030-01-01T00:00:00Z', validTo: '2030-01-01T00:00:00Z' }));
    expect(same.status).toBe(200);
  });

  it('checks the MAC and SN list formats and needs one of them', async () => {
    const badMac = await platform.post('/api/records/terminal-auth-rules', ruleBody({ macList: 'AABBCCDDEEFF|AABBCCDDEE' }));
    expect(badMac.body.errors).toEqual({ macList: ['Invalid MAC list: each MAC is 12 letters or digits, separated by |'] });
    const badSn = await platform.post('/api/records/terminal-auth-rules', ruleBody({ macList: null, snList: 'SN00000000000|SHORT' }));
    expect(badSn.body.errors).toEqual({ snList: ['Invalid SN list: each SN is 13-26 letters or digits, separated by |'] });
    const none = await platform.post('/api/records/terminal-auth-rules', ruleBody({ macList: '' }));
    expect(none.body.errors).toEqual({ macList: ['Please enter a MAC list or an SN list'] });
    const zh = await platform.withLang('zh-CN').post('/api/records/terminal-auth-rules', ruleBody({ macList: 'x' }));
    expect(zh.body.errors.macList).toEqual(['MAC列表格式不正确：每个MAC为12位字母或数字，用 | 分隔']);
    const ok = await platform.post('/api/records/terminal-auth-rules', ruleBody({ macList: 'aabbccddeeff | AABBCCDDEEFF|112233445566', snList: 'sn00000000000' }));
    expect(ok.body.data).toMatchObject({ macList: 'AABBCCDDEEFF|112233445566', snList: 'SN00000000000', entries: 3 });
  });

  it('is a platform record: brands and hotels have no access', async () => {
    expect((await a.brand.get('/api/records/terminal-auth-rules')).status).toBe(403);
    expect((await a.hotel.post('/api/records/terminal-auth-rules', ruleBody())).status).toBe(403);
  });

  it('reads MAC and SN lists from Excel (only Excel upload is supported)', async () => {
    const file = await xlsx([['MAC', 'note'], ['aabbccddeeff', 'room 1'], ['112233445566'], ['bad']]);
    const macs = await upload(platform, '/api/terminals/parse-list?kind=mac', 'rule.xlsx', file);
    expect(macs.body.data).toMatchObject({ kind: 'mac', values: ['AABBCCDDEEFF', '112233445566'], list: 'AABBCCDDEEFF|112233445566', count: 2 });
    expect(macs.body.data.invalid).toEqual(['room', '1', 'bad']);
    const sns = await upload(platform, '/api/terminals/parse-list?kind=sn', 'rule.xlsx', await xlsx([['SN0000000000001'], ['SN0000000000002']]));
    expect(sns.body.data.values).toEqual(['SN0000000000001', 'SN0000000000002']);
    const txt = await upload(platform, '/api/terminals/parse-list?kind=mac', 'rule.txt', Buffer.from('AABBCCDDEEFF'), 'text/plain');
    expect(txt.status).toBe(422);
    expect(txt.body.errors).toEqual({ file: ['Only Excel upload is supported'] });
  });
});

describe('overseas terminals', () => {
  it('stores the reported country upper-case and flags any country but CN as overseas', async () => {
    const code = await installCodeOf(t, a.hotelIds[0]);
    const abroad = await registerTv(t, { installCode: code, country: 'sg' });
    const home = await registerTv(t, { installCode: code, country: 'CN' });
    const silent = await registerTv(t, { installCode: code });
    const row = async (tv: Tv) => (await platform.get(`/api/records/terminals/${tv.terminalId}`)).body.data;
    expect(await row(abroad)).toMatchObject({ country: 'SG', overseas: true });
    expect(await row(home)).toMatchObject({ country: 'CN', overseas: false });
    expect(await row(silent)).toMatchObject({ country: null, overseas: false });
    // Registering again without a country keeps the one reported before.
    await new Client(t.app).post('/api/device/v1/register', { mac: abroad.mac, sn: abroad.sn });
    expect(await row(abroad)).toMatchObject({ country: 'SG', overseas: true });

    const overseas = await a.hotel.get('/api/records/terminals?overseas=true&pagesize=100');
    expect(overseas.body.data.items.map((r: { mac: string }) => r.mac)).toEqual([abroad.mac]);
    const byCountry = await platform.get('/api/records/terminals?country=SG&pagesize=100');
    expect(byCountry.body.data.items.map((r: { mac: string }) => r.mac)).toContain(abroad.mac);
    expect((await b.hotel.get('/api/records/terminals?overseas=true')).body.data.items).toEqual([]);
  });

  it('refuses a malformed country with a translated 422', async () => {
    for (const country of ['SGP', 'S1', '']) {
      const res = await new Client(t.app).post('/api/device/v1/register', { mac: randomMac(), sn: 'SN0123456789ABC', country });
      expect(res.status).toBe(422);
      expect(res.body.errors.country).toEqual(['A country code is 2 letters (ISO 3166-1)']);
    }
  });
});
