import { integer, timestamp } from 'drizzle-orm/pg-core';

/** created/updated timestamps every table carries. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Owner columns of tenant-scoped rows; which are nullable depends on the scope. */
export const brandColumn = () => integer('brand_id');
export const hotelColumn = () => integer('hotel_id');
