import { columnName, DECIMAL_PRECISION, records, type FieldDef, type RecordDef } from '@htv/shared';
import { getTableName, is, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  PgTable,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import * as core from './core.js';

/** Lazily resolves the table a `ref` field points to (tables are built in one pass). */
const tableOf = (recordName: string) => () => {
  const target = recordTables[recordName];
  if (!target) throw new Error(`ref to unknown record ${recordName}`);
  return target.id;
};

function column(name: string, field: FieldDef): PgColumnBuilderBase {
  const sqlName = columnName(name);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const required = (builder: any): PgColumnBuilderBase => (field.required ? builder.notNull() : builder);
  switch (field.kind) {
    case 'text':
      return required(varchar(sqlName, { length: field.max }));
    case 'richText':
      return required(text(sqlName));
    case 'int': {
      const col = integer(sqlName);
      return field.default !== undefined ? col.notNull().default(field.default as number) : required(col);
    }
    case 'decimal':
      return required(numeric(sqlName, { precision: DECIMAL_PRECISION, scale: field.scale ?? 2, mode: 'number' }));
    case 'bool':
      return boolean(sqlName).notNull().default(Boolean(field.default));
    case 'choice': {
      const col = varchar(sqlName, { length: 40 });
      return field.default !== undefined ? col.notNull().default(field.default as string) : required(col);
    }
    case 'date':
      return required(date(sqlName, { mode: 'string' }));
    case 'datetime':
      return required(timestamp(sqlName, { withTimezone: true, mode: 'string' }));
    case 'ref':
      // RESTRICT: a referenced row cannot vanish under its users; the engine answers 409 first.
      return required(integer(sqlName).references(tableOf(field.ref!), { onDelete: 'restrict' }));
    case 'file':
      return required(varchar(sqlName, { length: 36 }));
    case 'files':
      return jsonb(sqlName).notNull().default(sql`'[]'::jsonb`);
    case 'json':
      return required(jsonb(sqlName));
  }
}

/** Tenant columns of a scope: NOT NULL where every row must have an owner at that level. */
function tenantColumns(def: RecordDef): Record<string, PgColumnBuilderBase> {
  switch (def.scope) {
    case 'platform':
      return {};
    case 'brand':
      return { brandId: integer('brand_id').notNull() };
    case 'hotel':
      return { brandId: integer('brand_id').notNull(), hotelId: integer('hotel_id').notNull() };
    case 'tenant':
      return { brandId: integer('brand_id'), hotelId: integer('hotel_id') };
  }
}

// The engine addresses columns by name at run time; a precise static type buys nothing here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RecordTable = PgTableWithColumns<any>;

/** The table of a record declaration: id, tenant columns, the fields, audit columns and indexes. */
export function recordTable(def: RecordDef): RecordTable {
  // An owner field shows the tenant column the scope already has.
  const fieldColumns = Object.fromEntries(Object.entries(def.fields).filter(([, field]) => !field.owner).map(([name, field]) => [name, column(name, field)]));
  return pgTable(
    def.table,
    {
      id: serial('id').primaryKey(),
      ...tenantColumns(def),
      ...fieldColumns,
      createdBy: integer('created_by'),
      ...timestamps(),
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (t: Record<string, any>) => {
      const extras = [];
      if (def.scope !== 'platform') extras.push(index(`${def.table}_tenant_idx`).on(t.brandId, ...(t.hotelId ? [t.hotelId] : [])));
      // Declared indexes; a field that leads one needs no automatic index of its own.
      const leading = new Set((def.indexes ?? []).filter((declared) => !declared.trigram).map((declared) => declared.fields[0]));
      for (const declared of def.indexes ?? []) {
        if (declared.trigram) {
          const [field] = declared.fields;
          extras.push(index(`${def.table}_${columnName(field!)}_trgm`).using('gin', t[field!].op('gin_trgm_ops')));
          continue;
        }
        const name = `${def.table}_${declared.fields.map(columnName).join('_')}_${declared.unique ? 'uq' : 'idx'}`;
        const [first, ...rest] = declared.fields.map((field) => t[field]);
        extras.push((declared.unique ? uniqueIndex(name) : index(name)).on(first, ...rest));
      }
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.owner) continue; // the tenant index serves it
        if ((field.kind === 'ref' || field.filter) && !leading.has(name)) extras.push(index(`${def.table}_${columnName(name)}_idx`).on(t[name]));
        if (field.unique) {
          // Unique within one owner; NULL owners (platform rows) compare equal through coalesce.
          const owner = def.scope === 'platform' ? [] : def.scope === 'brand' ? [t.brandId] : [sql`coalesce(${t.brandId}, 0)`, sql`coalesce(${t.hotelId}, 0)`];
          extras.push(uniqueIndex(`${def.table}_${columnName(name)}_uq`).on(...(owner as [never]), t[name]));
        }
      }
      return extras;
    },
  ) as RecordTable;
}

/**
 * Core tables by SQL name. A declaration whose `table` names one of them (roles, users,
 * permission_nodes) is served from that table instead of a generated one: its fields must be columns
 * of it, and columns that are not fields are returned as they are unless a hook hides them.
 */
const coreTables = new Map<string, RecordTable>(
  Object.values(core)
    .filter((value) => is(value, PgTable))
    .map((table) => [getTableName(table as PgTable), table as RecordTable]),
);

/** Tables of every registered record, keyed by record name. */
export const recordTables: Record<string, RecordTable> = Object.fromEntries(
  Object.values(records as Record<string, RecordDef>).map((def) => [def.name, coreTables.get(def.table) ?? recordTable(def)]),
);
