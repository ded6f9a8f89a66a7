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

/** The demo hotel the benchmark fleets register into. */
export const BENCH_HOTEL = '1000001';

/**
 * Readies the demo hotel for a benchmark fleet and gives its install code: the brand's terminal quota
 * (smaller than a fleet) is lifted, and the load generator's address (127.0.0.1) is put on the hotel's
 * IP whitelist, as the demo fleet's is, so the fleet heartbeats as a hotel's own TVs do. Off the list,
 * every heartbeat would also raise a stolen-use alarm: an upsert of `terminal_alarms` per heartbeat,
 * which no fleet in service pays. Run it before the server first reads the hotel's whitelist.
 */
export async function prepareBenchHotel(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<string> {
  await query(`update brands set terminal_limit = null where id = (select brand_id from hotels where public_id = '${BENCH_HOTEL}')`);
  await query(`
    update hotel_device_settings set ip_whitelist = array_append(ip_whitelist, '127.0.0.1')
     where hotel_id = (select id from hotels where public_id = '${BENCH_HOTEL}') and not ('127.0.0.1' = any(ip_whitelist))`);
  const { rows } = await query(`select install_secret as secret from hotels where public_id = '${BENCH_HOTEL}'`);
  return `${BENCH_HOTEL}-${(rows[0] as { secret: string }).secret}`;
}
