import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * App launches the TVs report (`POST /api/device/v1/app-launches`), one row each, with the owner the
 * terminal had when it was reported (like terminal_state_logs), written in batches.
 */
export const appLaunches = pgTable(
  'app_launches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    terminalId: integer('terminal_id').notNull(),
    mac: varchar('mac', { length: 12 }).notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    package: varchar('package', { length: 128 }).notNull(),
    appName: varchar('app_name', { length: 64 }),
    versionName: varchar('version_name', { length: 32 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('app_launches_at_idx').on(t.at),
    index('app_launches_terminal_idx').on(t.terminalId, t.at),
    index('app_launches_package_idx').on(t.package, t.at),
    index('app_launches_brand_idx').on(t.brandId, t.at),
    index('app_launches_hotel_idx').on(t.hotelId, t.at),
  ],
);
