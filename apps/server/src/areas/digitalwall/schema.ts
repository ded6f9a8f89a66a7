import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * A hotel's digital-wall settings (/digital_wall/config, docs/digitalwall.md); a hotel without a row
 * uses the defaults (DIGITAL_WALL_DEFAULTS: enabled, looping, every public-area TV).
 */
export const digitalWallConfigs = pgTable('digital_wall_configs', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  loop: boolean('loop').notNull().default(true),
  /** Upper-case MACs separated by commas; null: every public-area TV of the hotel. */
  macs: text('macs'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
