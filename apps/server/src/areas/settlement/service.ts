import {
  periodBounds,
  type ActivationRow,
  type ActivationsQuery,
  type PeriodKind,
  type SettlementAnswer,
  type SettlementQuery,
  type SettlementRow,
  type SettlementState,
} from '@htv/shared/areas/settlement/index';
import type { Lang } from '@htv/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, type RecordTable } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { titleSql } from '../../records/engine.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { writeOpLog } from '../oplog/log.js';
import { settlements, terminalActivations } from './schema.js';

export interface SettlementOptions {
  /** Activations a hotel needs in a month to be up to standard (three times that in a quarter). */
  monthlyStandard: number;
  /** Minutes east of UTC of the natural months (the stats day of the device area). */
  utcOffsetMin: number;
}

/** The most periods one list spans. */
const MAX_MONTHS = 24;

/**
 * Records first authorizations not recorded yet: the terminal's authorization time, or its first
 * `authorized` state row when that is earlier (a terminal authorized again later keeps its first).
 * Runs before every read and on a timer; rows once written never change.
 */
export async function recordActivations(db: Db): Promise<void> {
  await db.execute(sql`
    insert into terminal_activations (terminal_id, mac, brand_id, hotel_id, activated_at)
    select t.id, t.mac, coalesce(t.brand_id, 0), coalesce(t.hotel_id, 0),
           least(t.authorized_at, (select min(l.at) from terminal_state_logs l where l.terminal_id = t.id and l.state = 'authorized'))
      from terminals t
     where t.authorized_at is not null
       and not exists (select 1 from terminal_activations a where a.terminal_id = t.id)
    on conflict (terminal_id) do nothing`);
}

/** Activation rows the actor may see (owner 0: the platform's only). */
const activationScope = (actor: Actor) => tenantFilter({ scope: 'tenant' }, terminalActivations as unknown as RecordTable, actor);

/** Local time of an activation (the natural month's clock). */
// The offset is written into the statement (a number from the configuration): the grouped expression
// must be the same text in select, group by and order by, which parameters are not.
const localAt = (offset: number) => sql`((${terminalActivations.activatedAt} at time zone 'UTC') + interval '${sql.raw(String(Math.trunc(offset)))} minutes')`;

const periodSql = (kind: PeriodKind, offset: number) => (kind === 'month' ? sql<string>`to_char(${localAt(offset)}, 'YYYY-MM')` : sql<string>`to_char(${localAt(offset)}, 'YYYY-"Q"Q')`);

function boundsOf(kind: PeriodKind, period: string, field: string) {
  const bounds = periodBounds(kind, period);
  if (!bounds) throw invalidFields({ [field]: { key: 'settlement.badPeriod' } });
  return bounds;
}

const monthsBetween = (start: string, end: string) => (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7));

export const standardOf = (kind: PeriodKind, options: SettlementOptions) => options.monthlyStandard * (kind === 'quarter' ? 3 : 1);

function stateOf(activations: number, settled: boolean, standard: number): SettlementState {
  return settled ? 'settled' : activations >= standard ? 'upToStandard' : 'notUpToStandard';
}

/** Activations per hotel and period of the range, each with its state. */
export async function settlementPeriods(db: Db, actor: Actor, query: SettlementQuery, options: SettlementOptions, today: string, lang?: Lang): Promise<SettlementAnswer> {
  const start = boundsOf(query.kind, query.from, 'from').start;
  const end = boundsOf(query.kind, query.to, 'to').end;
  const months = monthsBetween(start, end);
  if (months <= 0 || months > MAX_MONTHS) throw invalidFields({ to: { key: 'settlement.badRange' } });
  await recordActivations(db);
  const a = terminalActivations;
  const offset = options.utcOffsetMin;
  const period = periodSql(query.kind, offset);
  const rows = await db
    .select({
      hotelId: a.hotelId,
      period,
      activations: sql<number>`count(*)::int`,
      brandId: hotels.brandId,
      hotelName: titleSql('hotel', lang),
      brandName: titleSql('brand', lang),
      settledAt: sql<Date | null>`max(${settlements.settledAt})`,
    })
    .from(a)
    .innerJoin(hotels, eq(hotels.id, a.hotelId))
    .leftJoin(brands, eq(brands.id, hotels.brandId))
    .leftJoin(settlements, and(eq(settlements.hotelId, a.hotelId), eq(settlements.kind, query.kind), eq(settlements.period, period)))
    .where(
      and(
        activationScope(actor),
        sql`${localAt(offset)} >= ${start}::timestamp and ${localAt(offset)} < ${end}::timestamp`,
        query.brandId ? eq(a.brandId, query.brandId) : undefined,
        query.hotelId ? eq(a.hotelId, query.hotelId) : undefined,
      ),
    )
    .groupBy(a.hotelId, period, hotels.id, brands.id)
    .orderBy(desc(period), a.hotelId);
  const standard = standardOf(query.kind, options);
  const items: SettlementRow[] = rows.map((r) => ({
    brandId: r.brandId,
    brandName: r.brandName,
    hotelId: r.hotelId,
    hotelName: r.hotelName,
    kind: query.kind,
    period: r.period,
    activations: r.activations,
    state: stateOf(r.activations, r.settledAt !== null, standard),
    settledAt: r.settledAt ? new Date(r.settledAt).toISOString() : null,
    // A period still running cannot be settled yet (`settle` refuses it): the list says so.
    open: boundsOf(query.kind, r.period, 'period').end > today,
  }));
  return { standard, items: query.state ? items.filter((i) => i.state === query.state) : items };
}

/**
 * Settles a hotel's period: it must have ended, be up to standard and not be settled yet. The
 * settlement row and its operation-log row are one transaction.
 */
export async function settle(db: Db, actor: Actor, body: { hotelId: number; kind: PeriodKind; period: string }, options: SettlementOptions, today: string, ip?: string) {
  const bounds = boundsOf(body.kind, body.period, 'period');
  if (bounds.end > today) throw invalidFields({ period: { key: 'settlement.periodOpen' } });
  await recordActivations(db);
  return db.transaction(async (tx) => {
    const a = terminalActivations;
    const offset = options.utcOffsetMin;
    const [hotel] = await tx.select({ id: hotels.id, brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, body.hotelId));
    if (!hotel) throw new AppError('notFound', 'error.notFound');
    const [row] = await tx
      .select({ n: count() })
      .from(a)
      .where(and(activationScope(actor), eq(a.hotelId, body.hotelId), sql`${periodSql(body.kind, offset)} = ${body.period}`));
    const activations = row?.n ?? 0;
    if (activations < standardOf(body.kind, options)) throw invalidFields({ period: { key: 'settlement.notUpToStandard' } });
    const inserted = await tx
      .insert(settlements)
      .values({ brandId: hotel.brandId, hotelId: body.hotelId, kind: body.kind, period: body.period, activations, settledBy: actor.userId })
      .onConflictDoNothing()
      .returning({ id: settlements.id, settledAt: settlements.settledAt });
    if (!inserted[0]) throw new AppError('conflict', 'settlement.alreadySettled');
    await writeOpLog(tx as unknown as Db, actor, { action: 'settle', recordType: 'settlement', recordId: inserted[0].id, after: { ...body, activations } }, ip);
    return { id: inserted[0].id, activations, settledAt: inserted[0].settledAt.toISOString() };
  });
}

/** Activated terminals of a date range (local days, inclusive), newest first. */
export async function activationPage(db: Db, actor: Actor, query: ActivationsQuery, options: SettlementOptions, lang?: Lang, all = false) {
  if (query.to < query.from || monthsBetween(query.from, query.to) > MAX_MONTHS) throw invalidFields({ to: { key: 'settlement.badRange' } });
  await recordActivations(db);
  const a = terminalActivations;
  const offset = options.utcOffsetMin;
  const where: SQL | undefined = and(
    activationScope(actor),
    sql`${localAt(offset)} >= ${query.from}::timestamp and ${localAt(offset)} < ${query.to}::timestamp + interval '1 day'`,
    query.brandId ? eq(a.brandId, query.brandId) : undefined,
    query.hotelId ? eq(a.hotelId, query.hotelId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(a).where(where);
  const base = db
    .select({ terminalId: a.terminalId, mac: a.mac, brandName: titleSql('brand', lang), hotelName: titleSql('hotel', lang), activatedAt: a.activatedAt })
    .from(a)
    .leftJoin(hotels, eq(hotels.id, a.hotelId))
    .leftJoin(brands, eq(brands.id, a.brandId))
    .where(where)
    .orderBy(desc(a.activatedAt), a.terminalId);
  const rows = all ? await base.limit(50_000) : await base.limit(query.pagesize).offset((query.page - 1) * query.pagesize);
  const items: ActivationRow[] = rows.map((r) => ({ ...r, activatedAt: new Date(r.activatedAt).toISOString() }));
  return { items, total: total?.n ?? 0, page: query.page, pagesize: query.pagesize };
}
