import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { brands, hotels } from '../../db/schema/core.js';
import { recordTables } from '../../db/schema/records.js';

/**
 * Themes (launcher templates): a stable row per theme, owned by the platform (no brand), a brand or
 * a hotel. Editing changes its one draft (`draft`, counted by `draftRevision` for optimistic locking);
 * publishing freezes the draft into an immutable row of `theme_versions`.
 */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    /** launcher or welcome (THEME_KINDS): mirrors the document, never changed after creation. */
    kind: varchar('kind', { length: 10 }).notNull().default('launcher'),
    typeId: integer('type_id').references(() => recordTables.themeType!.id, { onDelete: 'restrict' }),
    /** room, public or meeting (EQUIPMENT_TYPES). */
    equipmentType: varchar('equipment_type', { length: 10 }).notNull(),
    /** public themes are seen (not changed) by the owner's hotels, the platform's by everyone. */
    visibility: varchar('visibility', { length: 10 }).notNull().default('private'),
    /** ThemeStatus: unpublished, published, sentAll, sentPart. */
    status: varchar('status', { length: 12 }).notNull().default('unpublished'),
    locked: boolean('locked').notNull().default(false),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    draft: jsonb('draft').notNull(),
    draftRevision: integer('draft_revision').notNull().default(1),
    draftSavedBy: varchar('draft_saved_by', { length: 100 }),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('themes_kind_idx').on(t.kind), index('themes_brand_idx').on(t.brandId), index('themes_hotel_idx').on(t.hotelId), index('themes_type_idx').on(t.typeId)],
);

/**
 * Published versions: never changed after they are written, except their state (a timed version
 * not yet published can be cancelled; the periodic job publishes due ones). TVs only get `published`.
 */
export const themeVersions = pgTable(
  'theme_versions',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    document: jsonb('document').notNull(),
    /** VersionState: pending (timed, not yet published), published, cancelled. */
    state: varchar('state', { length: 10 }).notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: varchar('published_by', { length: 100 }).notNull(),
    /**
     * What TVs download, frozen when the version is written: the document and its asset list as exact
     * JSON text, and its SHA-256 (the ETag and part of the version's immutable URL). Versions written
     * before this column get it the first time a TV needs them.
     */
    payload: text('payload'),
    payloadSha256: varchar('payload_sha256', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('theme_versions_number_idx').on(t.themeId, t.number), index('theme_versions_due_idx').on(t.state, t.publishAt)],
);

/**
 * Sends of a theme to its targets (all, brand, hotel, terminal), one row per target. The owner columns
 * are the sender's level (a brand's send never reaches another brand's terminals). A send is live from
 * `start_at` for `duration_seconds` until cancelled; an expired one is closed by the periodic job
 * (`cancelled_at` set to its end, `cancelled_by` empty). At most one live send to all exists per kind
 * (one launcher, one welcome template): the partial unique index makes two concurrent sends fail.
 */
export const themeSends = pgTable(
  'theme_sends',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    /** The sent theme's kind (launcher or welcome): each kind has its own send to all. */
    kind: varchar('kind', { length: 10 }).notNull().default('launcher'),
    /** all, brand, hotel or terminal. */
    targetKind: varchar('target_kind', { length: 10 }).notNull(),
    targetId: integer('target_id'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    durationSeconds: integer('duration_seconds'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    sentBy: varchar('sent_by', { length: 100 }),
    cancelledBy: varchar('cancelled_by', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('theme_sends_theme_idx').on(t.themeId),
    index('theme_sends_target_idx').on(t.targetKind, t.targetId),
    uniqueIndex('theme_sends_one_all_idx').on(t.kind).where(sql`${t.targetKind} = 'all' and ${t.cancelledAt} is null`),
  ],
);
