import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { phoneBindings, phonePairCodes } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let anonymous: Client;
let a: Tenant;
let b: Tenant;
let pms: HttpPms;

const HOTEL_RIGHTS = ['room.read', 'room.create', 'pmsInterface.manage', 'terminal.read'];
let eventNo = 0;
const event = (type: string, room: string, extra: Record<string, unknown> = {}) => ({ id: `ph-${Date.now()}-${++eventNo}`, type, room, reservation: `R${room}`, ...extra });
const checkIn = async (room: string) => expect((await pms.send(event('checkIn', room, { guest: { name: 'Li Lei' } }))).status).toBe(200);
const checkOut = async (room: string) => {
  const res = await pms.send(event('checkOut', room));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};

/** The TV's pairing code from its QR code's address. */
async function pairCode(tv: Tv): Promise<string> {
  const res = await tv.device.get('/api/device/v1/phone/pair');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.qr).toMatch(/^data:image\/png;base64,/);
  const url = new URL(res.body.data.url);
  expect(url.pathname).toBe('/new-frontend/h5_bind_tv');
  return url.searchParams.get('code')!;
}

/** A phone: binds with a code and sends with its token. */
class Phone {
  token = '';
  constructor(readonly address = '10.1.1.1') {}
  async bind(code: string) {
    const res = await anonymous.request('POST', '/api/phone/bind', { code }, {});
    if (res.status === 200) this.token = res.body.data.token;
    return res;
  }
  press(key: string, extra: Record<string, unknown> = {}) {
    return anonymous.request('POST', '/api/phone/remote', { key, ...extra }, { 'x-phone-token': this.token });
  }
}

/** The commands waiting for a TV (no wait). */
const commandsOf = async (tv: Tv) => (await tv.device.get('/api/device/v1/commands?wait=0')).body.data.commands as { type: string; data?: { key: string; text?: string } }[];

let room = 600;
/** A TV of tenant a's hotel in a fresh room with a guest checked in. */
async function guestTv(tenant = a, withGuest = true): Promise<{ tv: Tv; room: string }> {
  const number = String(++room);
  await createRooms(tenant.hotel, [number]);
  const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[0]), roomNumber: number });
  if (withGuest && tenant === a) await checkIn(number);
  return { tv, room: number };
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  anonymous = new Client(t.app);
  a = await createTenant(t, HOTEL_RIGHTS);
  b = await createTenant(t, HOTEL_RIGHTS);
  await usePmsVendor(t, platform, a.hotelIds[0], 'http');
  pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
});

describe('pairing a phone with the TV’s QR code', () => {
  it('shows the hotel and room of a fresh code, binds once, and tells a reused code from an expired or forged one', async () => {
    const { tv, room: number } = await guestTv();
    const code = await pairCode(tv);
    const look = await anonymous.get(`/api/phone/pair?code=${code}`);
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    expect(look.body.data.roomNumber).toBe(number);
    const phone = new Phone();
    expect((await phone.bind(code)).status).toBe(200);
    const again = await new Phone().bind(code);
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toBe('This QR code has already been used; scan the new code on the TV');
    const forged = await new Phone().bind(`${code.slice(0, -2)}zz`);
    expect(forged.status).toBe(422);
    expect(forged.body.errkey).toBe('phone.badCode');
    const stale = await pairCode(tv);
    await t.database.db.update(phonePairCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(phonePairCodes.terminalId, tv.terminalId));
    const expired = await new Phone().bind(stale);
    expect(expired.status).toBe(422);
    expect(expired.body.errkey).toBe('phone.codeExpired');
    const zh = await new Client(t.app, undefined, 'zh-CN').request('POST', '/api/phone/bind', { code: stale });
    expect(zh.body.errmsg).toBe('二维码已过期，请扫描电视上的新二维码');
    // Only the hash is stored.
    const [row] = await t.database.db.select().from(phoneBindings).where(eq(phoneBindings.terminalId, tv.terminalId));
    expect(row!.tokenHash).not.toBe(phone.token);
    expect(row!.tokenHash).toHaveLength(64);
  });

  it('two phones racing for one code: one binds, the other is told the code was used', async () => {
    const { tv } = await guestTv();
    const code = await pairCode(tv);
    const results = await Promise.all([new Phone().bind(code), new Phone().bind(code), new Phone().bind(code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('a code of a TV moved to another hotel binds nothing', async () => {
    const { tv } = await guestTv();
    const code = await pairCode(tv);
    const { recordTables } = await import('../src/db/schema/index.js');
    await t.database.db.update(recordTables.terminal!).set({ hotelId: b.hotelIds[0], brandId: b.brandId }).where(eq(recordTables.terminal!.id, tv.terminalId));
    const res = await new Phone().bind(code);
    expect(res.status).toBe(422);
    expect(res.body.errkey).toBe('phone.badCode');
  });

  it('refuses bad input without a 5xx, and throttles binding attempts per address', async () => {
    for (const body of [{}, { code: 'short' }, { code: 'x'.repeat(300) }, { code: 'a'.repeat(20), more: 1 }]) {
      const res = await anonymous.request('POST', '/api/phone/bind', body, {});
      expect(res.status).toBe(422);
    }
    const hammer = new Client(t.app);
    let last = 0;
    for (let i = 0; i < 65; i++) {
      const raw = await t.app.inject({ method: 'GET', url: '/api/phone/pair?code=AAAAAAAAAAAAAAAAAAAA', remoteAddress: '10.77.0.1', headers: { 'accept-language': 'en-US' } });
      last = raw.statusCode;
    }
    void hammer;
    expect(last).toBe(429);
  });

  it('the device route needs the TV’s token', async () => {
    expect((await anonymous.get('/api/device/v1/phone/pair')).status).toBe(401);
  });
});

describe('the phone remote', () => {
  it('a bound phone’s keys reach its own TV only, in order, with typed text', async () => {
    const mine = await guestTv();
    const other = await guestTv();
    const phone = new Phone();
    expect((await phone.bind(await pairCode(mine.tv))).status).toBe(200);
    await commandsOf(mine.tv);
    await commandsOf(other.tv);
    for (const key of ['right', 'right', 'ok']) expect((await phone.press(key)).status).toBe(200);
    expect((await phone.press('text', { text: 'hello' })).status).toBe(200);
    const got = await commandsOf(mine.tv);
    expect(got.map((c) => [c.type, c.data?.key, c.data?.text])).toEqual([
      ['remote', 'right', undefined],
      ['remote', 'right', undefined],
      ['remote', 'ok', undefined],
      ['remote', 'text', 'hello'],
    ]);
    expect(await commandsOf(other.tv)).toEqual([]);
  });

  it('a waiting long-poll gets the key at once', async () => {
    const { tv } = await guestTv();
    const phone = new Phone();
    await phone.bind(await pairCode(tv));
    // The TV was told a phone is paired (it hides its code).
    expect((await commandsOf(tv)).map((c) => c.data)).toEqual([{ paired: true }]);
    const poll = tv.device.get('/api/device/v1/commands?wait=10');
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await phone.press('down');
    const res = await poll;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.body.data.commands[0]).toMatchObject({ type: 'remote', data: { key: 'down' } });
  });

  it('refuses an unknown key, text without text, a missing or made-up token', async () => {
    const { tv } = await guestTv();
    const phone = new Phone();
    await phone.bind(await pairCode(tv));
    expect((await phone.press('selfDestruct')).status).toBe(422);
    const empty = await phone.press('text');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.text).toHaveLength(1);
    expect((await new Phone().press('ok')).status).toBe(401);
    const made = new Phone();
    made.token = 'A'.repeat(22);
    const refused = await made.press('ok');
    expect(refused.status).toBe(401);
    expect(refused.body.errmsg).toBe('This phone is no longer paired with the TV; scan the code on the TV again');
  });

  it('throttles a phone pressing faster than a hand can', async () => {
    const { tv } = await guestTv();
    const phone = new Phone();
    await phone.bind(await pairCode(tv));
    const statuses = await Promise.all(Array.from({ length: 40 }, () => phone.press('up')));
    expect(statuses.some((r) => r.status === 429)).toBe(true);
    expect(statuses.find((r) => r.status === 429)!.body.errkey).toBe('phone.rateLimited');
  });
});

describe('the binding ends', () => {
  it('at check-out: the phone is refused, and the receipt lists the released phones', async () => {
    const { tv, room: number } = await guestTv();
    const phone = new Phone();
    await phone.bind(await pairCode(tv));
    expect((await phone.press('ok')).status).toBe(200);
    await checkOut(number);
    expect((await phone.press('ok')).status).toBe(401);
    const stays = await a.hotel.get(`/api/records/stays?roomNumber=${number}&state=checkedOut`);
    const receipt = JSON.stringify(stays.body.data.items[0]);
    expect(receipt).toContain('phone.receiptBindings');
    const [row] = await t.database.db.select().from(phoneBindings).where(eq(phoneBindings.terminalId, tv.terminalId));
    expect(row!.revokedReason).toBe('checkOut');
  });

  it('when the guest unbinds, when it expires, and when a new guest checks in after an empty-room binding', async () => {
    const { tv, room: number } = await guestTv(a, false);
    const empty = new Phone();
    expect((await empty.bind(await pairCode(tv))).status).toBe(200);
    expect((await empty.press('ok')).status).toBe(200);
    await checkIn(number);
    expect((await empty.press('ok')).status).toBe(401);

    const guest = new Phone();
    await guest.bind(await pairCode(tv));
    expect((await anonymous.request('DELETE', '/api/phone/bind', undefined, { 'x-phone-token': guest.token })).status).toBe(200);
    expect((await guest.press('ok')).status).toBe(401);

    const late = new Phone();
    await late.bind(await pairCode(tv));
    await t.database.db.update(phoneBindings).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(phoneBindings.terminalId, tv.terminalId));
    expect((await late.press('ok')).status).toBe(401);
  });

  it('a sixth phone on one TV ends the oldest binding', async () => {
    const { tv } = await guestTv();
    const phones = Array.from({ length: 6 }, () => new Phone());
    for (const phone of phones) expect((await phone.bind(await pairCode(tv))).status).toBe(200);
    expect((await phones[0]!.press('ok')).status).toBe(401);
    expect((await phones[5]!.press('ok')).status).toBe(200);
  });
});
