import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { brands, files, hotels } from '../../db/schema/core.js';
import { recordTables } from '../../db/schema/records.js';

/**
 * A rollout: one package (firmware, control package or app version) released to its targets in
 * waves. The package's facts (file, size, hashes, version) are copied when it is created, so a later
 * edit of the package never changes what TVs of a running rollout install.
 */
export const releaseRollouts = pgTable(
  'release_rollouts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    /** ota, control or app (RELEASE_KINDS). */
    kind: varchar('kind', { length: 10 }).notNull(),
    packageId: integer('package_id').notNull(),
    packageTitle: varchar('package_title', { length: 100 }).notNull(),
    /** An app's package name; '' for firmware and the control package (one of each per terminal). */
    packageName: varchar('package_name', { length: 60 }).notNull().default(''),
    versionName: varchar('version_name', { length: 64 }).notNull(),
    versionCode: integer('version_code'),
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'restrict' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** Models the package installs on (firmware: its model and compatible ones); empty: any. */
    compatibleModels: jsonb('compatible_models').$type<string[]>().notNull().default([]),
    /** RolloutState. */
    state: varchar('state', { length: 12 }).notNull(),
    /** Why a paused rollout paused: manual, errorThreshold or successNotReached. */
    pauseReason: varchar('pause_reason', { length: 20 }),
    targetKind: varchar('target_kind', { length: 10 }).notNull(),
    brandIds: integer('brand_ids').array().notNull().default([]),
    hotelIds: integer('hotel_ids').array().notNull().default([]),
    terminalIds: integer('terminal_ids').array().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    models: jsonb('models').$type<string[]>().notNull().default([]),
    distribution: varchar('distribution', { length: 10 }).notNull(),
    installType: varchar('install_type', { length: 14 }).notNull(),
    waves: jsonb('waves').$type<({ share: number } | { count: number })[]>().notNull(),
    successThreshold: smallint('success_threshold').notNull(),
    errorThreshold: smallint('error_threshold').notNull(),
    maxRetries: smallint('max_retries').notNull(),
    retryBaseSeconds: integer('retry_base_seconds').notNull(),
    windowStart: varchar('window_start', { length: 5 }),
    windowEnd: varchar('window_end', { length: 5 }),
    currentWave: smallint('current_wave').notNull().default(0),
    /** A wave resumed by hand after its error threshold paused it: it does not pause by itself again. */
    errorsAcceptedWave: smallint('errors_accepted_wave'),
    /** The sender's level (none: the platform). */
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    createdBy: varchar('created_by', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_rollouts_state_idx').on(t.state), index('release_rollouts_hotel_idx').on(t.hotelId)],
);

/** One terminal's action in a rollout: its wave, rank (MAC 4 … all 1), state, attempts and last failure. */
export const releaseActions = pgTable(
  'release_actions',
  {
    id: serial('id').primaryKey(),
    rolloutId: integer('rollout_id').notNull().references(() => releaseRollouts.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id').notNull().references(() => recordTables.terminal!.id, { onDelete: 'cascade' }),
    wave: smallint('wave').notNull(),
    rank: smallint('rank').notNull(),
    /** ActionState. */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    progress: smallint('progress').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }),
    failureCode: varchar('failure_code', { length: 40 }),
    failureReason: varchar('failure_reason', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('release_actions_rollout_terminal_idx').on(t.rolloutId, t.terminalId),
    index('release_actions_terminal_idx').on(t.terminalId),
    index('release_actions_wave_idx').on(t.rolloutId, t.wave, t.state),
  ],
);

/** The append-only history of each action: every state it passed, with the TV's code and reason. */
export const releaseActionEvents = pgTable(
  'release_action_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actionId: integer('action_id').notNull().references(() => releaseActions.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 16 }).notNull(),
    progress: smallint('progress'),
    code: varchar('code', { length: 40 }),
    reason: varchar('reason', { length: 300 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_action_events_action_idx').on(t.actionId)],
);

/** What each terminal has installed, as its successful actions reported it (firmware, control package, apps). */
export const terminalPackages = pgTable(
  'terminal_packages',
  {
    terminalId: integer('terminal_id').notNull().references(() => recordTables.terminal!.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    packageName: varchar('package_name', { length: 60 }).notNull(),
    versionName: varchar('version_name', { length: 64 }).notNull(),
    versionCode: integer('version_code'),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.kind, t.packageName] })],
);

/**
 * Which hotels a platform app is offered to (/hotelapp/list shows them beside the hotel's own): a row
 * naming neither brand nor hotel offers it to every hotel, one naming a brand to that brand's hotels,
 * one naming a hotel to that hotel. A platform app without rows is offered to no hotel.
 */
export const appOffers = pgTable(
  'app_offers',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull().references(() => recordTables.app!.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_offers_app_idx').on(t.appId), index('app_offers_brand_idx').on(t.brandId), index('app_offers_hotel_idx').on(t.hotelId)],
);
