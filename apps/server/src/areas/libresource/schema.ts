import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { brands, files, hotels } from '../../db/schema/core.js';

/**
 * A brand's resource library (`/libresource/lists`, docs/libresource.md): a snapshot of one of its
 * hotels' introductions and music taken when the library was made. Never changed afterwards, so a
 * version sent to hotels shows exactly what the brand saw.
 */
export const resourceLibraries = pgTable(
  'resource_libraries',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 32 }).notNull(),
    /** The hotel copied (its public 7-character id kept as typed, the hotel may be deleted later). */
    sourceHotelId: integer('source_hotel_id').references(() => hotels.id, { onDelete: 'set null' }),
    sourcePublicId: varchar('source_public_id', { length: 7 }).notNull(),
    /** LibrarySnapshot: the rows of the source hotel's content. */
    snapshot: jsonb('snapshot').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_libraries_brand_idx').on(t.brandId)],
);

/**
 * Files a snapshot names (a library's, or an introduction item's last passed review): the same
 * uploads, not copies; the reference keeps the sweep of unreferenced uploads off them.
 */
export const resourceFileRefs = pgTable(
  'resource_file_refs',
  {
    /** `library` or `review`. */
    kind: varchar('kind', { length: 10 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ownerId, t.fileId] })],
);

/**
 * A version of a library sent to hotels of the brand (`/libresource/version`): published at once or at
 * `publishAt` (pending until then), cancelled while pending or after. `target` all: every hotel of
 * the brand; hotels: those of `resource_version_hotels`.
 */
export const resourceVersions = pgTable(
  'resource_versions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    libraryId: integer('library_id')
      .notNull()
      .references(() => resourceLibraries.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }),
    target: varchar('target', { length: 10 }).notNull(),
    /** pending, published, cancelled. */
    state: varchar('state', { length: 12 }).notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_versions_brand_idx').on(t.brandId, t.state)],
);

export const resourceVersionHotels = pgTable(
  'resource_version_hotels',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => resourceVersions.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.hotelId] }), index('resource_version_hotels_hotel_idx').on(t.hotelId)],
);

/**
 * The review of one introduction item of a hotel that requires its brand's review
 * (`/res_review/intro_list`): `pending` the row as last written, `passed` the row its TVs show (the
 * last one passed; null: never passed, not shown).
 */
export const introReviews = pgTable(
  'intro_reviews',
  {
    itemId: integer('item_id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    /** review, pass, fail. */
    state: varchar('state', { length: 10 }).notNull(),
    reason: text('reason'),
    pending: jsonb('pending').notNull(),
    passed: jsonb('passed'),
    reviewedBy: integer('reviewed_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('intro_reviews_brand_idx').on(t.brandId, t.state)],
);
