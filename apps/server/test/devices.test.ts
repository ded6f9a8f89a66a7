import { and, eq, sql } from 'drizzle-orm';
import { operationLogs } from '../src/db/schema/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables, terminalHeartbeats, terminalPresence, terminalStateLogs } from '../src/db/schema/index.js';
import { addConfigPart, invalidateConfig } from '../src/areas/devices/plugin.js';
import { installCodeOf, publicIdOf, randomMac, randomSn, registerTv, TV_DEFAULTS } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

const PERMISSIONS = ['terminal.read', 'terminal.update', 'terminal.authorize', 'terminal.disable', 'terminal.recover', 'terminal.delete'];

let t: TestApp;
let a: Tenant;
let platform: Client;
let anonymous: Client;

const terminals = () => recordTables.terminal!;
async function terminalRow(id: number) {
  const [row] = await t.database.db.select().from(terminals()).where(eq(terminals().id, id));
  return row!;
}
async function states(id: number) {
  const rows = await t.database.db.select({ state: terminalStateLogs.state }).from(terminalStateLogs).where(eq(terminalStateLogs.terminalId, id)).orderBy(terminalStateLogs.id);
  return rows.map((r) => r.state);
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, PERMISSIONS);
  platform = await createPlatformAdmin(t);
  anonymous = new Client(t.app);
});

describe('device API: registration', () => {
  it('registers a TV as unauthorized and unassigned without an install code, storing only a token hash', async () => {
    const tv = await registerTv(t);
    expect(tv.body).toMatchObject({ mac: tv.mac, authorization: 'unauthorized', hotel: null, interval: 60 });
    expect(tv.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await terminalRow(tv.terminalId);
    expect(row).toMatchObject({ mac: tv.mac, sn: tv.sn, brandId: null, hotelId: null, registered: true, online: false, softwareVersion: '3.1.0', launcher: 'hotelos' });
    const stored = await t.database.db.execute(sql`select token_hash from terminal_tokens where terminal_id = ${tv.terminalId}`);
    const hash = (stored as unknown as { rows: { token_hash: string }[] }).rows[0]!.token_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(tv.token);
    expect(await states(tv.terminalId)).toEqual(['registered']);
    // The platform sees it; a hotel does not.
    expect((await platform.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).status).toBe(200);
    expect((await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).status).toBe(404);
  });

  it('assigns the hotel and room of a valid install code and refuses an invalid one', async () => {
    const code = await installCodeOf(t, a.hotelIds[0]);
    const publicId = await publicIdOf(t, a.hotelIds[0]);
    const tv = await registerTv(t, { installCode: code, roomNumber: '8201' });
    expect(tv.body).toMatchObject({ hotel: { publicId }, roomNumber: '8201' });
    expect(await terminalRow(tv.terminalId)).toMatchObject({ brandId: a.brandId, hotelId: a.hotelIds[0], roomNumber: '8201' });
    expect(await states(tv.terminalId)).toEqual(['registered', 'assigned']);

    const bad = await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode: '0000000-12345678' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ installCode: ['Invalid install code'] });
  });

  it('needs the hotel secret in the install code: the public id alone and a rotated code are refused', async () => {
    const publicId = await publicIdOf(t, a.hotelIds[1]);
    const shown = await a.sibling.get('/api/terminals/hotel-settings');
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const code = shown.body.data.installCode as string;
    expect(code).toMatch(new RegExp(`^${publicId}-\\d{8}$`));
    expect(code).toBe(await installCodeOf(t, a.hotelIds[1]));
    expect((await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode: publicId })).status).toBe(422);
    const tv = await registerTv(t, { installCode: code });
    expect(tv.body).toMatchObject({ hotel: { publicId } });

    const rotated = await a.sibling.post('/api/terminals/hotel-settings/rotate-install-code', {});
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.data.installCode).not.toBe(code);
    expect(rotated.body.data.installCode).toBe(await installCodeOf(t, a.hotelIds[1]));
    expect((await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: randomSn(), installCode: code })).status).toBe(422);
    await registerTv(t, { installCode: rotated.body.data.installCode });
    // The registered TV keeps its token, and the rotation is in the operation log (without the secrets).
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(200);
    const [log] = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.action, 'rotateInstallCode'), eq(operationLogs.recordId, String(a.hotelIds[1]))));
    expect(log).toMatchObject({ recordType: 'hotel', before: null, after: null });
    // The secret stays out of the hotel record's reads (and exports).
    const hotel = await platform.get(`/api/records/hotel/${a.hotelIds[1]}`);
    expect(hotel.status).toBe(200);
    expect(hotel.body.data).not.toHaveProperty('installSecret');
  });

  it('checks MAC (12 letters or digits) and SN (13-26) formats with translated messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ mac: 'AABBCCDDEEF', sn: randomSn() }, { mac: ['A MAC address is 12 letters or digits'] }],
      [{ mac: 'AABBCCDDEEFF0', sn: randomSn() }, { mac: ['A MAC address is 12 letters or digits'] }],
      [{ mac: 'AA:BB:CC:DD:EE', sn: randomSn() }, { mac: ['A MAC address is 12 letters or digits'] }],
      [{ mac: randomMac(), sn: 'A'.repeat(12) }, { sn: ['An SN is 13-26 letters or digits'] }],
      [{ mac: randomMac(), sn: 'A'.repeat(27) }, { sn: ['An SN is 13-26 letters or digits'] }],
      [{ mac: randomMac(), sn: 'SN-0000000000000' }, { sn: ['An SN is 13-26 letters or digits'] }],
      [{ sn: randomSn() }, { mac: ['MAC is required'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await anonymous.post('/api/device/v1/register', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    const zh = await anonymous.withLang('zh-CN').post('/api/device/v1/register', { mac: 'x', sn: randomSn() });
    expect(zh.body.errors.mac).toEqual(['MAC地址必须是12位字母或数字']);
    // The bounds themselves are accepted, and a MAC is stored upper-case.
    const low = randomMac().toLowerCase();
    const ok13 = await anonymous.post('/api/device/v1/register', { mac: low, sn: 'A'.repeat(13) });
    expect(ok13.status).toBe(200);
    expect(ok13.body.data.mac).toBe(low.toUpperCase());
    expect((await anonymous.post('/api/device/v1/register', { mac: randomMac(), sn: 'B'.repeat(26) })).status).toBe(200);
  });

  it('re-registering the same MAC answers a new token, revokes the old one and updates the fields', async () => {
    const tv = await registerTv(t);
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(200);
    const again = await anonymous.post('/api/device/v1/register', { mac: tv.mac, sn: tv.sn, softwareVersion: '3.2.0', roomNumber: '1001' });
    expect(again.status).toBe(200);
    expect(again.body.data.terminalId).toBe(tv.terminalId);
    expect(again.body.data.token).not.toBe(tv.token);
    const old = await tv.device.post('/api/device/v1/heartbeat', {});
    expect(old.status).toBe(401);
    expect(old.body.errkey).toBe('device.unregistered');
    expect((await new Client(t.app, again.body.data.token).post('/api/device/v1/heartbeat', {})).status).toBe(200);
    expect(await terminalRow(tv.terminalId)).toMatchObject({ softwareVersion: '3.2.0', roomNumber: '1001', launcher: 'hotelos' });
  });

  it('refuses a registered MAC presented with another SN (alarm) until the terminal is unbound', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    const clone = await anonymous.post('/api/device/v1/register', { mac: tv.mac, sn: randomSn() });
    expect(clone.status).toBe(409);
    expect(clone.body).toMatchObject({ errkey: 'device.snMismatch', errmsg: 'This MAC is registered to another device (different SN); unbind it first' });
    const alarms = await a.hotel.get(`/api/terminals/alarms?kind=snChanged&mac=${tv.mac}`);
    expect(alarms.body.data.items).toHaveLength(1);
    expect(alarms.body.data.items[0]).toMatchObject({ kind: 'snChanged', mac: tv.mac, hits: 1 });
    // The genuine TV keeps working.
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(200);
    await a.hotel.post('/api/web/hotel_terminal/unbind', { mac: tv.mac });
    const sn = randomSn();
    const replaced = await anonymous.post('/api/device/v1/register', { mac: tv.mac, sn });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ terminalId: tv.terminalId, hotel: null });
    expect((await terminalRow(tv.terminalId)).sn).toBe(sn);
  });

  it('answers 401 to calls without a valid token', async () => {
    expect((await anonymous.post('/api/device/v1/heartbeat', {})).status).toBe(401);
    const bogus = await new Client(t.app, 'not-a-token').get('/api/device/v1/config');
    expect(bogus.status).toBe(401);
    expect(bogus.body.errmsg).toBe('The terminal is not registered or its token was revoked; register again');
  });
});

describe('device API: authorization rules at registration', () => {
  it('authorizes a registration that every condition of a rule in force matches', async () => {
    const mac = randomMac();
    const sn = randomSn();
    const now = Date.now();
    const rule = await platform.post('/api/records/terminal-auth-rules', {
      launcher: 'hotelos',
      clientType: 'android',
      vendor: 'acme',
      sizes: '43|55 inch|65',
      macList: `AAAAAAAAAAAA | ${mac.toLowerCase()}`,
      validFrom: new Date(now - 60_000).toISOString(),
      validTo: new Date(now + 3_600_000).toISOString(),
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect(rule.body.data).toMatchObject({ macList: `AAAAAAAAAAAA|${mac}`, entries: 2 });

    const matched = await registerTv(t, { mac, sn });
    expect(matched.body.authorization).toBe('authorized');
    expect(await states(matched.terminalId)).toEqual(['registered', 'authorized']);
    expect((await platform.get(`/api/records/terminal-auth-rules/${rule.body.data.id}`)).body.data.matched).toBe(1);

    // Another size, another launcher, or a MAC not listed: unauthorized.
    expect((await registerTv(t, { mac: 'AAAAAAAAAAAA', size: '32' })).body.authorization).toBe('unauthorized');
    expect((await registerTv(t, { mac: randomMac() })).body.authorization).toBe('unauthorized');

    // A rule by SN list, created after the TV registered, authorizes it through "apply".
    const late = await registerTv(t, { clientType: 'linux', sn: 'LATESN0000000001' });
    expect(late.body.authorization).toBe('unauthorized');
    const snRule = await platform.post('/api/records/terminal-auth-rules', {
      launcher: 'hotelos',
      clientType: 'linux',
      vendor: 'Acme',
      sizes: '55',
      snList: 'LATESN0000000001',
      validFrom: new Date(now - 60_000).toISOString(),
      validTo: new Date(now + 3_600_000).toISOString(),
    });
    const applied = await platform.post(`/api/terminals/auth-rules/${snRule.body.data.id}/apply`);
    expect(applied.body.data).toEqual({ authorized: 1 });
    expect((await terminalRow(late.terminalId)).authorization).toBe('authorized');
    // Rules in force are not used once they expire.
    await platform.put(`/api/records/terminal-auth-rules/${snRule.body.data.id}`, {
      launcher: 'hotelos',
      clientType: 'linux',
      vendor: 'Acme',
      sizes: '55',
      snList: 'LATESN0000000002',
      validFrom: new Date(now - 7_200_000).toISOString(),
      validTo: new Date(now - 3_600_000).toISOString(),
    });
    expect((await registerTv(t, { clientType: 'linux', sn: 'LATESN0000000002' })).body.authorization).toBe('unauthorized');
  });
});

describe('device API: heartbeats', () => {
  it('batches N heartbeats into one statement and stores every log row after the flush', async () => {
    const runtime = t.app.devices;
    const tvs = await Promise.all(Array.from({ length: 10 }, () => registerTv(t, { installCode: undefined })));
    await runtime.heartbeats.flush();
    const statementsBefore = runtime.metrics.heartbeatStatements;
    const N = 200;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => tvs[i % tvs.length]!.device.post('/api/device/v1/heartbeat', { state: 'on', softwareVersion: i < 100 ? '3.1.0' : '3.1.1' })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers[0]!.body.data).toMatchObject({ interval: 60, config: expect.any(String) });
    // Nothing is written per request: the rows appear with the batch.
    await runtime.heartbeats.flush();
    const statements = runtime.metrics.heartbeatStatements - statementsBefore;
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(2);
    const ids = tvs.map((tv) => tv.terminalId);
    const [logged] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(terminalHeartbeats)
      .where(sql`${terminalHeartbeats.terminalId} = any(${sql.param(ids)}::int[])`);
    expect(logged!.n).toBe(N);
    for (const tv of tvs) {
      const row = await terminalRow(tv.terminalId);
      expect(row).toMatchObject({ online: true, runState: 'on', softwareVersion: '3.1.1' });
      expect((await states(tv.terminalId)).filter((s) => s === 'online')).toHaveLength(1);
      const [presence] = await t.database.db.select().from(terminalPresence).where(eq(terminalPresence.terminalId, tv.terminalId));
      expect(Date.now() - presence!.lastSeenAt!.getTime()).toBeLessThan(10_000);
    }
    // Once cached, heartbeats read nothing from the database.
    const misses = runtime.metrics.cacheMisses;
    await Promise.all(tvs.map((tv) => tv.device.post('/api/device/v1/heartbeat', {})));
    expect(runtime.metrics.cacheMisses).toBe(misses);
    // The platform reads the counters: one process here, so the sums are its own.
    const metrics = (await platform.get('/api/terminals/device-metrics')).body.data;
    expect(metrics).toMatchObject({ heartbeats: runtime.metrics.heartbeats, heartbeatStatements: runtime.metrics.heartbeatStatements, cacheMisses: misses });
    expect(metrics.processes).toEqual([{ host: expect.any(String), pid: process.pid, worker: null, counters: expect.objectContaining({ heartbeats: runtime.metrics.heartbeats }) }]);
    expect((await tvs[0]!.device.get('/api/terminals/device-metrics')).status).toBe(401);
  });

  it('marks a terminal offline once it is not heard within the online window, and online again', async () => {
    const runtime = t.app.devices;
    const tv = await registerTv(t);
    await tv.device.post('/api/device/v1/heartbeat', {});
    await runtime.heartbeats.flush();
    expect((await terminalRow(tv.terminalId)).online).toBe(true);
    // Still inside the window: the sweep leaves it online.
    await runtime.sweep();
    expect((await terminalRow(tv.terminalId)).online).toBe(true);
    await t.database.db
      .update(terminalPresence)
      .set({ lastSeenAt: new Date(Date.now() - (runtime.options.onlineWindowS + 5) * 1000) })
      .where(eq(terminalPresence.terminalId, tv.terminalId));
    expect(await runtime.sweep()).toBeGreaterThanOrEqual(1);
    expect((await terminalRow(tv.terminalId)).online).toBe(false);
    await tv.device.post('/api/device/v1/heartbeat', {});
    await runtime.heartbeats.flush();
    expect((await terminalRow(tv.terminalId)).online).toBe(true);
    expect(await states(tv.terminalId)).toEqual(['registered', 'online', 'offline', 'online']);
  });

  it('raises a stolen-use alarm for heartbeats from outside the hotel whitelist', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    const bad = await a.hotel.put('/api/terminals/hotel-settings', { ipWhitelist: ['203.0.113.0/24', 'nonsense'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ ipWhitelist: ['Invalid IP address or subnet: nonsense'] });
    expect((await a.hotel.put('/api/terminals/hotel-settings', { ipWhitelist: [] })).body.errors).toEqual({ ipWhitelist: ['The server IP whitelist needs at least one entry'] });
    expect((await a.hotel.put('/api/terminals/hotel-settings', { ipWhitelist: ['203.0.113.0/24', '198.51.100.7'] })).status).toBe(200);
    const beat = (ip: string) => tv.device.request('POST', '/api/device/v1/heartbeat', {}, { 'x-forwarded-for': ip });
    // The whitelist loads in the background on first use.
    await beat('203.0.113.9');
    await new Promise((r) => setTimeout(r, 50));
    await beat('203.0.113.9');
    await beat('198.51.100.7');
    await t.app.devices.heartbeats.flush();
    expect((await a.hotel.get(`/api/terminals/alarms?kind=ipOutsideWhitelist&mac=${tv.mac}`)).body.data.total).toBe(0);
    await beat('192.0.2.50');
    await beat('192.0.2.51');
    await t.app.devices.heartbeats.flush();
    const alarms = await a.hotel.get(`/api/terminals/alarms?kind=ipOutsideWhitelist&mac=${tv.mac}`);
    expect(alarms.body.data.items).toEqual([expect.objectContaining({ kind: 'ipOutsideWhitelist', ip: '192.0.2.51', hits: 2, mac: tv.mac })]);
    expect((await a.sibling.get(`/api/terminals/alarms?mac=${tv.mac}`)).body.data.total).toBe(0);
    const resolved = await a.hotel.post(`/api/terminals/alarms/${alarms.body.data.items[0].id}/resolve`);
    expect(resolved.status).toBe(200);
    expect((await a.hotel.get(`/api/terminals/alarms?mac=${tv.mac}`)).body.data.total).toBe(0);
    await a.hotel.put('/api/terminals/hotel-settings', { ipWhitelist: null });
  });

  it('records boot records (tv_open_record) in batches', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    expect((await tv.device.post('/api/device/v1/boot', { softwareVersion: '3.1.0', launcher: 'hotelos' })).status).toBe(200);
    expect((await tv.device.post('/api/device/v1/boot', {})).status).toBe(200);
    await t.app.devices.boots.flush();
    const records = await a.hotel.get(`/api/admin/terminal/tv_open_record?mac=${tv.mac}&page=1&pagesize=10`);
    expect(records.body.data).toMatchObject({ total: 2, page: 1, pagesize: 10, mac: tv.mac });
    expect((await terminalRow(tv.terminalId)).lastBootAt).not.toBeNull();
  });
});

describe('device API: configuration', () => {
  it('answers the configuration with an ETag, 304 while unchanged, and the tip once disabled', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: '301' });
    const first = await tv.device.get('/api/device/v1/config');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      authorization: { state: 'unauthorized', tip: null },
      hotel: { publicId: await publicIdOf(t, a.hotelIds[0]) },
      roomNumber: '301',
      sceneMode: 'hotel',
      interval: 60,
      stamp: expect.any(String),
    });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await tv.device.request('GET', '/api/device/v1/config', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');

    const beat1 = await tv.device.post('/api/device/v1/heartbeat', {});
    const disabled = await a.hotel.post('/api/terminals/disable', { macs: [tv.mac], tip: 'Please call 8000' });
    expect(disabled.body.data).toEqual({ updated: 1, skipped: 0, missing: [] });
    const beat2 = await tv.device.post('/api/device/v1/heartbeat', {});
    expect(beat2.body.data.config).not.toBe(beat1.body.data.config);
    expect(beat2.body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    const changed = await tv.device.request('GET', '/api/device/v1/config', undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.data.authorization).toEqual({ state: 'disabled', tip: 'Please call 8000' });

    // The engine's own disable action (no tip) makes the TV show the default tip in its language.
    await a.hotel.post('/api/terminals/recover', { macs: [tv.mac] });
    const row = await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`);
    expect((await a.hotel.post(`/api/records/terminals/${row.body.data.id}/actions/disable`)).status).toBe(200);
    const zh = await tv.device.get('/api/device/v1/config?lang=zh-CN');
    expect(zh.body.data.authorization).toEqual({ state: 'disabled', tip: '本终端已被禁用，请联系酒店前台' });
  });

  it('lets other areas add configuration parts and invalidate them', async () => {
    let version = 1;
    addConfigPart(`testPart${Date.now()}`, (terminal) => ({ version, mac: terminal.mac }));
    const tv = await registerTv(t);
    const first = await tv.device.get('/api/device/v1/config');
    const name = Object.keys(first.body.data).find((k) => k.startsWith('testPart'))!;
    expect(first.body.data[name]).toEqual({ version: 1, mac: tv.mac });
    const stamp = (await tv.device.post('/api/device/v1/heartbeat', {})).body.data.config;
    version = 2;
    invalidateConfig({ all: true });
    const after = (await tv.device.post('/api/device/v1/heartbeat', {})).body.data.config;
    expect(after).not.toBe(stamp);
    const refreshed = await tv.device.request('GET', '/api/device/v1/config', undefined, { 'if-none-match': first.headers.etag as string });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data[name]).toEqual({ version: 2, mac: tv.mac });
  });
});

describe('device API: push channel', () => {
  it('holds a long-poll until a command arrives, and delivers unbind before revoking the token', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    const empty = await tv.device.get('/api/device/v1/commands?wait=0');
    expect(empty.body.data).toEqual({ commands: [] });

    const started = Date.now();
    const polling = tv.device.get('/api/device/v1/commands?wait=10');
    await new Promise((r) => setTimeout(r, 100));
    await a.hotel.post('/api/terminals/authorize', { macs: [tv.mac] });
    const got = await polling;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(got.body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);

    const unbinding = tv.device.get('/api/device/v1/commands?wait=10');
    await new Promise((r) => setTimeout(r, 100));
    const unbound = await a.hotel.post('/api/web/hotel_terminal/unbind', { mac: tv.mac });
    expect(unbound.body.data).toEqual({ mac: tv.mac, unbound: true });
    expect((await unbinding).body.data.commands).toEqual([expect.objectContaining({ type: 'unbind' })]);
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(401);
    const row = await terminalRow(tv.terminalId);
    expect(row).toMatchObject({ brandId: null, hotelId: null, roomNumber: null, registered: false });
    expect(await states(tv.terminalId)).toContain('unbound');
    // The hotel no longer sees it, the platform does.
    expect((await a.hotel.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).status).toBe(404);
    expect((await platform.get(`/api/admin/terminal/get_terminal_info?mac=${tv.mac}`)).status).toBe(200);
  });

  it('ends long-polls quickly when the wait runs out', async () => {
    const tv = await registerTv(t);
    const started = Date.now();
    const res = await tv.device.get('/api/device/v1/commands?wait=1');
    expect(res.body.data).toEqual({ commands: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('device API: state history', () => {
  it('lists state changes inside the caller’s reach', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    await a.hotel.post('/api/terminals/authorize', { macs: [tv.mac] });
    await a.hotel.post('/api/terminals/disable', { macs: [tv.mac], tip: 'Stop' });
    await a.hotel.post('/api/terminals/recover', { macs: [tv.mac] });
    const logs = await a.hotel.get(`/api/terminals/state-logs?mac=${tv.mac}`);
    expect(logs.body.data.items.map((r: { state: string }) => r.state)).toEqual(['recovered', 'disabled', 'authorized', 'assigned', 'registered']);
    expect(logs.body.data.items[1]).toMatchObject({ detail: 'Stop', userName: a.users.hotel.loginName });
    expect((await a.sibling.get(`/api/terminals/state-logs?mac=${tv.mac}`)).body.data.total).toBe(0);
    const [row] = await t.database.db.select().from(terminalStateLogs).where(and(eq(terminalStateLogs.terminalId, tv.terminalId), eq(terminalStateLogs.state, 'disabled')));
    expect(row).toMatchObject({ hotelId: a.hotelIds[0], brandId: a.brandId });
  });
});

describe('device API: defaults', () => {
  it('keeps the test device defaults consistent', () => {
    expect(TV_DEFAULTS.size).toBe('55');
  });
});

