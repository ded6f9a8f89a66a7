import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { oemUsers } from '../../db/schema/core.js';

/**
 * Sessions of the vendor (OEM) client's manufacturer accounts (apps/server/src/oem/). Kept apart from
 * console sessions, which belong to console users with roles and tenancy. Only the token's SHA-256 is
 * stored; the expiry slides with use.
 */
export const oemSessions = pgTable(
  'oem_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    oemUserId: integer('oem_user_id')
      .notNull()
      .references(() => oemUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oem_sessions_oem_user_idx').on(t.oemUserId)],
);
