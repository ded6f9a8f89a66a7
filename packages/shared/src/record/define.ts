import { z } from 'zod';
import type { Lang, Text } from '../i18n/lang.js';
import type { MessageKey } from '../i18n/messages.js';
import type { FieldDef } from './fields.js';

export type UserType = 1 | 2 | 3;
export const USER_TYPES = { platform: 1, brand: 2, hotel: 3 } as const;

/**
 * Who owns the rows of a record type.
 * - platform: the provider only; no tenant columns.
 * - brand: each row belongs to a brand.
 * - hotel: each row belongs to a hotel (and, denormalised, its brand).
 * - tenant: each row belongs to whichever level created it: the platform, a brand or a hotel.
 */
export type TenantScope = 'platform' | 'brand' | 'hotel' | 'tenant';

export interface StateAction {
  label: Text;
  from: readonly string[];
  to: string;
  /** Asked before the action runs. */
  confirm?: Text;
  /** The action asks for a reason (required, at most `STATE_REASON_MAX` characters), kept in `field`. */
  reason?: { field: string; label: Text };
  /** Who may run it, when fewer than the record's users (a review is its reviewers'). */
  userTypes?: readonly UserType[];
}

export const STATE_REASON_MAX = 200;

/**
 * States in which a row's fields no longer change (a released questionnaire, a started survey): the
 * server refuses the generic update with 409 `message` (default `error.locked`) and the list hides
 * the row's Edit. State actions and delete keep their own rules.
 */
export interface StateLock {
  states: readonly string[];
  /** The refusal, a key of the message catalogue (its params: `record`, the record's label). */
  message?: MessageKey;
}

/** A record's state machine: the choice field the actions change, the actions, and the states that lock editing. */
export interface StateMachine<N extends string = string> {
  field: N;
  actions: Record<string, StateAction>;
  locked?: StateLock;
}

/** A titled section of the generated forms: its fields in the order shown. */
export interface FieldGroup<N extends string = string> {
  key: string;
  label: Text;
  fields: readonly N[];
}

export interface RecordOptions<F extends Record<string, FieldDef>> {
  /** Registry key, camelCase: also the i18n and permission stem. */
  name: string;
  label: Text;
  scope: TenantScope;
  /** User types that may use the screens and routes; access strings still apply. */
  userTypes: readonly UserType[];
  /** Permission prefix: `<prefix>.read|create|update|delete|<action>`. Defaults to `name`. */
  permission?: string;
  fields: F;
  /** Field that names a row in selects, messages and logs. */
  titleField: keyof F & string;
  /**
   * The title field's English counterpart: in the English interface a row is named by it (selects,
   * references, exports, the operation log), by the title field while it is empty.
   */
  titleFieldEn?: keyof F & string;
  defaultSort?: { field: (keyof F & string) | 'id' | 'createdAt'; order: 'asc' | 'desc' };
  /** State machine on a choice field, driven by named actions. */
  states?: StateMachine<keyof F & string>;
  /** URL segment under /api/records/ and the web list route; defaults to kebab-case of name. */
  path?: string;
  /** SQL table name; defaults to snake_case of name. */
  table?: string;
  /**
   * Indexes beyond the automatic ones (tenant columns, filter and ref fields): field names in order,
   * which may also be `id`, `brandId`, `hotelId`, `createdAt`; `unique` makes it a unique index over
   * the whole table (not per tenant). `trigram` (one text field): a pg_trgm GIN index, which serves
   * the keyword search's `ILIKE '%…%'` on that field (every searched field needs one for a fleet-wide
   * search to use them).
   */
  indexes?: readonly { fields: readonly string[]; unique?: boolean; trigram?: boolean }[];
  /**
   * Large tables: a list counts at most this many matching rows; a list with more answers
   * `total: countCap, capped: true` instead of counting them all.
   */
  countCap?: number;
  /**
   * Which generic writes exist (default: all). Rows that come from elsewhere — terminals register
   * themselves — turn `create` off; the routes and the buttons then do not exist.
   */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  /**
   * Sections of the create/edit form, each field in at most one. Writable fields left out follow the
   * sections untitled; without groups the form is one untitled section in declaration order.
   */
  groups?: readonly FieldGroup<keyof F & string>[];
  /**
   * The list's columns shown by default, in order, the key ones first (see `listColumns`): listable
   * fields, `createdAt`, and the owner columns `hotelId` / `brandId` (the title of the row's hotel or
   * brand, for the users above it). Listable fields left out stay hidden in the column settings.
   * Without it every listable field shows, in declaration order, then `createdAt`.
   */
  columns?: readonly ((keyof F & string) | ListExtraColumn)[];
  /** Asked before the create/edit form saves (a save that cannot be undone in part: fixed fields). */
  confirmSave?: Text;
}

export interface RecordDef<F extends Record<string, FieldDef> = Record<string, FieldDef>>
  extends Required<Omit<RecordOptions<F>, 'states' | 'defaultSort' | 'indexes' | 'countCap' | 'operations' | 'groups' | 'titleFieldEn' | 'columns' | 'confirmSave'>> {
  confirmSave?: Text;
  titleFieldEn?: RecordOptions<F>['titleFieldEn'];
  groups?: RecordOptions<F>['groups'];
  columns?: readonly string[];
  operations: { create: boolean; update: boolean; delete: boolean };
  states?: RecordOptions<F>['states'];
  indexes?: RecordOptions<F>['indexes'];
  countCap?: number;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Body schema of create and update (writable fields only). */
  inputSchema: z.ZodObject<{ [K in keyof F]: F[K]['schema'] }>;
  /** Writable field names in declaration order. */
  writable: string[];
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

export function defineRecord<F extends Record<string, FieldDef>>(opts: RecordOptions<F>): RecordDef<F> {
  const writable = Object.entries(opts.fields)
    .filter(([, field]) => !field.readOnly)
    .map(([name]) => name);
  if (opts.states && writable.includes(opts.states.field)) {
    throw new Error(`${opts.name}: the state field ${opts.states.field} must be readOnly (actions change it)`);
  }
  checkGroups(opts);
  checkStateLock(opts);
  checkRequiredWhen(opts);
  checkOwnerFields(opts);
  if (opts.titleFieldEn && opts.fields[opts.titleFieldEn]?.kind !== 'text') throw new Error(`${opts.name}: titleFieldEn names no text field`);
  checkColumns(opts);
  const shape = Object.fromEntries(writable.map((name) => [name, opts.fields[name]!.schema]));
  return {
    permission: opts.name,
    path: kebab(opts.name),
    table: snake(opts.name),
    defaultSort: { field: 'id', order: 'desc' },
    ...opts,
    operations: { create: true, update: true, delete: true, ...opts.operations },
    inputSchema: z.strictObject(shape) as unknown as RecordDef<F>['inputSchema'],
    writable,
  };
}

function checkStateLock<F extends Record<string, FieldDef>>(opts: RecordOptions<F>) {
  const lock = opts.states?.locked;
  if (!lock) return;
  const options = (opts.fields[opts.states!.field] as { options?: Record<string, unknown> } | undefined)?.options;
  for (const state of lock.states) {
    if (options && !Object.hasOwn(options, state)) throw new Error(`${opts.name}: locked state ${state} is no choice of ${opts.states!.field}`);
  }
}

/** The row's state locks its fields (`states.locked`): no generic update, no Edit button. */
export function isLockedRow(record: Pick<RecordDef, 'states'>, row: Record<string, unknown>): boolean {
  const machine = record.states;
  return !!machine?.locked && machine.locked.states.includes(String(row[machine.field]));
}

function checkGroups<F extends Record<string, FieldDef>>(opts: RecordOptions<F>) {
  const seen = new Set<string>();
  for (const group of opts.groups ?? []) {
    for (const name of group.fields) {
      if (!Object.hasOwn(opts.fields, name)) throw new Error(`${opts.name}: group ${group.key} names no field ${name}`);
      if (seen.has(name)) throw new Error(`${opts.name}: field ${name} is in two groups`);
      seen.add(name);
    }
  }
}

/** Columns a list shows besides the fields: the owners' titles and the creation time. */
export type ListExtraColumn = 'hotelId' | 'brandId' | 'createdAt';

/** Owner columns a scope has: a brand-scoped row has a brand, a hotel's (or a tenant's) a hotel too. */
export function ownerColumns(scope: TenantScope): ('brandId' | 'hotelId')[] {
  return scope === 'platform' ? [] : scope === 'brand' ? ['brandId'] : ['brandId', 'hotelId'];
}

function checkColumns<F extends Record<string, FieldDef>>(opts: RecordOptions<F>) {
  const extra: string[] = ['createdAt', ...ownerColumns(opts.scope)];
  for (const name of opts.columns ?? []) {
    const field = Object.hasOwn(opts.fields, name) ? opts.fields[name] : undefined;
    if (field ? !field.list || field.writeOnly : !extra.includes(name)) throw new Error(`${opts.name}: column ${name} is no listable field`);
  }
}

function checkRequiredWhen<F extends Record<string, FieldDef>>(opts: RecordOptions<F>) {
  for (const [name, field] of Object.entries(opts.fields)) {
    const condition = field.requiredWhen;
    if (!condition) continue;
    const source = opts.fields[condition.field];
    if (!source || source.readOnly || field.readOnly) throw new Error(`${opts.name}.${name}: requiredWhen needs two writable fields (${condition.field})`);
  }
}

/** Owner fields (`owner()`) name the owner column of the record's scope: `hotelId` in hotel scope, `brandId` below the platform. */
function checkOwnerFields<F extends Record<string, FieldDef>>(opts: RecordOptions<F>) {
  const columns = opts.scope === 'hotel' ? ['brandId', 'hotelId'] : opts.scope === 'brand' ? ['brandId'] : [];
  for (const [name, field] of Object.entries(opts.fields)) {
    if (field.owner && !columns.includes(name)) throw new Error(`${opts.name}.${name}: an owner field names an owner column of the ${opts.scope} scope`);
  }
}

/** A row's name in a language: the English title where the record has one and it is filled, else the title. */
export function recordTitle(record: Pick<RecordDef, 'titleField' | 'titleFieldEn'>, row: Record<string, unknown>, lang: Lang): string {
  const english = lang === 'en-US' && record.titleFieldEn ? row[record.titleFieldEn] : undefined;
  const title = typeof english === 'string' && english.trim() !== '' ? english : row[record.titleField];
  return title === null || title === undefined ? '' : String(title);
}

/** One section of a generated form: a group's writable fields, or the ungrouped rest (no label). */
export interface FormSection {
  key: string;
  label?: Text;
  fields: string[];
}

/** The sections of a record's create/edit form, writable fields only, empty sections left out. */
export function formSections(record: Pick<RecordDef, 'groups' | 'writable'>): FormSection[] {
  const writable = new Set(record.writable);
  const grouped = new Set((record.groups ?? []).flatMap((group) => group.fields));
  const sections: FormSection[] = (record.groups ?? []).map((group) => ({ key: group.key, label: group.label, fields: group.fields.filter((name) => writable.has(name)) }));
  sections.push({ key: 'other', fields: record.writable.filter((name) => !grouped.has(name)) });
  return sections.filter((section) => section.fields.length > 0);
}

export type RecordAction = 'read' | 'create' | 'update' | 'delete';

export function permissionOf(record: Pick<RecordDef, 'permission'>, action: RecordAction | string): string {
  return `${record.permission}.${action}`;
}

/** Column name of a field: camelCase in code, snake_case in SQL. */
export const columnName = snake;
