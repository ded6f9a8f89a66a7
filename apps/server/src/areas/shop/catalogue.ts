import { SHOP_LIMITS } from '@htv/shared/areas/shop/records';
import type { MessageKey } from '@htv/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';

/**
 * A hotel may have at most `limit` rows of a record (6 banners, 10 categories). Counted inside the
 * creating transaction after a transaction-scoped advisory lock on (record, hotel): two creates at
 * once are counted one after the other, so a 7th banner is never written (docs/shop.md).
 */
function limitPerHotel(record: 'shopBanner' | 'shopCategory', limit: number, errkey: MessageKey) {
  addRecordHooks(record, {
    async beforeWrite(ctx, values, existing) {
      if (existing) return values;
      const hotelId = values.hotelId as number;
      await lockHotelRecord(ctx.db, record, hotelId);
      const table = recordTables[record]!;
      const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.hotelId, hotelId));
      if ((row?.n ?? 0) >= limit) throw new AppError('conflict', errkey, { limit });
      return values;
    },
  });
}

export async function lockHotelRecord(tx: Db, record: string, hotelId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${record}:${hotelId}`}))`);
}

let installed = false;

/** The shop's record rules (once per process). */
export function registerShopCatalogueHooks(): void {
  if (installed) return;
  installed = true;
  limitPerHotel('shopBanner', SHOP_LIMITS.banners, 'shop.bannerLimit');
  limitPerHotel('shopCategory', SHOP_LIMITS.categories, 'shop.categoryLimit');
}
