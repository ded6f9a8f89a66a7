import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/**
 * Brands (customers: hotel chains, manufacturers): the second tenancy level. Record `brand`
 * (packages/shared/src/records/tenants.ts). `hotelLimit` / `terminalLimit` are the platform's quotas
 * (null: no limit).
 */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    type: varchar('type', { length: 40 }).notNull().default('chain'),
    defaultResource: varchar('default_resource', { length: 40 }).notNull().default('standard'),
    brandCustomer: boolean('brand_customer').notNull().default(false),
    qualityTesting: boolean('quality_testing').notNull().default(false),
    salesExperience: boolean('sales_experience').notNull().default(false),
    standardResources: boolean('standard_resources').notNull().default(false),
    remarks: varchar('remarks', { length: 100 }),
    hotelLimit: integer('hotel_limit'),
    terminalLimit: integer('terminal_limit'),
    /** Upload storage of the brand and of each of its hotels in MB; null: the configured default. */
    uploadQuotaMb: integer('upload_quota_mb'),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  // The name ends in _code_uq so the record engine reports a duplicate on the code field.
  (t) => [uniqueIndex('brands_code_uq').on(sql`lower(${t.code})`)],
);

/** Sub-brands (hotel groups) of a brand: record `subBrand`. Names are unique within the brand. */
export const subBrands = pgTable(
  'sub_brands',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: varchar('name', { length: 20 }).notNull(),
    nameEn: varchar('name_en', { length: 60 }),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 100 }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sub_brands_name_uq').on(t.brandId, t.name)],
);

/**
 * Hotels (branches): the third tenancy level, record `hotel`. `publicId` is the 7-character id shown
 * to people and TVs. Columns have defaults so a bare insert (tests, tools) makes a valid hotel; the
 * hotel form's own rules (whitelist, AP password) apply when the form saves. `settings` holds the
 * per-key settings that are not columns (`HOTEL_SETTINGS`); `managerUserId` is the one manager among
 * the hotel's accounts.
 */
export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    publicId: varchar('public_id', { length: 7 }).notNull().unique(),
    /**
     * The secret half of the install code (`<publicId>-<installSecret>`): 8 random digits drawn by the
     * database (gen_random_uuid is strongly random) for every new hotel and again on rotation (`DEFAULT`).
     */
    installSecret: varchar('install_secret', { length: 8 })
      .notNull()
      .default(sql`lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint) % 100000000)::text, 8, '0')`),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    subBrandId: integer('sub_brand_id').references(() => subBrands.id),
    name: varchar('name', { length: 300 }).notNull(),
    nameEn: varchar('name_en', { length: 300 }),
    industry: varchar('industry', { length: 40 }).notNull().default('hotel'),
    systemVersion: varchar('system_version', { length: 40 }).notNull().default('3.0'),
    city: varchar('city', { length: 40 }),
    address: varchar('address', { length: 30 }),
    apSsid: varchar('ap_ssid', { length: 32 }),
    apPassword: varchar('ap_password', { length: 16 }),
    themeSource: varchar('theme_source', { length: 40 }).notNull().default('brand'),
    introSource: varchar('intro_source', { length: 40 }).notNull().default('brand'),
    reviewRequired: boolean('review_required').notNull().default(false),
    authUser: boolean('auth_user').notNull().default(false),
    pictureFrame: boolean('picture_frame').notNull().default(false),
    pictureFrameInterval: integer('picture_frame_interval').notNull().default(10),
    pm25: boolean('pm25').notNull().default(false),
    aiVoice: boolean('ai_voice').notNull().default(false),
    weatherVer: integer('weather_ver').notNull().default(2),
    bootsVer: integer('boots_ver').notNull().default(2),
    channelVer: integer('channel_ver').notNull().default(2),
    citysVer: integer('citys_ver').notNull().default(2),
    rcuConfig: jsonb('rcu_config'),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    managerUserId: integer('manager_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The PMS vendor the hotel uses (record `pmsVendor`, a generated table: the engine's in-use check guards deletes). */
    pmsVendorId: integer('pms_vendor_id'),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('hotels_brand_idx').on(t.brandId),
    index('hotels_sub_brand_id_idx').on(t.subBrandId),
    index('hotels_city_idx').on(t.city),
    index('hotels_pms_vendor_id_idx').on(t.pmsVendorId),
  ],
);

/** Rooms of a hotel: record `room`; the number is unique in the hotel. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 16 }).notNull(),
    floor: varchar('floor', { length: 10 }),
    building: varchar('building', { length: 20 }),
    roomType: varchar('room_type', { length: 20 }),
    remark: varchar('remark', { length: 100 }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rooms_number_uq').on(t.hotelId, t.number), index('rooms_tenant_idx').on(t.brandId, t.hotelId)],
);

/**
 * Roles carry permission strings; a super role has every permission of its user type. A role belongs
 * to the level that created it (brandId null: the platform's). `key` names the system roles the code
 * relies on ('platform.super', 'brand.master', 'hotel.admin', 'hotel.super').
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 40 }).unique(),
  userType: integer('user_type').notNull(),
  brandId: integer('brand_id').references(() => brands.id),
  hotelId: integer('hotel_id').references(() => hotels.id),
  name: varchar('name', { length: 20 }).notNull(),
  isSuper: boolean('is_super').notNull().default(false),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  createdBy: integer('created_by'),
  ...timestamps(),
});

/**
 * Users of the three types. `brandId` / `hotelId` are the home project (the tenancy a login starts
 * in); further brands or hotels of multi-project users are in `user_projects`.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: integer('user_type').notNull(),
    loginName: varchar('login_name', { length: 64 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    email: varchar('email', { length: 100 }),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    brandId: integer('brand_id').references(() => brands.id),
    hotelId: integer('hotel_id').references(() => hotels.id),
    enabled: boolean('enabled').notNull().default(true),
    isAuthUser: boolean('is_auth_user').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set for an account whose password someone else chose (the first administrator): only a password change is open to it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    // The name ends in _login_name_uq so a race past the hook's check still reports on the loginName field.
    uniqueIndex('users_login_name_uq').on(sql`lower(${t.loginName})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_tenant_idx').on(t.brandId, t.hotelId),
  ],
);

/**
 * Extra projects of multi-project users: brands of a type-2 user (hotelId null), hotels of a type-3
 * user (with the hotel's brand). The home project in `users` is not repeated here.
 */
export const userProjects = pgTable(
  'user_projects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_projects_uq').on(t.userId, t.brandId, sql`coalesce(${t.hotelId}, 0)`)],
);

/**
 * The permission tree (/systems/permissions): per user type, menu groups, pages and their buttons.
 * `route` is the permission string (a group's is its menu path); seeded from the shared route table.
 */
export const permissionNodes = pgTable(
  'permission_nodes',
  {
    id: serial('id').primaryKey(),
    userType: integer('user_type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => permissionNodes.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 40 }).notNull(),
    titleEn: varchar('title_en', { length: 60 }),
    route: varchar('route', { length: 60 }).notNull(),
    sort: integer('sort').notNull().default(0),
    icon: varchar('icon', { length: 40 }),
    hidden: boolean('hidden').notNull().default(false),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('permission_nodes_route_uq').on(t.userType, t.route), index('permission_nodes_parent_idx').on(t.parentId)],
);

/**
 * Opaque session tokens, stored as SHA-256 hashes; the expiry slides with use. A rotated token's
 * predecessor stays valid for a short grace period (`previousTokenHash`, `rotatedAt`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    previousTokenHash: varchar('previous_token_hash', { length: 64 }),
    /** When the current token was issued. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The tenancy this session currently works in (project selector, login-as). */
    userType: integer('user_type').notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    /** Role of a login-as session (the super role of the entered level); null: the user's own role. */
    roleId: integer('role_id').references(() => roles.id),
    /** Session this one was entered from by login-as, to return to. */
    parentSessionId: integer('parent_session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    ...timestamps(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_previous_token_idx').on(t.previousTokenHash), index('sessions_parent_idx').on(t.parentSessionId)],
);

/** Messages the platform sends to brand and hotel users (at most 1000 characters). */
export const sentMessages = pgTable('messages', {
  id: serial('id').primaryKey(),
  content: varchar('content', { length: 1000 }).notNull(),
  senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
  senderName: varchar('sender_name', { length: 40 }),
  /** The targeting of the send: {brand_ids, hotel_ids, user_types}. */
  target: jsonb('target').notNull(),
  recipientCount: integer('recipient_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One message in one user's box: unread → read (has_read) → trash (remove_readed) → read (restore). */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => sentMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 10 }).notNull().default('unread'),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('message_recipients_uq').on(t.messageId, t.userId), index('message_recipients_box_idx').on(t.userId, t.state)],
);

/** Who did what to which row, with the row before and after. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userType: integer('user_type'),
    userName: varchar('user_name', { length: 64 }),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    action: varchar('action', { length: 40 }).notNull(),
    recordType: varchar('record_type', { length: 60 }),
    recordId: varchar('record_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('operation_logs_at_idx').on(t.at),
    index('operation_logs_record_idx').on(t.recordType, t.recordId),
    index('operation_logs_brand_idx').on(t.brandId, t.at),
    index('operation_logs_hotel_idx').on(t.hotelId, t.at),
  ],
);

/** Uploaded files; the bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    /** Bytes; bigint since firmware may pass 2G. */
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    rule: varchar('rule', { length: 40 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** MD5 of the bytes, computed while they streamed in (what TVs and the spec's duplicate check compare). */
    md5: varchar('md5', { length: 32 }),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_tenant_idx').on(t.brandId, t.hotelId)],
);

/**
 * Manufacturer (OEM) accounts, record `oemUser`: sign-ins of the vendor client, apart from the three
 * console user types. `oemCustomerId` names an `oemCustomer` row (checked by the record engine).
 */
export const oemUsers = pgTable(
  'oem_users',
  {
    id: serial('id').primaryKey(),
    oemCustomerId: integer('oem_customer_id').notNull(),
    loginName: varchar('login_name', { length: 64 }).notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 100 }),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('oem_users_login_name_uq').on(sql`lower(${t.loginName})`), index('oem_users_oem_customer_id_idx').on(t.oemCustomerId)],
);
