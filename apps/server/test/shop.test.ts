import type { ShopConfigPart } from '@htv/shared/areas/shop/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkOut } from '../src/areas/pms/stays.js';
import { PhoneTokens } from '../src/areas/shop/phone.js';
import { recordTables, roomCharges } from '../src/db/schema/index.js';
import { configPartOf, hotelTv, type Tv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const SHOP = ['shopBanner', 'shopCategory', 'shopGoods'].flatMap((r) => ['read', 'create', 'update', 'delete'].map((a) => `${r}.${a}`)).concat(['shopOrder.read', 'shopOrder.confirm', 'shopOrder.deliver', 'shopOrder.cancel']);

let t: TestApp;
let a: Tenant;
let b: Tenant;

async function picture(client: Client): Promise<string> {
  const { payload, headers } = multipartBody({ name: 'p.png', data: png(32, 32) });
  const res = (await client.request('POST', '/api/files?rule=shopPicture', payload, headers)) as ApiResponse<{ id: string }>;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const bannerBody = async (client: Client, title: string) => {
  const id = await picture(client);
  return { title, coverId: id, detailIds: [id] };
};
const categoryBody = async (client: Client, name: string) => {
  const id = await picture(client);
  return { name, pictureId: id, qrCodeId: id };
};
async function goods(client: Client, categoryId: number, name: string, price: number | string, extra: Record<string, unknown> = {}) {
  return created(client, 'shop-goods', { name, categoryId, price, pictureId: await picture(client), ...extra });
}

/** A TV of the hotel in `room`. */
async function roomTv(hotelId: number, room: string): Promise<Tv> {
  const tv = await hotelTv(t, hotelId);
  await t.database.db.update(recordTables.terminal!).set({ roomNumber: room }).where(eq(recordTables.terminal!.id, tv.terminalId));
  t.app.devices.invalidate({ terminalIds: [tv.terminalId] });
  return tv;
}

async function checkIn(tenant: Tenant, hotelIndex: 0 | 1, room: string, noPost = false) {
  const [stay] = await t.database.db
    .insert(recordTables.stay!)
    .values({ brandId: tenant.brandId, hotelId: tenant.hotelIds[hotelIndex], roomNumber: room, guestName: 'Guest', state: 'inHouse', noPost, reservation: `R${room}` })
    .returning();
  return stay as Record<string, any>;
}

const order = (tv: Tv, items: { goodsId: number; quantity: number }[], payment: 'room' | 'delivery' = 'delivery', requestKey = randomUUID()) =>
  tv.device.post<Record<string, any>>('/api/device/v1/shop/orders', { items, payment, requestKey });

const shopOf = (tv: Tv) => configPartOf<ShopConfigPart>(tv, 'shop');

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, SHOP);
  b = await createTenant(t, SHOP);
});

describe('the catalogue', () => {
  it('requires every field of banners, categories and goods', async () => {
    const banner = await a.hotel.post('/api/records/shop-banner', {});
    expect(banner.status).toBe(422);
    expect(Object.keys(banner.body.errors).sort()).toEqual(['coverId', 'detailIds', 'title']);
    const category = await a.hotel.post('/api/records/shop-category', {});
    expect(Object.keys(category.body.errors).sort()).toEqual(['name', 'pictureId', 'qrCodeId']);
    const item = await a.hotel.post('/api/records/shop-goods', {});
    expect(Object.keys(item.body.errors).sort()).toEqual(['categoryId', 'name', 'pictureId', 'price']);
    const badHours = await a.hotel.post('/api/records/shop-category', { ...(await categoryBody(a.hotel, 'x')), opensAt: '25:00' });
    expect(badHours.body.errors.opensAt).toEqual([translate('shop.timeFormat', 'en-US')]);
  });

  it('allows 6 banners a hotel: the 7th is refused with the spec’s message, even when created at once', async () => {
    const bodies = [];
    for (let i = 0; i < 8; i++) bodies.push(await bannerBody(a.sibling, `b${i}`));
    const answers = await Promise.all(bodies.map((body) => a.sibling.post('/api/records/shop-banner?lang=zh-CN', body)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(6);
    const refused = answers.filter((res) => res.status !== 200);
    expect(refused.map((res) => res.status)).toEqual([409, 409]);
    expect(refused[0]!.body.errkey).toBe('shop.bannerLimit');
    expect(refused[0]!.body.errmsg).toBe('最多只能添加6张轮播图');
    const english = await a.sibling.post('/api/records/shop-banner?lang=en-US', bodies[0]);
    expect(english.body.errmsg).toBe('At most 6 banners can be added');
    // Another hotel has its own 6; editing one of the 6 is no 7th.
    expect((await b.hotel.post('/api/records/shop-banner', await bannerBody(b.hotel, 'theirs'))).status).toBe(200);
    const first = answers.find((res) => res.status === 200)!.body.data;
    expect((await a.sibling.put(`/api/records/shop-banner/${first.id}`, { ...bodies[0], title: 'renamed' })).status).toBe(200);
  });

  it('allows 10 categories a hotel, concurrently too', async () => {
    const bodies = [];
    for (let i = 0; i < 12; i++) bodies.push(await categoryBody(b.sibling, `c${i}`));
    const answers = await Promise.all(bodies.map((body) => b.sibling.post('/api/records/shop-category?lang=zh-CN', body)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(10);
    const refused = answers.filter((res) => res.status !== 200);
    expect(refused.map((res) => [res.status, res.body.errkey, res.body.errmsg])).toEqual([
      [409, 'shop.categoryLimit', '最多只能添加10个商品分类'],
      [409, 'shop.categoryLimit', '最多只能添加10个商品分类'],
    ]);
  });

  it('rounds prices to two decimals and refuses none, negative or too large', async () => {
    const category = await created(a.hotel, 'shop-category', await categoryBody(a.hotel, 'round'));
    expect((await goods(a.hotel, category.id, 'r1', 12.345)).price).toBe(12.35);
    expect((await goods(a.hotel, category.id, 'r2', '0.1')).price).toBe(0.1);
    expect((await goods(a.hotel, category.id, 'r3', 19.999)).price).toBe(20);
    for (const price of [0, -1, 1_000_000, 'abc']) {
      const res = await a.hotel.post('/api/records/shop-goods', { name: 'bad', categoryId: category.id, price, pictureId: await picture(a.hotel) });
      expect(res.status, String(price)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['price']);
    }
  });

  it('keeps every record in its hotel: ids of another hotel answer 404 in the path and the body', async () => {
    const category = await created(a.hotel, 'shop-category', await categoryBody(a.hotel, 'own'));
    const item = await goods(a.hotel, category.id, 'own goods', 5);
    const banner = await created(a.hotel, 'shop-banner', await bannerBody(a.hotel, 'own banner'));
    for (const outsider of [b.hotel, a.sibling]) {
      for (const [path, id] of [['shop-category', category.id], ['shop-goods', item.id], ['shop-banner', banner.id]] as const) {
        expect((await outsider.get(`/api/records/${path}/${id}`)).status).toBe(404);
        expect((await outsider.put(`/api/records/${path}/${id}`, { name: 'x' })).status).not.toBe(200);
        expect((await outsider.delete(`/api/records/${path}/${id}`)).status).toBe(404);
      }
      // Their goods in my category, my picture in their goods.
      expect((await outsider.post('/api/records/shop-goods', { name: 'x', categoryId: category.id, price: 1, pictureId: await picture(outsider) })).status).toBe(404);
      expect((await outsider.get('/api/records/shop-goods?pagesize=100')).body.data.items.map((row: { id: number }) => row.id)).not.toContain(item.id);
    }
    // A category with goods cannot be deleted.
    expect((await a.hotel.delete(`/api/records/shop-category/${category.id}`)).status).toBe(409);
  });
});

describe('the TV’s shop', () => {
  it('carries the hotel’s banners, categories and their 9 newest goods, with pictures only this TV can fetch', async () => {
    const tv = await roomTv(b.hotelIds[0], '801');
    const category = await created(b.hotel, 'shop-category', { ...(await categoryBody(b.hotel, '饮品')), nameEn: 'Drinks', opensAt: '00:00', closesAt: '23:59' });
    for (let i = 1; i <= 11; i++) await goods(b.hotel, category.id, `drink ${i}`, `${i}.50`);
    await goods(a.hotel, (await created(a.hotel, 'shop-category', await categoryBody(a.hotel, 'not theirs'))).id, 'foreign', 1);
    const part = (await shopOf(tv))!;
    const drinks = part.categories.find((c) => c.id === category.id)!;
    expect(drinks).toMatchObject({ name: '饮品', nameEn: 'Drinks', opensAt: '00:00', closesAt: '23:59' });
    expect(drinks.goods.map((g) => g.name)).toEqual(['drink 11', 'drink 10', 'drink 9', 'drink 8', 'drink 7', 'drink 6', 'drink 5', 'drink 4', 'drink 3']);
    expect(drinks.goods[0]!.priceMinor).toBe(1150);
    expect(part.categories.flatMap((c) => c.goods).some((g) => g.name === 'foreign')).toBe(false);
    expect(part.payments).toEqual(['delivery']);
    const picture = await t.app.inject({ method: 'GET', url: drinks.picture });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const other = await roomTv(b.hotelIds[0], '802');
    const [, , , , , , fileId, signature] = drinks.picture.split('/');
    expect((await t.app.inject({ method: 'GET', url: `/api/device/v1/shop-files/${other.terminalId}/${fileId}/${signature}` })).statusCode).toBe(404);
  });
});

describe('orders', () => {
  let tv: Tv;
  let stocked: Record<string, any>;
  let free: Record<string, any>;

  beforeAll(async () => {
    tv = await roomTv(a.hotelIds[0], '1208');
    const category = await created(a.hotel, 'shop-category', await categoryBody(a.hotel, 'orders'));
    stocked = await goods(a.hotel, category.id, '矿泉水', '3.30', { stock: 3 });
    free = await goods(a.hotel, category.id, '面包', '0.10');
  });

  it('are placed for the TV’s room with exact amounts, once per request key, taking stock', async () => {
    const key = randomUUID();
    const placed = await order(tv, [{ goodsId: free.id, quantity: 3 }, { goodsId: stocked.id, quantity: 1 }, { goodsId: free.id, quantity: 7 }], 'delivery', key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 10 × 0.10 + 3.30: 4.30 exactly, never 4.300000000000001.
    expect(placed.body.data).toMatchObject({ state: 'new', payment: 'delivery', amountMinor: 430 });
    const again = await order(tv, [{ goodsId: free.id, quantity: 1 }], 'delivery', key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(placed.body.data.id);
    const listed = await a.hotel.get(`/api/records/shop-orders/${placed.body.data.id}`);
    expect(listed.body.data).toMatchObject({ roomNumber: '1208', amount: 4.3, amountMinor: 430, state: 'new' });
    const tooMany = await order(tv, [{ goodsId: stocked.id, quantity: 3 }]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.items).toEqual(['Not enough “矿泉水” in stock (2 left)']);
    expect((await order(tv, [])).body.errors.items).toEqual(['This field is required']);
    // Another hotel's goods are unknown here.
    const theirs = await goods(b.hotel, (await created(b.hotel, 'shop-category', await categoryBody(b.hotel, 'theirs'))).id, 'theirs', 1);
    expect((await order(tv, [{ goodsId: theirs.id, quantity: 1 }])).body.errors.items).toEqual([translate('shop.goodsUnknown', 'en-US')]);
    expect((await shopOf(tv))!.orders[0]).toMatchObject({ id: placed.body.data.id, state: 'new' });
  });

  it('go new → confirmed → delivered; every other transition is refused with a translated message', async () => {
    const placed = (await order(tv, [{ goodsId: free.id, quantity: 1 }])).body.data;
    const act = (id: number, action: string) => a.hotel.post(`/api/records/shop-orders/${id}/actions/${action}?lang=en-US`, {});
    const cancel = (id: number, reason = 'no stock') => a.hotel.post(`/api/admin/shop/orders/${id}/cancel?lang=en-US`, { cancelReason: reason });
    const refused = async (res: Promise<ApiResponse>) => {
      const answer = await res;
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.errmsg).toBe('This action is not allowed in the current state');
    };
    await refused(act(placed.id, 'deliver'));
    expect((await act(placed.id, 'confirm')).status).toBe(200);
    await refused(act(placed.id, 'confirm'));
    expect((await act(placed.id, 'deliver')).status).toBe(200);
    await refused(act(placed.id, 'deliver'));
    await refused(act(placed.id, 'confirm'));
    await refused(cancel(placed.id));
    expect((await shopOf(tv))!.orders.find((o) => o.id === placed.id)!.state).toBe('delivered');

    const other = (await order(tv, [{ goodsId: stocked.id, quantity: 1 }])).body.data;
    // The generic cancel has no reason: refused on the field; an empty reason too.
    const generic = await act(other.id, 'cancel');
    expect(generic.status).toBe(422);
    expect(generic.body.errors.cancelReason).toEqual(['Give a reason for cancelling']);
    expect((await cancel(other.id, '  ')).status).toBe(422);
    expect((await cancel(other.id, 'Sold out')).status).toBe(200);
    await refused(cancel(other.id));
    await refused(act(other.id, 'confirm'));
    await refused(act(other.id, 'deliver'));
    expect((await shopOf(tv))!.orders.find((o) => o.id === other.id)).toMatchObject({ state: 'cancelled', cancelReason: 'Sold out' });
    // Its stock came back.
    expect((await a.hotel.get(`/api/records/shop-goods/${stocked.id}`)).body.data.stock).toBe(2);
  });

  it('are charged to the room once, at delivery, only while a stay allows it', async () => {
    const room = await roomTv(a.hotelIds[0], '1501');
    const refusedNoStay = await order(room, [{ goodsId: free.id, quantity: 2 }], 'room');
    expect(refusedNoStay.status).toBe(422);
    expect(refusedNoStay.body.errors.payment).toEqual([translate('shop.noStayForRoomCharge', 'en-US')]);

    const noPost = await roomTv(a.hotelIds[0], '1502');
    await checkIn(a, 0, '1502', true);
    expect((await shopOf(noPost))!.payments).toEqual(['delivery']);
    expect((await order(noPost, [{ goodsId: free.id, quantity: 1 }], 'room')).body.errors.payment).toEqual([translate('shop.noPost', 'en-US')]);

    const stay = await checkIn(a, 0, '1501');
    expect((await shopOf(room))!.payments).toEqual(['room', 'delivery']);
    const placed = (await order(room, [{ goodsId: free.id, quantity: 2 }], 'room')).body.data;
    expect((await a.hotel.post(`/api/records/shop-orders/${placed.id}/actions/confirm`, {})).status).toBe(200);
    const deliveries = await Promise.all([1, 2, 3].map(() => a.hotel.post(`/api/records/shop-orders/${placed.id}/actions/deliver`, {})));
    expect(deliveries.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    const charges = await t.database.db.select().from(roomCharges).where(eq(roomCharges.orderId, placed.id));
    expect(charges).toEqual([expect.objectContaining({ stayId: stay.id, amountMinor: 20, roomNumber: '1501', reservation: 'R1501', hotelId: a.hotelIds[0] })]);

    // The no-post flag set after the order: the delivery is refused with the message, nothing charged.
    const late = (await order(room, [{ goodsId: free.id, quantity: 1 }], 'room')).body.data;
    await t.database.db.update(recordTables.stay!).set({ noPost: true }).where(eq(recordTables.stay!.id, stay.id));
    await a.hotel.post(`/api/records/shop-orders/${late.id}/actions/confirm`, {});
    const refused = await a.hotel.post(`/api/records/shop-orders/${late.id}/actions/deliver?lang=en-US`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.errmsg).toBe('This stay does not allow charges to the room; choose pay at delivery');
    expect(await t.database.db.select().from(roomCharges).where(eq(roomCharges.orderId, late.id))).toEqual([]);
  });

  it('still open at check-out are cancelled and listed on the receipt', async () => {
    const room = await roomTv(a.hotelIds[0], '1601');
    const stay = await checkIn(a, 0, '1601');
    const open = (await order(room, [{ goodsId: free.id, quantity: 1 }])).body.data;
    const done = (await order(room, [{ goodsId: free.id, quantity: 1 }])).body.data;
    await a.hotel.post(`/api/records/shop-orders/${done.id}/actions/confirm`, {});
    await a.hotel.post(`/api/records/shop-orders/${done.id}/actions/deliver`, {});
    const receipt = await t.database.db.transaction((tx) => checkOut(tx, stay as never));
    expect(receipt).toContainEqual({ area: 'shop', key: 'shop.receiptOpenOrders', count: 1, items: [open.number] });
    const [row] = await t.database.db.select().from(recordTables.shopOrder!).where(eq(recordTables.shopOrder!.id, open.id));
    expect(row).toMatchObject({ state: 'cancelled', cancelReason: '客人已退房 / The guest checked out' });
  });

  it('stay in their hotel: another hotel’s user can neither see nor move them', async () => {
    const placed = (await order(tv, [{ goodsId: free.id, quantity: 1 }])).body.data;
    for (const outsider of [b.hotel, a.sibling]) {
      expect((await outsider.get(`/api/records/shop-orders/${placed.id}`)).status).toBe(404);
      expect((await outsider.post(`/api/records/shop-orders/${placed.id}/actions/confirm`, {})).status).toBe(404);
      expect((await outsider.post(`/api/admin/shop/orders/${placed.id}/cancel`, { cancelReason: 'x' })).status).toBe(404);
      expect((await outsider.get('/api/records/shop-orders?pagesize=100')).body.data.items.map((row: { id: number }) => row.id)).not.toContain(placed.id);
      expect((await outsider.post('/api/records/shop-orders', {})).status).toBe(404);
    }
    const live = await a.hotel.get<{ new: number; latestId: number }>('/api/admin/shop/orders/live');
    expect(live.body.data.latestId).toBeGreaterThanOrEqual(placed.id);
    expect((await b.hotel.get<{ latestId: number }>('/api/admin/shop/orders/live')).body.data.latestId).toBeLessThan(placed.id);
    expect((await a.brand.get('/api/admin/shop/orders/live')).status).toBe(403);
    // A TV without a token cannot order; the ordering call is limited per TV.
    expect((await t.app.inject({ method: 'POST', url: '/api/device/v1/shop/orders', payload: { items: [], payment: 'delivery', requestKey: 'abcdefgh' } })).statusCode).toBe(401);
    const limited = await roomTv(a.hotelIds[0], '1901');
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await order(limited, [{ goodsId: free.id, quantity: 1 }])).status);
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('are pushed to the room’s TVs when their state changes', async () => {
    const placed = (await order(tv, [{ goodsId: free.id, quantity: 1 }])).body.data;
    await tv.device.get('/api/device/v1/commands?wait=0');
    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await a.hotel.post(`/api/records/shop-orders/${placed.id}/actions/confirm`, {})).status).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect((await shopOf(tv))!.orders.find((o) => o.id === placed.id)!.state).toBe('confirmed');
  });

  it('can be placed by phone with the token of the TV’s QR code, for that room only, until it expires', async () => {
    const room = await roomTv(a.hotelIds[0], '1701');
    const qr = await room.device.get<{ url: string; qr: string }>('/api/device/v1/shop/phone-qr');
    expect(qr.status, JSON.stringify(qr.body)).toBe(200);
    expect(qr.body.data.qr).toMatch(/^data:image\/png;base64,/);
    const token = new URL(qr.body.data.url).searchParams.get('token')!;
    expect(new URL(qr.body.data.url).pathname).toBe('/new-frontend/shop/phone');
    const phone = (path: string, body?: unknown, raw = token) =>
      t.app.inject({ method: body ? 'POST' : 'GET', url: `${path}?token=${encodeURIComponent(raw)}&lang=en-US`, ...(body ? { payload: body as object } : {}) });

    const shop = await phone('/api/shop/phone');
    expect(shop.statusCode, shop.body).toBe(200);
    expect(shop.json().data).toMatchObject({ room: '1701', payments: ['delivery'], orders: [] });
    expect(shop.json().data.categories.flatMap((c: { goods: { id: number }[] }) => c.goods.map((g) => g.id))).toContain(free.id);
    const placed = await phone('/api/shop/phone/orders', { items: [{ goodsId: free.id, quantity: 2 }], payment: 'delivery', requestKey: randomUUID() });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await t.database.db.select().from(recordTables.shopOrder!).where(eq(recordTables.shopOrder!.id, placed.json().data.id));
    expect(row).toMatchObject({ roomNumber: '1701', source: 'phone', terminalId: room.terminalId, amountMinor: 20 });
    expect((await phone('/api/shop/phone')).json().data.orders[0]).toMatchObject({ id: row!.id, state: 'new' });

    const refused = async (raw: string) => {
      const answer = await phone('/api/shop/phone', undefined, raw);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errmsg).toBe(translate('shop.badPhoneToken', 'en-US'));
    };
    await refused(`${token.slice(0, -2)}xx`);
    await refused('nonsense');
    const tokens = new PhoneTokens(t.config.secrets.signingKey);
    const content = tokens.read(token)!;
    await refused(tokens.sign({ ...content, expires: Math.floor(Date.now() / 1000) - 1 }));
    // Another room named by a forged token of this TV is not signed; the TV moved away ends the code.
    await refused(tokens.sign({ ...content, room: '1702' }));
    await t.database.db.update(recordTables.terminal!).set({ roomNumber: '1799' }).where(eq(recordTables.terminal!.id, room.terminalId));
    await refused(token);
    expect((await t.app.inject({ method: 'GET', url: '/api/device/v1/shop/phone-qr' })).statusCode).toBe(401);
  });
});
