import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * A hotel's wake-up settings (`/web/wake_up/config`, docs/wakeup.md): a hotel without a row uses
 * the defaults (WAKE_UP_CONFIG_DEFAULTS). The callback secret is drawn by the database.
 */
export const wakeupConfigs = pgTable('wakeup_configs', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id').notNull(),
  /** 0: the built-in tone; otherwise a song of the hotel's music. */
  defaultMusic: integer('default_music').notNull().default(0),
  snoozeMinutes: integer('snooze_minutes').notNull().default(5),
  snoozeCount: integer('snooze_count').notNull().default(3),
  retries: integer('retries').notNull().default(3),
  retryMinutes: integer('retry_minutes').notNull().default(2),
  ringSeconds: integer('ring_seconds').notNull().default(60),
  lateMinutes: integer('late_minutes').notNull().default(10),
  utcOffset: varchar('utc_offset', { length: 6 }).notNull().default('+08:00'),
  callbackUrl: varchar('callback_url', { length: 500 }),
  callbackSecret: varchar('callback_secret', { length: 64 })
    .notNull()
    .default(sql`encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex')`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every transition of a wake-up call, with its time and what moved it (the call's history in the
 * console). Kept with the call; hotel-owned for the tenant filter.
 */
export const wakeupEvents = pgTable(
  'wakeup_events',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 20 }).notNull(),
    /** console, pms, tv, server (the scheduler), checkOut. */
    by: varchar('by', { length: 20 }).notNull(),
    note: varchar('note', { length: 200 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wakeup_events_call_idx').on(t.callId, t.id)],
);
