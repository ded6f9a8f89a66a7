import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';

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

/**
 * Authorized terminals of a brand (the `terminals` rows carrying the brand) against its terminal limit:
 * the terminals the brand pays for. Unauthorized ones (awaiting authorization, and junk registrations)
 * and disabled ones do not count; hotels cap their unauthorized terminals separately (docs/devices.md).
 */
export async function terminalQuota(db: Db, brandId: number): Promise<Quota> {
  const t = recordTables.terminal!;
  const [brand] = await db.select({ limit: brands.terminalLimit }).from(brands).where(eq(brands.id, brandId));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.brandId, brandId), eq(t.authorization, 'authorized')));
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
 * For the device side: whether `adding` more terminals of `brandId` may become authorized (always, for
 * a brand without a limit). Call inside the authorizing transaction, before the rows change: it locks
 * the brand row until the transaction ends, so concurrent authorizations are counted one after another.
 */
export async function terminalQuotaAllows(db: Db, brandId: number, adding = 1): Promise<boolean> {
  const [brand] = await db.select({ limit: brands.terminalLimit }).from(brands).where(eq(brands.id, brandId)).for('update');
  if (!brand || brand.limit === null) return true;
  const quota = await terminalQuota(db, brandId);
  return quota.used + adding <= brand.limit;
}

/** `terminalQuotaAllows`, refusing with 409 `tenants.terminalQuotaExceeded` (naming the limit) when it does not. */
export async function assertTerminalQuota(db: Db, brandId: number, adding = 1): Promise<void> {
  if (await terminalQuotaAllows(db, brandId, adding)) return;
  const [brand] = await db.select({ limit: brands.terminalLimit }).from(brands).where(eq(brands.id, brandId));
  throw new AppError('conflict', 'tenants.terminalQuotaExceeded', { limit: brand?.limit ?? 0 });
}
