import {
  provinceKey,
  provinceOfAddress,
  SHARE_TOP,
  type MapAnswer,
  type ShareAnswer,
  type ShareDimension,
  type TerminalDataQuery,
  type TerminalDataRow,
} from '@htv/shared/areas/statistics/index';
import type { Lang } from '@htv/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { titleSql } from '../../records/engine.js';
import { terminalScope } from '../devices/service.js';
import { recordActivations } from '../settlement/service.js';
import { terminalActivations } from '../settlement/schema.js';

const terminals = () => recordTables.terminal!;

/** The grouped column of each share dimension (brand: the owner brand). */
function shareColumn(by: ShareDimension): SQL {
  const t = terminals();
  const column = { brand: t.brandId, model: t.model, version: t.softwareVersion, launcher: t.launcher }[by];
  return sql`${column}`;
}

/** Terminals per brand, model, software version or launcher, most common first. */
export async function terminalShare(db: Db, actor: Actor, by: ShareDimension, lang?: Lang): Promise<ShareAnswer> {
  const t = terminals();
  const key = shareColumn(by);
  const count = sql<number>`count(*)::int`;
  const order = [desc(sql`count(*)`), key] as const;
  // Brands are named by joining them (grouped by brand); the other dimensions are the value itself.
  const rows =
    by === 'brand'
      ? await db
          .select({ key: sql<string | number | null>`${key}`, label: titleSql('brand', lang), count })
          .from(t)
          .leftJoin(brands, eq(brands.id, t.brandId))
          .where(terminalScope(actor))
          .groupBy(key, brands.id)
          .orderBy(...order)
      : await db
          .select({ key: sql<string | number | null>`${key}`, label: sql<string | null>`${key}`, count })
          .from(t)
          .where(terminalScope(actor))
          .groupBy(key)
          .orderBy(...order);
  const items = rows.map((r) => ({ key: r.key === null ? null : String(r.key), label: r.label ?? null, count: r.count }));
  const total = items.reduce((sum, r) => sum + r.count, 0);
  return { total, items: items.slice(0, SHARE_TOP), others: items.slice(SHARE_TOP).reduce((sum, r) => sum + r.count, 0) };
}

/**
 * Terminals and those online per province (the short names of the bundled boundaries), or per city of
 * one province. A terminal's province is its hotel's (named at the start of the hotel's address or
 * city), else the region it reports (suffixes such as 省 dropped to match); its city is the hotel's
 * where the hotel placed it, else its own. The rest are counted as unknown.
 */
export async function onlineMap(db: Db, actor: Actor, province?: string): Promise<MapAnswer> {
  const t = terminals();
  const rows = await db
    .select({
      address: hotels.address,
      hotelCity: hotels.city,
      region: t.region,
      city: t.city,
      total: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${t.online}))::int`,
    })
    .from(t)
    .leftJoin(hotels, eq(hotels.id, t.hotelId))
    .where(terminalScope(actor))
    .groupBy(hotels.address, hotels.city, t.region, t.city);
  const wanted = province ? provinceKey(province) : null;
  const sums = new Map<string, { name: string; total: number; online: number }>();
  let unknown = 0;
  for (const row of rows) {
    const ofHotel = provinceOfAddress(row.address) ?? provinceOfAddress(row.hotelCity);
    const region = ofHotel ?? (row.region?.trim() ? provinceKey(row.region) : null);
    if (wanted !== null && region !== wanted) continue;
    const city = (ofHotel ? row.hotelCity?.trim() : undefined) || row.city?.trim() || null;
    const name = wanted === null ? region : city;
    if (!name) {
      unknown += row.total;
      continue;
    }
    const sum = sums.get(name) ?? { name, total: 0, online: 0 };
    sum.total += row.total;
    sum.online += row.online;
    sums.set(name, sum);
  }
  const items = [...sums.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return { level: wanted === null ? 'province' : 'city', province: wanted, items, unknown };
}

/** The longest range of the terminal data, in days. */
const MAX_DAYS = 366;

/**
 * Per manufacturer (the vendor the TVs report) or per brand: terminals and online now, registered and
 * activated (first authorized) within the range (local days, inclusive).
 */
export async function terminalData(db: Db, actor: Actor, query: TerminalDataQuery, utcOffsetMin: number, lang?: Lang): Promise<TerminalDataRow[]> {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (!(days >= 0 && days < MAX_DAYS)) throw invalidFields({ to: { key: 'statistics.badRange' } });
  await recordActivations(db);
  const t = terminals();
  const a = terminalActivations;
  const local = (column: SQL) => sql`((${column} at time zone 'UTC') + make_interval(mins => ${utcOffsetMin}))`;
  const within = (column: SQL) => sql`${local(column)} >= ${query.from}::timestamp and ${local(column)} < ${query.to}::timestamp + interval '1 day'`;
  const key = query.by === 'brand' ? sql`${t.brandId}` : sql`${t.vendor}`;
  const rows = await db
    .select({
      key: sql<string | number | null>`${key}`,
      label: query.by === 'brand' ? titleSql('brand', lang) : sql<string | null>`${t.vendor}`,
      total: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${t.online}))::int`,
      registered: sql<number>`(count(*) filter (where ${within(sql`${t.registeredAt}`)}))::int`,
      activated: sql<number>`(count(*) filter (where ${within(sql`${a.activatedAt}`)}))::int`,
    })
    .from(t)
    .leftJoin(brands, eq(brands.id, t.brandId))
    .leftJoin(a, eq(a.terminalId, t.id))
    .where(and(terminalScope(actor), query.brandId ? eq(t.brandId, query.brandId) : undefined))
    // A manufacturer is one row however many brands its TVs serve; a brand's row carries its name.
    .groupBy(...(query.by === 'brand' ? [key, brands.id] : [key]))
    .orderBy(desc(sql`count(*)`), key);
  return rows.map((r) => ({ ...r, key: r.key === null ? null : String(r.key), label: r.label ?? null }));
}
