import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Tasks (docs/tasks.md): an item applied to a target, now, once or daily. `brand_id`/`hotel_id` is
 * the creator's tenancy (null for the platform): a brand or hotel reaches only its own tasks and
 * terminals.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    target: jsonb('target').$type<{ macs: string[]; hotelIds: number[]; brandIds: number[]; tags: string[] }>().notNull(),
    schedule: varchar('schedule', { length: 8 }).notNull(),
    dailyAt: varchar('daily_at', { length: 5 }),
    /** When the next run is due; null once a `now` or `once` task has run. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tasks_next_run_idx').on(t.nextRunAt), index('tasks_brand_idx').on(t.brandId), index('tasks_hotel_idx').on(t.hotelId)],
);

/** One run of a task: the terminals its target named then, each with its result (task_logs). */
export const taskRuns = pgTable('task_runs', {
  id: serial('id').primaryKey(),
  taskId: integer('task_id').notNull().references(() => tasks.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('task_runs_task_idx').on(t.taskId)]);

/** A terminal's part in a run (the task log): pending until the TV reports success or failure. */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id').notNull().references(() => taskRuns.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id').notNull(),
    mac: varchar('mac', { length: 12 }).notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    failureCode: varchar('failure_code', { length: 40 }),
    reason: text('reason'),
    file: text('file'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [index('task_logs_run_idx').on(t.runId), index('task_logs_terminal_idx').on(t.terminalId, t.state)],
);
