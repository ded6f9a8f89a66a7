import { boolean, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * A hotel's room-control gateway (`/rcu`, docs/rcu.md): one row per hotel. The access key is kept
 * here and never answered to the console; a hotel without a row (or with it disabled) has no room
 * control.
 */
export const rcuGateways = pgTable('rcu_gateways', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id').notNull(),
  vendor: varchar('vendor', { length: 20 }).notNull().default('htv-json'),
  url: varchar('url', { length: 300 }).notNull(),
  secret: varchar('secret', { length: 200 }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
