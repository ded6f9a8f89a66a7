import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Events of one stats day, event and owner, counted together (what the writer queues). */
export interface EventCount {
  day: string;
  event: string;
  brandId: number;
  hotelId: number;
  n: number;
}

const keyOf = (c: EventCount) => `${c.day}|${c.event}|${c.brandId}|${c.hotelId}`;

/** Adds up counts of the same day, event and owner (a row may be updated once per statement). */
export function sumCounts(items: readonly EventCount[]): EventCount[] {
  const sums = new Map<string, EventCount>();
  for (const item of items) {
    const key = keyOf(item);
    const sum = sums.get(key);
    if (sum) sum.n += item.n;
    else sums.set(key, { ...item });
  }
  // In key order: concurrent writers lock the rows in the same order.
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
}

/** Writes a batch of event counts in one statement. */
export async function writeEventCounts(db: Db, items: readonly EventCount[]): Promise<void> {
  const rows = JSON.stringify(sumCounts(items));
  await db.execute(sql`
    insert into tracked_event_days (day, event, brand_id, hotel_id, count)
    select c.day, c.event, c."brandId", c."hotelId", c.n
      from json_to_recordset(${sql.param(rows)}::json) as c(day date, event text, "brandId" int, "hotelId" int, n int)
    on conflict (day, event, brand_id, hotel_id) do update set count = tracked_event_days.count + excluded.count`);
}
