import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { recordTables } from '../../db/schema/records.js';

/**
 * Download tasks of terminals (spec part 1 §2 /task_info): one row per terminal and file it was told to
 * download, with the state the TV reports (`downloading`, `success`, `failed` with the reason). Generic:
 * `kind` says what the file is for (`boot` here; releases add theirs), `subject_id` the row it belongs to
 * (a boot policy) and `name` which file of it. Owner columns are the terminal's when it reported, so a
 * hotel sees its TVs' tasks. A TV reporting the same file again (same kind and SHA-256) updates its row.
 */
export const downloadTasks = pgTable(
  'download_tasks',
  {
    id: serial('id').primaryKey(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => recordTables.terminal!.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    kind: varchar('kind', { length: 20 }).notNull(),
    subjectId: integer('subject_id'),
    name: varchar('name', { length: 40 }).notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** downloading | success | failed */
    state: varchar('state', { length: 20 }).notNull(),
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('download_tasks_terminal_file_idx').on(t.terminalId, t.kind, t.sha256),
    index('download_tasks_hotel_idx').on(t.hotelId, t.updatedAt),
    index('download_tasks_brand_idx').on(t.brandId, t.updatedAt),
    index('download_tasks_failed_idx').on(t.updatedAt).where(sql`${t.state} = 'failed'`),
  ],
);
