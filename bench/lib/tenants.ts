import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

/**
 * Generates `brands` brands (codes `B1`…), `hotels` hotels spread over them (public ids from 2000001)
 * and `terminals` terminals spread over the hotels (2% office scene, the rest hotel rooms; authorized
 * and registered), each in one `insert … select … generate_series`.
 */
export async function generateTenants(db: Db, counts: { brands: number; hotels: number; terminals: number }): Promise<void> {
  await db.execute(sql`insert into brands (code, name) select 'B' || g, 'Brand ' || g from generate_series(1, ${counts.brands}::int) g`);
  await db.execute(sql`
    insert into hotels (public_id, brand_id, name)
    select (2000000 + g)::text, b.id, 'Hotel ' || g from generate_series(1, ${counts.hotels}::int) g join brands b on b.code = 'B' || (1 + g % ${counts.brands}::int)`);
  await db.execute(sql`
    insert into terminals (brand_id, hotel_id, mac, wifi_mac, sn, scene_mode, "authorization", registered)
    select h.brand_id, h.id, upper(lpad(to_hex(g), 12, '0')), upper(lpad(to_hex(g + 268435456), 12, '0')), 'SN' || lpad(g::text, 14, '0'),
           case when g % 50 = 0 then 'office' else 'hotel' end, 'authorized', true
      from generate_series(1, ${counts.terminals}::int) g join hotels h on h.public_id = (2000001 + g % ${counts.hotels}::int)::text`);
}
