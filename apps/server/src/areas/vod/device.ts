import { toMinor } from '@htv/shared/areas/shop/device';
import type { VodConfigPart, VodMovieOnTv, VodOrderRequest, VodRowOnTv } from '@htv/shared/areas/vod/device';
import { idSchema } from '@htv/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
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
import { SHOP_CURRENCY } from '../shop/device.js';
import { buyMovie, roomCanBuy, roomRentals } from './orders.js';
import { resolveLibraries, type VodAudience } from './resolve.js';

const tags = ['device API v1'];
/** Purchases one TV may make a minute. */
const ORDERS_PER_MINUTE = 10;

/**
 * The catalogue an audience resolves to: the recommend library's row first, then the selected one's,
 * the active films they name (in the library's order; withdrawn films left out), and the enabled
 * promotion slots whose film is among them. `urlOf` makes a file's address.
 */
export async function vodCatalogue(db: Db, audience: VodAudience, urlOf: (fileId: string) => string): Promise<Pick<VodConfigPart, 'rows' | 'promotions' | 'movies'>> {
  const resolved = await resolveLibraries(db, audience);
  const rows: VodRowOnTv[] = [];
  for (const kind of ['recommend', 'choose'] as const) {
    const send = resolved[kind];
    if (!send) continue;
    const table = kind === 'choose' ? recordTables.vodChoose! : recordTables.vodRecommend!;
    const [library] = await db.select({ id: table.id, name: table.positionName, nameEn: table.positionNameEn, movieIds: table.movieIds }).from(table).where(eq(table.id, send.libraryId));
    if (library) rows.push({ kind, id: library.id as number, name: library.name as string, nameEn: (library.nameEn as string | null) ?? null, movieIds: (library.movieIds as number[] | null) ?? [] });
  }
  const ids = [...new Set(rows.flatMap((row) => row.movieIds))];
  const m = recordTables.vodMovie!;
  const found = ids.length
    ? await db
        .select({ id: m.id, title: m.title, titleEn: m.titleEn, posterId: m.posterId, durationMinutes: m.durationMinutes, price: m.price, previewMinutes: m.previewMinutes, rentalHours: m.rentalHours, description: m.description, mediaFileId: m.mediaFileId, streamUrl: m.streamUrl })
        .from(m)
        .where(and(inArray(m.id, ids), eq(m.active, true)))
    : [];
  const movies: VodMovieOnTv[] = found.map((row) => ({
    id: row.id as number,
    title: row.title as string,
    titleEn: (row.titleEn as string | null) ?? null,
    poster: urlOf(row.posterId as string),
    durationMinutes: row.durationMinutes as number,
    priceMinor: toMinor(row.price as number),
    previewMinutes: (row.previewMinutes as number | null) ?? 0,
    rentalHours: row.rentalHours as number,
    description: (row.description as string | null) ?? null,
    url: row.mediaFileId ? urlOf(row.mediaFileId as string) : (row.streamUrl as string),
  }));
  const live = new Set(movies.map((movie) => movie.id));
  for (const row of rows) row.movieIds = row.movieIds.filter((id) => live.has(id));
  const p = recordTables.vodPromotion!;
  const promotions = live.size
    ? (await db.select({ id: p.id, name: p.name, posterId: p.posterId, movieId: p.movieId, sort: p.sort }).from(p).where(and(eq(p.active, true), inArray(p.movieId, [...live]))))
        .sort((a, b) => (b.sort as number) - (a.sort as number) || (a.id as number) - (b.id as number))
        .map((row) => ({ id: row.id as number, name: row.name as string, poster: urlOf(row.posterId as string), movieId: row.movieId as number }))
    : [];
  return { rows, promotions, movies };
}

/** Whether a file is a VOD poster, cover or film of the platform's (VOD content is the platform's, shown to every hotel it is sent to). */
async function isVodFile(db: Db, _hotelId: number, fileId: string): Promise<boolean> {
  const m = recordTables.vodMovie!;
  const c = recordTables.vodChoose!;
  const r = recordTables.vodRecommend!;
  const p = recordTables.vodPromotion!;
  const found = await Promise.all([
    db.select({ id: m.id }).from(m).where(or(eq(m.posterId, fileId), eq(m.mediaFileId, fileId))).limit(1),
    db.select({ id: c.id }).from(c).where(eq(c.coverId, fileId)).limit(1),
    db.select({ id: r.id }).from(r).where(eq(r.coverId, fileId)).limit(1),
    db.select({ id: p.id }).from(p).where(eq(p.posterId, fileId)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

const vodFiles = signedDeviceFiles('vod', isVodFile);

/** The VOD part of a terminal: its resolved catalogue at its signed addresses and its room's purchases. */
async function vodPartFor(db: Db, runtime: DeviceRuntime, terminal: { id: number; mac: string; brandId: number | null; hotelId: number; roomNumber: string | null }): Promise<VodConfigPart | undefined> {
  const urlOf = vodFiles.forTerminal(runtime, terminal.id);
  if (!urlOf) return undefined;
  const [catalogue, rentals, canBuy] = await Promise.all([
    vodCatalogue(db, { mac: terminal.mac, brandId: terminal.brandId, hotelId: terminal.hotelId }, urlOf),
    terminal.roomNumber ? roomRentals(db, terminal.hotelId, terminal.roomNumber) : Promise.resolve([]),
    roomCanBuy(db, terminal.hotelId, terminal.roomNumber),
  ]);
  return { ...catalogue, rentals, canBuy, currency: SHOP_CURRENCY };
}

const orderBody = z.strictObject({ movieId: idSchema, requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

let installed = false;

/**
 * The TVs' `vod` configuration part (authorized TVs of a hotel), sent again on every write of the
 * pool, the libraries, the promotions and the sends; the files it names (signed addresses, ranges for
 * seeking) and the buying call (device token, rate-limited).
 */
export function registerVodDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  vodFiles.register(scope, db, runtime, storage, signingKey);
  if (!installed) {
    installed = true;
    addRecordConfigPart('vod', ['vodMovie', 'vodChoose', 'vodRecommend', 'vodPromotion', 'vodHotelSetting'], async (terminal, { db: partDb, runtime: partRuntime }) => {
      if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
      return vodPartFor(partDb, partRuntime, { id: terminal.id, mac: terminal.mac, brandId: terminal.brandId, hotelId: terminal.hotelId, roomNumber: terminal.roomNumber });
    });
  }
  if (!scope.hasRequestDecorator('deviceTerminal')) scope.decorateRequest('deviceTerminal', null);
  const limit = rateLimit(ORDERS_PER_MINUTE, 60_000);
  scope.post(
    '/vod/orders',
    {
      schema: { tags, body: orderBody, summary: 'Buy a film the terminal is offered, for its room: charged to the room, free, or paid at the desk as the hotel chooses' },
      config: { auth: { public: true } },
      preValidation: [deviceAuthHook(runtime), perTerminalLimit(limit, 'vod.ordersLimited')],
    },
    async (request, reply) => {
      const t = recordTables.terminal!;
      const [terminal] = await db
        .select({ id: t.id, mac: t.mac, brandId: t.brandId, hotelId: t.hotelId, roomNumber: t.roomNumber, authorization: t.authorization })
        .from(t)
        .where(eq(t.id, request.deviceTerminal!.id))
        .limit(1);
      if (!terminal || terminal.authorization !== 'authorized' || terminal.hotelId === null || terminal.brandId === null) throw new AppError('forbidden', 'error.forbidden');
      if (!terminal.roomNumber) throw new AppError('conflict', 'vod.noRoom');
      const catalogue = await vodCatalogue(db, { mac: terminal.mac as string, brandId: terminal.brandId as number, hotelId: terminal.hotelId as number }, (id) => id);
      const offered = new Set(catalogue.movies.map((movie) => movie.id));
      const { order, created } = await buyMovie(
        db,
        { id: terminal.id as number, mac: terminal.mac as string, brandId: terminal.brandId as number, hotelId: terminal.hotelId as number, roomNumber: terminal.roomNumber as string },
        request.body as VodOrderRequest,
        offered,
      );
      return reply.code(created ? 201 : 200).send(ok(order));
    },
  );
}
