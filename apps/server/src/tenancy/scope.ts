import type { RecordDef } from '@htv/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/client.js';
import { brands, hotels, type RecordTable } from '../db/schema/index.js';
import { invalidFields } from '../http/errors.js';

export interface Owner {
  brandId: number | null;
  hotelId: number | null;
}

/**
 * A record's own row rule, given the scope's filter (`base`, undefined = every row): records served
 * from shared core tables narrow it (accounts of one user type) or replace it (roles a brand may use).
 */
export type RowAccess = (table: RecordTable, actor: Actor, base: SQL | undefined) => SQL | undefined;
const rowAccess = new Map<string, RowAccess>();

/** Sets the row rule of one record; every engine query (list, get, options, refs, writes) applies it. */
export function setRowAccess(recordName: string, access: RowAccess): void {
  rowAccess.set(recordName, access);
}

/**
 * Rows of a tenant-scoped table the actor may see: everything for the platform, the brand's rows
 * (its own and its hotels') for a brand user, the hotel's rows for a hotel user; then the record's own
 * row rule, when it has one (`setRowAccess`).
 */
export function tenantFilter(def: Pick<RecordDef, 'scope'> & { name?: string }, table: RecordTable, actor: Actor): SQL | undefined {
  const base = scopeFilter(def, table, actor);
  const custom = def.name === undefined ? undefined : rowAccess.get(def.name);
  return custom ? custom(table, actor, base) : base;
}

function scopeFilter(def: Pick<RecordDef, 'scope'>, table: RecordTable, actor: Actor): SQL | undefined {
  if (def.scope === 'platform') return actor.userType === 1 ? undefined : sql`false`;
  if (actor.userType === 1) return undefined;
  if (actor.userType === 2) return actor.brandId === null ? sql`false` : eq(table.brandId, actor.brandId);
  if (def.scope === 'brand') return sql`false`;
  return actor.hotelId === null ? sql`false` : eq(table.hotelId, actor.hotelId);
}

/** Narrows a list to one brand or hotel that lies inside the actor's reach (else nothing matches). */
export function narrowTo(def: Pick<RecordDef, 'scope'>, table: RecordTable, query: { brandId?: number; hotelId?: number }): SQL | undefined {
  if (def.scope === 'platform') return undefined;
  const parts = [];
  if (query.brandId !== undefined) parts.push(eq(table.brandId, query.brandId));
  if (query.hotelId !== undefined && def.scope !== 'brand') parts.push(eq(table.hotelId, query.hotelId));
  return parts.length ? and(...parts) : undefined;
}

/** The level an actor works at: the owner of the rows it creates in `tenant` scope. */
export function ownLevel(actor: Actor): Owner {
  if (actor.userType === 1) return { brandId: null, hotelId: null };
  if (actor.userType === 2) return { brandId: actor.brandId, hotelId: null };
  return { brandId: actor.brandId, hotelId: actor.hotelId };
}

/** A brand or hotel named in a create body that the caller may not create rows in: 422 on that field. */
const outOfReach = (field: 'brandId' | 'hotelId') =>
  invalidFields({ [field]: { key: field === 'brandId' ? 'validation.brandOutOfReach' : 'validation.hotelOutOfReach' } });

/**
 * Owner columns of a new row. They come from the session; only a platform or brand user creating a
 * brand- or hotel-owned row names the brand or hotel, and it must lie inside their reach. A brand or
 * hotel named in the body is either the owner of the new row or refused on its field (missing, outside
 * the caller's reach, or another than the session's own brand or hotel): never silently replaced.
 */
export async function ownerForCreate(db: Db, def: RecordDef, actor: Actor, requested: { brandId?: number | null; hotelId?: number | null }): Promise<Owner> {
  switch (def.scope) {
    case 'platform':
      return { brandId: null, hotelId: null };
    case 'tenant':
      return ownLevel(actor);
    case 'brand': {
      if (actor.userType !== 1) {
        if (requested.brandId && requested.brandId !== actor.brandId) throw outOfReach('brandId');
        return { brandId: actor.brandId, hotelId: null };
      }
      if (!requested.brandId) throw invalidFields({ brandId: { key: 'validation.brandRequired' } });
      const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, requested.brandId));
      if (!brand) throw outOfReach('brandId');
      return { brandId: brand.id, hotelId: null };
    }
    case 'hotel': {
      if (actor.userType === 3) {
        if (requested.hotelId && requested.hotelId !== actor.hotelId) throw outOfReach('hotelId');
        return ownLevel(actor);
      }
      if (!requested.hotelId) throw invalidFields({ hotelId: { key: 'validation.hotelRequired' } });
      const [hotel] = await db.select({ id: hotels.id, brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, requested.hotelId));
      if (!hotel || (actor.userType === 2 && hotel.brandId !== actor.brandId)) throw outOfReach('hotelId');
      return { brandId: hotel.brandId, hotelId: hotel.id };
    }
  }
}
