import type { WakeUpConfigPart } from '@htv/shared/areas/wakeup/device';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPmsRequest } from '../src/areas/pms/http.js';
import { callbackBackoffS, sendWakeUpCallbacks } from '../src/areas/wakeup/callback.js';
import { tick } from '../src/areas/wakeup/scheduler.js';
import { allowRemoteForTests, postRemote, RemoteRefused } from '../src/files/remote.js';
import { setWakeClock } from '../src/areas/wakeup/clock.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { messageRecipients, pmsOutbox, recordTables, sentMessages, wakeupEvents } from '../src/db/schema/index.js';
import { configPartOf, installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { ENGINE, postgresUrl } from './support/database.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

const RIGHTS = ['wakeup.read', 'wakeup.create', 'wakeup.update', 'wakeup.cancel', 'wakeupGroup.read', 'wakeupGroup.create', 'wakeupGroup.update', 'wakeupGroup.delete', 'wakeupGroup.wake', 'wakeupConfig.read', 'wakeupConfig.update', 'room.read', 'room.create', 'pmsLog.read', 'pmsInterface.manage'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tv: Tv;
let pms: HttpPms;

/** A moment `minutes` ahead of now, on a whole minute, with its local (+08:00) date and time. */
function ahead(minutes: number) {
  const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000);
  const local = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return { at, date: local.slice(0, 10), time: local.slice(11, 16) };
}

async function createCall(client: Client, body: Record<string, unknown>) {
  const res = await client.post('/api/records/wakeup-calls', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, any>;
}
const callOf = async (client: Client, id: number) => (await client.get(`/api/records/wakeup-calls/${id}`)).body.data as Record<string, any>;
const partOf = (device: Tv) => configPartOf<WakeUpConfigPart>(device, 'wakeup');
/** The server's clock moved to `at` and the scheduler run there (the TV's reports read the same clock). */
async function tickAt(at: Date) {
  setWakeClock(at);
  return tick(t.database.db, at);
}
const report = (url: string, body: Record<string, unknown>) => new Client(t.app).post(url, body);

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, RIGHTS);
  b = await createTenant(t, RIGHTS);
  await createRooms(a.hotel, ['701', '702', '703', '704', '705', '706']);
  await createRooms(b.hotel, ['701']);
  tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: '701' });
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  await usePmsVendor(t, await createPlatformAdmin(t), a.hotelIds[0], 'http');
  pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
});

describe('wake-up rules', () => {
  it('refuses bad fields with translated field errors, never a 5xx', async () => {
    const when = ahead(60);
    const bad = await a.hotel.withLang('zh-CN').post('/api/records/wakeup-calls', { roomNumber: '701', date: when.date, time: '25:00', repeat: 'daily', days: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['days', 'time']);
    expect(bad.body.errors.days?.[0]).toMatch(/天数/);
    const unknownRoom = await a.hotel.post('/api/records/wakeup-calls', { roomNumber: '999', date: when.date, time: when.time });
    expect(unknownRoom.status).toBe(422);
    expect(unknownRoom.body.errors.roomNumber?.[0]).toMatch(/no such room/);
    const past = ahead(-10);
    const inPast = await a.hotel.post('/api/records/wakeup-calls', { roomNumber: '701', date: past.date, time: past.time });
    expect(inPast.status).toBe(422);
    expect(inPast.body.errors.time?.[0]).toMatch(/passed/);
    const shortName = await a.hotel.post('/api/records/wakeup-groups', { name: 'A', rooms: '701' });
    expect(shortName.status).toBe(422);
    expect(shortName.body.errors.name).toBeDefined();
    const noRooms = await a.hotel.post('/api/records/wakeup-groups', { name: 'Team' });
    expect(noRooms.status).toBe(422);
    expect(noRooms.body.errors.rooms).toBeDefined();
  });

  it('keeps the settings per hotel: positive integers, a time zone, an http(s) callback', async () => {
    const defaults = await a.hotel.get('/api/web/wake_up/config_info');
    expect(defaults.body.data).toMatchObject({ snoozeMinutes: 5, snoozeCount: 3, retries: 3, utcOffset: '+08:00', callbackUrl: null });
    const settings = { defaultMusic: 0, snoozeMinutes: 5, snoozeCount: 1, retries: 1, retryMinutes: 2, ringSeconds: 60, lateMinutes: 10, utcOffset: '+08:00', callbackUrl: null };
    const bad = await a.hotel.withLang('zh-CN').post('/api/web/wake_up/config', { ...settings, snoozeMinutes: 0, retries: -1, utcOffset: 'CST', callbackUrl: 'ftp://x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['callbackUrl', 'retries', 'snoozeMinutes', 'utcOffset']);
    expect(bad.body.errors.utcOffset?.[0]).toMatch(/时区/);
    const saved = await a.hotel.post('/api/web/wake_up/config', settings);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ snoozeCount: 1, retries: 1 });
    expect(saved.body.data.callbackSecret).toMatch(/^[0-9a-f]{64}$/);
    // The other hotel keeps its defaults.
    expect((await b.hotel.get('/api/web/wake_up/config_info')).body.data.retries).toBe(3);
  });
});

describe('a call rings on the TV, once', () => {
  it('rings at its minute, is answered on the TV, and refuses what its state does not allow', async () => {
    const when = ahead(90);
    const call = await createCall(a.hotel, { roomNumber: '701', date: when.date, time: when.time, wordsEn: 'Wake up, {guest}!' });
    expect(call).toMatchObject({ state: 'scheduled', source: 'console' });
    expect(new Date(call.dueAt).toISOString()).toBe(when.at.toISOString());
    expect((await partOf(tv))!.ring).toBeNull();
    const result = await tickAt(new Date(when.at.getTime() + 1_000));
    expect(result.rang.map((c) => c.id)).toContain(call.id);
    const ring = (await partOf(tv))!.ring!;
    expect(ring).toMatchObject({ callId: call.id, attempt: 1, time: when.time, wordsEn: 'Wake up, {guest}!', music: '/api/device/v1/wakeup/tone.wav', snoozesLeft: 1 });
    const tone = await new Client(t.app).get(ring.music);
    expect(tone.status).toBe(200);
    expect(tone.headers['content-type']).toBe('audio/wav');
    // A forged address is not found; a stale attempt is refused.
    expect((await report(ring.reportUrl.replace(/[^/]+$/, 'x'.repeat(24)), { action: 'answer', attempt: 1 })).status).toBe(404);
    expect((await report(ring.reportUrl, { action: 'answer', attempt: 2 })).status).toBe(409);
    const answered = await report(ring.reportUrl, { action: 'answer', attempt: 1 });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await callOf(a.hotel, call.id)).state).toBe('answered');
    expect((await report(ring.reportUrl, { action: 'answer', attempt: 1 })).status).toBe(409);
    expect((await a.hotel.post(`/api/records/wakeup-calls/${call.id}/actions/cancel`)).status).toBe(409);
    expect((await a.hotel.put(`/api/records/wakeup-calls/${call.id}`, { roomNumber: '701', date: when.date, time: when.time })).status).toBe(409);
    const history = await a.hotel.get(`/api/wakeup/calls/${call.id}/history`);
    expect(history.body.data.items.map((h: { state: string }) => h.state)).toEqual(['scheduled', 'ringing', 'answered']);
  });

  it('snoozes, retries unanswered rings, then alarms the front desk', async () => {
    const when = ahead(120);
    const call = await createCall(a.hotel, { roomNumber: '701', date: when.date, time: when.time });
    const at = (seconds: number) => new Date(when.at.getTime() + seconds * 1_000);
    await tickAt(at(0));
    const ring = (await partOf(tv))!.ring!;
    expect((await report(ring.reportUrl, { action: 'snooze', attempt: 1 })).body.data.state).toBe('snoozed');
    // snoozeCount 1 (settings above): the next ring cannot be snoozed.
    await tickAt(at(5 * 60 + 5));
    const again = (await partOf(tv))!.ring!;
    expect(again.snoozesLeft).toBe(0);
    expect((await report(again.reportUrl, { action: 'snooze', attempt: again.attempt })).status).toBe(409);
    // Unanswered: one retry (retries 1) after 2 minutes, then not answered.
    await tickAt(at(5 * 60 + 5 + 61));
    expect((await callOf(a.hotel, call.id)).state).toBe('scheduled');
    await tickAt(at(5 * 60 + 5 + 61 + 125));
    expect((await callOf(a.hotel, call.id)).state).toBe('ringing');
    const done = await tickAt(at(5 * 60 + 5 + 61 + 125 + 61));
    expect(done.notAnswered.map((c) => c.id)).toContain(call.id);
    expect((await callOf(a.hotel, call.id)).state).toBe('notAnswered');
    const history = (await a.hotel.get(`/api/wakeup/calls/${call.id}/history`)).body.data.items.map((h: { state: string }) => h.state);
    expect(history).toEqual(['scheduled', 'ringing', 'snoozed', 'ringing', 'scheduled', 'ringing', 'notAnswered']);
    const alarms = await t.database.db
      .select({ content: sentMessages.content })
      .from(messageRecipients)
      .innerJoin(sentMessages, eq(sentMessages.id, messageRecipients.messageId))
      .where(eq(messageRecipients.userId, a.users.hotel.id));
    expect(alarms.some((m) => m.content.includes('room 701') && m.content.includes(when.time))).toBe(true);
  });

  it('rings each call exactly once with two processes on one database', async () => {
    const when = ahead(150);
    const rooms = ['701', '702', '703', '704', '705', '706'];
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await createCall(a.hotel, { roomNumber: rooms[i % rooms.length]!, date: when.date, time: when.time })).id);
    // A second process: its own connection to the same database (PostgreSQL), or the same embedded one.
    const other: Database = ENGINE === 'postgres' ? await openDatabase({ url: await postgresUrl() }) : t.database;
    try {
      const at = new Date(when.at.getTime() + 500);
      const [one, two] = await Promise.all([tick(t.database.db, at), tick(other.db, at)]);
      const rang = [...one.rang, ...two.rang].map((c) => c.id).filter((id) => ids.includes(id));
      expect(rang.sort()).toEqual([...ids].sort());
      const counted = await t.database.db.execute(sql`select count(*)::int as n from wakeup_events where state = 'ringing' and call_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      const [{ n }] = (counted as unknown as { rows: [{ n: number }] }).rows;
      expect(n).toBe(ids.length);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('after a restart: a call a little late rings, one too late is missed', async () => {
    const when = ahead(180);
    const late = await createCall(a.hotel, { roomNumber: '702', date: when.date, time: when.time });
    const later = ahead(200);
    const missed = await createCall(a.hotel, { roomNumber: '703', date: later.date, time: later.time });
    // The server was down from before the first until 5 minutes after it (lateMinutes 10).
    await tickAt(new Date(when.at.getTime() + 5 * 60_000));
    expect((await callOf(a.hotel, late.id)).state).toBe('ringing');
    expect((await callOf(a.hotel, missed.id)).state).toBe('scheduled');
    await tickAt(new Date(later.at.getTime() + 11 * 60_000));
    expect((await callOf(a.hotel, missed.id)).state).toBe('missed');
  });
});

describe('the PMS and the guest', () => {
  beforeAll(() => setWakeClock(null));
  it('a PMS wake-up set and clear make and cancel the call; check-out cancels the rest and lists them', async () => {
    let n = 0;
    const id = () => `wk-${Date.now()}-${++n}`;
    expect((await pms.send({ id: id(), type: 'checkIn', room: '704', reservation: 'R704', guest: { name: 'Lin Mei' } })).status).toBe(200);
    const first = ahead(240);
    const second = ahead(300);
    expect((await pms.send({ id: id(), type: 'wakeUpSet', room: '704', at: first.at.toISOString() })).status).toBe(200);
    expect((await pms.send({ id: id(), type: 'wakeUpSet', room: '704', at: second.at.toISOString() })).status).toBe(200);
    const list = ((await a.hotel.get('/api/records/wakeup-calls?roomNumber=704&source=pms&pagesize=50')).body.data.items as Record<string, any>[]);
    expect(list.map((c) => [c.time, c.source, c.guestName, c.state]).sort()).toEqual(
      [
        [first.time, 'pms', 'Lin Mei', 'scheduled'],
        [second.time, 'pms', 'Lin Mei', 'scheduled'],
      ].sort(),
    );
    expect((await pms.send({ id: id(), type: 'wakeUpClear', room: '704', at: first.at.toISOString() })).status).toBe(200);
    const firstCall = list.find((c) => c.time === first.time)!;
    const secondCall = list.find((c) => c.time === second.time)!;
    expect((await callOf(a.hotel, firstCall.id)).state).toBe('cancelled');
    expect((await callOf(a.hotel, secondCall.id)).state).toBe('scheduled');
    // A time already past is refused (logged), never a 5xx.
    expect((await pms.send({ id: id(), type: 'wakeUpSet', room: '704', at: ahead(-30).at.toISOString() })).status).toBe(400);
    expect((await pms.send({ id: id(), type: 'checkOut', room: '704', reservation: 'R704' })).status).toBe(200);
    expect((await callOf(a.hotel, secondCall.id)).state).toBe('cancelled');
    const stay = (await a.hotel.get('/api/records/stays?roomNumber=704&state=checkedOut')).body.data.items[0];
    expect(stay.receipt).toContainEqual({ area: 'wakeup', key: 'wakeup.receipt', count: 1, items: [secondCall.id] });
  });

  it('the guest sets, changes and cancels a call on the TV', async () => {
    const part = (await partOf(tv))!;
    const when = ahead(400);
    const set = await report(part.setUrl, { date: when.date, time: when.time });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const call = await callOf(a.hotel, set.body.data.id);
    expect(call).toMatchObject({ source: 'guest', roomNumber: '701', state: 'scheduled' });
    const mine = (await partOf(tv))!.calls.find((c) => c.id === call.id)!;
    const moved = ahead(420);
    expect((await report(mine.url, { action: 'change', date: moved.date, time: moved.time })).status).toBe(200);
    expect((await callOf(a.hotel, call.id)).time).toBe(moved.time);
    expect((await report(mine.url, { action: 'cancel' })).status).toBe(200);
    expect((await callOf(a.hotel, call.id)).state).toBe('cancelled');
    expect((await report(mine.url, { action: 'cancel' })).status).toBe(409);
  });

  it('queues a record to the PMS callback for a call not answered', async () => {
    const settings = (await a.hotel.get('/api/web/wake_up/config_info')).body.data;
    const { callbackSecret: _secret, ...input } = settings;
    expect((await a.hotel.post('/api/web/wake_up/config', { ...input, callbackUrl: 'https://pms.example/wakeup' })).status).toBe(200);
    const when = ahead(500);
    const call = await createCall(a.hotel, { roomNumber: '705', date: when.date, time: when.time });
    for (const seconds of [0, 61, 61 + 120, 61 + 120 + 61]) await tickAt(new Date(when.at.getTime() + seconds * 1_000));
    expect((await callOf(a.hotel, call.id)).state).toBe('notAnswered');
    const rows = await t.database.db.select().from(pmsOutbox).where(eq(pmsOutbox.hotelId, a.hotelIds[0]));
    expect(rows.map((r) => r.record)).toContainEqual(expect.objectContaining({ type: 'wakeUpAnswer', room: '705', result: 'notAnswered', channel: 'callback', callId: call.id }));
  });
});

describe('the callback', () => {
  it('POSTs queued records to the callback URL, signed, once; a refusal waits its back-off', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    let answer = 500;
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = answer;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    allowRemoteForTests((address, to) => address === '127.0.0.1' && to === port);
    try {
      const { callbackSecret: _old, ...input } = (await b.hotel.get('/api/web/wake_up/config_info')).body.data;
      expect((await b.hotel.post('/api/web/wake_up/config', { ...input, callbackUrl: `http://127.0.0.1:${port}/wakeup` })).status).toBe(200);
      const secret = (await b.hotel.get('/api/web/wake_up/config_info')).body.data.callbackSecret as string;
      const record = { type: 'wakeUpAnswer', room: '701', date: '2026-11-29', time: '07:00', result: 'notAnswered', callId: 1, channel: 'callback' };
      const [queued] = await t.database.db.insert(pmsOutbox).values({ hotelId: b.hotelIds[0], record }).returning();
      const rowOf = async () => (await t.database.db.select().from(pmsOutbox).where(eq(pmsOutbox.id, queued!.id)))[0]!;

      // A round claims the oldest due records of every hotel: rows other test files left may come first.
      await expect.poll(async () => (await sendWakeUpCallbacks(t.database.db), received.length), { timeout: 30_000 }).toBe(1);
      const refused = await rowOf();
      expect(refused.sentAt).toBeNull();
      expect(refused.record).toMatchObject({ attempts: 1 });
      expect(new Date((refused.record as { nextAt: string }).nextAt).getTime()).toBeGreaterThan(Date.now() + (callbackBackoffS(1) - 5) * 1_000);
      // Not again before its time.
      await sendWakeUpCallbacks(t.database.db);
      expect(received).toHaveLength(1);

      answer = 204;
      await t.database.db.update(pmsOutbox).set({ record: sql`${pmsOutbox.record} || '{"nextAt": null}'::jsonb` }).where(eq(pmsOutbox.id, queued!.id));
      await expect.poll(async () => (await sendWakeUpCallbacks(t.database.db), (await rowOf()).sentAt), { timeout: 30_000 }).not.toBeNull();
      const last = received.at(-1)!;
      expect(JSON.parse(last.body)).toEqual({ id: `wakeup-${queued!.id}`, type: 'wakeUpAnswer', room: '701', date: '2026-11-29', time: '07:00', result: 'notAnswered', callId: 1 });
      const timestamp = last.headers['x-pms-timestamp'] as string;
      expect(last.headers['x-pms-signature']).toBe(signPmsRequest(secret, timestamp, last.body));
      await sendWakeUpCallbacks(t.database.db);
      expect(received).toHaveLength(2);
    } finally {
      allowRemoteForTests(null);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('never POSTs to a private address', async () => {
    const { callbackSecret: _old, ...input } = (await b.hotel.get('/api/web/wake_up/config_info')).body.data;
    expect((await b.hotel.post('/api/web/wake_up/config', { ...input, callbackUrl: 'http://127.0.0.1:9/wakeup' })).status).toBe(200);
    const [queued] = await t.database.db.insert(pmsOutbox).values({ hotelId: b.hotelIds[0], record: { type: 'wakeUpAnswer', room: '701', date: '2026-11-29', time: '07:00', result: 'answered', callId: 2, channel: 'callback' } }).returning();
    expect(await postRemote('http://127.0.0.1:9/wakeup', '{}', {}, 1_000).catch((error: unknown) => error)).toBeInstanceOf(RemoteRefused);
    // A round claims the oldest due records of every hotel: rows other test files left may come first.
    const attempted = async () => {
      await sendWakeUpCallbacks(t.database.db);
      const [row] = await t.database.db.select().from(pmsOutbox).where(eq(pmsOutbox.id, queued!.id));
      return row!;
    };
    await expect.poll(async () => (await attempted()).record, { timeout: 30_000 }).toMatchObject({ attempts: 1 });
    const [row] = await t.database.db.select().from(pmsOutbox).where(eq(pmsOutbox.id, queued!.id));
    expect(row!.sentAt).toBeNull();
    expect(row!.record).toMatchObject({ attempts: 1 });
  });
});

describe('tenant isolation', () => {
  beforeAll(() => setWakeClock(null));
  it('another hotel reaches none of the calls, groups, histories or settings', async () => {
    const when = ahead(600);
    const call = await createCall(a.hotel, { roomNumber: '706', date: when.date, time: when.time });
    const group = await a.hotel.post('/api/records/wakeup-groups', { name: 'Team A', rooms: '705,706' });
    expect(group.status).toBe(200);
    const groupId = group.body.data.id;
    for (const client of [b.hotel, a.sibling]) {
      expect((await client.get(`/api/records/wakeup-calls/${call.id}`)).status).toBe(404);
      expect((await client.put(`/api/records/wakeup-calls/${call.id}`, { roomNumber: '706', date: when.date, time: when.time })).status).toBe(404);
      expect((await client.post(`/api/records/wakeup-calls/${call.id}/actions/cancel`)).status).toBe(404);
      expect((await client.get(`/api/wakeup/calls/${call.id}/history`)).status).toBe(404);
      expect((await client.get(`/api/records/wakeup-groups/${groupId}`)).status).toBe(404);
      expect((await client.post(`/api/wakeup/groups/${groupId}/wake`, { date: when.date, time: when.time })).status).toBe(404);
      const list = await client.get('/api/records/wakeup-calls?pagesize=100');
      expect(list.body.data.items.map((c: { id: number }) => c.id)).not.toContain(call.id);
    }
    // A brand user has no wake-up screens (hotel users only).
    expect((await a.brand.get('/api/records/wakeup-calls')).status).toBe(403);
    expect((await a.brand.get('/api/web/wake_up/config_info')).status).toBe(403);
    // The group wakes its own hotel's rooms.
    const woken = await a.hotel.post(`/api/wakeup/groups/${groupId}/wake`, { date: when.date, time: when.time });
    expect(woken.status, JSON.stringify(woken.body)).toBe(200);
    expect(woken.body.data.created).toBe(2);
    // The other hotel's TV of the same room number never gets this hotel's calls.
    const otherTv = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[0]), roomNumber: '706' });
    await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, otherTv.terminalId));
    expect((await partOf(otherTv))!.calls).toEqual([]);
    // A signed address of one terminal is not another's.
    const mine = (await partOf(tv))!;
    expect((await report(mine.setUrl.replace(`/rooms/${tv.terminalId}/`, `/rooms/${otherTv.terminalId}/`), { date: when.date, time: when.time })).status).toBe(404);
    const events = await t.database.db.select().from(wakeupEvents).where(and(eq(wakeupEvents.callId, call.id), eq(wakeupEvents.hotelId, b.hotelIds[0])));
    expect(events).toEqual([]);
  });
});

