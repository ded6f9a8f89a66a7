import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { phoneBindings } from '../src/areas/phone/schema.js';
import { recordTables } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

/**
 * A batch of PMS events is applied in one transaction (docs/pms.md "Throughput"): these check that it
 * behaves as the same events sent one by one.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let pms: HttpPms;
let tvs: Record<string, Tv>;

const RIGHTS = ['pmsLog.read', 'room.read', 'room.create', 'wakeup.read', 'terminal.read', 'pmsInterface.manage'];
const ROOMS = ['601', '602', '603', '604', '605', '606', '607'];
let n = 0;
const nextId = (label: string) => `${label}-${Date.now()}-${++n}`;
const checkIn = (room: string, name: string, reservation = `R${room}`) => ({ id: nextId('ci'), type: 'checkIn', room, reservation, guest: { name, language: 'en' } });
const checkOut = (room: string) => ({ id: nextId('co'), type: 'checkOut', room });
/** A whole minute `minutes` ahead. */
const ahead = (minutes: number) => new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000).toISOString();

type Answer = { id: string; result: string; stayId?: number; errkey?: string };
async function sendBatch(events: unknown[]): Promise<Answer[]> {
  const res = await pms.send({ events });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.results as Answer[];
}

async function staysOf(client: Client, room: string) {
  const res = await client.get(`/api/records/stays?roomNumber=${room}&pagesize=50`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items as Record<string, any>[];
}

const callsOf = (hotelId: number, room: string) => {
  const c = recordTables.wakeUpCall!;
  return t.database.db
    .select({ id: c.id, state: c.state })
    .from(c)
    .where(and(eq(c.hotelId, hotelId), eq(c.roomNumber, room)));
};

const guestOn = async (tv: Tv) => {
  const terminal = recordTables.terminal!;
  const [row] = await t.database.db.select({ guest: terminal.guest }).from(terminal).where(eq(terminal.id, tv.terminalId));
  return row!.guest;
};

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, RIGHTS);
  b = await createTenant(t, RIGHTS);
  const platform = await createPlatformAdmin(t);
  await usePmsVendor(t, platform, a.hotelIds[0], 'http');
  await usePmsVendor(t, platform, b.hotelIds[0], 'http');
  await createRooms(a.hotel, ROOMS);
  await createRooms(b.hotel, ['601']);
  const installCode = await installCodeOf(t, a.hotelIds[0]);
  tvs = { '601': await registerTv(t, { installCode, roomNumber: '601' }), '602': await registerTv(t, { installCode, roomNumber: '602' }) };
  pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
});

describe('a batch of PMS events', () => {
  it('carries out each check-out for its own room with its receipt; a later event of the room follows it', async () => {
    const first = await sendBatch([
      checkIn('601', 'Ann Wu'),
      checkIn('602', 'Ben Ma'),
      checkIn('603', 'Cy Lo'),
      { id: nextId('wu'), type: 'wakeUpSet', room: '601', at: ahead(240) },
      { id: nextId('wu'), type: 'wakeUpSet', room: '602', at: ahead(300) },
      { id: nextId('mw'), type: 'messageWaiting', room: '602', count: 1, text: 'Please call the front desk' },
    ]);
    expect(first.map((r) => r.result)).toEqual(Array(6).fill('applied'));
    expect(await guestOn(tvs['601']!)).toBe('Ann Wu');
    const [annCall] = await callsOf(a.hotelIds[0], '601');
    const [benCall] = await callsOf(a.hotelIds[0], '602');
    // A phone bound in Ann's stay and one in Cy's: each check-out releases its own.
    const bind = (room: string, stayId: number, terminalId: number) =>
      t.database.db
        .insert(phoneBindings)
        .values({ tokenHash: nextId('token').padEnd(64, '0').slice(0, 64), terminalId, brandId: a.brandId, hotelId: a.hotelIds[0], roomNumber: room, stayId, expiresAt: new Date(Date.now() + 86_400_000) })
        .returning({ id: phoneBindings.id });
    const [annPhone] = await bind('601', first[0]!.stayId!, tvs['601']!.terminalId);
    const [cyPhone] = await bind('603', first[2]!.stayId!, tvs['601']!.terminalId);

    const laterCall = ahead(360);
    const second = await sendBatch([checkOut('601'), checkOut('602'), checkOut('603'), checkIn('601', 'Dee Xu', 'R601-2'), { id: nextId('wu'), type: 'wakeUpSet', room: '601', at: laterCall }]);
    expect(second.map((r) => r.result)).toEqual(Array(5).fill('applied'));

    const [ann, dee] = [first[0]!.stayId, second[3]!.stayId];
    const stays601 = await staysOf(a.hotel, '601');
    const annStay = stays601.find((s) => s.id === ann)!;
    expect(annStay.state).toBe('checkedOut');
    expect(annStay.receipt).toEqual([
      { area: 'pms', key: 'pms.receiptTerminalGuest', count: 1, items: [tvs['601']!.mac] },
      { area: 'wakeup', key: 'wakeup.receipt', count: 1, items: [annCall!.id] },
      { area: 'phone', key: 'phone.receiptBindings', count: 1, items: [annPhone!.id] },
    ]);
    // The new guest of 601 came after the check-out: their name is on the TV, their call stays open.
    expect(stays601.find((s) => s.id === dee)).toMatchObject({ state: 'inHouse', guestName: 'Dee Xu', receipt: null });
    expect(await guestOn(tvs['601']!)).toBe('Dee Xu');
    const calls601 = await callsOf(a.hotelIds[0], '601');
    expect(calls601.find((c) => c.id === annCall!.id)!.state).toBe('cancelled');
    expect(calls601.filter((c) => c.id !== annCall!.id).map((c) => c.state)).toEqual(['scheduled']);

    const benStay = (await staysOf(a.hotel, '602'))[0]!;
    expect(benStay.state).toBe('checkedOut');
    expect(benStay.receipt.map((item: { key: string }) => item.key)).toEqual(['pms.receiptTerminalGuest', 'publishing.receiptWithdrawn', 'wakeup.receipt']);
    expect((await callsOf(a.hotelIds[0], '602')).find((c) => c.id === benCall!.id)!.state).toBe('cancelled');
    expect(await guestOn(tvs['602']!)).toBeNull();

    const cyStay = (await staysOf(a.hotel, '603'))[0]!;
    expect(cyStay.receipt).toEqual([{ area: 'phone', key: 'phone.receiptBindings', count: 1, items: [cyPhone!.id] }]);
    const bindings = await t.database.db.select({ id: phoneBindings.id, reason: phoneBindings.revokedReason }).from(phoneBindings).where(inArray(phoneBindings.id, [annPhone!.id, cyPhone!.id]));
    expect(bindings.map((row) => row.reason)).toEqual(['checkOut', 'checkOut']);
  });

  it('refuses an event on its own: the events around it apply, the refused one leaves nothing and may come again', async () => {
    const refusedCheckOut = checkOut('605');
    const answers = await sendBatch([checkIn('604', 'Eve Ho'), refusedCheckOut, checkOut('604'), { nope: true }]);
    expect(answers.map((r) => r.errkey ?? r.result)).toEqual(['applied', 'pms.noStay', 'applied', 'pms.malformed']);
    const [eve] = await staysOf(a.hotel, '604');
    expect(eve).toMatchObject({ state: 'checkedOut', guestName: 'Eve Ho', receipt: [] });
    const logs = (await a.hotel.get('/api/records/pms-logs?roomNumber=605&pagesize=50')).body.data.items as Record<string, any>[];
    expect(logs.find((row) => row.eventId === refusedCheckOut.id)).toMatchObject({ result: 'refused', reason: 'noStay' });
    // A refused event's id is not remembered: once the guest is in, the same event applies.
    expect((await sendBatch([checkIn('605', 'Fay Ng'), refusedCheckOut])).map((r) => r.result)).toEqual(['applied', 'applied']);
    expect((await staysOf(a.hotel, '605'))[0]).toMatchObject({ state: 'checkedOut', guestName: 'Fay Ng' });
  });

  it('answers a batch sent again as the first time and changes nothing; an id twice in one batch applies once', async () => {
    const events = [checkIn('606', 'Gus Yi'), { id: nextId('gc'), type: 'guestChange', room: '606', vip: true }, checkOut('606')];
    const answers = await sendBatch(events);
    expect(answers.map((r) => r.result)).toEqual(['applied', 'applied', 'applied']);
    const before = await staysOf(a.hotel, '606');
    expect(await sendBatch(events)).toEqual(answers);
    expect(await staysOf(a.hotel, '606')).toEqual(before);
    const logs = (await a.hotel.get('/api/records/pms-logs?roomNumber=606&pagesize=50')).body.data.items as Record<string, any>[];
    expect(logs.filter((row) => row.result === 'duplicate')).toHaveLength(3);

    const twice = checkIn('607', 'Hal Su');
    const [one, two] = await sendBatch([twice, twice]);
    expect(one).toMatchObject({ id: twice.id, result: 'applied' });
    expect(two).toEqual(one);
    expect(await staysOf(a.hotel, '607')).toHaveLength(1);
  });

  it('touches only the sending hotel: another tenant’s room of the same number keeps its guest', async () => {
    const other = await HttpPms.of(t, b.hotel, b.hotelIds[0]);
    const res = await other.send({ events: [checkIn('601', 'Ivy Bo')] });
    expect(res.body.data.results[0].result).toBe('applied');
    // Hotel A's batch checks out its own 601 (Dee); hotel B's guest in its 601 stays in house.
    expect((await sendBatch([checkOut('601'), checkOut('602')])).map((r) => r.errkey ?? r.result)).toEqual(['applied', 'pms.noStay']);
    expect((await staysOf(b.hotel, '601')).map((s) => [s.guestName, s.state])).toEqual([['Ivy Bo', 'inHouse']]);
    expect((await staysOf(a.hotel, '601')).every((s) => s.state === 'checkedOut')).toBe(true);
  });
});
