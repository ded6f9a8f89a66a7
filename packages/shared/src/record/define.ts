import { z } from 'zod';
import type { Text } from '../i18n/lang.js';
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
  defaultSort?: { field: (keyof F & string) | 'id' | 'createdAt'; order: 'asc' | 'desc' };
  /** State machine on a choice field, driven by named actions. */
  states?: { field: keyof F & string; actions: Record<string, StateAction> };
  /** URL segment under /api/records/ and the web list route; defaults to kebab-case of name. */
  path?: string;
  /** SQL table name; defaults to snake_case of name. */
  table?: string;
  /**
   * Indexes beyond the automatic ones (tenant columns, filter and ref fields): field names in order,
   * which may also be `id`, `brandId`, `hotelId`, `createdAt`; `unique` makes it a unique index over
   * the whole table (not per tenant).
   */
  indexes?: readonly { fields: readonly string[]; unique?: boolean }[];
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
}

export interface RecordDef<F extends Record<string, FieldDef> = Record<string, FieldDef>>
  extends Required<Omit<RecordOptions<F>, 'states' | 'defaultSort' | 'indexes' | 'countCap' | 'operations'>> {
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

export type RecordAction = 'read' | 'create' | 'update' | 'delete';

export function permissionOf(record: Pick<RecordDef, 'permission'>, action: RecordAction | string): string {
  return `${record.permission}.${action}`;
}

/** Column name of a field: camelCase in code, snake_case in SQL. */
export const columnName = snake;
