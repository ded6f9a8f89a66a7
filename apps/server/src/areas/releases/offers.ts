import type { Lang } from '@htv/shared';
import type { AppOffer, appOfferBody } from '@htv/shared/areas/releases/index';
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables, type RecordTable } from '../../db/schema/index.js';
import { invalidFields, notFound } from '../../http/errors.js';
import { escapeLike } from '../../records/engine.js';
import { writeOpLog } from '../oplog/log.js';
import { appOffers } from './schema.js';

const appTable = () => recordTables.app!;

/** Whether the platform app `appId` is offered to hotel `hotelId`: to every hotel, its brand, or itself. */
export function offeredTo(appId: AnyPgColumn | SQL, hotelId: number): SQL {
  return sql`exists (select 1 from ${appOffers} o where o.app_id = ${appId} and (
    (o.brand_id is null and o.hotel_id is null) or o.hotel_id = ${hotelId}
    or o.brand_id = (select h.brand_id from ${hotels} h where h.id = ${hotelId})))`;
}

/** A platform app: owned by no brand and no hotel. */
export const isPlatformApp = (table: RecordTable) => and(isNull(table.brandId), isNull(table.hotelId))!;

/**
 * The app rows an actor reads: the platform every one; a hotel its own and the platform's apps offered
 * to it (never another hotel's, never a platform app not offered to it).
 */
export function appReach(table: RecordTable, actor: Actor, base: SQL | undefined): SQL | undefined {
  if (actor.userType !== 3 || actor.hotelId === null) return base;
  return or(base, and(isPlatformApp(table), offeredTo(table.id, actor.hotelId)));
}

const titleIn = (lang: Lang, name: string, nameEn: string | null) => (lang === 'en-US' && nameEn ? nameEn : name);

/** A platform app of the given id with its distribution, or 404 (a hotel's own app is not offered). */
async function platformApp(db: Db, id: number): Promise<{ distribution: 'official' | 'trial' }> {
  const table = appTable();
  const [row] = await db.select({ distribution: table.distribution }).from(table).where(and(eq(table.id, id), isPlatformApp(table)));
  if (!row) throw notFound();
  return { distribution: row.distribution === 'trial' ? 'trial' : 'official' };
}

/** Where a platform app is offered, with the brands' names and the hotels' in `lang`. */
export async function appOfferOf(db: Db, id: number, lang: Lang): Promise<AppOffer> {
  const { distribution } = await platformApp(db, id);
  const rows = await db
    .select({ brandId: appOffers.brandId, hotelId: appOffers.hotelId, brandName: brands.name, hotelName: hotels.name, hotelNameEn: hotels.nameEn })
    .from(appOffers)
    .leftJoin(brands, eq(brands.id, appOffers.brandId))
    .leftJoin(hotels, eq(hotels.id, appOffers.hotelId))
    .where(eq(appOffers.appId, id))
    .orderBy(appOffers.id);
  return {
    appId: id,
    distribution,
    all: rows.some((r) => r.brandId === null && r.hotelId === null),
    brands: rows.filter((r) => r.brandId !== null).map((r) => ({ id: r.brandId!, title: r.brandName ?? '' })),
    hotels: rows.filter((r) => r.hotelId !== null).map((r) => ({ id: r.hotelId!, title: titleIn(lang, r.hotelName ?? '', r.hotelNameEn) })),
  };
}

/**
 * Sets where a platform app is offered (replacing what was): every hotel, or named brands and hotels
 * (each must exist, else 404). A partial trial goes to named ones only (422 on `all`).
 */
export async function setAppOffer(db: Db, actor: Actor, id: number, body: z.output<typeof appOfferBody>, ip?: string): Promise<void> {
  const brandIds = body.all ? [] : [...new Set(body.brandIds)];
  const hotelIds = body.all ? [] : [...new Set(body.hotelIds)];
  await db.transaction(async (tx) => {
    const { distribution } = await platformApp(tx, id);
    if (body.all && distribution === 'trial') throw invalidFields({ all: { key: 'app.trialNotAll' } });
    if (brandIds.length && (await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, brandIds))).length !== brandIds.length) throw notFound();
    if (hotelIds.length && (await tx.select({ id: hotels.id }).from(hotels).where(inArray(hotels.id, hotelIds))).length !== hotelIds.length) throw notFound();
    const before = await tx.select({ brandId: appOffers.brandId, hotelId: appOffers.hotelId }).from(appOffers).where(eq(appOffers.appId, id));
    await tx.delete(appOffers).where(eq(appOffers.appId, id));
    const rows = body.all ? [{ appId: id }] : [...brandIds.map((brandId) => ({ appId: id, brandId })), ...hotelIds.map((hotelId) => ({ appId: id, hotelId }))];
    if (rows.length) await tx.insert(appOffers).values(rows);
    await writeOpLog(tx, actor, { action: 'app_offer', recordType: 'app', recordId: id, before: { offers: before }, after: { all: body.all, brandIds, hotelIds } }, ip);
  });
}

/** A new official platform app is offered to every hotel (a partial trial to none until the platform names some). */
export async function offerNewApp(db: Db, id: number): Promise<void> {
  await db.insert(appOffers).values({ appId: id });
}

/**
 * A platform app offered to every hotel cannot become a partial trial: 422 on `distribution` until its
 * offer names brands or hotels.
 */
export async function assertTrialOffer(db: Db, id: number): Promise<void> {
  const [all] = await db.select({ id: appOffers.id }).from(appOffers).where(and(eq(appOffers.appId, id), isNull(appOffers.brandId), isNull(appOffers.hotelId))).limit(1);
  if (all) throw invalidFields({ distribution: { key: 'app.trialNotAll' } });
}

/** Platform apps offered to a hotel, a page at a time, newest first: the hotel's /hotelapp/list beside its own. */
export async function offeredApps(db: Db, hotelId: number, q: { page: number; pagesize: number; keyword?: string }) {
  const table = appTable();
  const where = and(
    isPlatformApp(table),
    offeredTo(table.id, hotelId),
    q.keyword ? or(ilike(table.name, `%${escapeLike(q.keyword)}%`), ilike(table.packageName, `%${escapeLike(q.keyword)}%`)) : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  const rows = await db
    .select({
      id: table.id,
      name: table.name,
      packageName: table.packageName,
      versionName: table.versionName,
      versionCode: table.versionCode,
      size: table.size,
      appType: table.appType,
      distribution: table.distribution,
      apkFileId: table.apkFileId,
      iconFileId: table.iconFileId,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(where)
    .orderBy(sql`${table.id} desc`)
    .limit(q.pagesize)
    .offset((q.page - 1) * q.pagesize);
  return { items: rows, total: count?.n ?? 0, page: q.page, pagesize: q.pagesize };
}
