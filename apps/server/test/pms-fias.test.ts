import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createServer, type Socket } from 'node:net';
import { eventOfRecord } from '../src/areas/pms/fias/events.js';
import { encodeRecord, ETX, FrameReader, parseRecord, STX, type FiasRecord } from '../src/areas/pms/fias/frame.js';
import { FiasLinks } from '../src/areas/pms/fias/links.js';
import { pmsOutbox } from '../src/db/schema/index.js';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { calls, OPEN_STATES } from '../src/areas/wakeup/calls.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, usePmsVendor } from './pms-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
let port: number;
let links: FiasLinks;
let idleLinks: FiasLinks | undefined;
let tv: Tv;

const OPTIONS = { host: '127.0.0.1', idleMs: 60_000, checkMs: 60_000, leaseMs: 30_000 };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

/** A PMS on the other end of the link: sends records, waits for the listener's. */
class FiasPms {
  private readonly reader = new FrameReader();
  private readonly received: FiasRecord[] = [];
  private waiting: (() => void) | undefined;
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      for (const item of this.reader.push(chunk)) if ('record' in item) this.received.push(item.record);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static async open(to = port): Promise<FiasPms> {
    const socket = connect(to, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new FiasPms(socket);
  }

  send(type: string, fields: Record<string, string> = {}) {
    this.socket.write(encodeRecord(type, fields));
  }

  /** The records received up to and including the next one of the type. */
  async until(type: string): Promise<FiasRecord[]> {
    for (;;) {
      const at = this.received.findIndex((record) => record.type === type);
      if (at >= 0) return this.received.splice(0, at + 1);
      if (this.socket.destroyed) throw new Error(`the link closed before ${type}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        this.socket.once('close', resolve);
      });
    }
  }

  /** A link-alive round trip: every record sent before it has been handled once its answer is back. */
  async sync() {
    this.send('LA', { DA: '261128', TI: '120000' });
    await this.until('LA');
  }
}

async function stayIn(room: string) {
  const res = await a.hotel.get(`/api/records/stays?roomNumber=${room}&state=inHouse`);
  return res.body.data.items[0] as Record<string, any> | undefined;
}

async function logRows(query: string) {
  return (await a.hotel.get(`/api/records/pms-logs?pagesize=100&source=fias${query}`)).body.data.items as Record<string, any>[];
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['pmsLog.read', 'room.read', 'room.create', 'pmsInterface.manage', 'terminal.read']);
  b = await createTenant(t, ['pmsLog.read', 'pmsInterface.manage']);
  await usePmsVendor(t, platform, a.hotelIds[0], 'fias');
  await createRooms(a.hotel, ['901', '902']);
  tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: '901' });
  port = await freePort();
  const set = await a.hotel.put('/api/pms/interface', { fiasEnabled: true, fiasPort: port, fiasAllowed: '127.0.0.1' });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  links = new FiasLinks(t.database.db, OPTIONS);
  await links.check();
});

afterAll(async () => {
  await links?.close();
  await idleLinks?.close();
});

describe('FIAS framing', () => {
  it('reads records split across chunks and reports broken frames and stray bytes', () => {
    const reader = new FrameReader();
    const bytes = Buffer.concat([Buffer.from('xy'), encodeRecord('GI', { RN: '901', GN: '王' }), Buffer.from([STX]), Buffer.from('no record'), Buffer.from([ETX]), encodeRecord('LA')]);
    const items = [...reader.push(bytes.subarray(0, 7)), ...reader.push(bytes.subarray(7))];
    expect(items.map((item) => ('record' in item ? item.record.type : 'broken'))).toEqual(['broken', 'GI', 'broken', 'LA']);
    const gi = items[1] as { record: FiasRecord };
    expect(Object.fromEntries(gi.record.fields)).toEqual({ RN: '901', GN: '王' });
    expect(parseRecord('GI|RN901')).toBeNull();
    expect(parseRecord('G|RN901|')).toBeNull();
  });

  it('maps guest records to events: GC with an old room is a move, dates and languages read', () => {
    const gi = eventOfRecord(parseRecord('GI|RN901|G#77|GNLi|GFMing|GTMr|GLEA|GGTG1|GA261128|GD261201|GV1|NPY|')!);
    expect(gi).toMatchObject({ type: 'checkIn', room: '901', reservation: '77', guest: { name: 'Ming Li', title: 'Mr', language: 'en' }, group: 'TG1', arrival: '2026-11-28', departure: '2026-12-01', vip: true, noPost: true });
    expect(eventOfRecord(parseRecord('GC|RN902|RO901|G#77|')!)).toMatchObject({ type: 'roomMove', room: '901', toRoom: '902' });
    expect(eventOfRecord(parseRecord('WR|RN901|DA261129|TI0700|')!)).toMatchObject({ type: 'wakeUpSet', at: '2026-11-29T07:00:00+08:00' });
  });
});

describe('FIAS listener over TCP', () => {
  it('holds each link in one process only', async () => {
    expect(links.held().get(a.hotelIds[0])).toBe(port);
    const other = new FiasLinks(t.database.db, OPTIONS);
    await other.check();
    expect(other.held().size).toBe(0);
    await other.close();
  });

  it('answers a link start with its description and keeps the link alive', async () => {
    const pms = await FiasPms.open();
    pms.send('LS', { DA: '261128', TI: '120000' });
    const answer = await pms.until('LA');
    expect(answer[0]!.type).toBe('LD');
    expect(Object.fromEntries(answer[0]!.fields)).toMatchObject({ 'V#': '1.0', IF: 'HTV', DA: expect.stringMatching(/^\d{6}$/) });
    expect(answer.filter((record) => record.type === 'LR').map((record) => record.fields.get('RI'))).toEqual(expect.arrayContaining(['GI', 'GO', 'GC', 'WR', 'WC', 'XL']));
    await pms.sync();
    pms.send('LE');
    await pms.until('LE');
    await pms.closed;
  });

  it('applies GI, GC and GO through the one event handler, logs and skips a broken frame', async () => {
    const pms = await FiasPms.open();
    pms.send('GI', { RN: '901', 'G#': '501', GN: 'Zhang', GF: 'Wei', GT: 'Mr', GL: 'ZH', GG: 'TGF', GA: '261128', GD: '261130' });
    pms.socket.write(Buffer.concat([Buffer.from([STX]), Buffer.from('broken record'), Buffer.from([ETX])]));
    // A NUL in a field (no text column stores one) is a malformed event, logged without its text: never a database error.
    pms.socket.write(Buffer.concat([Buffer.from([STX]), Buffer.from('GI|RN901|G#777|GNN'), Buffer.from([0]), Buffer.from('ul|'), Buffer.from([ETX])]));
    await pms.sync();
    expect(await stayIn('901')).toMatchObject({ guestName: 'Wei Zhang', title: 'Mr', language: 'zh-CN', groupCode: 'TGF', reservation: '501' });
    expect((await tv.device.get('/api/device/v1/config')).body.data.stay).toMatchObject({ guestName: 'Wei Zhang', group: 'TGF' });
    expect((await logRows('&reason=brokenFrame')).length).toBeGreaterThan(0);
    expect((await logRows('&reason=malformed')).length).toBeGreaterThan(0);

    pms.send('GC', { RN: '901', 'G#': '501', GL: 'JA' });
    pms.send('GC', { RN: '902', RO: '901', 'G#': '501' });
    await pms.sync();
    expect(await stayIn('901')).toBeUndefined();
    expect(await stayIn('902')).toMatchObject({ guestName: 'Wei Zhang', language: 'ja' });
    pms.send('GO', { RN: '902', 'G#': '501' });
    await pms.sync();
    expect(await stayIn('902')).toBeUndefined();
    const events = (await logRows('&result=applied')).map((row) => row.event);
    expect(events).toEqual(expect.arrayContaining(['checkIn', 'guestChange', 'roomMove', 'checkOut']));
    pms.socket.destroy();
  });

  it('takes a wake-up set, cleared and set again as the same record: each WR and WC counts, none twice', async () => {
    const pms = await FiasPms.open();
    pms.send('GI', { RN: '902', 'G#': '601', GN: 'Li' });
    // Tomorrow in the hotel's time (+08:00), 07:00.
    const day = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(2, 10).replace(/-/g, '');
    const call = { RN: '902', 'G#': '601', DA: day, TI: '0700' };
    const openCalls = async () => (await t.database.db.select().from(calls()).where(and(eq(calls().roomNumber, '902'), inArray(calls().state, [...OPEN_STATES])))).length;
    pms.send('WR', call);
    pms.send('WR', call);
    await pms.sync();
    expect(await openCalls()).toBe(1);
    pms.send('WC', call);
    await pms.sync();
    expect(await openCalls()).toBe(0);
    pms.send('WR', call);
    await pms.sync();
    expect(await openCalls()).toBe(1);
    const wakeUps = (await logRows('&roomNumber=902')).filter((row) => row.event.startsWith('wakeUp'));
    expect(wakeUps.map((row) => row.result)).toEqual(['applied', 'applied', 'applied', 'applied']);
    pms.send('GO', { RN: '902', 'G#': '601' });
    await pms.sync();
    pms.socket.destroy();
  });

  it('sends the records queued for the PMS on its link, in order and once (WR, WC, WA)', async () => {
    const pms = await FiasPms.open();
    pms.send('LS', { DA: '261128', TI: '120000' });
    await pms.until('LA');
    const call = { room: '901', date: '2026-11-29', time: '07:00', callId: 1, channel: 'fias' };
    await t.database.db.insert(pmsOutbox).values([
      { hotelId: a.hotelIds[0], record: { ...call, type: 'wakeUpSet' } },
      { hotelId: a.hotelIds[0], record: { ...call, type: 'wakeUpAnswer', result: 'notAnswered' } },
      { hotelId: a.hotelIds[0], record: { ...call, type: 'wakeUpClear' } },
      // Another hotel's record never goes down this hotel's link.
      { hotelId: b.hotelIds[0], record: { ...call, type: 'wakeUpAnswer', result: 'answered' } },
    ]);
    await links.drain();
    const sent = (await pms.until('WC')).filter((record) => record.type.startsWith('W'));
    expect(sent.map((record) => [record.type, Object.fromEntries(record.fields)])).toEqual([
      ['WR', { RN: '901', DA: '261129', TI: '0700' }],
      ['WA', { RN: '901', DA: '261129', TI: '0700', AS: 'NR' }],
      ['WC', { RN: '901', DA: '261129', TI: '0700' }],
    ]);
    await links.drain();
    pms.send('LA', { DA: '261128', TI: '120000' });
    expect((await pms.until('LA')).filter((record) => record.type.startsWith('W'))).toEqual([]);
    const pending = await t.database.db.select({ hotelId: pmsOutbox.hotelId }).from(pmsOutbox).where(isNull(pmsOutbox.sentAt));
    // (This file's hotels: a worker's database may hold other files' queued records.)
    expect(pending.map((row) => row.hotelId).filter((id) => [a.hotelIds[0], b.hotelIds[0]].includes(id))).toEqual([b.hotelIds[0]]);
    pms.socket.destroy();
  });

  it('closes a connection that never sends', async () => {
    // The sibling hotel's link, held by a listener with a short idle time.
    await usePmsVendor(t, platform, a.hotelIds[1], 'fias');
    const idlePort = await freePort();
    expect((await a.sibling.put('/api/pms/interface', { fiasEnabled: true, fiasPort: idlePort, fiasAllowed: '127.0.0.1' })).status).toBe(200);
    idleLinks = new FiasLinks(t.database.db, { ...OPTIONS, idleMs: 300 });
    await idleLinks.check();
    expect([...idleLinks.held()]).toEqual([[a.hotelIds[1], idlePort]]);
    const pms = await FiasPms.open(idlePort);
    await pms.closed;
    expect(pms.socket.destroyed).toBe(true);
  });

  it('refuses an address not allowed, and logs it', async () => {
    const set = await a.hotel.put('/api/pms/interface', { fiasEnabled: true, fiasPort: port, fiasAllowed: '10.1.2.3' });
    expect(set.status).toBe(200);
    await links.check();
    const pms = await FiasPms.open();
    await pms.closed;
    // The refusal is logged as the connection is dropped: it may land a moment after the close.
    await expect.poll(async () => (await logRows('&reason=addressNotAllowed'))[0], { timeout: 5000 }).toMatchObject({ result: 'refused', address: '127.0.0.1' });
  });

  it('refuses a port another hotel uses and addresses that are not IPs, and keeps other tenants out', async () => {
    await usePmsVendor(t, platform, a.hotelIds[1], 'fias');
    const taken = await a.sibling.put('/api/pms/interface', { fiasEnabled: true, fiasPort: port, fiasAllowed: '127.0.0.1' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.fiasPort).toEqual(['Another hotel already uses this port']);
    const brand = await a.brand.put('/api/pms/interface', { hotel_id: a.hotelIds[1], fiasEnabled: true, fiasPort: port, fiasAllowed: 'pms.example' });
    expect(brand.status).toBe(422);
    expect(Object.keys(brand.body.errors).sort()).toEqual(['fiasAllowed']);
    expect((await a.brand.put('/api/pms/interface', { hotel_id: a.hotelIds[1], fiasEnabled: true, fiasPort: 1023, fiasAllowed: '' })).body.errors.fiasPort).toBeDefined();
    expect((await b.hotel.get(`/api/pms/interface?hotel_id=${a.hotelIds[0]}`)).status).toBe(404);
    expect((await b.hotel.get('/api/records/pms-logs?source=fias')).body.data.items).toEqual([]);
  });

  it('lets go of a link when it is disabled', async () => {
    await a.hotel.put('/api/pms/interface', { fiasEnabled: false, fiasPort: port, fiasAllowed: '127.0.0.1' });
    await links.check();
    // (Only this hotel's: on PostgreSQL a worker's database may hold another file's hotels with links.)
    expect(links.held().has(a.hotelIds[0])).toBe(false);
    await expect(FiasPms.open()).rejects.toThrow();
  });
});
