import { z } from 'zod';
import type { Lang, Text } from '../i18n/lang.js';
import type { MessageKey } from '../i18n/messages.js';
import type { UserType } from './define.js';

/**
 * Field builders of the record engine. A field carries its value schema (shared by the server and the
 * web form), its labels in both languages, and how lists, filters and forms show it. The server maps
 * `kind` to a column type; the web maps it to an input.
 */
export type FieldKind =
  | 'text'
  | 'richText'
  | 'int'
  | 'decimal'
  | 'bool'
  | 'choice'
  | 'date'
  | 'datetime'
  | 'ref'
  | 'file'
  | 'files'
  | 'json';

export interface FieldCommon {
  label: Text;
  /** Shown as a list column (default true except for long or structured kinds). */
  list?: boolean;
  /** Offered in the search form above the list: exact match, or contains for text. */
  filter?: boolean;
  /** Part of the keyword search. */
  search?: boolean;
  /** The list can be sorted by it. */
  sort?: boolean;
  /** Set by the server only (counters, computed values); never accepted from a body. */
  readOnly?: boolean;
  /** Unique among the rows of one tenant. */
  unique?: boolean;
  /** Short help shown under the form input. */
  help?: Text;
  /**
   * How a text filter matches: `contains` (default; case-insensitive substring) or `exact` (equality,
   * so the column's index serves it on large tables: MACs, versions).
   */
  filterMatch?: 'contains' | 'exact';
  /**
   * Accepted on create and update but never returned by the API (passwords): the edit form starts
   * empty, and an empty value on update keeps the stored one. Never a list column.
   */
  writeOnly?: boolean;
  /**
   * Required only while another field of the row holds one of `in` (the AP password from version 3.0):
   * the form marks it required as soon as that holds, and the server refuses the write without it.
   * `message` is the catalogue key of the error (default `validation.required`).
   */
  requiredWhen?: RequiredWhen;
  /**
   * The user types whose generated list pages offer the field's filter and column (default: all of the
   * record's). A concern of the platform alone (a terminal's country) stays out of brand and hotel
   * pages; the list route still accepts the filter.
   */
  userTypes?: readonly UserType[];
  /**
   * Given on create and never changed after (a bank account): the edit form shows it disabled (a
   * write-only one not at all) and the server refuses another value with 422 `validation.fixed`.
   */
  fixed?: boolean;
}

export interface RequiredWhen {
  field: string;
  in: readonly (string | number | boolean)[];
  message?: MessageKey;
}

export interface FieldDef<K extends FieldKind = FieldKind, V = unknown> extends FieldCommon {
  kind: K;
  required: boolean;
  /** Validates and normalises an input value; optional fields accept null. */
  schema: z.ZodType<V>;
  /** Bounds used by messages and by the form (length for text, value for numbers, count for files). */
  min?: number;
  max?: number;
  default?: V;
  options?: Record<string, Text>;
  /** Record name a `ref` points to. */
  ref?: string;
  /** `ref`: conditions the referenced row meets (see `RefMatch`). */
  match?: RefMatch;
  /** `ref`: catalogue key of the message for a row that does not meet `match` (default `validation.choice`). */
  mismatch?: MessageKey;
  /** Upload rule name of `file` / `files`. */
  upload?: string;
  multiline?: boolean;
  scale?: number;
  /** A text whose input is masked (password). */
  secret?: boolean;
  /** `ref` built by `owner()`: the owner column of the record's scope, not a column of its own. */
  owner?: boolean;
  /** `bool`: what its two values are called (online / offline) where yes / no would not say. */
  states?: BoolStates;
}

export interface BoolStates {
  on: Text;
  off: Text;
}

const YES_NO: BoolStates = { on: { 'zh-CN': '是', 'en-US': 'Yes' }, off: { 'zh-CN': '否', 'en-US': 'No' } };
/** Named states of the switches lists show most: a terminal online, a row enabled. */
export const ONLINE_STATES: BoolStates = { on: { 'zh-CN': '在线', 'en-US': 'Online' }, off: { 'zh-CN': '离线', 'en-US': 'Offline' } };
export const ENABLED_STATES: BoolStates = { on: { 'zh-CN': '启用', 'en-US': 'Enabled' }, off: { 'zh-CN': '停用', 'en-US': 'Disabled' } };

/** A `bool` field's value in words (lists, filters, exports): its states, else yes / no. */
export function boolText(field: FieldDef, value: unknown, lang: Lang): string {
  return (field.states ?? YES_NO)[value ? 'on' : 'off'][lang];
}

type Opt<R extends boolean | undefined, V> = R extends true ? V : V | null;

/**
 * The range of the database's integer columns (ids, counts, int fields). Input beyond it is refused
 * like any value out of bounds, so it never reaches a query.
 */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/** An integer within the columns' range, narrowed to the given bounds. */
export function intSchema(min = INT_MIN, max = INT_MAX) {
  return z.coerce.number().int().min(Math.max(min, INT_MIN)).max(Math.min(max, INT_MAX));
}

/** A row id in a path, query or body. */
export const idSchema = intSchema(1);

/** '' and undefined become null so optional values are stored as NULL, never as empty strings. */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Optional fields accept empty input as null, or as the declared default when there is one. */
function optional<T extends z.ZodType>(schema: T, required: boolean, fallback?: unknown) {
  if (required) return schema;
  if (fallback !== undefined) return z.preprocess((v) => emptyToNull(v) ?? fallback, schema);
  return z.preprocess(emptyToNull, schema.nullable());
}

interface TextOptions extends FieldCommon {
  required?: boolean;
  min?: number;
  max: number;
  multiline?: boolean;
  /** Extra format rule; `message` is a catalogue key. */
  pattern?: { regex: RegExp; message: string };
  default?: string;
}

export function text<R extends boolean | undefined = undefined>(
  opts: TextOptions & { required?: R },
): FieldDef<'text', Opt<R, string>> {
  const required = opts.required ?? false;
  let schema = z.string().trim();
  schema = schema.min(required ? Math.max(1, opts.min ?? 1) : (opts.min ?? 0));
  schema = schema.max(opts.max);
  if (opts.pattern) schema = schema.regex(opts.pattern.regex, { error: opts.pattern.message });
  const base = required ? schema : z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : emptyToNull(v)), schema.nullable());
  return {
    list: true,
    ...opts,
    kind: 'text',
    required,
    schema: base as z.ZodType<Opt<R, string>>,
  };
}

/**
 * A write-only secret (kind `text`, `secret` masked input, `writeOnly`). The schema accepts an empty
 * value (null): a server hook requires it on create and keeps the stored secret on update. `pattern`
 * is a format rule (characters only; the length message comes from min and max), `message` its
 * catalogue key.
 */
export function password(
  opts: FieldCommon & { min: number; max: number; pattern?: { regex: RegExp; message: string } },
): FieldDef<'text', string | null> {
  let schema = z.string().min(opts.min).max(opts.max);
  if (opts.pattern) schema = schema.regex(opts.pattern.regex, { error: opts.pattern.message });
  const { pattern: _pattern, ...rest } = opts;
  return {
    ...rest,
    list: false,
    writeOnly: true,
    secret: true,
    kind: 'text',
    required: false,
    schema: z.preprocess(emptyToNull, schema.nullable()) as z.ZodType<string | null>,
  };
}

export function email<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { required?: R; max?: number },
): FieldDef<'text', Opt<R, string>> {
  const required = opts.required ?? false;
  const schema = z.string().trim().max(opts.max ?? 100).pipe(z.email({ error: 'validation.email' }));
  return { list: true, ...opts, max: opts.max ?? 100, kind: 'text', required, schema: optional(schema, required) as z.ZodType<Opt<R, string>> };
}

export function richText<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { required?: R; max?: number },
): FieldDef<'richText', Opt<R, string>> {
  const required = opts.required ?? false;
  const max = opts.max ?? 100_000;
  // An editor's empty document is markup without text: treat it as empty.
  const schema = z
    .string()
    .max(max)
    .refine((v) => !required || v.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '' || /<(img|video)\b/i.test(v), {
      error: 'validation.required',
    });
  return { list: false, ...opts, max, kind: 'richText', required, schema: optional(schema, required) as z.ZodType<Opt<R, string>> };
}

/**
 * An integer. With `options` (labels keyed by the numbers, e.g. user types `{1: …, 2: …}`) only those
 * values are accepted and a form may show a select instead of a number input.
 */
export function int<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { required?: R; min?: number; max?: number; default?: number; options?: Record<string, Text> },
): FieldDef<'int', Opt<R, number>> {
  const required = opts.required ?? false;
  // Messages come from the issue codes: a schema-level `error` would also replace the bounds' messages.
  const schema = intSchema(opts.min, opts.max);
  const allowed = opts.options ? Object.keys(opts.options) : undefined;
  const checked = allowed ? schema.refine((v) => allowed.includes(String(v)), { error: 'validation.choice' }) : schema;
  return { list: true, ...opts, kind: 'int', required, schema: optional(checked, required, opts.default) as z.ZodType<Opt<R, number>> };
}

/** A list's order: 0 to `max`, larger first, sortable (the same field on every ordered record). */
export const sortField = (max = 999) =>
  int({ label: { 'zh-CN': '排序', 'en-US': 'Sort' }, min: 0, max, default: 0, sort: true, help: { 'zh-CN': '数值越大越靠前', 'en-US': 'Larger numbers rank higher' } });

/** Total digits of a decimal column (`numeric(DECIMAL_PRECISION, scale)`). */
export const DECIMAL_PRECISION = 14;

export function decimal<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { required?: R; min?: number; max?: number; scale?: number },
): FieldDef<'decimal', Opt<R, number>> {
  const required = opts.required ?? false;
  const scale = opts.scale ?? 2;
  // The largest value the column holds bounds any declared range, so no input overflows it.
  const limit = 10 ** (DECIMAL_PRECISION - scale) - 10 ** -scale;
  const schema = z.coerce
    .number()
    .min(Math.max(opts.min ?? -limit, -limit))
    .max(Math.min(opts.max ?? limit, limit));
  const rounded = schema.transform((v) => Math.round(v * 10 ** scale) / 10 ** scale);
  return { list: true, ...opts, scale, kind: 'decimal', required, schema: optional(rounded, required) as z.ZodType<Opt<R, number>> };
}

export function bool(opts: FieldCommon & { default?: boolean; states?: BoolStates }): FieldDef<'bool', boolean> {
  const schema = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v ?? opts.default ?? false), z.boolean());
  return { list: true, ...opts, kind: 'bool', required: false, default: opts.default ?? false, schema: schema as z.ZodType<boolean> };
}

export function choice<const O extends Record<string, Text>, R extends boolean | undefined = undefined>(
  opts: FieldCommon & { options: O; required?: R; default?: keyof O & string },
): FieldDef<'choice', Opt<R, keyof O & string>> {
  const required = opts.required ?? false;
  const values = Object.keys(opts.options) as [string, ...string[]];
  const schema = z.enum(values, { error: 'validation.choice' });
  return { list: true, ...opts, kind: 'choice', required, schema: optional(schema, required, opts.default) as z.ZodType<Opt<R, keyof O & string>> };
}

export function datetime<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { required?: R },
): FieldDef<'datetime', Opt<R, string>> {
  const required = opts.required ?? false;
  const schema = z.iso.datetime({ offset: true, error: 'validation.invalid' });
  return { list: true, ...opts, kind: 'datetime', required, schema: optional(schema, required) as z.ZodType<Opt<R, string>> };
}

export function date<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { required?: R },
): FieldDef<'date', Opt<R, string>> {
  const required = opts.required ?? false;
  const schema = z.iso.date({ error: 'validation.invalid' });
  return { list: true, ...opts, kind: 'date', required, schema: optional(schema, required) as z.ZodType<Opt<R, string>> };
}

/**
 * Conditions on the columns of a referenced row, each a declared filter of the target of an exact kind
 * (`exactFilters`): a fixed value, or `{ field }`, the value of another field of the referring row
 * (the form's current value). Selects list only the rows that meet them; the server refuses others.
 */
export type RefMatch = Record<string, string | number | boolean | { field: string }>;

/** A reference to a row of another record type of the same tenant (or above it). */
export function ref<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { record: string; required?: R; match?: RefMatch; mismatch?: MessageKey },
): FieldDef<'ref', Opt<R, number>> {
  const required = opts.required ?? false;
  const schema = z.coerce.number({ error: 'validation.choice' }).int({ error: 'validation.choice' }).positive({ error: 'validation.choice' }).max(INT_MAX, { error: 'validation.choice' });
  const { record, ...rest } = opts;
  return { list: true, ...rest, ref: record, kind: 'ref', required, schema: optional(schema, required) as z.ZodType<Opt<R, number>> };
}

/**
 * The row's owning hotel or brand as a read-only reference over the owner column the scope already has
 * (name it `hotelId` or `brandId`): lists show its title, the search form filters by it and exports
 * carry it. The owner is set as for any row of the scope (the session, or the form's owner select).
 */
export function owner(opts: FieldCommon & { record: 'hotel' | 'brand' }): FieldDef<'ref', number | null> {
  return { ...ref({ ...opts, readOnly: true }), owner: true };
}

const fileId = z.string().regex(/^[0-9a-f-]{36}$/, { error: 'validation.invalid' });

/** One uploaded file, checked by the named upload rule; the value is the stored file's id. */
export function file<R extends boolean | undefined = undefined>(
  opts: FieldCommon & { upload: string; required?: R },
): FieldDef<'file', Opt<R, string>> {
  const required = opts.required ?? false;
  return { list: false, ...opts, kind: 'file', required, schema: optional(fileId, required) as z.ZodType<Opt<R, string>> };
}

/** Several uploaded files (ids), at most `max`. */
export function files(opts: FieldCommon & { upload: string; max: number; required?: boolean }): FieldDef<'files', string[]> {
  const required = opts.required ?? false;
  const schema = z.preprocess(
    (v) => v ?? [],
    z.array(fileId).min(required ? 1 : 0).max(opts.max),
  );
  return { list: false, ...opts, kind: 'files', required, schema: schema as z.ZodType<string[]> };
}

export function json(opts: FieldCommon & { required?: boolean }): FieldDef<'json', unknown> {
  const required = opts.required ?? false;
  const schema = z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return Symbol.for('invalid-json');
    }
  }, z.json({ error: 'validation.invalid' }));
  return { list: false, ...opts, kind: 'json', required, schema: optional(schema, required) };
}
