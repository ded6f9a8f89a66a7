import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/** A hotel's delivery robot service (`/robot`, docs/robot.md): one row per hotel; the key never answered. */
export const robotGateways = pgTable('robot_gateways', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id').notNull(),
  url: varchar('url', { length: 300 }).notNull(),
  secret: varchar('secret', { length: 200 }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A service call sent to the robot, with the state and progress the robot last reported. */
export const robotTasks = pgTable(
  'robot_tasks',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    callId: integer('call_id').notNull(),
    roomNumber: varchar('room_number', { length: 20 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    taskId: varchar('task_id', { length: 64 }),
    state: varchar('state', { length: 10 }).notNull().default('sending'),
    progress: integer('progress').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('robot_tasks_hotel_idx').on(t.hotelId, t.createdAt)],
);
