import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * What each terminal reported of an item published to its room (docs/publishing.md): delivered (its
 * part reached the TV) and read (the guest opened or answered it), with their first times. `kind` is
 * the publishable's record name; the room is the terminal's when it reported.
 */
export const publishReceipts = pgTable(
  'publish_receipts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    itemId: integer('item_id').notNull(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id').notNull(),
    mac: varchar('mac', { length: 17 }).notNull(),
    roomNumber: varchar('room_number', { length: 16 }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('publish_receipts_item_terminal_uq').on(t.kind, t.itemId, t.terminalId), index('publish_receipts_room_idx').on(t.hotelId, t.roomNumber, t.kind)],
);

/**
 * Rooms an item was taken back from while it stays published elsewhere: a guest message at the
 * guest's check-out (`checkOut`), the PMS's own message at its message delete (`pms`).
 */
export const publishWithdrawals = pgTable(
  'publish_withdrawals',
  {
    kind: varchar('kind', { length: 40 }).notNull(),
    itemId: integer('item_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    roomNumber: varchar('room_number', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 16 }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.roomNumber] }), index('publish_withdrawals_room_idx').on(t.hotelId, t.roomNumber)],
);
