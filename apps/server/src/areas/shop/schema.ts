import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * The room-charge ledger (docs/shop.md "Charges to the room"): one row per order charged to a stay's
 * folio, written in the delivering transaction. The unique order id is what makes a charge idempotent:
 * an order can never be charged twice, whatever retries or concurrent clicks happen. Amounts are
 * integer minor units (cents). `postedAt` / `pmsReference` are the PMS adapter's to fill once the
 * charge reached the folio (FIAS PS/PA, an HTTP PMS's posting call). Orders of several areas (the
 * shop, VOD) share it: an order is named by its area and id.
 */
export const roomCharges = pgTable(
  'room_charges',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').notNull(),
    /** The area whose order this is (`shop`, `vod`): order ids are unique within an area only. */
    area: varchar('area', { length: 16 }).notNull().default('shop'),
    orderId: integer('order_id').notNull(),
    stayId: integer('stay_id').notNull(),
    roomNumber: varchar('room_number', { length: 20 }).notNull(),
    reservation: varchar('reservation', { length: 32 }),
    amountMinor: integer('amount_minor').notNull(),
    /** What the folio line says: discreet (the order number, no goods). */
    description: varchar('description', { length: 60 }).notNull(),
    /**
     * Where the charge is on its way to the folio (docs/pms.md "Posting charges"): `ledger` (the hotel
     * has no PMS link that posts: it stays here for the desk), `pending` (queued for the PMS, or sent and
     * not yet answered), `posted` (the PMS took it: `postedAt`, `pmsReference`), `failed` (the PMS
     * refused it or could not be reached: `postingError`; the hotel may retry).
     */
    posting: varchar('posting', { length: 16 }).notNull().default('ledger'),
    /** The PMS's reason for a failed posting (its answer code and text). */
    postingError: varchar('posting_error', { length: 200 }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    pmsReference: varchar('pms_reference', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_charges_order_uq').on(t.area, t.orderId),
    index('room_charges_hotel_stay_idx').on(t.hotelId, t.stayId),
    check('room_charges_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
