import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands, hotels, recordTables } from '../db/schema/index.js';
import { AppError, invalidFields } from '../http/errors.js';

/**
 * Brand quotas set by the platform (`brands.hotelLimit`, `brands.terminalLimit`; null = no limit).
 * Exceeding one is a conflict with the existing rows: 409 with a translated message naming the limit.
 */

export interface Quota {
  limit: number | null;
  used: number;
}

/** Hotels of a brand against its hotel limit. */
export async function hotelQuota(db: Db, brandId: number): Promise<Quota> {
  const [brand] = await db.select({ limit: brands.hotelLimit }).from(brands).where(eq(brands.id, brandId));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(hotels).where(eq(hotels.brandId, brandId));
  return { limit: brand?.limit ?? null, used: count?.n ?? 0 };
}

/** Terminals assigned to a brand's hotels (the `terminals` rows carrying the brand) against its terminal limit. */
export async function terminalQuota(db: Db, brandId: number): Promise<Quota> {
  const t = recordTables.terminal!;
  const [brand] = await db.select({ limit: brands.terminalLimit }).from(brands).where(eq(brands.id, brandId));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.brandId, brandId));
  return { limit: brand?.limit ?? null, used: count?.n ?? 0 };
}

/** Locks the brand row until the transaction ends, so concurrent creations count one after another. */
async function lockBrand(db: Db, brandId: number): Promise<boolean> {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).for('update');
  return !!row;
}

/**
 * Refuses a new hotel beyond the brand's hotel limit (409 `tenants.hotelQuotaExceeded`). Call inside
 * the creating transaction: it locks the brand row. An unknown brand is a 422 on `brandId`.
 */
export async function assertHotelQuota(db: Db, brandId: number): Promise<void> {
  if (!(await lockBrand(db, brandId))) throw invalidFields({ brandId: { key: 'validation.brandRequired' } });
  const quota = await hotelQuota(db, brandId);
  if (quota.limit !== null && quota.used + 1 > quota.limit) throw new AppError('conflict', 'tenants.hotelQuotaExceeded', { limit: quota.limit });
}

/**
 * For the device side: call when `adding` terminals are assigned to hotels of `brandId` (registration
 * with an install code, moving a terminal to another brand's hotel), inside the assigning transaction
 * and before the rows change. Throws 409 `tenants.terminalQuotaExceeded` when the brand would exceed
 * its terminal limit; does nothing for a brand without a limit. Moving a terminal between hotels of the
 * same brand needs no call. Locks the brand row until the transaction ends, so concurrent assignments
 * are counted one after another.
 */
export async function assertTerminalQuota(db: Db, brandId: number, adding = 1): Promise<void> {
  const [brand] = await db.select({ limit: brands.terminalLimit }).from(brands).where(eq(brands.id, brandId)).for('update');
  if (!brand || brand.limit === null) return;
  const quota = await terminalQuota(db, brandId);
  if (quota.used + adding > brand.limit) throw new AppError('conflict', 'tenants.terminalQuotaExceeded', { limit: brand.limit });
}
