import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * A hotel's PMS interface (docs/pms.md): the secret its HTTP events are signed with (64 hex digits drawn
 * by the database for every new row and again on rotation), and its FIAS link: enabled, the port this
 * server listens on for it (one hotel a port), the addresses allowed to connect, and the lease of the
 * one server process that holds the link.
 */
export const pmsInterfaces = pgTable(
  'pms_interfaces',
  {
    hotelId: integer('hotel_id')
      .primaryKey()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').notNull(),
    secret: varchar('secret', { length: 64 })
      .notNull()
      .default(sql`encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex')`),
    fiasEnabled: boolean('fias_enabled').notNull().default(false),
    fiasPort: integer('fias_port'),
    /** Addresses allowed to connect to the FIAS port, comma separated. */
    fiasAllowed: varchar('fias_allowed', { length: 2000 }).notNull().default(''),
    /** The server process holding the hotel's FIAS link, and until when (renewed while it holds it). */
    fiasHolder: varchar('fias_holder', { length: 100 }),
    fiasLeaseUntil: timestamp('fias_lease_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pms_interfaces_fias_port_uq').on(t.fiasPort)],
);

/**
 * The events a hotel's PMS had applied, by the PMS's own id: a replay finds its first answer here and
 * changes nothing. Refused events are not kept (a corrected event may be sent again with its id).
 */
export const pmsEventKeys = pgTable(
  'pms_event_keys',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.eventId] })],
);

/**
 * Records to a hotel's PMS (docs/pms.md "Records to the PMS"): written by any process inside the
 * transaction that decides them (a wake-up answer, later charges), sent in order by the process that
 * holds the hotel's link, kept until sent. `record` is protocol-neutral (`type` and its fields); the
 * link turns it into its protocol's record (FIAS: WA, WR, WC).
 */
export const pmsOutbox = pgTable(
  'pms_outbox',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    record: jsonb('record').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pms_outbox_pending_idx').on(t.hotelId, t.id).where(sql`${t.sentAt} is null`)],
);
