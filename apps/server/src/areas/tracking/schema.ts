import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Tracked TV events counted per stats day, event and owner (`brand_id`, `hotel_id`; 0 = none, like
 * terminal_daily_stats). The TVs' event batches are added up in memory and written in batches of
 * `insert … on conflict do update` (count += n): one row per day, event and hotel whatever the rate.
 */
export const trackedEventDays = pgTable(
  'tracked_event_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    event: text('event').notNull(),
    brandId: integer('brand_id').notNull().default(0),
    hotelId: integer('hotel_id').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.event, t.brandId, t.hotelId] }),
    index('tracked_event_days_brand_idx').on(t.brandId, t.day),
    index('tracked_event_days_hotel_idx').on(t.hotelId, t.day),
  ],
);
