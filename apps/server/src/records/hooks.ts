import { missingRequiredWhen, type Lang, type RecordDef } from '@htv/shared';
import { invalidFields } from '../http/errors.js';
import type { Row, WriteContext } from './engine.js';

/** What a read hook gets: the database, the reader and the language the rows are shown in. */
export interface ReadContext {
  db: WriteContext['db'];
  actor: WriteContext['actor'];
  lang?: Lang;
}

/**
 * Server-side rules a declaration cannot express: derived or secret columns, cross-row checks,
 * delete guards. Hooks run inside the write's transaction (`ctx.db` is the transaction).
 */
export interface RecordHooks {
  /** Checks and transforms validated values before insert (`existing` null) or update. */
  beforeWrite?(ctx: WriteContext, values: Record<string, unknown>, existing: Row | null): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Refuses a delete (throw a conflict) or cleans up dependants. */
  beforeDelete?(ctx: WriteContext, rows: Row[]): Promise<void> | void;
  /**
   * Refuses a state action the row's state allows (a quota, a cross-row rule): `row` is the row before
   * it. May answer columns the action sets besides the declared state (a state derived from the row's
   * other fields, a time), the state field included.
   */
  beforeAction?(ctx: WriteContext, row: Row, action: string): Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
  /** Columns never sent to clients (hashes, secrets). */
  hidden?: readonly string[];
  /** Adds computed values to rows read for clients (list, get, export), e.g. names of related rows. */
  afterRead?(ctx: ReadContext, rows: Row[]): Promise<void> | void;
  /**
   * Runs once the write's transaction has committed (caches, notifications): `action` is create,
   * update, delete or the state action's name; `rows` are the rows after the write (before, for delete).
   */
  afterCommit?(ctx: WriteContext, change: { action: string; rows: Row[] }): Promise<void> | void;
}

type HookSet = { def: (def: RecordDef) => boolean; hooks: RecordHooks };
const registered: HookSet[] = [];

/** Adds hooks for the records `applies` selects (one record by name, or a rule such as "has file fields"). */
export function addRecordHooks(applies: string | ((def: RecordDef) => boolean), hooks: RecordHooks): void {
  registered.push({ def: typeof applies === 'string' ? (d) => d.name === applies : applies, hooks });
}

export function hooksFor(def: RecordDef): RecordHooks[] {
  return registered.filter((h) => h.def(def)).map((h) => h.hooks);
}

/**
 * The declared conditional requirements (`requiredWhen`) on the row as the write leaves it. An update
 * that touches neither the field nor its condition keeps a row that predates the rule.
 */
function assertRequiredWhen(def: RecordDef, values: Record<string, unknown>, existing: Row | null) {
  const missing = Object.entries(missingRequiredWhen(def.fields, { ...existing, ...values })).filter(
    ([name]) => !existing || name in values || def.fields[name]!.requiredWhen!.field in values,
  );
  if (missing.length) throw invalidFields(Object.fromEntries(missing));
}

/** Fields given on create only (`fixed`): an update may repeat the stored value, never change it. */
function assertFixed(def: RecordDef, values: Record<string, unknown>, existing: Row | null) {
  if (!existing) return;
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');
  const changed = Object.entries(def.fields).filter(([name, field]) => field.fixed && !field.writeOnly && name in values && !same(values[name], existing[name]));
  if (changed.length) throw invalidFields(Object.fromEntries(changed.map(([name, field]) => [name, { key: 'validation.fixed' as const, params: { field: field.label } }])));
}

export async function runBeforeWrite(ctx: WriteContext, def: RecordDef, values: Record<string, unknown>, existing: Row | null) {
  assertRequiredWhen(def, values, existing);
  assertFixed(def, values, existing);
  let current = values;
  for (const hooks of hooksFor(def)) if (hooks.beforeWrite) current = await hooks.beforeWrite(ctx, current, existing);
  return current;
}

export async function runBeforeDelete(ctx: WriteContext, def: RecordDef, rows: Row[]) {
  for (const hooks of hooksFor(def)) await hooks.beforeDelete?.(ctx, rows);
}

export async function runBeforeAction(ctx: WriteContext, def: RecordDef, row: Row, action: string): Promise<Record<string, unknown>> {
  let set: Record<string, unknown> = {};
  for (const hooks of hooksFor(def)) set = { ...set, ...((await hooks.beforeAction?.(ctx, row, action)) ?? {}) };
  return set;
}

export function hiddenColumns(def: RecordDef): string[] {
  return hooksFor(def).flatMap((h) => h.hidden ?? []);
}

export async function runAfterRead(ctx: ReadContext, def: RecordDef, rows: Row[]) {
  if (!rows.length) return;
  for (const hooks of hooksFor(def)) await hooks.afterRead?.(ctx, rows);
}

export async function runAfterCommit(ctx: WriteContext, def: RecordDef, change: { action: string; rows: Row[] }) {
  for (const hooks of hooksFor(def)) await hooks.afterCommit?.(ctx, change);
}
