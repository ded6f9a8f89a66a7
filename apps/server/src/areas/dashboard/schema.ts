import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hourly snapshots of the dashboard's presence chart: terminals, online and unauthorized per owner
 * (0 = none, like terminal_daily_stats). The snapshot job rewrites the current hour's rows every few
 * minutes with one aggregate query over `terminals`; offline is total minus online.
 */
export const terminalPresenceHours = pgTable(
  'terminal_presence_hours',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    brandId: integer('brand_id').notNull().default(0),
    hotelId: integer('hotel_id').notNull().default(0),
    total: integer('total').notNull().default(0),
    online: integer('online').notNull().default(0),
    unauthorized: integer('unauthorized').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.at, t.brandId, t.hotelId] }),
    index('terminal_presence_hours_brand_idx').on(t.brandId, t.at),
    index('terminal_presence_hours_hotel_idx').on(t.hotelId, t.at),
  ],
);
