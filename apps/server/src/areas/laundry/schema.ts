import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * A guest's laundry booking (docs/laundry.md): a room's cycle on a machine, from the guest's phone
 * page. `running` → `finished` (the provider says the cycle ended: unload) → `done` (taken out, the
 * machine free again); `failed` when the provider refused to start it.
 */
export const laundryBookings = pgTable(
  'laundry_bookings',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id').notNull(),
    terminalId: integer('terminal_id').notNull(),
    roomNumber: varchar('room_number', { length: 20 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('running'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('laundry_bookings_room_idx').on(t.hotelId, t.roomNumber, t.createdAt), index('laundry_bookings_machine_idx').on(t.machineId, t.state)],
);
