import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { eq } from 'drizzle-orm';
import { PMS_REQUESTS_PER_MIN } from '../src/areas/pms/http.js';
import { PMS_EVENT_KEY_DAYS, pruneEventKeys } from '../src/areas/pms/retention.js';
import { pmsEventKeys } from '../src/db/schema/index.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
let pms: HttpPms;
let tvs: Tv[];

const HOTEL_RIGHTS = ['pmsLog.read', 'room.read', 'room.create', 'tourGroup.read', 'tourGroup.create', 'tourGroup.update', 'tourGroup.delete', 'pmsInterface.manage', 'terminal.read'];
const nextId = (() => {
  let n = 0;
  return (label: string) => `${label}-${Date.now()}-${++n}`;
})();

const checkIn = (room: string, name: string, extra: Record<string, unknown> = {}) => ({
  id: nextId('ci'),
  type: 'checkIn',
  room,
  reservation: `R${room}`,
  guest: { name, title: 'Ms', language: 'en' },
  arrival: '2026-11-28',
  departure: '2026-11-30',
  ...extra,
});

async function logRows(client: Client, query = '') {
  const res = await client.get(`/api/records/pms-logs?pagesize=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items as { eventId: string | null; event: string; result: string; reason: string | null; roomNumber: string | null; guestName: string | null; source: string }[];
}

async function stayOf(client: Client, room: string, state = 'inHouse') {
  const res = await client.get(`/api/records/stays?roomNumber=${room}&state=${state}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items[0] as Record<string, any> | undefined;
}

const guestOf = async (tv: Tv) => (await tv.device.get('/api/device/v1/config')).body.data;

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL_RIGHTS);
  b = await createTenant(t, HOTEL_RIGHTS);
  await usePmsVendor(t, platform, a.hotelIds[0], 'http');
  await createRooms(a.hotel, ['801', '802', '803', '804', '805']);
  const installCode = await installCodeOf(t, a.hotelIds[0]);
  tvs = [await registerTv(t, { installCode, roomNumber: '801' }), await registerTv(t, { installCode, roomNumber: '801' }), await registerTv(t, { installCode, roomNumber: '802' })];
  pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
});

describe('PMS HTTP interface: signatures and idempotency', () => {
  it('applies a signed check-in once; a replay changes nothing and answers the same', async () => {
    const event = checkIn('803', 'Alice Wang', { group: 'TG-A' });
    const first = await pms.send(event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ id: event.id, result: 'applied', stayId: expect.any(Number) });
    const replay = await pms.send(event);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    const stays = await a.hotel.get('/api/records/stays?roomNumber=803&pagesize=100');
    expect(stays.body.data.items).toHaveLength(1);
    const rows = (await logRows(a.hotel, `&eventId=${event.id}`)).map((row) => row.result).sort();
    expect(rows).toEqual(['applied', 'duplicate']);
  });

  it('refuses an old timestamp, a bad signature, a malformed body and an unknown room, logging each', async () => {
    const old = await pms.send(checkIn('804', 'Old'), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: '-1', errkey: 'pms.staleTimestamp' });
    const forged = await pms.send(checkIn('804', 'Forged'), { secret: 'f'.repeat(64) });
    expect(forged.status).toBe(401);
    expect(forged.body.errkey).toBe('pms.badSignature');
    const broken = await pms.send(null, { raw: '{"id": "x", "type": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.errkey).toBe('pms.malformed');
    // Signed, but nested too deeply or holding text the database cannot store: malformed too.
    for (const raw of [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, JSON.stringify({ ...checkIn('804', 'Lone \uD800'), guestName: 'Lone \uD800' }), JSON.stringify(checkIn('804', 'N\u0000ul'))]) {
      const hostile = await pms.send(null, { raw });
      expect(hostile.status, raw.slice(0, 80)).toBe(400);
      expect(hostile.body.errkey).toBe('pms.malformed');
    }
    const invalid = await pms.send({ id: nextId('bad'), type: 'checkIn', room: '804' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ errkey: 'pms.malformed', errmsg: 'The event is malformed' });
    const unknown = checkIn('9999', 'Nobody');
    const room = await pms.send(unknown);
    expect(room.status).toBe(404);
    expect(room.body.errkey).toBe('pms.unknownRoom');
    expect(await stayOf(a.hotel, '804')).toBeUndefined();
    expect(await stayOf(a.hotel, '9999')).toBeUndefined();
    const refused = await logRows(a.hotel, '&result=refused');
    expect(refused.map((row) => row.reason)).toEqual(expect.arrayContaining(['staleTimestamp', 'badSignature', 'malformed', 'unknownRoom']));
    expect(refused.find((row) => row.eventId === unknown.id)).toMatchObject({ roomNumber: '9999', guestName: 'Nobody', event: 'checkIn', source: 'http' });
    // A refused event is not remembered: the same id applies once the room exists.
    await createRooms(a.hotel, ['9999']);
    expect((await pms.send(unknown)).body.data.result).toBe('applied');
  });

  it('answers each event of a batch on its own', async () => {
    const good = checkIn('804', 'Bob Li');
    const res = await pms.send({ events: [good, { id: nextId('x'), type: 'checkOut', room: '805' }, { nope: true }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results.map((r: { result: string; errkey?: string }) => r.errkey ?? r.result)).toEqual(['applied', 'pms.noStay', 'pms.malformed']);
    expect((await stayOf(a.hotel, '804'))?.guestName).toBe('Bob Li');
  });

  it('refuses events of a hotel whose PMS does not speak HTTP, and an unknown hotel is a 404', async () => {
    const other = new HttpPms(t, '0000000', pms.secret);
    expect((await other.send(checkIn('801', 'X'))).status).toBe(404);
    await usePmsVendor(t, platform, a.hotelIds[1], 'fias');
    const fias = await HttpPms.of(t, a.sibling, a.hotelIds[1]);
    const res = await fias.send(checkIn('801', 'X'));
    expect(res.status).toBe(409);
    expect(res.body.errkey).toBe('pms.wrongProtocol');
  });

  it('limits requests per hotel and sender address', async () => {
    const stranger = new HttpPms(t, '0000001', 'x');
    const statuses: number[] = [];
    for (let i = 0; i < PMS_REQUESTS_PER_MIN; i++) statuses.push((await stranger.send({}, { address: '10.66.0.1' })).status);
    expect(statuses.every((status) => status === 404)).toBe(true);
    const limited = await stranger.send({}, { address: '10.66.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.body.errkey).toBe('pms.rateLimited');
    // Another address, or the same address for another hotel, is not held back.
    expect((await stranger.send({}, { address: '10.66.0.2' })).status).toBe(404);
    expect((await pms.send(checkIn('9999', 'Other'), { address: '10.66.0.1' })).status).not.toBe(429);
  });

  it('holds signed requests to their own, larger budget (a noon check-out sends hundreds a minute)', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < PMS_REQUESTS_PER_MIN + 10; i++) statuses.add((await pms.send({ id: nextId('wc'), type: 'wakeUpClear', room: '805' }, { address: '10.66.0.3' })).status);
    // Each is refused for want of a guest in 805, none held back.
    expect([...statuses]).toEqual([409]);
    // A bad signature from that address still spends the small budget.
    expect((await pms.send({}, { address: '10.66.0.3', secret: 'wrong' })).status).toBe(401);
  });

  it('rotates the secret: the old one stops working', async () => {
    const rotated = await a.hotel.post('/api/pms/interface/rotate', {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.data.secret).not.toBe(pms.secret);
    const stale = await pms.send(checkIn('805', 'Late'));
    expect(stale.body.errkey).toBe('pms.badSignature');
    pms.secret = rotated.body.data.secret;
  });
});

describe('stays: check-in, move and check-out', () => {
  it('check-in names the guest on the room terminals and pushes the stay part', async () => {
    for (const tv of tvs) await tv.device.get('/api/device/v1/commands?wait=0');
    const event = checkIn('801', 'Chen Jing', { guest: { name: 'Chen Jing', title: 'Mrs', language: 'zh-CN' }, group: 'TG-B', vip: true });
    expect((await pms.send(event)).body.data.result).toBe('applied');
    for (const tv of tvs.slice(0, 2)) {
      const pushed = await tv.device.get('/api/device/v1/commands?wait=0');
      expect(pushed.body.data.commands.map((c: { type: string }) => c.type)).toContain('config');
      const config = await guestOf(tv);
      expect(config.stay).toMatchObject({ guestName: 'Chen Jing', title: 'Mrs', language: 'zh-CN', group: 'TG-B', vip: true, arrival: '2026-11-28' });
    }
    expect((await guestOf(tvs[2]!)).stay).toBeNull();
    const terminal = await a.hotel.get(`/api/records/terminals/${tvs[0]!.terminalId}`);
    expect(terminal.body.data.guest).toBe('Chen Jing');
    // The room list shows each room's stay.
    const rooms = (await a.hotel.get('/api/records/room?pagesize=100')).body.data.items as Record<string, unknown>[];
    expect(rooms.find((room) => room.number === '801')).toMatchObject({ guestName: 'Chen Jing', guestLanguage: 'zh-CN', guestGroup: 'TG-B', guestSince: expect.any(String) });
    expect(rooms.find((room) => room.number === '802')).toMatchObject({ guestName: null, guestSince: null });
  });

  it('a guest change updates the stay; a move carries it to the new room', async () => {
    const change = await pms.send({ id: nextId('gc'), type: 'guestChange', room: '801', guest: { language: 'ja' }, departure: '2026-12-02' });
    expect(change.body.data.result).toBe('applied');
    expect((await guestOf(tvs[0]!)).stay).toMatchObject({ language: 'ja', departure: '2026-12-02', guestName: 'Chen Jing' });
    const occupied = await pms.send({ id: nextId('mv'), type: 'roomMove', room: '801', toRoom: '803' });
    expect(occupied.status).toBe(409);
    expect(occupied.body.errkey).toBe('pms.roomOccupied');
    expect((await logRows(a.hotel, '&reason=roomOccupied'))[0]).toMatchObject({ roomNumber: '801', guestName: 'Chen Jing', event: 'roomMove' });
    const move = await pms.send({ id: nextId('mv'), type: 'roomMove', room: '801', toRoom: '802' });
    expect(move.body.data.result).toBe('applied');
    expect((await guestOf(tvs[0]!)).stay).toBeNull();
    expect((await guestOf(tvs[2]!)).stay).toMatchObject({ guestName: 'Chen Jing' });
    expect((await a.hotel.get(`/api/records/terminals/${tvs[0]!.terminalId}`)).body.data.guest).toBeNull();
    expect((await a.hotel.get(`/api/records/terminals/${tvs[2]!.terminalId}`)).body.data.guest).toBe('Chen Jing');
    const group = (await a.hotel.get('/api/records/tour-groups?keyword=TG-B')).body.data.items[0];
    expect(group.rooms).toBe('802');
  });

  it('check-out ends the stay with its receipt and clears the terminals', async () => {
    const stay = await stayOf(a.hotel, '802');
    const out = await pms.send({ id: nextId('co'), type: 'checkOut', room: '802', reservation: 'R801' });
    expect(out.body.data).toMatchObject({ result: 'applied', stayId: stay!.id });
    const ended = (await a.hotel.get(`/api/records/stays/${stay!.id}`)).body.data;
    expect(ended).toMatchObject({ state: 'checkedOut', checkedOutAt: expect.any(String) });
    expect(ended.receipt).toEqual([{ area: 'pms', key: 'pms.receiptTerminalGuest', count: 1, items: [tvs[2]!.mac] }]);
    expect((await guestOf(tvs[2]!)).stay).toBeNull();
    expect((await a.hotel.get(`/api/records/terminals/${tvs[2]!.terminalId}`)).body.data.guest).toBeNull();
    const again = await pms.send({ id: nextId('co'), type: 'checkOut', room: '802' });
    expect(again.body.errkey).toBe('pms.noStay');
  });

  it('a check-in over a stay the PMS never checked out ends that stay first', async () => {
    const before = await stayOf(a.hotel, '804');
    expect((await pms.send(checkIn('804', 'Dana Xu', { reservation: 'R-NEW' }))).body.data.result).toBe('applied');
    expect((await stayOf(a.hotel, '804'))?.guestName).toBe('Dana Xu');
    expect((await a.hotel.get(`/api/records/stays/${before!.id}`)).body.data.state).toBe('checkedOut');
  });

  it('logs wake-ups and messages for a guest in house (the seam of the wake-up and message areas)', async () => {
    const wake = await pms.send({ id: nextId('wr'), type: 'wakeUpSet', room: '804', at: '2026-11-29T07:00:00+08:00' });
    expect(wake.body.data.result).toBe('applied');
    const message = await pms.send({ id: nextId('xl'), type: 'messageWaiting', room: '804', count: 1 });
    expect(message.body.data.result).toBe('applied');
    const rows = await logRows(a.hotel, '&roomNumber=804');
    expect(rows.filter((row) => row.event === 'wakeUpSet' || row.event === 'messageWaiting').map((row) => row.guestName)).toEqual(['Dana Xu', 'Dana Xu']);
    const empty = await pms.send({ id: nextId('wr'), type: 'wakeUpSet', room: '805', at: '2026-11-29T07:00:00+08:00' });
    expect(empty.body.errkey).toBe('pms.noStay');
  });
});

describe('the PMS log', () => {
  it('filters by result and reason and exports the filtered rows to Excel in the request language', async () => {
    const refused = await logRows(a.hotel, '&result=refused&reason=unknownRoom');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((row) => row.result === 'refused' && row.reason === 'unknownRoom')).toBe(true);
    const exported = await a.hotel.withLang('zh-CN').get('/api/records/pms-logs/export?result=refused&reason=unknownRoom');
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(expect.arrayContaining(['房间号', '客人姓名', '事件', '结果', '原因']));
    expect(rows).toHaveLength(refused.length + 1);
    expect(rows[1]).toEqual(expect.arrayContaining(['已拒绝', '酒店没有该房间']));
  });
});

describe('idempotency keys', () => {
  it('are forgotten after the retention, so only a late replay applies again', async () => {
    const event = checkIn('805', 'Keyed Guest', { reservation: 'R-KEY' });
    expect((await pms.send(event)).body.data.result).toBe('applied');
    expect(await pruneEventKeys(t.database.db)).toBe(0);
    const later = new Date(Date.now() + (PMS_EVENT_KEY_DAYS + 1) * 86_400_000);
    expect(await pruneEventKeys(t.database.db, later)).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(pmsEventKeys).where(eq(pmsEventKeys.eventId, event.id));
    expect(rows).toEqual([]);
  });
});

describe('tour groups', () => {
  it('are created from check-ins carrying a code and gather their rooms; the console edits them', async () => {
    expect((await pms.send(checkIn('805', 'Eve Zhou', { group: 'TG-A' }))).body.data.result).toBe('applied');
    const list = await a.hotel.get('/api/records/tour-groups?keyword=TG-A');
    const group = list.body.data.items[0];
    expect(group).toMatchObject({ code: 'TG-A', name: 'TG-A', source: 'pms' });
    expect(group.rooms.split(',').sort()).toEqual(['803', '805']);
    const renamed = await a.hotel.put(`/api/records/tour-groups/${group.id}`, { code: 'TG-A', name: 'Shanghai tour', rooms: '803, 805, 801' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const typed = await a.hotel.post('/api/records/tour-groups', { code: 'HAND-1', name: 'By hand', rooms: '801\n802', arrival: '2026-12-01' });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.data.source).toBe('console');
    const twice = await a.hotel.post('/api/records/tour-groups', { code: 'HAND-1', name: 'Again' });
    expect(twice.status).toBe(422);
    const badRooms = await a.hotel.post('/api/records/tour-groups', { code: 'HAND-2', name: 'Bad', rooms: '80 1;x' });
    expect(badRooms.status).toBe(422);
  });
});

describe('PMS records and routes are confined to their hotel', () => {
  it('answers 404 to a hotel user of another hotel and a brand user of another brand', async () => {
    const stay = await stayOf(a.hotel, '805');
    const log = (await logRows(a.hotel))[0]!;
    const group = (await a.hotel.get('/api/records/tour-groups?keyword=TG-A')).body.data.items[0];
    const paths = [`/api/records/stays/${stay!.id}`, `/api/records/pms-logs/${(log as unknown as { id: number }).id}`, `/api/records/tour-groups/${group.id}`];
    for (const outsider of [a.sibling, b.hotel, b.brand]) {
      for (const path of paths) expect((await outsider.get(path)).status, `${path}`).toBe(404);
      expect((await outsider.put(`/api/records/tour-groups/${group.id}`, { code: 'TG-A', name: 'Taken' })).status).toBe(404);
      expect((await outsider.post('/api/records/tour-groups/batch-delete', { ids: [group.id] })).status).toBe(404);
      expect((await outsider.get(`/api/records/stays?roomNumber=805`)).body.data.items).toEqual([]);
      expect((await outsider.get(`/api/records/pms-logs?pagesize=100`)).body.data.items.filter((row: { eventId: string | null }) => row.eventId === log.eventId && log.eventId)).toEqual([]);
    }
    for (const outsider of [b.hotel, b.brand]) {
      expect((await outsider.get(`/api/pms/interface?hotel_id=${a.hotelIds[0]}`)).status).toBe(404);
      expect((await outsider.post('/api/pms/interface/rotate', { hotel_id: a.hotelIds[0] })).status).toBe(404);
      expect((await outsider.put('/api/pms/interface', { hotel_id: a.hotelIds[0], fiasEnabled: false })).status).toBe(404);
    }
    // The brand of the hotel reaches it.
    expect((await a.brand.get(`/api/pms/interface?hotel_id=${a.hotelIds[0]}`)).body.data.secret).toBe(pms.secret);
    expect((await a.brand.get(`/api/records/stays/${stay!.id}`)).status).toBe(200);
  });

  it('keeps the secret from hotel users without the PMS interface right', async () => {
    const plain = await createTenant(t, ['pmsLog.read']);
    expect((await plain.hotel.get('/api/pms/interface')).status).toBe(403);
  });
});
