import { records, type Lang } from '@htv/shared';
import type { TerminalStats } from '@htv/shared/areas/devices/console';
import { normalizeMac } from '@htv/shared/areas/devices/protocol';
import { and, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import {
  hotelDeviceSettings,
  hotels,
  recordTables,
  terminalAlarms,
  terminalBootRecords,
  terminalDailyStats,
  terminalHeartbeats,
  terminalStateLogs,
  terminalTokens,
  type RecordTable,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { writeOpLog } from '../oplog/log.js';
import { titleSql, type WriteContext } from '../../records/engine.js';
import { alias } from 'drizzle-orm/pg-core';
import { tenantFilter } from '../../tenancy/scope.js';
import { assertTerminalQuota } from '../tenants/quota.js';
import { hotelInReach as reachableHotel } from '../tenants/reach.js';
import { logStates, logTerminalOperations, type TerminalState } from './logs.js';
import { allRuntimes } from './runtime.js';
import { retryDeadlocks } from '../../db/errors.js';

export type Row = Record<string, unknown> & { id: number };

const terminalDef = records.terminal;

const table = () => recordTables.terminal!;
const p = sql.param;

/** Rows of `terminals` the actor may see. */
export function terminalScope(actor: Actor): SQL | undefined {
  return tenantFilter(terminalDef, table(), actor);
}

/** Owner-stamped rows (state history, daily stats) the actor may see. */
function ownerScope(target: { brandId: unknown; hotelId: unknown }, actor: Actor): SQL | undefined {
  return tenantFilter({ scope: 'tenant' }, target as unknown as RecordTable, actor);
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pagesize: number;
}

/**
 * Adds to terminal rows what the table does not hold: the hotel's public id and name (in `lang`), and
 * the last heartbeat time (from the presence table). Used by the record engine's afterRead hook and
 * the custom routes.
 */
export async function decorateTerminals(db: Db, rows: Row[], lang?: Lang): Promise<void> {
  if (!rows.length) return;
  const h = alias(hotels, 'h') as unknown as RecordTable;
  const result = await db.execute(sql`
    select i.id, p.last_seen_at, h.public_id, ${titleSql('hotel', lang, h)} as name
      from unnest(${p(rows.map((r) => r.id))}::int[], ${p(rows.map((r) => (r.hotelId as number | null) ?? null))}::int[]) as i(id, hotel_id)
      left join terminal_presence p on p.terminal_id = i.id
      left join hotels h on h.id = i.hotel_id`);
  const byId = new Map((result as unknown as { rows: { id: number; last_seen_at: string | Date | null; public_id: string | null; name: string | null }[] }).rows.map((r) => [r.id, r]));
  for (const row of rows) {
    const extra = byId.get(row.id);
    row.hotelPublicId = extra?.public_id ?? null;
    row.hotelName = extra?.name ?? null;
    const seen = extra?.last_seen_at;
    row.lastSeenAt = seen ? new Date(seen).toISOString() : null;
  }
}

/** The terminal with this MAC inside the actor's reach; a foreign or unknown MAC is the same 404. */
export async function terminalByMac(db: Db, actor: Actor, mac: string, lang?: Lang): Promise<Row> {
  const t = table();
  const [row] = (await db
    .select()
    .from(t)
    .where(and(eq(t.mac, normalizeMac(mac)), terminalScope(actor)))
    .limit(1)) as Row[];
  if (!row) throw notFound();
  const { createdBy: _createdBy, ...visible } = row;
  await decorateTerminals(db, [visible as Row], lang);
  return visible as Row;
}

// --- authorization ------------------------------------------------------------------------------

export const AUTHORIZATION_ACTIONS = {
  authorize: { from: ['unauthorized'], to: 'authorized', state: 'authorized' },
  disable: { from: ['unauthorized', 'authorized'], to: 'disabled', state: 'disabled' },
  recover: { from: ['disabled'], to: 'authorized', state: 'recovered' },
} as const satisfies Record<string, { from: readonly string[]; to: string; state: TerminalState }>;

export type AuthorizationAction = keyof typeof AUTHORIZATION_ACTIONS;

export interface AuthorizationResult {
  /** Terminals whose state changed. */
  updated: number;
  /** Terminals found whose state does not allow the action (already in the target state, …). */
  skipped: number;
  /** MACs given that are not terminals inside the caller's reach. */
  missing: string[];
}

/**
 * Authorizes, disables (with the tip the TV shows) or recovers terminals, by ids (all or nothing: an id
 * outside the caller's reach answers 404) or by MACs (unknown ones are reported as missing). One
 * transaction: the state change, state history and operation log; then the TVs are told to fetch
 * their configuration.
 */
export async function changeAuthorization(
  ctx: WriteContext,
  action: AuthorizationAction,
  target: { ids?: number[]; macs?: string[] },
  tip?: string | null,
): Promise<AuthorizationResult> {
  const result = await retryDeadlocks(() => ctx.db.transaction((tx) => applyAuthorization(tx, ctx.actor, ctx.ip, action, target, { tip })));
  notifyConfigChanged(result.changedIds);
  return { updated: result.updated, skipped: result.skipped, missing: result.missing };
}

/**
 * The state change of `changeAuthorization` inside the caller's transaction, for workflows that
 * authorize as part of a larger write (TV-auth projects). `actor` null is the system acting for a
 * public call: no reach limit, and the history names no user (`detail` says what acted). The caller
 * notifies the TVs (`notifyConfigChanged(changedIds)`) once its transaction has committed.
 */
export async function applyAuthorization(
  tx: Db,
  actor: Actor | null,
  ip: string | undefined,
  action: AuthorizationAction,
  target: { ids?: number[]; macs?: string[] },
  opts: { tip?: string | null; detail?: string } = {},
): Promise<AuthorizationResult & { changedIds: number[] }> {
  const rule = AUTHORIZATION_ACTIONS[action];
  const t = table();
  const ids = target.ids ? [...new Set(target.ids)] : undefined;
  const macs = target.macs ? [...new Set(target.macs.map(normalizeMac))] : undefined;
  const selector = ids ? sql`${t.id} = any(${p(ids)}::int[])` : sql`${t.mac} = any(${p(macs ?? [])}::text[])`;
  const rows = (await tx
    .select({ id: t.id, mac: t.mac, brandId: t.brandId, hotelId: t.hotelId, authorization: t.authorization, disabledTip: t.disabledTip })
    .from(t)
    .where(and(selector, actor ? terminalScope(actor) : undefined))
    // In id order, as the heartbeat and boot batches lock them: fewer deadlocks with them.
    .orderBy(t.id)
    .for('update')) as (Row & { mac: string; brandId: number | null; hotelId: number | null; authorization: string; disabledTip: string | null })[];
  if (ids && rows.length !== ids.length) throw notFound();
  const found = new Set(rows.map((r) => r.mac));
  const missing = macs ? macs.filter((m) => !found.has(m)) : [];
  const eligible = rows.filter((r) => (rule.from as readonly string[]).includes(r.authorization));
  if (rule.to === 'authorized') await assertAuthorizationQuota(tx, eligible);
  if (eligible.length) {
    const eligibleIds = eligible.map((r) => r.id);
    const disabledTip = action === 'disable' ? opts.tip || null : null;
    await tx
      .update(t)
      .set({
        authorization: rule.to,
        disabledTip,
        ...(rule.to === 'authorized' ? { authorizedAt: new Date().toISOString() } : {}),
        updatedAt: new Date(),
      })
      .where(sql`${t.id} = any(${p(eligibleIds)}::int[])`);
    await logStates(
      tx,
      eligible.map((r) => ({ terminalId: r.id, mac: r.mac, brandId: r.brandId, hotelId: r.hotelId, state: rule.state, detail: action === 'disable' ? disabledTip : (opts.detail ?? null) })),
      actor,
    );
    await logTerminalOperations(
      tx,
      actor,
      action,
      eligible.map((r) => ({ id: r.id, before: { mac: r.mac, authorization: r.authorization, disabledTip: r.disabledTip }, after: { mac: r.mac, authorization: rule.to, disabledTip } })),
      ip,
    );
  }
  return { updated: eligible.length, skipped: rows.length - eligible.length, missing, changedIds: eligible.map((r) => r.id) };
}

/**
 * Refuses (409) authorizing these terminals when a brand would exceed its terminal limit, which counts
 * authorized terminals. Inside the authorizing transaction; locks each brand's row.
 */
export async function assertAuthorizationQuota(tx: Db, rows: readonly Record<string, unknown>[]): Promise<void> {
  const perBrand = new Map<number, number>();
  for (const row of rows) if (typeof row.brandId === 'number') perBrand.set(row.brandId, (perBrand.get(row.brandId) ?? 0) + 1);
  for (const [brandId, adding] of perBrand) await assertTerminalQuota(tx, brandId, adding);
}

/** Tells the TVs of these terminals (in every running app) that their configuration changed. */
export function notifyConfigChanged(terminalIds: readonly number[]): void {
  if (!terminalIds.length) return;
  for (const runtime of allRuntimes()) runtime.invalidate({ terminalIds });
}

// --- unbind -------------------------------------------------------------------------------------

/**
 * Detaches a terminal from its hotel and room and revokes its token: it belongs to the platform again,
 * is no longer registered (so it may be deleted), and a TV listening on the push channel receives an
 * `unbind` command; any later call with the old token answers 401.
 */
export async function unbindTerminal(ctx: WriteContext, mac: string): Promise<{ mac: string; unbound: true }> {
  const t = table();
  const before = await ctx.db.transaction(async (tx) => {
    const [row] = (await tx
      .select()
      .from(t)
      .where(and(eq(t.mac, normalizeMac(mac)), terminalScope(ctx.actor)))
      .for('update')) as Row[];
    if (!row) throw notFound();
    await tx.update(t).set({ brandId: null, hotelId: null, roomNumber: null, guest: null, registered: false, online: false, updatedAt: new Date() }).where(eq(t.id, row.id));
    await tx.delete(terminalTokens).where(eq(terminalTokens.terminalId, row.id));
    await logStates(tx, [{ terminalId: row.id, mac: row.mac as string, brandId: (row.brandId as number | null) ?? null, hotelId: (row.hotelId as number | null) ?? null, state: 'unbound' }], ctx.actor);
    await logTerminalOperations(
      tx,
      ctx.actor,
      'unbind',
      [{ id: row.id, before: { mac: row.mac, brandId: row.brandId, hotelId: row.hotelId, roomNumber: row.roomNumber }, after: { mac: row.mac, brandId: null, hotelId: null, roomNumber: null } }],
      ctx.ip,
    );
    return row;
  });
  for (const runtime of allRuntimes()) runtime.forget(before.id, { unbind: true });
  return { mac: before.mac as string, unbound: true };
}

// --- logs ---------------------------------------------------------------------------------------

const pageOf = (page: number, pagesize: number) => ({ limit: pagesize, offset: (page - 1) * pagesize });

export async function heartbeatPage(db: Db, actor: Actor, mac: string, page: number, pagesize: number): Promise<Page<unknown> & { mac: string }> {
  const terminal = await terminalByMac(db, actor, mac);
  const where = eq(terminalHeartbeats.terminalId, terminal.id);
  const [items, [count]] = await Promise.all([
    db
      .select({
        at: terminalHeartbeats.at,
        state: terminalHeartbeats.state,
        ip: terminalHeartbeats.ip,
        publicIp: terminalHeartbeats.publicIp,
        softwareVersion: terminalHeartbeats.softwareVersion,
        otaVersion: terminalHeartbeats.otaVersion,
        controlVersion: terminalHeartbeats.controlVersion,
      })
      .from(terminalHeartbeats)
      .where(where)
      .orderBy(desc(terminalHeartbeats.at))
      .limit(pageOf(page, pagesize).limit)
      .offset(pageOf(page, pagesize).offset),
    db.select({ total: sql<number>`count(*)::int` }).from(terminalHeartbeats).where(where),
  ]);
  return { mac: terminal.mac as string, items, total: count?.total ?? 0, page, pagesize };
}

export async function bootPage(db: Db, actor: Actor, mac: string, page: number, pagesize: number): Promise<Page<unknown> & { mac: string }> {
  const terminal = await terminalByMac(db, actor, mac);
  const where = eq(terminalBootRecords.terminalId, terminal.id);
  const [items, [count]] = await Promise.all([
    db
      .select({ id: terminalBootRecords.id, at: terminalBootRecords.at, ip: terminalBootRecords.ip, publicIp: terminalBootRecords.publicIp, softwareVersion: terminalBootRecords.softwareVersion, launcher: terminalBootRecords.launcher })
      .from(terminalBootRecords)
      .where(where)
      .orderBy(desc(terminalBootRecords.at), desc(terminalBootRecords.id))
      .limit(pagesize)
      .offset((page - 1) * pagesize),
    db.select({ total: sql<number>`count(*)::int` }).from(terminalBootRecords).where(where),
  ]);
  return { mac: terminal.mac as string, items, total: count?.total ?? 0, page, pagesize };
}

export interface StateLogQuery {
  page: number;
  pagesize: number;
  mac?: string;
  state?: string;
  from?: string;
  to?: string;
  hotelId?: number;
}

/** State history inside the actor's reach (by the owner the terminal had when it happened). */
export async function stateLogPage(db: Db, actor: Actor, query: StateLogQuery, lang?: Lang): Promise<Page<unknown>> {
  const s = terminalStateLogs;
  const where = and(
    ownerScope(s, actor),
    query.mac ? eq(s.mac, normalizeMac(query.mac)) : undefined,
    query.state ? eq(s.state, query.state) : undefined,
    query.from ? gte(s.at, new Date(query.from)) : undefined,
    query.to ? lte(s.at, new Date(query.to)) : undefined,
    query.hotelId ? eq(s.hotelId, query.hotelId) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({ id: s.id, mac: s.mac, state: s.state, detail: s.detail, at: s.at, userName: s.userName, hotelId: s.hotelId, hotelName: titleSql('hotel', lang), hotelPublicId: hotels.publicId })
      .from(s)
      .leftJoin(hotels, eq(hotels.id, s.hotelId))
      .where(where)
      .orderBy(desc(s.at), desc(s.id))
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize),
    db.select({ total: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(s).where(where).limit(10_001).as('c')),
  ]);
  const total = count?.total ?? 0;
  return { items, total: Math.min(total, 10_000), page: query.page, pagesize: query.pagesize, ...(total > 10_000 ? { capped: true } : {}) };
}

// --- alarms -------------------------------------------------------------------------------------

export const ALARM_KINDS = ['ipOutsideWhitelist', 'snChanged', 'movedOut'] as const;

export interface AlarmQuery {
  page: number;
  pagesize: number;
  kind?: (typeof ALARM_KINDS)[number];
  status: 'open' | 'resolved' | 'all';
  mac?: string;
  hotelId?: number;
}

/**
 * Alarms inside the actor's reach: those that follow the terminal (no owner of their own) when the
 * terminal is in reach, those owned by a tenant (`movedOut`: the hotel the terminal left) when that
 * owner is. An owned alarm shows its owner's hotel and nothing of the terminal's new place.
 */
function alarmScope(actor: Actor): SQL | undefined {
  const a = terminalAlarms;
  return or(and(isNull(a.hotelId), terminalScope(actor)), and(isNotNull(a.hotelId), ownerScope(a, actor)));
}

/** The hotel an alarm is shown under: its owner's, else the terminal's. */
const alarmHotelId = () => sql<number | null>`coalesce(${terminalAlarms.hotelId}, ${table().hotelId})`;
/** A terminal column shown only on alarms that follow the terminal. */
const ownColumn = <T>(column: unknown) => sql<T | null>`case when ${terminalAlarms.hotelId} is null then ${column} end`;

/**
 * Alarms of terminals inside the actor's reach: stolen-use monitoring is kind `ipOutsideWhitelist`;
 * the alarm-terminal list shows every open alarm.
 */
export async function alarmPage(db: Db, actor: Actor, query: AlarmQuery, lang?: Lang): Promise<Page<unknown>> {
  const t = table();
  const a = terminalAlarms;
  const where = and(
    alarmScope(actor),
    query.kind ? eq(a.kind, query.kind) : undefined,
    query.status === 'open' ? isNull(a.resolvedAt) : query.status === 'resolved' ? sql`${a.resolvedAt} is not null` : undefined,
    query.mac ? eq(t.mac, normalizeMac(query.mac)) : undefined,
    query.hotelId ? sql`${alarmHotelId()} = ${query.hotelId}` : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({
        id: a.id,
        kind: a.kind,
        ip: a.ip,
        detail: a.detail,
        hits: a.hits,
        firstAt: a.firstAt,
        lastAt: a.lastAt,
        resolvedAt: a.resolvedAt,
        resolvedBy: a.resolvedBy,
        terminalId: t.id,
        mac: t.mac,
        roomNumber: ownColumn<string>(t.roomNumber),
        authorization: ownColumn<string>(t.authorization),
        online: ownColumn<boolean>(t.online),
        hotelId: alarmHotelId(),
        hotelName: titleSql('hotel', lang),
        hotelPublicId: hotels.publicId,
      })
      .from(a)
      .innerJoin(t, eq(t.id, a.terminalId))
      .leftJoin(hotels, sql`${hotels.id} = ${alarmHotelId()}`)
      .where(where)
      .orderBy(desc(a.lastAt), desc(a.id))
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize),
    db.select({ total: sql<number>`count(*)::int` }).from(a).innerJoin(t, eq(t.id, a.terminalId)).where(where),
  ]);
  return { items, total: count?.total ?? 0, page: query.page, pagesize: query.pagesize };
}

export async function resolveAlarm(db: Db, actor: Actor, id: number): Promise<void> {
  const t = table();
  const [row] = await db
    .select({ id: terminalAlarms.id })
    .from(terminalAlarms)
    .innerJoin(t, eq(t.id, terminalAlarms.terminalId))
    .where(and(eq(terminalAlarms.id, id), alarmScope(actor)));
  if (!row) throw notFound();
  await db.update(terminalAlarms).set({ resolvedAt: new Date(), resolvedBy: actor.name }).where(eq(terminalAlarms.id, id));
}

// --- stats --------------------------------------------------------------------------------------


const statsCache = new Map<string, { at: number; value: Promise<TerminalStats> }>();
const STATS_TTL_MS = 10_000;

/** Counts for the home page, inside the actor's reach, with a per-day series; cached for 10 s per reach. */
export function terminalStats(db: Db, actor: Actor, days: number, today: string): Promise<TerminalStats> {
  const key = `${actor.userType}:${actor.brandId}:${actor.hotelId}:${days}:${today}`;
  const cached = statsCache.get(key);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.value;
  const value = computeStats(db, actor, days, today);
  statsCache.set(key, { at: Date.now(), value });
  if (statsCache.size > 1000) statsCache.delete(statsCache.keys().next().value as string);
  value.catch(() => statsCache.delete(key));
  return value;
}

async function computeStats(db: Db, actor: Actor, days: number, today: string): Promise<TerminalStats> {
  const t = table();
  const d = terminalDailyStats;
  // Grouped by the (authorization, online) index's columns: for the platform an index-only scan.
  const [groups, series] = await Promise.all([
    db
      .select({ authorization: t.authorization, online: t.online, n: sql<number>`count(*)::int` })
      .from(t)
      .where(terminalScope(actor))
      .groupBy(t.authorization, t.online),
    db
      .select({ day: d.day, active: sql<number>`sum(${d.active})::int`, registered: sql<number>`sum(${d.registered})::int` })
      .from(d)
      .where(and(ownerScope(d, actor), gte(d.day, sql`${today}::date - ${days - 1}::int`), lte(d.day, sql`${today}::date`)))
      .groupBy(d.day),
  ]);
  const byDay = new Map(series.map((s) => [s.day, s]));
  const filled: TerminalStats['series'] = [];
  const end = Date.parse(`${today}T00:00:00Z`);
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    const s = byDay.get(day);
    filled.push({ day, active: s?.active ?? 0, registered: s?.registered ?? 0 });
  }
  const c = { total: 0, online: 0, unauthorized: 0, authorized: 0, disabled: 0 };
  for (const g of groups) {
    c.total += g.n;
    if (g.online) c.online += g.n;
    const state = g.authorization as string;
    if (state === 'unauthorized' || state === 'authorized' || state === 'disabled') c[state] += g.n;
  }
  return { total: c.total, online: c.online, offline: c.total - c.online, unauthorized: c.unauthorized, authorized: c.authorized, disabled: c.disabled, series: filled };
}

// --- filter options -----------------------------------------------------------------------------

const FILTER_COLUMNS = { softwareVersion: 'software_version', otaVersion: 'ota_version', controlVersion: 'control_version', launcher: 'launcher', clientType: 'client_type' } as const;
const optionsCache = new Map<string, { at: number; value: Promise<Record<string, string[]>> }>();

/**
 * Distinct values of the exact-match filters (versions, launcher, client type) inside the actor's
 * reach, for the list's select boxes (at most 200 each; cached for a minute). Across the whole fleet
 * each column is read with a loose index scan (one index probe per distinct value).
 */
export function filterOptions(db: Db, actor: Actor): Promise<Record<string, string[]>> {
  const key = `${actor.userType}:${actor.brandId}:${actor.hotelId}`;
  const cached = optionsCache.get(key);
  if (cached && Date.now() - cached.at < 60_000) return cached.value;
  const value = (async () => {
    const out: Record<string, string[]> = {};
    const scope = terminalScope(actor);
    for (const [name, column] of Object.entries(FILTER_COLUMNS)) {
      const col = sql.identifier(column);
      const result = scope
        ? await db.execute(sql`select distinct ${col} as v from terminals where ${col} is not null and ${scope} order by 1 limit 200`)
        : await db.execute(sql`
            with recursive d(v) as (
              (select ${col} from terminals where ${col} is not null order by ${col} limit 1)
              union all
              select (select ${col} from terminals where ${col} > d.v order by ${col} limit 1) from d where d.v is not null
            )
            select v from d where v is not null limit 200`);
      out[name] = (result as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
    }
    return out;
  })();
  optionsCache.set(key, { at: Date.now(), value });
  if (optionsCache.size > 1000) optionsCache.delete(optionsCache.keys().next().value as string);
  value.catch(() => optionsCache.delete(key));
  return value;
}

// --- hotel device settings ----------------------------------------------------------------------

/**
 * The hotel a settings call is about, inside the caller's reach (tenants/reach.ts: a hotel user's own,
 * where naming another is a 404), with its name in `lang`.
 */
export async function hotelInReach(db: Db, actor: Actor, hotelId: number | undefined, lang?: Lang): Promise<{ id: number; brandId: number; publicId: string; name: string; installSecret: string }> {
  const hotel = await reachableHotel(db, actor, hotelId, 'hotelId');
  const [named] = await db.select({ name: titleSql('hotel', lang) }).from(hotels).where(eq(hotels.id, hotel.id));
  return { id: hotel.id, brandId: hotel.brandId, publicId: hotel.publicId, name: named?.name ?? hotel.name, installSecret: hotel.installSecret };
}

/** The install code TVs register with: the hotel's public id and its secret. */
export const installCodeOf = (hotel: { publicId: string; installSecret: string }) => `${hotel.publicId}-${hotel.installSecret}`;

/** A hotel's device settings, the hotel named in `lang`. */
export async function hotelSettings(db: Db, actor: Actor, hotelId: number | undefined, lang?: Lang) {
  const hotel = await hotelInReach(db, actor, hotelId, lang);
  const [settings] = await db.select().from(hotelDeviceSettings).where(eq(hotelDeviceSettings.hotelId, hotel.id));
  return { hotelId: hotel.id, publicId: hotel.publicId, name: hotel.name, ipWhitelist: settings?.ipWhitelist ?? [], installCode: installCodeOf(hotel) };
}

export async function saveHotelSettings(ctx: WriteContext, hotelId: number | undefined, input: { ipWhitelist?: string[] | null }) {
  const hotel = await hotelInReach(ctx.db, ctx.actor, hotelId);
  const set: Record<string, unknown> = { updatedBy: ctx.actor.userId, updatedAt: new Date() };
  if (input.ipWhitelist !== undefined) set.ipWhitelist = (input.ipWhitelist ?? []).map((e) => e.trim());
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(hotelDeviceSettings).where(eq(hotelDeviceSettings.hotelId, hotel.id));
    await tx
      .insert(hotelDeviceSettings)
      .values({ hotelId: hotel.id, ipWhitelist: (set.ipWhitelist as string[] | undefined) ?? [], updatedBy: ctx.actor.userId })
      .onConflictDoUpdate({ target: hotelDeviceSettings.hotelId, set });
    await writeOpLog(tx, ctx.actor, { action: 'update', recordType: 'hotelDeviceSettings', recordId: hotel.id, before: before ?? null, after: set }, ctx.ip);
  });
  for (const runtime of allRuntimes()) runtime.invalidateWhitelist(hotel.id);
  return hotelSettings(ctx.db, ctx.actor, hotel.id, ctx.lang);
}

/**
 * Draws a new install secret for a hotel (the column's default, the same draw as at creation): the old
 * code stops working at once; registered TVs keep their tokens. The operation log keeps who rotated it,
 * not the secrets.
 */
export async function rotateInstallCode(ctx: WriteContext, hotelId: number | undefined) {
  const hotel = await hotelInReach(ctx.db, ctx.actor, hotelId);
  await ctx.db.transaction(async (tx) => {
    await tx.update(hotels).set({ installSecret: sql`default`, updatedAt: new Date() }).where(eq(hotels.id, hotel.id));
    await writeOpLog(tx, ctx.actor, { action: 'rotateInstallCode', recordType: 'hotel', recordId: hotel.id, before: null, after: null }, ctx.ip);
  });
  return hotelSettings(ctx.db, ctx.actor, hotel.id, ctx.lang);
}

/** Refuses deleting registered terminals (spec: a registered terminal cannot be deleted). */
export function assertDeletable(rows: readonly Row[]): void {
  if (rows.some((r) => r.registered)) throw new AppError('conflict', 'error.registeredTerminal');
}
