import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { brands, hotels, users } from '../../db/schema/core.js';
import { recordTables } from '../../db/schema/records.js';

/**
 * A hotel's channel list (`/tvlist`) in its order (`/channel_sorting`): each row one channel its TVs
 * show, a platform channel or one of its own. A channel not listed is not shown. The TVs number them
 * 1, 2, 3… by `position`.
 */
export const channelLineup = pgTable(
  'channel_lineup',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id').notNull().references(() => hotels.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => recordTables.channel!.id, { onDelete: 'cascade' }),
    hotelChannelId: integer('hotel_channel_id').references(() => recordTables.hotelChannel!.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    index('channel_lineup_hotel_idx').on(table.hotelId, table.position),
    uniqueIndex('channel_lineup_platform_uq').on(table.hotelId, table.channelId),
    uniqueIndex('channel_lineup_own_uq').on(table.hotelId, table.hotelChannelId),
  ],
);

/**
 * Programmes of the platform's guide (XMLTV imports), by EPG id: a channel's `epgId` names its
 * programmes. Only a window of days is kept (docs/channels.md).
 */
export const channelProgrammes = pgTable(
  'channel_programmes',
  {
    id: serial('id').primaryKey(),
    epgId: varchar('epg_id', { length: 100 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
  },
  (table) => [index('channel_programmes_epg_idx').on(table.epgId, table.startsAt), index('channel_programmes_end_idx').on(table.endsAt)],
);

/**
 * An uploaded M3U playlist waiting for its preview to be applied: the channels read from it, kept for
 * an hour for the user who uploaded it (any server process may answer the apply).
 */
export const channelImports = pgTable('channel_imports', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  channels: jsonb('channels').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
