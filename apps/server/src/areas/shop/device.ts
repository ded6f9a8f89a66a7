import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY, shopCatalogue, type ShopConfigPart, type ShopOrderRequest } from '@htv/shared/areas/shop/device';
import { idSchema } from '@htv/shared';
import { and, eq, or, sql, type Column } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordConfigPart, deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { placeOrder, roomOrders, roomPayments } from './orders.js';
import { registerShopPhonePage, registerShopPhoneQr } from './phone.js';

const tags = ['device API v1'];
/** Orders one TV may place a minute: a guest orders a few times a stay, a script far more. */
const ORDERS_PER_MINUTE = 10;
/** The currency prices are shown in (one a deployment: docs/shop.md). */
export const SHOP_CURRENCY = process.env.SHOP_CURRENCY || '¥';


/** A hotel's banners, categories and goods with the pictures at `urlOf`. */
async function catalogueOfHotel(db: Db, hotelId: number, urlOf: (fileId: string) => string) {
  const b = recordTables.shopBanner!;
  const c = recordTables.shopCategory!;
  const g = recordTables.shopGoods!;
  const [banners, categories, goods] = await Promise.all([
    db.select({ id: b.id, title: b.title, coverId: b.coverId, detailIds: b.detailIds, sort: b.sort }).from(b).where(eq(b.hotelId, hotelId)),
    db.select({ id: c.id, name: c.name, nameEn: c.nameEn, pictureId: c.pictureId, qrCodeId: c.qrCodeId, opensAt: c.opensAt, closesAt: c.closesAt, sort: c.sort }).from(c).where(eq(c.hotelId, hotelId)),
    db
      .select({ id: g.id, name: g.name, nameEn: g.nameEn, categoryId: g.categoryId, price: g.price, pictureId: g.pictureId, description: g.description, stock: g.stock, createdAt: g.createdAt })
      .from(g)
      .where(eq(g.hotelId, hotelId)),
  ]);
  return shopCatalogue(banners as never, categories as never, goods as never, urlOf);
}

/** Whether a file is a picture of the hotel's shop. */
async function isShopPicture(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const b = recordTables.shopBanner!;
  const c = recordTables.shopCategory!;
  const g = recordTables.shopGoods!;
  const asDetail = `[${JSON.stringify(fileId)}]`;
  const found = await Promise.all([
    db.select({ id: b.id }).from(b).where(and(eq(b.hotelId, hotelId), or(eq(b.coverId, fileId), sqlContains(b.detailIds, asDetail)))).limit(1),
    db.select({ id: c.id }).from(c).where(and(eq(c.hotelId, hotelId), or(eq(c.pictureId, fileId), eq(c.qrCodeId, fileId)))).limit(1),
    db.select({ id: g.id }).from(g).where(and(eq(g.hotelId, hotelId), eq(g.pictureId, fileId))).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

const sqlContains = (column: Column, json: string) => sql`${column} @> ${json}::jsonb`;

/** The shop's pictures named by the part: signed per terminal (docs/music.md "File addresses"). */
const shopFiles = signedDeviceFiles('shop', isShopPicture);

/** The terminal's hotel and room when it is authorized, else null. */
async function orderingTerminal(db: Db, terminalId: number) {
  const t = recordTables.terminal!;
  const [row] = await db
    .select({ id: t.id, brandId: t.brandId, hotelId: t.hotelId, roomNumber: t.roomNumber, authorization: t.authorization })
    .from(t)
    .where(eq(t.id, terminalId))
    .limit(1);
  if (!row || row.authorization !== 'authorized' || row.hotelId === null) return null;
  return row as { id: number; brandId: number; hotelId: number; roomNumber: string | null };
}

export const orderBody = z.strictObject({
  items: z
    .array(z.strictObject({ goodsId: idSchema, quantity: z.coerce.number().int().min(1).max(ORDER_MAX_QUANTITY) }))
    .min(1)
    .max(ORDER_MAX_LINES),
  payment: z.enum(['room', 'delivery']),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** The shop as a terminal of a hotel (and room) gets it: the TV's part, and the phone page of its QR code. */
export async function shopPartFor(db: Db, runtime: DeviceRuntime, terminal: { id: number; hotelId: number; roomNumber: string | null }): Promise<ShopConfigPart | undefined> {
  const urlOf = shopFiles.forTerminal(runtime, terminal.id);
  if (!urlOf) return undefined;
  const room = terminal.roomNumber;
  const [catalogue, payments, orders] = await Promise.all([
    catalogueOfHotel(db, terminal.hotelId, urlOf),
    roomPayments(db, terminal.hotelId, room),
    room ? roomOrders(db, terminal.hotelId, room) : Promise.resolve([]),
  ]);
  return { ...catalogue, payments, orders, currency: SHOP_CURRENCY };
}

let installed = false;

/**
 * The TVs' `shop` configuration part (authorized TVs: the hotel's catalogue, how the room may pay and
 * its orders), sent again to a hotel's TVs when its catalogue changes and to a room's TVs when its
 * orders do; the pictures it names (signed addresses) and the ordering call (device token, rate-limited).
 */
export function registerShopDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  shopFiles.register(scope, db, runtime, storage, signingKey);
  if (!installed) {
    installed = true;
    addRecordConfigPart('shop', ['shopBanner', 'shopCategory', 'shopGoods'], async (terminal, { db: partDb, runtime: partRuntime }): Promise<ShopConfigPart | undefined> => {
      if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
      return shopPartFor(partDb, partRuntime, { id: terminal.id, hotelId: terminal.hotelId, roomNumber: terminal.roomNumber });
    });
  }
  scope.decorateRequest('deviceTerminal', null);
  const orderLimit = rateLimit(ORDERS_PER_MINUTE, 60_000);
  scope.post(
    '/shop/orders',
    {
      schema: { tags, body: orderBody, summary: 'Order goods for the terminal’s room (its current stay): charged to the room or paid at delivery' },
      config: { auth: { public: true } },
      preValidation: [deviceAuthHook(runtime), perTerminalLimit(orderLimit, 'shop.ordersLimited')],
    },
    async (request, reply) => {
      const terminal = await orderingTerminal(db, request.deviceTerminal!.id);
      if (!terminal) throw new AppError('forbidden', 'error.forbidden');
      if (!terminal.roomNumber) throw new AppError('conflict', 'shop.noRoom');
      const { order, created } = await placeOrder(db, { ...terminal, roomNumber: terminal.roomNumber }, request.body as ShopOrderRequest);
      return reply.code(created ? 201 : 200).send(ok(order));
    },
  );
  registerShopPhoneQr(scope, db, runtime, signingKey);
}

/** The phone page's public routes (root scope), with the TV's part and ordering of the token's terminal. */
export function registerShopPhone(app: FastifyInstance, db: Db, runtime: DeviceRuntime, signingKey: string): void {
  registerShopPhonePage(app, db, signingKey, {
    partFor: (terminal) => shopPartFor(db, runtime, terminal),
    place: (terminal, body) => placeOrder(db, terminal, body, new Date(), 'phone'),
    orderBody,
  });
}
