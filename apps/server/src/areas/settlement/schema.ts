import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Activations: each terminal's first authorization, kept for good (the state history has a retention,
 * settlement needs the past). Owner as it was then (0 = none). Written by `recordActivations`.
 */
export const terminalActivations = pgTable(
  'terminal_activations',
  {
    terminalId: integer('terminal_id').primaryKey(),
    mac: text('mac').notNull(),
    brandId: integer('brand_id').notNull().default(0),
    hotelId: integer('hotel_id').notNull().default(0),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('terminal_activations_at_idx').on(t.activatedAt),
    index('terminal_activations_brand_idx').on(t.brandId, t.activatedAt),
    index('terminal_activations_hotel_idx').on(t.hotelId, t.activatedAt),
  ],
);

/** A settled period of a hotel: the activations it was settled with, by whom and when. */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    activations: integer('activations').notNull(),
    settledBy: integer('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('settlements_period_uq').on(t.hotelId, t.kind, t.period), index('settlements_brand_idx').on(t.brandId)],
);
