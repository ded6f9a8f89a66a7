import type { GuestMessagesPart } from '@htv/shared/areas/guestmessages/device';
import type { WakeUpConfigPart } from '@htv/shared/areas/wakeup/device';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

const rights = (record: string) => ['read', 'create', 'update', 'delete', 'publish', 'cancelPublish'].map((action) => `${record}.${action}`);
const RIGHTS = [...rights('guestMessage'), 'wakeup.read', 'wakeup.create', 'wakeup.cancel', 'room.read', 'room.create', 'pmsLog.read', 'pmsInterface.manage', 'terminal.read'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let pms: HttpPms;
let tvFrom: Tv;
let tvTo: Tv;
let bTv: Tv;

const nextId = (() => {
  let n = 0;
  return (label: string) => `${label}-${Date.now()}-${++n}`;
})();

/** A moment `minutes` ahead of now, on a whole minute, with its local (+08:00) date and time. */
function ahead(minutes: number) {
  const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000);
  const local = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return { at, date: local.slice(0, 10), time: local.slice(11, 16) };
}

async function roomTv(hotelId: number, roomNumber: string): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId), roomNumber });
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
}

async function published(client: Client, body: Record<string, unknown>): Promise<Record<string, any>> {
  const row = await client.post('/api/records/guest-messages', body);
  expect(row.status, JSON.stringify(row.body)).toBe(200);
  const res = await client.post(`/api/records/guest-messages/${row.body.data.id}/actions/publish`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function createCall(client: Client, body: Record<string, unknown>) {
  const res = await client.post('/api/records/wakeup-calls', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, any>;
}

const callOf = async (client: Client, id: number) => (await client.get(`/api/records/wakeup-calls/${id}`)).body.data as Record<string, any>;
const messageIdsOn = async (tv: Tv) => ((await configPartOf<GuestMessagesPart | null>(tv, 'guestMessages'))?.messages ?? []).map((m) => m.id);
const callIdsOn = async (tv: Tv) => ((await configPartOf<WakeUpConfigPart | null>(tv, 'wakeup'))?.calls ?? []).map((c) => c.id);
const pushed = async (tv: Tv) => ((await tv.device.get('/api/device/v1/commands?wait=0')).body.data.commands as { type: string }[]).map((c) => c.type);

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, RIGHTS);
  b = await createTenant(t, RIGHTS);
  await createRooms(a.hotel, ['911', '912', '913']);
  await createRooms(b.hotel, ['911', '912']);
  await usePmsVendor(t, await createPlatformAdmin(t), a.hotelIds[0], 'http');
  pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
  tvFrom = await roomTv(a.hotelIds[0], '911');
  tvTo = await roomTv(a.hotelIds[0], '912');
  bTv = await roomTv(b.hotelIds[0], '911');
});

describe('a room move carries the stay', () => {
  it('moves the guest’s open wake-up calls and messages to the new room and tells the TVs of both rooms', async () => {
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '911', reservation: 'R911', guest: { name: 'Wang Fang' } })).status).toBe(200);
    const wake = ahead(180);
    expect((await pms.send({ id: nextId('wr'), type: 'wakeUpSet', room: '911', at: wake.at.toISOString() })).status).toBe(200);
    const [pmsCall] = (await a.hotel.get('/api/records/wakeup-calls?roomNumber=911&pagesize=10')).body.data.items as Record<string, any>[];
    const later = ahead(240);
    const consoleCall = await createCall(a.hotel, { roomNumber: '911', date: later.date, time: later.time });
    const cancelled = await createCall(a.hotel, { roomNumber: '911', date: later.date, time: later.time, wordsEn: 'cancelled one' });
    expect((await a.hotel.post(`/api/records/wakeup-calls/${cancelled.id}/actions/cancel`, {})).status).toBe(200);
    const own = await published(a.hotel, { content: 'Your taxi is at the door', publishMethod: 'rooms', rooms: '911' });
    const shared = await published(a.hotel, { content: 'Your tour leaves at nine', publishMethod: 'rooms', rooms: '911,913' });
    const toAll = await published(a.hotel, { content: 'Breakfast until 10:30', publishMethod: 'all' });
    // The old room's TV has read its message: that receipt stays as the message's history.
    expect((await tvFrom.device.post('/api/device/v1/publishing/receipts', { kind: 'guestMessage', ids: [own.id], state: 'read' })).status).toBe(200);
    expect(await callIdsOn(tvFrom)).toEqual(expect.arrayContaining([pmsCall!.id, consoleCall.id]));
    expect(await messageIdsOn(tvTo)).not.toContain(own.id);
    // Another hotel's room of the same number, with its own call and message.
    const bWhen = ahead(200);
    const bCall = await createCall(b.hotel, { roomNumber: '911', date: bWhen.date, time: bWhen.time });
    const bMessage = await published(b.hotel, { content: 'Hotel B', publishMethod: 'rooms', rooms: '911' });
    for (const tv of [tvFrom, tvTo]) await pushed(tv);

    const move = await pms.send({ id: nextId('mv'), type: 'roomMove', room: '911', toRoom: '912' });
    expect(move.body.data.result, JSON.stringify(move.body)).toBe('applied');

    // Both rooms' TVs are pushed their new configuration.
    expect(await pushed(tvFrom)).toContain('config');
    expect(await pushed(tvTo)).toContain('config');
    // The open calls rang for the guest: they now ring in the new room, the move in their history.
    for (const call of [pmsCall!, consoleCall]) expect(await callOf(a.hotel, call.id)).toMatchObject({ roomNumber: '912', state: 'scheduled', guestName: 'Wang Fang' });
    expect((await callOf(a.hotel, cancelled.id)).roomNumber).toBe('911');
    const history = (await a.hotel.get(`/api/wakeup/calls/${consoleCall.id}/history`)).body.data.items as Record<string, unknown>[];
    expect(history.at(-1)).toMatchObject({ state: 'scheduled', by: 'pms', note: 'moved 911 912' });
    expect(await callIdsOn(tvTo)).toEqual(expect.arrayContaining([pmsCall!.id, consoleCall.id]));
    expect(await callIdsOn(tvFrom)).toEqual([]);
    // Messages sent to the old room by number follow; the hotel-wide one reaches both rooms anyway.
    expect((await a.hotel.get(`/api/records/guest-messages/${own.id}`)).body.data.rooms).toBe('912');
    expect((await a.hotel.get(`/api/records/guest-messages/${shared.id}`)).body.data.rooms).toBe('912,913');
    const onNew = await messageIdsOn(tvTo);
    expect(onNew).toEqual(expect.arrayContaining([own.id, shared.id, toAll.id]));
    const onOld = await messageIdsOn(tvFrom);
    expect(onOld).not.toContain(own.id);
    expect(onOld).not.toContain(shared.id);
    expect(onOld).toContain(toAll.id);
    const receipts = (await a.hotel.get(`/api/publishing/guest-messages/${own.id}/receipts`)).body.data;
    expect(receipts.rooms.find((room: any) => room.roomNumber === '911')).toMatchObject({ targeted: false, terminals: [expect.objectContaining({ terminalId: tvFrom.terminalId, readAt: expect.any(String) })] });
    expect(receipts.rooms.find((room: any) => room.roomNumber === '912')).toMatchObject({ targeted: true, terminals: [] });

    // Hotel B's rows of its own room 911 are untouched.
    expect(await callOf(b.hotel, bCall.id)).toMatchObject({ roomNumber: '911', state: 'scheduled' });
    expect((await b.hotel.get(`/api/records/guest-messages/${bMessage.id}`)).body.data.rooms).toBe('911');
    expect(await messageIdsOn(bTv)).toContain(bMessage.id);
    expect(await callIdsOn(bTv)).toContain(bCall.id);

    // Check-out in the new room ends what moved with the guest.
    expect((await pms.send({ id: nextId('co'), type: 'checkOut', room: '912', reservation: 'R911' })).status).toBe(200);
    expect((await callOf(a.hotel, consoleCall.id)).state).toBe('cancelled');
    expect(await messageIdsOn(tvTo)).not.toContain(own.id);
  });

  it('a move refused (occupied room) moves nothing', async () => {
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '911', reservation: 'R911b', guest: { name: 'Li Lei' } })).status).toBe(200);
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '913', reservation: 'R913', guest: { name: 'Han Mei' } })).status).toBe(200);
    const when = ahead(300);
    const call = await createCall(a.hotel, { roomNumber: '911', date: when.date, time: when.time });
    const message = await published(a.hotel, { content: 'For Li Lei', publishMethod: 'rooms', rooms: '911' });
    const refused = await pms.send({ id: nextId('mv'), type: 'roomMove', room: '911', toRoom: '913' });
    expect(refused.status).toBe(409);
    expect((await callOf(a.hotel, call.id)).roomNumber).toBe('911');
    expect((await a.hotel.get(`/api/records/guest-messages/${message.id}`)).body.data.rooms).toBe('911');
  });
});
