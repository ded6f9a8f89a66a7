import { z } from 'zod';
import type { RecordDef } from './define.js';
import { idSchema, intSchema, type FieldKind } from './fields.js';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const MAX_PAGE_SIZE = 200;
/** The most rows an export writes; a larger list must be narrowed by filters. */
export const MAX_EXPORT_ROWS = 50_000;

/** `page` and `pagesize` of a paged list: page from 1 (within the int columns' range), size up to `max`. */
export function pagingShape(max: number = MAX_PAGE_SIZE, pagesize = 20) {
  return { page: intSchema(1).default(1), pagesize: intSchema(1, max).default(pagesize) };
}

/** Query parameters of a record list: paging, keyword, sort and the declared filters. */
export function listQuerySchema(record: RecordDef) {
  const filters: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(record.fields)) {
    if (!field.filter) continue;
    switch (field.kind) {
      case 'int':
      case 'ref':
        filters[name] = intSchema().optional();
        break;
      case 'bool':
        filters[name] = z.enum(['true', 'false']).transform((v) => v === 'true').optional();
        break;
      case 'choice':
        filters[name] = z.enum(Object.keys(field.options!) as [string, ...string[]]).optional();
        break;
      case 'date':
      case 'datetime': {
        // Bounds are ISO dates (or, for a datetime, ISO times with an offset): anything else is a 422, never a database error.
        const day = z.iso.date({ error: 'validation.invalid' });
        const bound = field.kind === 'date' ? day : z.union([day, z.iso.datetime({ offset: true, error: 'validation.invalid' })], { error: 'validation.invalid' });
        filters[`${name}From`] = bound.optional();
        filters[`${name}To`] = bound.optional();
        break;
      }
      default:
        filters[name] = z.string().trim().max(200).optional();
    }
  }
  const sortable = ['id', 'createdAt', 'updatedAt', ...Object.entries(record.fields).filter(([, f]) => f.sort).map(([n]) => n)];
  return z.object({
    ...pagingShape(),
    keyword: z.string().trim().max(200).optional(),
    sort: z.enum(sortable as [string, ...string[]]).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    /** Narrows a list to one brand or hotel inside the caller's reach (platform and brand users). */
    brandId: idSchema.optional(),
    hotelId: idSchema.optional(),
    ...filters,
  });
}

const EXACT_KINDS: ReadonlySet<FieldKind> = new Set(['int', 'ref', 'bool', 'choice']);

/**
 * The declared filters that match a value exactly: a select's options narrow by them
 * (`/options?<field>=`, parsed like the list's), and a ref field's `match` names them.
 */
export function exactFilters(record: RecordDef): string[] {
  return Object.entries(record.fields)
    .filter(([, field]) => field.filter && EXACT_KINDS.has(field.kind))
    .map(([name]) => name);
}

export interface ListResult<T> {
  items: T[];
  total: number;
  page: number;
  pagesize: number;
  /** True when the record counts at most `countCap` rows and more matched: `total` is a lower bound. */
  capped?: boolean;
}
