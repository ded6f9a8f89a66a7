import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';
import { recordTables } from '../../db/schema/records.js';

/**
 * Tables of the device side. The `terminals` table itself is generated from the `terminal` record
 * declaration (packages/shared/src/records/terminals.ts); these hold what the declaration does not:
 * tokens, presence, logs, alarms, daily counts and per-hotel device settings.
 */
const terminalId = () =>
  integer('terminal_id')
    .notNull()
    .references(() => recordTables.terminal!.id, { onDelete: 'cascade' });

/** One device token per terminal, stored as a SHA-256 hash; re-registering replaces it, unbinding deletes it. */
export const terminalTokens = pgTable('terminal_tokens', {
  terminalId: terminalId().primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The hot, narrow row a heartbeat updates (kept apart from the wide `terminals` row so heartbeats
 * write small HOT updates; `terminals.online` only changes on transitions).
 */
export const terminalPresence = pgTable('terminal_presence', {
  terminalId: terminalId().primaryKey(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** Day (server's stats day) of the last heartbeat: the first heartbeat of a day counts the terminal active. */
  lastActiveDay: date('last_active_day', { mode: 'string' }),
});

/**
 * Heartbeat log, appended in batches; rows older than the retention (DEVICE_HEARTBEAT_LOG_DAYS) are
 * deleted by a periodic job. No foreign key and no primary key: inserts stay cheap.
 */
export const terminalHeartbeats = pgTable(
  'terminal_heartbeats',
  {
    terminalId: integer('terminal_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    state: varchar('state', { length: 20 }),
    ip: varchar('ip', { length: 45 }),
    publicIp: varchar('public_ip', { length: 45 }),
    softwareVersion: varchar('software_version', { length: 40 }),
    otaVersion: varchar('ota_version', { length: 40 }),
    controlVersion: varchar('control_version', { length: 40 }),
  },
  (t) => [index('terminal_heartbeats_terminal_at_idx').on(t.terminalId, t.at), index('terminal_heartbeats_at_brin').using('brin', t.at)],
);

/** Boot records (tv_open_record): one row each time a TV reports it was switched on. */
export const terminalBootRecords = pgTable(
  'terminal_boot_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    terminalId: integer('terminal_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 45 }),
    publicIp: varchar('public_ip', { length: 45 }),
    softwareVersion: varchar('software_version', { length: 40 }),
    launcher: varchar('launcher', { length: 20 }),
  },
  (t) => [index('terminal_boot_records_terminal_at_idx').on(t.terminalId, t.at), index('terminal_boot_records_at_brin').using('brin', t.at)],
);

/**
 * State history (/operation/terminal_state/log): registered, assigned, authorized, disabled, recovered,
 * unbound, online, offline. The owner columns are the terminal's owner when it happened, so a hotel
 * keeps the history of a terminal it has unbound.
 */
export const terminalStateLogs = pgTable(
  'terminal_state_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    terminalId: integer('terminal_id').notNull(),
    mac: varchar('mac', { length: 12 }).notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    state: varchar('state', { length: 20 }).notNull(),
    detail: varchar('detail', { length: 200 }),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 64 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('terminal_state_logs_terminal_idx').on(t.terminalId, t.at),
    index('terminal_state_logs_at_idx').on(t.at),
    index('terminal_state_logs_brand_idx').on(t.brandId, t.at),
    index('terminal_state_logs_hotel_idx').on(t.hotelId, t.at),
  ],
);

/**
 * Alarms derived from what terminals report: `ipOutsideWhitelist` (stolen-use: heartbeats from an
 * address outside the hotel's whitelist), `snChanged` (a MAC re-registered with another SN) and
 * `movedOut` (a terminal registered into another hotel). One row per terminal, kind and owner; a new
 * occurrence after it was resolved opens it again.
 */
export const terminalAlarms = pgTable(
  'terminal_alarms',
  {
    id: serial('id').primaryKey(),
    terminalId: terminalId(),
    kind: varchar('kind', { length: 30 }).notNull(),
    /**
     * The owner the alarm is shown to when it is not the terminal's current one (`movedOut`: the hotel
     * the terminal left and its brand); null: the alarm follows the terminal's owner.
     */
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    ip: varchar('ip', { length: 45 }),
    detail: varchar('detail', { length: 200 }),
    hits: integer('hits').notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: varchar('resolved_by', { length: 64 }),
  },
  (t) => [
    unique('terminal_alarms_terminal_kind_owner_uq').on(t.terminalId, t.kind, t.hotelId).nullsNotDistinct(),
    index('terminal_alarms_hotel_idx').on(t.hotelId),
    index('terminal_alarms_last_idx').on(t.lastAt),
  ],
);

/** Daily counts for the home chart: active terminals (heard that day) and registrations, per owner (0 = none). */
export const terminalDailyStats = pgTable(
  'terminal_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull().default(0),
    hotelId: integer('hotel_id').notNull().default(0),
    active: integer('active').notNull().default(0),
    registered: integer('registered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.brandId, t.hotelId] }), index('terminal_daily_stats_hotel_idx').on(t.hotelId, t.day)],
);

/**
 * Device settings of a hotel: the server IP whitelist its TVs must report from (stolen-use alarms). The
 * install code's secret is a column of `hotels` (created with the hotel).
 */
export const hotelDeviceSettings = pgTable('hotel_device_settings', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  ipWhitelist: text('ip_whitelist').array().notNull().default(sql`'{}'::text[]`),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Configuration generations shared by every server process (PostgreSQL, several processes): one row
 * per scope that changed (`fleet` with key 0, `brand`, `hotel`, `terminal` with its id). A terminal's
 * stamp is the sum of its four generations, so every process answers the same stamp, and any bump
 * changes it. The embedded one-process server keeps them in memory only (docs/scaling.md).
 */
export const configGenerations = pgTable(
  'config_generations',
  {
    scope: varchar('scope', { length: 10 }).notNull(),
    key: integer('key').notNull(),
    gen: bigint('gen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
