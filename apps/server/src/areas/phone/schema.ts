import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { files, hotels } from '../../db/schema/core.js';

/**
 * The pairing codes a TV's QR code carries (docs/phone.md): short-lived and single-use, stored by their
 * SHA-256 only. A code names the terminal and its hotel; it binds a phone once, before `expires_at`.
 */
export const phonePairCodes = pgTable(
  'phone_pair_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('phone_pair_codes_hash_uq').on(t.codeHash), index('phone_pair_codes_expires_idx').on(t.expiresAt)],
);

/**
 * A phone bound to a TV (docs/phone.md): the phone holds a random token, the server its SHA-256. The
 * binding lasts the room's stay (check-out revokes it) and at most until `expires_at`; unbinding
 * revokes it too. Revoked bindings stay for the audit (`revoked_reason`: unbound, checkOut, replaced).
 */
export const phoneBindings = pgTable(
  'phone_bindings',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    roomNumber: varchar('room_number', { length: 20 }),
    /** The room's in-house stay when the phone was bound (null: a TV of a room without a guest). */
    stayId: integer('stay_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('phone_bindings_token_uq').on(t.tokenHash), index('phone_bindings_terminal_idx').on(t.terminalId), index('phone_bindings_stay_idx').on(t.stayId)],
);

/**
 * What a bound phone cast to its TV (docs/phone.md): a picture or a video (a stored file owned by the
 * hotel, removed at check-out) or a web address. The TV reads the file by a signed address that only
 * works while the cast has not ended; `ended_at` is set when the phone or the TV stops it, a newer
 * cast replaces it, or the stay checks out.
 */
export const phoneCasts = pgTable(
  'phone_casts',
  {
    id: serial('id').primaryKey(),
    bindingId: integer('binding_id').notNull(),
    terminalId: integer('terminal_id').notNull(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    roomNumber: varchar('room_number', { length: 20 }),
    stayId: integer('stay_id'),
    kind: varchar('kind', { length: 10 }).notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    url: varchar('url', { length: 2000 }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_casts_terminal_idx').on(t.terminalId), index('phone_casts_stay_idx').on(t.stayId), index('phone_casts_file_idx').on(t.fileId)],
);
