import { exactFilters, isLockedRow, MAX_EXPORT_ROWS, ownerColumns, records, type Lang, type ListResult, type RecordDef } from '@htv/shared';
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/client.js';
import { pgError } from '../db/errors.js';
import { recordTables, type RecordTable } from '../db/schema/index.js';
import { checkFileRefs } from '../files/access.js';
import type { Storage } from '../files/storage.js';
import { AppError, conflict, invalidFields, notFound } from '../http/errors.js';
import { writeOpLog } from '../areas/oplog/log.js';
import { narrowTo, ownerForCreate, ownLevel, tenantFilter, type Owner } from '../tenancy/scope.js';
import { hiddenColumns, runAfterCommit, runAfterRead, runBeforeAction, runBeforeDelete, runBeforeWrite } from './hooks.js';
import { sanitizeRichTextFields } from './sanitize.js';

export type Row = Record<string, unknown> & { id: number };

export interface WriteContext {
  db: Db;
  actor: Actor;
  ip?: string;
  /** Language of the row a write answers with (titles, see `setLocalTitle`). */
  lang?: Lang;
  /** Where the app keeps uploaded bytes: hooks that read a record's files need it. */
  storage?: Storage;
}

const allRecords = () => Object.values(records as Record<string, RecordDef>);

export function tableOf(def: RecordDef): RecordTable {
  const table = recordTables[def.name];
  if (!table) throw new Error(`no table for record ${def.name}`);
  return table;
}

/** A row as logs and clients may see it: without hidden columns. */
function redact(def: RecordDef, row: unknown): unknown {
  if (!row || typeof row !== 'object') return row;
  const copy = { ...(row as Record<string, unknown>) };
  for (const hidden of hiddenColumns(def)) delete copy[hidden];
  return copy;
}

/** A value matched literally inside an ILIKE pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A record's title in a language where the title column alone is not it (names from the message catalogue). */
export type LocalTitle = (table: RecordTable, lang: Lang) => SQL;
const localTitles = new Map<string, LocalTitle>();

/** Sets the title of one record in the request language: its rows, its options and references to it show it. */
export function setLocalTitle(recordName: string, title: LocalTitle): void {
  localTitles.set(recordName, title);
}

/** The record's title comes from `setLocalTitle` (names from the message catalogue), not from its row alone. */
export function hasLocalTitle(def: RecordDef): boolean {
  return localTitles.has(def.name);
}

/** The title column's value as rows show it: the local title in `lang` where one is set, else the column itself. */
function titleColumn(def: RecordDef, table: RecordTable, lang?: Lang): SQL | RecordTable[string] {
  const local = lang && localTitles.get(def.name);
  return local ? local(table, lang) : table[def.titleField];
}

/**
 * A record's title over its table (or an alias) in `lang`: its local title, or in English its English
 * title field while that is filled, else the title column.
 */
export function titleOf(def: RecordDef, table: RecordTable, lang?: Lang): SQL | RecordTable[string] {
  if (lang === 'en-US' && def.titleFieldEn && !localTitles.has(def.name)) {
    return sql`coalesce(nullif(${table[def.titleFieldEn]}, ''), ${table[def.titleField]})`;
  }
  return titleColumn(def, table, lang);
}

/**
 * The title of a record's rows in `lang` for custom queries that name them for display (a hotel, a
 * brand): over its own table, or an alias of it (`table`).
 */
export function titleSql(recordName: keyof typeof records, lang?: Lang, table?: RecordTable): SQL<string> {
  const def = records[recordName] as RecordDef;
  return sql<string>`${titleOf(def, table ?? tableOf(def), lang)}`;
}

const OWNER_RECORDS = { brandId: 'brand', hotelId: 'hotel' } as const;

/**
 * Selection of a record's columns plus `<ref>Title` for each reference, with the joins it needs; a
 * list (`owners`) also gets `<owner>Title` for the owner columns its declaration shows (`columns`),
 * and `displayTitle`: the row's name in `lang` (its English title in English, where it has one).
 * The title column keeps its stored value (the edit form's), unless a local title replaces it.
 */
function selection(def: RecordDef, lang?: Lang, owners = false) {
  const table = tableOf(def);
  const columns: Record<string, unknown> = { ...getTableColumns(table), [def.titleField]: titleColumn(def, table, lang) };
  if (owners) columns.displayTitle = titleOf(def, table, lang);
  for (const hidden of ['createdBy', ...hiddenColumns(def)]) delete columns[hidden];
  const joins: { target: RecordTable; on: SQL }[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'ref') continue;
    const targetDef = records[field.ref as keyof typeof records] as RecordDef;
    const target = alias(tableOf(targetDef), `ref_${name}`) as unknown as RecordTable;
    columns[`${name}Title`] = titleOf(targetDef, target, lang);
    joins.push({ target, on: eq(target.id, table[name]) });
  }
  for (const name of owners ? ownerColumns(def.scope).filter((owner) => def.columns?.includes(owner)) : []) {
    const targetDef = records[OWNER_RECORDS[name]] as RecordDef;
    const target = alias(tableOf(targetDef), `owner_${name}`) as unknown as RecordTable;
    columns[`${name}Title`] = titleOf(targetDef, target, lang);
    joins.push({ target, on: eq(target.id, table[name]) });
  }
  return { table, columns, joins };
}

function baseQuery(db: Db, def: RecordDef, lang?: Lang, owners = false) {
  const { table, columns, joins } = selection(def, lang, owners);
  let query = db.select(columns as never).from(table).$dynamic();
  for (const join of joins) query = query.leftJoin(join.target, join.on);
  return { query, table };
}

type ListQuery = Record<string, unknown> & { page: number; pagesize: number; keyword?: string; sort?: string; order?: 'asc' | 'desc'; brandId?: number; hotelId?: number };

function listConditions(def: RecordDef, table: RecordTable, actor: Actor, query: ListQuery, lang?: Lang): SQL | undefined {
  const parts: (SQL | undefined)[] = [tenantFilter(def, table, actor), narrowTo(def, table, query)];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    const searchable = Object.entries(def.fields).filter(([, f]) => f.search);
    parts.push(or(...searchable.map(([name]) => ilike(name === def.titleField ? titleColumn(def, table, lang) : table[name], pattern))) ?? sql`false`);
  }
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.filter) continue;
    if (field.kind === 'date' || field.kind === 'datetime') {
      const from = query[`${name}From`];
      const to = query[`${name}To`];
      if (from) parts.push(gte(table[name], from));
      if (to) parts.push(lte(table[name], to));
      continue;
    }
    const value = query[name];
    if (value === undefined || value === '') continue;
    const contains = (field.kind === 'text' || field.kind === 'richText') && field.filterMatch !== 'exact';
    parts.push(contains ? ilike(table[name], `%${escapeLike(String(value))}%`) : eq(table[name], value));
  }
  return and(...parts.filter(Boolean));
}

function ordering(def: RecordDef, table: RecordTable, query: ListQuery) {
  const field = query.sort ?? def.defaultSort.field;
  const direction = (query.order ?? (query.sort ? 'asc' : def.defaultSort.order)) === 'asc' ? asc : desc;
  // id breaks ties so pages never overlap.
  return field === 'id' ? [direction(table.id)] : [direction(table[field]), desc(table.id)];
}

export async function listRows(db: Db, def: RecordDef, actor: Actor, query: ListQuery, lang?: Lang): Promise<ListResult<Row>> {
  const { query: select, table } = baseQuery(db, def, lang, true);
  const where = listConditions(def, table, actor, query, lang);
  // A capped count reads at most countCap + 1 matching rows (large tables).
  const counting = def.countCap
    ? db.select({ total: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(table).where(where).limit(def.countCap + 1).as('capped'))
    : db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
  const [items, [count]] = await Promise.all([
    select
      .where(where)
      .orderBy(...ordering(def, table, query))
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize),
    counting,
  ]);
  await runAfterRead({ db, actor, lang }, def, items as Row[]);
  const total = count?.total ?? 0;
  if (def.countCap && total > def.countCap) return { items: items as Row[], total: def.countCap, capped: true, page: query.page, pagesize: query.pagesize };
  return { items: items as Row[], total, page: query.page, pagesize: query.pagesize };
}

/** Rows of the current list for an export, up to MAX_EXPORT_ROWS. */
export async function exportRows(db: Db, def: RecordDef, actor: Actor, query: ListQuery, lang?: Lang): Promise<Row[]> {
  const { query: select, table } = baseQuery(db, def, lang);
  const rows = (await select
    .where(listConditions(def, table, actor, query, lang))
    .orderBy(...ordering(def, table, query))
    .limit(MAX_EXPORT_ROWS)) as Row[];
  await runAfterRead({ db, actor, lang }, def, rows);
  return rows;
}

/** One row inside the actor's reach; a foreign or missing id is the same 404. */
export async function getRow(db: Db, def: RecordDef, actor: Actor, id: number, lang?: Lang): Promise<Row> {
  const { query: select, table } = baseQuery(db, def, lang);
  const [row] = await select.where(and(eq(table.id, id), tenantFilter(def, table, actor))).limit(1);
  if (!row) throw notFound();
  await runAfterRead({ db, actor, lang }, def, [row as Row]);
  return row as Row;
}

/**
 * Value/label pairs for reference selects. In `tenant` scope they are the rows of one owner: the
 * actor's own level, or the brand/hotel named in the query (the owner of a row a superior is editing),
 * which the tenant filter still confines to the actor's reach; in the other scopes a named brand or
 * hotel narrows them as it narrows a list. A brand or hotel user also gets the
 * platform's rows that the record's row rule shares with it (the system roles it may assign). Exact
 * filters in the query (a ref field's `match`) and `id` (one value's title) narrow them further.
 */
export async function optionRows(
  db: Db,
  def: RecordDef,
  actor: Actor,
  query: Record<string, unknown> & { id?: number; keyword?: string; brandId?: number; hotelId?: number },
  lang?: Lang,
): Promise<{ value: number; label: string }[]> {
  const table = tableOf(def);
  const title = titleOf(def, table, lang);
  const keyword = query.keyword;
  const owner = query.brandId || query.hotelId ? { brandId: query.brandId ?? null, hotelId: query.hotelId ?? null } : ownLevel(actor);
  const matching = exactFilters(def).map((name) => (query[name] === undefined ? undefined : eq(table[name], query[name])));
  // Outside `tenant` scope a named brand or hotel narrows the options like a list's (never a swap for the caller's own).
  const owned = def.scope !== 'tenant' ? narrowTo(def, table, query) : actor.userType === 1 ? sameOwner(table, owner) : or(sameOwner(table, owner), sameOwner(table, PLATFORM));
  const rows = await db
    .select({ value: table.id, label: title })
    .from(table)
    .where(and(tenantFilter(def, table, actor), owned, query.id ? eq(table.id, query.id) : undefined, keyword ? searchTitle(def, table, title, keyword) : undefined, ...matching))
    .orderBy(...ordering(def, table, { page: 1, pagesize: 200 }))
    .limit(200);
  return rows as { value: number; label: string }[];
}

/** An option matches a keyword by the title it shows and, where that is the English title, by the title column too. */
function searchTitle(def: RecordDef, table: RecordTable, title: SQL | RecordTable[string], keyword: string): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  const column = table[def.titleField];
  return def.titleFieldEn && title !== column ? or(ilike(title, pattern), ilike(column, pattern))! : ilike(title, pattern);
}

const PLATFORM: Owner = { brandId: null, hotelId: null };

function sameOwner(table: RecordTable, owner: Owner): SQL {
  return and(
    owner.brandId === null ? sql`${table.brandId} is null` : eq(table.brandId, owner.brandId),
    owner.hotelId === null ? sql`${table.hotelId} is null` : eq(table.hotelId, owner.hotelId),
  )!;
}

/**
 * Every `ref` value must name a row the writer can see; in `tenant` scope, one of the same owner; and
 * one that meets the field's `match`, taking `{ field }` values from `current` (the row as written).
 */
async function checkRefs(db: Db, def: RecordDef, actor: Actor, owner: Owner, values: Record<string, unknown>, current: Record<string, unknown> = values): Promise<void> {
  for (const [name, field] of Object.entries(def.fields)) {
    const value = values[name];
    if (field.kind !== 'ref' || value === null || value === undefined) continue;
    const targetDef = records[field.ref as keyof typeof records] as RecordDef;
    const target = tableOf(targetDef);
    const [found] = await db
      .select()
      .from(target)
      .where(and(eq(target.id, value), tenantFilter(targetDef, target, actor), targetDef.scope === 'tenant' && def.scope === 'tenant' ? sameOwner(target, owner) : undefined))
      .limit(1);
    // A reference outside the writer's reach reads like any foreign id: "not found".
    if (!found) throw notFound();
    for (const [column, source] of Object.entries(field.match ?? {})) {
      const wanted = typeof source === 'object' ? current[source.field] : source;
      if (wanted !== null && wanted !== undefined && found[column] !== wanted) {
        throw invalidFields({ [name]: { key: field.mismatch ?? 'validation.choice', params: { field: field.label } } });
      }
    }
  }
}

/** Unique violations become a field error on the declared unique field. */
function translateDbError(def: RecordDef, error: unknown): never {
  const cause = pgError(error);
  if (cause.code === '23505') {
    const field = Object.entries(def.fields).find(([name, f]) => f.unique && cause.constraint?.includes(`_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}_uq`));
    if (field) throw invalidFields({ [field[0]]: { key: 'error.duplicate', params: { field: field[1].label } } });
  }
  if (cause?.code === '23503') throw conflict('error.inUse', { record: def.label, by: { 'zh-CN': '其他数据', 'en-US': 'other data' } });
  throw error;
}

function requestedOwner(body: Record<string, unknown>) {
  return { brandId: body.brandId as number | undefined, hotelId: body.hotelId as number | undefined };
}

function writableValues(def: RecordDef, body: Record<string, unknown>): Record<string, unknown> {
  return sanitizeRichTextFields(def, Object.fromEntries(def.writable.filter((name) => name in body).map((name) => [name, body[name]])));
}

/** A row's writable values, as a body that creates its copy. */
export function copyBody(def: RecordDef, row: Row): Record<string, unknown> {
  return Object.fromEntries(def.writable.map((name) => [name, row[name] ?? null]));
}

export async function createRow(ctx: WriteContext, def: RecordDef, body: Record<string, unknown>): Promise<Row> {
  const owner = await ownerForCreate(ctx.db, def, ctx.actor, requestedOwner(body));
  const values = writableValues(def, body);
  await checkRefs(ctx.db, def, ctx.actor, owner, values);
  await checkFileRefs(ctx.db, ctx.actor, def, values, owner);
  const table = tableOf(def);
  const created = await ctx.db
    .transaction(async (tx) => {
      const ownerColumns = def.scope === 'platform' ? {} : def.scope === 'brand' ? { brandId: owner.brandId } : owner;
      const prepared = await runBeforeWrite({ ...ctx, db: tx }, def, { ...values, ...ownerColumns }, null);
      const [created] = await tx.insert(table).values({ ...prepared, ...ownerColumns, createdBy: ctx.actor.userId }).returning();
      await writeOpLog(tx, ctx.actor, { action: 'create', recordType: def.name, recordId: created!.id, after: redact(def, created) }, ctx.ip);
      return created as Row;
    })
    .catch((error) => translateDbError(def, error));
  await runAfterCommit(ctx, def, { action: 'create', rows: [created] });
  return getRow(ctx.db, def, ctx.actor, created.id, ctx.lang);
}

export async function updateRow(ctx: WriteContext, def: RecordDef, id: number, body: Record<string, unknown>): Promise<Row> {
  const table = tableOf(def);
  const values = writableValues(def, body);
  const updated = await ctx.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(table).where(and(eq(table.id, id), tenantFilter(def, table, ctx.actor))).for('update');
      if (!before) throw notFound();
      if (isLockedRow(def, before)) throw conflict(def.states!.locked!.message ?? 'error.locked', { record: def.label });
      const owner = { brandId: before.brandId ?? null, hotelId: before.hotelId ?? null };
      await checkRefs(tx, def, ctx.actor, owner, values, { ...before, ...values });
      await checkFileRefs(tx, ctx.actor, def, values, owner);
      const prepared = await runBeforeWrite({ ...ctx, db: tx }, def, values, before as Row);
      const [after] = await tx.update(table).set({ ...prepared, updatedAt: new Date() }).where(eq(table.id, id)).returning();
      await writeOpLog(tx, ctx.actor, { action: 'update', recordType: def.name, recordId: id, before: redact(def, before), after: redact(def, after) }, ctx.ip);
      return after as Row;
    })
    .catch((error) => translateDbError(def, error));
  await runAfterCommit(ctx, def, { action: 'update', rows: [updated] });
  return getRow(ctx.db, def, ctx.actor, id, ctx.lang);
}

/** Record types whose `ref` fields point at `def`, with the field names. */
function referrers(def: RecordDef): { def: RecordDef; field: string }[] {
  return allRecords().flatMap((other) =>
    Object.entries(other.fields)
      // An owner field is the owner column: the owner's own delete rules cover it.
      .filter(([, f]) => f.kind === 'ref' && f.ref === def.name && !f.owner)
      .map(([field]) => ({ def: other, field })),
  );
}

/**
 * Deletes rows inside the actor's reach, all or nothing: an id outside it answers 404, and a row still
 * referenced by another record answers 409 naming that record.
 */
export async function deleteRows(ctx: WriteContext, def: RecordDef, ids: number[]): Promise<number> {
  const table = tableOf(def);
  const unique = [...new Set(ids)];
  const deleted = await ctx.db
    .transaction(async (tx) => {
      const found = await tx.select().from(table).where(and(inArray(table.id, unique), tenantFilter(def, table, ctx.actor))).for('update');
      if (found.length !== unique.length) throw notFound();
      for (const ref of referrers(def)) {
        const other = tableOf(ref.def);
        const [used] = await tx.select({ id: other.id }).from(other).where(inArray(other[ref.field], unique)).limit(1);
        if (used) throw conflict('error.inUse', { record: def.label, by: ref.def.label });
      }
      await runBeforeDelete({ ...ctx, db: tx }, def, found as Row[]);
      await tx.delete(table).where(inArray(table.id, unique));
      for (const before of found) await writeOpLog(tx, ctx.actor, { action: 'delete', recordType: def.name, recordId: before.id as number, before: redact(def, before) }, ctx.ip);
      return found as Row[];
    })
    .catch((error) => (error instanceof AppError ? Promise.reject(error) : translateDbError(def, error)));
  await runAfterCommit(ctx, def, { action: 'delete', rows: deleted });
  return deleted.length;
}

/** Runs a declared state action when the row's state allows it. */
export async function runAction(ctx: WriteContext, def: RecordDef, id: number, actionName: string, reason?: string): Promise<Row> {
  const machine = def.states;
  const action = machine?.actions[actionName];
  if (!machine || !action) throw notFound();
  const table = tableOf(def);
  const changed = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(and(eq(table.id, id), tenantFilter(def, table, ctx.actor))).for('update');
    if (!before) throw notFound();
    if (!action.from.includes(before[machine.field] as string)) throw new AppError('conflict', 'error.invalidAction');
    const set = await runBeforeAction({ ...ctx, db: tx }, def, before as Row, actionName);
    const [after] = await tx
      .update(table)
      .set({ [machine.field]: action.to, ...(action.reason ? { [action.reason.field]: reason ?? null } : {}), ...set, updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning();
    await writeOpLog(tx, ctx.actor, { action: actionName, recordType: def.name, recordId: id, before: redact(def, before), after: redact(def, after) }, ctx.ip);
    return after as Row;
  });
  await runAfterCommit(ctx, def, { action: actionName, rows: [changed] });
  return getRow(ctx.db, def, ctx.actor, id, ctx.lang);
}
