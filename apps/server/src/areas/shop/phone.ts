import type { ShopConfigPart, ShopOrderRequest } from '@htv/shared/areas/shop/device';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { SignedTokens } from '../../auth/signed-tokens.js';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { rateLimit, type RateLimit } from '../devices/limits.js';

/** How long a phone's link to its room lasts: a QR code scanned tonight does not order next week. */
export const PHONE_TOKEN_HOURS = 4;
/** Requests one address may make a minute on the phone page (reads and orders together). */
const PHONE_REQUESTS_PER_MINUTE = 60;

/** What a phone token binds: the TV that showed it (its hotel and room at that moment) and until when. */
export interface PhoneToken {
  terminalId: number;
  hotelId: number;
  room: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** Signs and reads phone tokens (`<payload>.<HMAC>`, base64url) with a key derived from the server's signing key. */
export class PhoneTokens {
  private readonly tokens: SignedTokens;
  constructor(signingKey: string) {
    this.tokens = new SignedTokens(signingKey, 'shop-phone-token');
  }

  sign(token: PhoneToken): string {
    return this.tokens.sign([token.terminalId, token.hotelId, token.room, token.expires]);
  }

  /** The token's content when its signature holds and it has not expired, else null. */
  read(token: string, now = Date.now()): PhoneToken | null {
    const [terminalId, hotelId, room, expires] = this.tokens.read(token) ?? [];
    if (!Number.isInteger(terminalId) || !Number.isInteger(hotelId) || typeof room !== 'string' || !Number.isInteger(expires)) return null;
    return (expires as number) * 1000 > now ? { terminalId: terminalId as number, hotelId: hotelId as number, room, expires: expires as number } : null;
  }
}

/**
 * The room a valid token still names: the terminal must still be authorized, in the token's hotel and
 * room (a TV moved to another room ends its codes). Refused with `shop.badPhoneToken` otherwise.
 */
async function phoneRoom(db: Db, tokens: PhoneTokens, raw: string) {
  const token = tokens.read(raw);
  const t = recordTables.terminal!;
  const [row] = token
    ? await db
        .select({ id: t.id, brandId: t.brandId, hotelId: t.hotelId, roomNumber: t.roomNumber, hotelName: hotels.name })
        .from(t)
        .innerJoin(hotels, eq(hotels.id, t.hotelId))
        .where(and(eq(t.id, token.terminalId), eq(t.hotelId, token.hotelId), eq(t.roomNumber, token.room), eq(t.authorization, 'authorized')))
    : [];
  if (!row) throw new AppError('validation', 'shop.badPhoneToken');
  return { id: row.id as number, brandId: row.brandId as number, hotelId: row.hotelId as number, roomNumber: row.roomNumber as string, hotelName: row.hotelName as string };
}

/** The address a phone opens: the console's public shop page with the token. */
function phoneUrl(request: FastifyRequest, token: string): string {
  const url = new URL(process.env.SHOP_PHONE_URL || `${request.protocol}://${request.host}/new-frontend/shop/phone`);
  url.searchParams.set('token', token);
  return url.toString();
}

function limited(limit: RateLimit, key: string): void {
  const wait = limit.retryAfterMs(key);
  if (wait > 0) throw new AppError('rateLimited', 'shop.ordersLimited', { seconds: Math.max(1, Math.ceil(wait / 1000)) });
  limit.hit(key);
}

/** The TV's QR code for the phone page (device token): a token naming the TV, its hotel and room, valid PHONE_TOKEN_HOURS. */
export function registerShopPhoneQr(deviceScope: FastifyInstance, db: Db, runtime: DeviceRuntime, signingKey: string): void {
  const tokens = new PhoneTokens(signingKey);
  deviceScope.get(
    '/shop/phone-qr',
    { schema: { tags: ['device API v1'], summary: 'The QR code a guest scans to order for this room by phone (a signed token valid 4 hours)' }, config: { auth: { public: true } }, preHandler: deviceAuthHook(runtime) },
    async (request) => {
      const t = recordTables.terminal!;
      const [row] = await db.select({ hotelId: t.hotelId, roomNumber: t.roomNumber, authorization: t.authorization }).from(t).where(eq(t.id, request.deviceTerminal!.id));
      if (!row || row.hotelId === null || !row.roomNumber || row.authorization !== 'authorized') throw new AppError('conflict', 'shop.noRoom');
      const expires = Math.floor(Date.now() / 1000) + PHONE_TOKEN_HOURS * 3600;
      const url = phoneUrl(request, tokens.sign({ terminalId: request.deviceTerminal!.id, hotelId: row.hotelId as number, room: row.roomNumber as string, expires }));
      return ok({ url, qr: await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' }) });
    },
  );
}

export interface PhoneDeps {
  /** The shop part as the token's terminal would get it (its pictures signed for that terminal). */
  partFor(terminal: { id: number; hotelId: number; roomNumber: string }): Promise<ShopConfigPart | undefined>;
  place(terminal: { id: number; brandId: number; hotelId: number; roomNumber: string }, request: ShopOrderRequest): Promise<{ order: unknown; created: boolean }>;
  orderBody: z.ZodType;
}

/**
 * Ordering by phone (docs/shop.md "The phone page"): the public page reads the shop and the room's
 * orders with the token of the TV's QR code and orders with it (rate-limited by address). The phone
 * never names a room: the token does.
 */
export function registerShopPhonePage(app: FastifyInstance, db: Db, signingKey: string, deps: PhoneDeps): void {
  const tokens = new PhoneTokens(signingKey);
  const perAddress = rateLimit(PHONE_REQUESTS_PER_MINUTE, 60_000);
  const tokenQuery = z.object({ token: z.string().max(300) });
  const options = (summary: string, body?: z.ZodType) => ({ schema: { querystring: tokenQuery, ...(body && { body }), tags: ['shop'], summary, security: [] }, config: { auth: { public: true } } });
  app.get('/api/shop/phone', options('The shop and the room’s orders for a phone token'), async (request) => {
    limited(perAddress, request.ip);
    const room = await phoneRoom(db, tokens, (request.query as { token: string }).token);
    return ok({ hotel: room.hotelName, room: room.roomNumber, ...(await deps.partFor(room)) });
  });
  app.post('/api/shop/phone/orders', options('Order for the token’s room (charged to the room or paid at delivery)', deps.orderBody), async (request, reply) => {
    limited(perAddress, request.ip);
    const room = await phoneRoom(db, tokens, (request.query as { token: string }).token);
    const { order, created } = await deps.place(room, request.body as ShopOrderRequest);
    return reply.code(created ? 201 : 200).send(ok(order));
  });
}
