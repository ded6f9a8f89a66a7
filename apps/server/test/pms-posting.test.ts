import { FiasPmsLink, SimulatedFolios } from '@htv/tools/pms';
import { WAKE_UP_CONFIG_DEFAULTS } from '@htv/shared/areas/wakeup/config';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiasLinks } from '../src/areas/pms/fias/links.js';
import { signPmsRequest } from '../src/areas/pms/http.js';
import { sendHttpPostings } from '../src/areas/pms/posting-http.js';
import { answerPosting, fiasPostingRecord } from '../src/areas/pms/posting.js';
import { configOf, saveConfig } from '../src/areas/wakeup/config.js';
import { pmsOutbox, recordTables, roomCharges } from '../src/db/schema/index.js';
import { allowRemoteForTests } from '../src/files/remote.js';
import { hotelTv, type Tv } from './devices-support.js';
import { freePort } from './support/net.js';
import { createRooms, usePmsVendor } from './pms-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const PERMISSIONS = ['shopCategory', 'shopGoods']
  .flatMap((r) => ['read', 'create'].map((a) => `${r}.${a}`))
  .concat(['shopOrder.read', 'shopOrder.confirm', 'shopOrder.deliver', 'shopOrder.cancel', 'pmsInterface.manage', 'pmsLog.read', 'room.read', 'room.create']);

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
let links: FiasLinks;
let link: FiasPmsLink;
const folios = new SimulatedFolios();
/** The PS records the simulated PMS received, by sequence. */
const received = new Map<string, Record<string, string>[]>();
const goodsOf = new Map<number, number>();

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Goods of the hotel at 12.50 (one category, made once a hotel user). */
async function goodsFor(client: Client, hotelId: number): Promise<number> {
  if (goodsOf.has(hotelId)) return goodsOf.get(hotelId)!;
  const { payload, headers } = multipartBody({ name: 'p.png', data: png(32, 32) });
  const file = (await client.request('POST', '/api/files?rule=shopPicture', payload, headers)) as ApiResponse<{ id: string }>;
  const category = await created(client, 'shop-category', { name: 'Room service', pictureId: file.body.data.id, qrCodeId: file.body.data.id });
  const goods = await created(client, 'shop-goods', { name: 'Club sandwich', categoryId: category.id, price: '12.50', pictureId: file.body.data.id });
  goodsOf.set(hotelId, goods.id);
  return goods.id;
}

async function roomTv(hotelId: number, room: string): Promise<Tv> {
  const tv = await hotelTv(t, hotelId);
  await t.database.db.update(recordTables.terminal!).set({ roomNumber: room }).where(eq(recordTables.terminal!.id, tv.terminalId));
  t.app.devices.invalidate({ terminalIds: [tv.terminalId] });
  return tv;
}

async function stayIn(hotelId: number, room: string) {
  const s = recordTables.stay!;
  const [stay] = await t.database.db.select().from(s).where(and(eq(s.hotelId, hotelId), eq(s.roomNumber, room), eq(s.state, 'inHouse')));
  return stay as Record<string, any> | undefined;
}

/** A guest of the room orders two sandwiches charged to the room; the hotel confirms and delivers. */
async function deliveredOrder(client: Client, hotelId: number, room: string): Promise<Record<string, any>> {
  const goodsId = await goodsFor(client, hotelId);
  const tv = await roomTv(hotelId, room);
  const placed = await tv.device.post<Record<string, any>>('/api/device/v1/shop/orders', { items: [{ goodsId, quantity: 2 }], payment: 'room', requestKey: randomUUID() });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect((await client.post(`/api/records/shop-orders/${placed.body.data.id}/actions/confirm`, {})).status).toBe(200);
  const delivered = await client.post(`/api/records/shop-orders/${placed.body.data.id}/actions/deliver`, {});
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return placed.body.data;
}

const chargeOf = async (orderId: number) => (await t.database.db.select().from(roomCharges).where(and(eq(roomCharges.area, 'shop'), eq(roomCharges.orderId, orderId))))[0]!;
const orderView = async (client: Client, orderId: number) => (await client.get(`/api/records/shop-orders/${orderId}`)).body.data as Record<string, any>;

/** Drains the FIAS outbox until the order's posting reads `state` on the hotel's order list. */
async function settles(client: Client, orderId: number, state: string) {
  await expect
    .poll(
      async () => {
        await links.drain();
        return (await orderView(client, orderId)).posting;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(state);
}

/** Waits for a condition outside a test (expect.poll lives inside tests). */
async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
  // Hotel A0 speaks FIAS through the simulator; A1 is an HTTP hotel; B's hotels have no PMS.
  await usePmsVendor(t, platform, a.hotelIds[0], 'fias');
  await usePmsVendor(t, platform, a.hotelIds[1], 'http');
  await createRooms(a.hotel, ['901', '902', '903']);
  const port = await freePort();
  expect((await a.hotel.put('/api/pms/interface', { fiasEnabled: true, fiasPort: port, fiasAllowed: '127.0.0.1' })).status).toBe(200);
  links = new FiasLinks(t.database.db, { host: '127.0.0.1', idleMs: 60_000, checkMs: 60_000, leaseMs: 30_000, drainMs: 0 });
  await links.check();
  const states: string[] = [];
  link = new FiasPmsLink('127.0.0.1', port, (state) => states.push(state), 30_000, {
    folios,
    reconnectMs: 100,
    onPosting: (posting) => received.set(posting['P#']!, [...(received.get(posting['P#']!) ?? []), posting]),
  });
  // The link buffers what it is given until it is up.
  for (const [room, reservation] of [['901', 'G901'], ['902', 'G902'], ['903', 'G903']]) {
    await link.send({ id: `in-${room}`, type: 'checkIn', room: room!, reservation, guest: { name: `Guest ${room}` } });
  }
  await until(async () => (await stayIn(a.hotelIds[0], '903'))?.reservation === 'G903');
  expect(states[0]).toBe('up');
});

afterAll(async () => {
  link?.close();
  await links?.close();
});

describe('postings over FIAS', () => {
  it('sends a delivered charge as PS and posts it on the PMS’s PA: the order shows it posted', async () => {
    const order = await deliveredOrder(a.hotel, a.hotelIds[0], '901');
    const charge = await chargeOf(order.id);
    expect(charge).toMatchObject({ posting: 'pending', amountMinor: 2500, reservation: 'G901' });
    await settles(a.hotel, order.id, 'posted');
    const ps = received.get(String(charge.id))!;
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({ RN: '901', 'G#': 'G901', TA: '2500', 'P#': String(charge.id), PT: 'C', SO: '1', CT: `Shop ${order.number}` });
    expect(ps[0]!.DA).toMatch(/^\d{6}$/);
    expect(ps[0]!.TI).toMatch(/^\d{6}$/);
    expect(folios.postings.get(String(charge.id))).toEqual({ sequence: String(charge.id), room: '901', reservation: 'G901', amountMinor: 2500, text: `Shop ${order.number}` });
    expect(await chargeOf(order.id)).toMatchObject({ posting: 'posted', pmsReference: `P#${charge.id}`, postingError: null });
    expect((await chargeOf(order.id)).postedAt).not.toBeNull();
    // A second PA for the same sequence (a PMS answering twice) changes nothing.
    expect(await answerPosting(t.database.db, a.hotelIds[0], new Map([['P#', String(charge.id)], ['AS', 'NP']]))).toBe(true);
    expect((await orderView(a.hotel, order.id)).posting).toBe('posted');
  });

  it('shows a posting the PMS refuses with its reason; the hotel retries it once the PMS allows it', async () => {
    folios.refuseRoom('902', 'NP', 'No post allowed');
    const order = await deliveredOrder(a.hotel, a.hotelIds[0], '902');
    await settles(a.hotel, order.id, 'failed');
    expect(await orderView(a.hotel, order.id)).toMatchObject({ posting: 'failed', postingError: 'NP No post allowed' });
    const charge = await chargeOf(order.id);
    expect(charge.postedAt).toBeNull();
    expect(folios.postings.has(String(charge.id))).toBe(false);

    // Another tenant's user and the sibling hotel cannot retry it; a posted order has nothing to retry.
    expect((await b.hotel.post(`/api/admin/shop/orders/${order.id}/repost`, {})).status).toBe(404);
    expect((await a.sibling.post(`/api/admin/shop/orders/${order.id}/repost`, {})).status).toBe(404);
    expect((await b.hotel.get(`/api/records/shop-orders/${order.id}`)).status).toBe(404);
    // Still refused: retried, refused again, still failed.
    expect((await a.hotel.post(`/api/admin/shop/orders/${order.id}/repost`, {})).status).toBe(200);
    expect((await orderView(a.hotel, order.id)).posting).toBe('pending');
    await settles(a.hotel, order.id, 'failed');

    folios.allowRoom('902');
    const retried = await a.hotel.post(`/api/admin/shop/orders/${order.id}/repost`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await settles(a.hotel, order.id, 'posted');
    expect(await orderView(a.hotel, order.id)).toMatchObject({ posting: 'posted', postingError: null });
    expect(received.get(String(charge.id))).toHaveLength(3);
    expect([...folios.postings.values()].filter((posting) => posting.sequence === String(charge.id))).toHaveLength(1);
    const again = await a.hotel.post(`/api/admin/shop/orders/${order.id}/repost?lang=en-US`, {});
    expect(again.status).toBe(409);
    expect(again.body.errkey).toBe('error.invalidAction');
  });

  it('sends an unanswered PS again after the link was lost, and the PMS posts it once', async () => {
    folios.loseAnswers = 1;
    const order = await deliveredOrder(a.hotel, a.hotelIds[0], '903');
    const charge = await chargeOf(order.id);
    await expect
      .poll(async () => {
        await links.drain();
        return received.get(String(charge.id))?.length ?? 0;
      })
      .toBe(1);
    // The PMS posted it, its answer never came: still pending here.
    expect(folios.postings.has(String(charge.id))).toBe(true);
    expect((await chargeOf(order.id)).posting).toBe('pending');
    link.drop();
    // The link comes back (LS): the PS goes again, the PMS knows its sequence and answers OK.
    await settles(a.hotel, order.id, 'posted');
    expect(received.get(String(charge.id))).toHaveLength(2);
    expect([...folios.postings.values()].filter((posting) => posting.room === '903')).toHaveLength(1);
    expect(await t.database.db.select().from(roomCharges).where(and(eq(roomCharges.area, 'shop'), eq(roomCharges.orderId, order.id)))).toHaveLength(1);
  });

  it('sends a PS the PMS asks to retry (RY) again after its wait, not before', async () => {
    folios.refuseRoom('901', 'RY', 'Busy');
    const order = await deliveredOrder(a.hotel, a.hotelIds[0], '901');
    const charge = await chargeOf(order.id);
    const rowOf = async () => (await t.database.db.select().from(pmsOutbox).where(and(eq(pmsOutbox.hotelId, a.hotelIds[0]), sql`(${pmsOutbox.record}->>'chargeId')::int = ${charge.id}`)))[0]!;
    await expect
      .poll(async () => {
        await links.drain();
        return (await rowOf()).record as { nextAt?: string };
      })
      .toHaveProperty('nextAt');
    const waiting = await rowOf();
    expect(waiting.sentAt).toBeNull();
    expect(new Date((waiting.record as { nextAt: string }).nextAt).getTime()).toBeGreaterThan(Date.now() + 30_000);
    await links.drain();
    expect(received.get(String(charge.id))).toHaveLength(1);
    expect((await orderView(a.hotel, order.id)).posting).toBe('pending');

    folios.allowRoom('901');
    await t.database.db.update(pmsOutbox).set({ record: sql`${pmsOutbox.record} - 'nextAt'` }).where(eq(pmsOutbox.id, waiting.id));
    await settles(a.hotel, order.id, 'posted');
    expect(received.get(String(charge.id))).toHaveLength(2);
  });

  it('ignores a PA naming another hotel’s charge', async () => {
    const [charge] = await t.database.db.select().from(roomCharges).where(and(eq(roomCharges.hotelId, a.hotelIds[0]), eq(roomCharges.posting, 'posted'))).limit(1);
    expect(await answerPosting(t.database.db, b.hotelIds[0], new Map([['P#', String(charge!.id)], ['AS', 'NP']]))).toBe(false);
    expect(await answerPosting(t.database.db, a.hotelIds[0], new Map([['P#', 'x1'], ['AS', 'OK']]))).toBe(false);
    expect((await chargeOf(charge!.orderId)).posting).toBe('posted');
  });

  it('writes PS records field by field', () => {
    expect(fiasPostingRecord({ chargeId: 7, area: 'vod', room: '801', reservation: null, amountMinor: 1999, description: 'VOD 261128000007', at: '2026-11-28T02:03:04Z' })).toEqual({
      type: 'PS',
      fields: { RN: '801', TA: '1999', 'P#': '7', PT: 'C', SO: '2', CT: 'VOD 261128000007', DA: '261128', TI: '100304' },
    });
    expect(fiasPostingRecord({ room: '801' })).toBeNull();
  });
});

describe('postings over HTTP', () => {
  it('POSTs the posting to the hotel’s callback URL, signed; retries with back-off; records the PMS’s answer', async () => {
    const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
    let answer = { status: 503, body: '' };
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ headers: request.headers, body });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    allowRemoteForTests((address, to) => address === '127.0.0.1' && to === port);
    try {
      const hotelId = a.hotelIds[1];
      await saveConfig(t.database.db, hotelId, { ...WAKE_UP_CONFIG_DEFAULTS, callbackUrl: `http://127.0.0.1:${port}/pms` });
      const secret = (await configOf(t.database.db, hotelId)).callbackSecret!;
      await t.database.db.insert(recordTables.stay!).values({ brandId: a.brandId, hotelId, roomNumber: '904', guestName: 'Guest', state: 'inHouse', reservation: 'R904' });
      const order = await deliveredOrder(a.sibling, hotelId, '904');
      const charge = await chargeOf(order.id);
      expect(charge.posting).toBe('pending');
      const [row] = await t.database.db.select().from(pmsOutbox).where(and(eq(pmsOutbox.hotelId, hotelId), sql`(${pmsOutbox.record}->>'chargeId')::int = ${charge.id}`));
      expect(row!.record).toMatchObject({ type: 'posting', channel: 'postingHttp', chargeId: charge.id });

      // The PMS is down: the posting waits its back-off, still pending.
      await expect
        .poll(async () => {
          await sendHttpPostings(t.database.db);
          return ((await t.database.db.select().from(pmsOutbox).where(eq(pmsOutbox.id, row!.id)))[0]!.record as { attempts?: number }).attempts ?? 0;
        })
        .toBeGreaterThanOrEqual(1);
      const waiting = (await t.database.db.select().from(pmsOutbox).where(eq(pmsOutbox.id, row!.id)))[0]!;
      expect(waiting.sentAt).toBeNull();
      expect(new Date((waiting.record as { nextAt: string }).nextAt).getTime()).toBeGreaterThan(Date.now() + 5_000);
      expect((await chargeOf(order.id)).posting).toBe('pending');

      // The PMS is back and posts it under its reference.
      answer = { status: 200, body: JSON.stringify({ reference: 'FOLIO-77' }) };
      await t.database.db.update(pmsOutbox).set({ record: sql`${pmsOutbox.record} || '{"nextAt": null}'::jsonb` }).where(eq(pmsOutbox.id, row!.id));
      await expect
        .poll(async () => {
          await sendHttpPostings(t.database.db);
          return (await orderView(a.sibling, order.id)).posting;
        })
        .toBe('posted');
      expect(await chargeOf(order.id)).toMatchObject({ posting: 'posted', pmsReference: 'FOLIO-77' });
      const last = requests.at(-1)!;
      expect(JSON.parse(last.body)).toEqual({
        id: `posting-${charge.id}`,
        type: 'posting',
        postingSequence: charge.id,
        room: '904',
        reservation: 'R904',
        amountMinor: 2500,
        description: `Shop ${order.number}`,
        outlet: 'shop',
        at: expect.any(String),
      });
      expect(last.headers['x-pms-signature']).toBe(signPmsRequest(secret, last.headers['x-pms-timestamp'] as string, last.body));
      // Every attempt carried the same body: the PMS posts the sequence once.
      expect(new Set(requests.map((request) => JSON.parse(request.body).postingSequence))).toEqual(new Set([charge.id]));

      // A refusal is the order's failure, with the PMS's reason.
      answer = { status: 409, body: JSON.stringify({ reason: 'Folio closed' }) };
      const refused = await deliveredOrder(a.sibling, hotelId, '904');
      await expect
        .poll(async () => {
          await sendHttpPostings(t.database.db);
          return (await orderView(a.sibling, refused.id)).posting;
        })
        .toBe('failed');
      expect((await orderView(a.sibling, refused.id)).postingError).toBe('Folio closed');
    } finally {
      allowRemoteForTests(null);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('never POSTs a posting to a private address', async () => {
    const hotelId = a.hotelIds[1];
    await saveConfig(t.database.db, hotelId, { ...WAKE_UP_CONFIG_DEFAULTS, callbackUrl: 'http://127.0.0.1:9/pms' });
    const order = await deliveredOrder(a.sibling, hotelId, '904');
    const charge = await chargeOf(order.id);
    const rowOf = async () => (await t.database.db.select().from(pmsOutbox).where(and(eq(pmsOutbox.hotelId, hotelId), sql`(${pmsOutbox.record}->>'chargeId')::int = ${charge.id}`)))[0]!;
    await expect
      .poll(async () => {
        await sendHttpPostings(t.database.db);
        return ((await rowOf()).record as { attempts?: number }).attempts ?? 0;
      })
      .toBeGreaterThanOrEqual(1);
    expect((await rowOf()).sentAt).toBeNull();
    expect((await chargeOf(order.id)).posting).toBe('pending');
  });
});

describe('hotels without a PMS that posts', () => {
  it('keep the charge in the ledger; there is nothing to retry', async () => {
    await t.database.db.insert(recordTables.stay!).values({ brandId: b.brandId, hotelId: b.hotelIds[0], roomNumber: '905', guestName: 'Guest', state: 'inHouse', reservation: 'R905' });
    const order = await deliveredOrder(b.hotel, b.hotelIds[0], '905');
    expect(await chargeOf(order.id)).toMatchObject({ posting: 'ledger', postedAt: null });
    expect((await orderView(b.hotel, order.id)).posting).toBe('ledger');
    expect(await t.database.db.select().from(pmsOutbox).where(and(eq(pmsOutbox.hotelId, b.hotelIds[0]), sql`${pmsOutbox.record}->>'type' = 'posting'`))).toEqual([]);
    expect((await b.hotel.post(`/api/admin/shop/orders/${order.id}/repost`, {})).status).toBe(409);
  });
});
