import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/** Brands (hotel chains): the second tenancy level. */
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 40 }).notNull(),
  ...timestamps(),
});

/** Hotels (branches): the third tenancy level. `publicId` is the 7-character id shown to people and TVs. */
export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    publicId: varchar('public_id', { length: 7 }).notNull().unique(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: varchar('name', { length: 300 }).notNull(),
    ...timestamps(),
  },
  (t) => [index('hotels_brand_idx').on(t.brandId)],
);

/** Roles carry permission strings; a super role has every permission of its user type. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  userType: integer('user_type').notNull(),
  brandId: integer('brand_id').references(() => brands.id),
  hotelId: integer('hotel_id').references(() => hotels.id),
  name: varchar('name', { length: 20 }).notNull(),
  isSuper: boolean('is_super').notNull().default(false),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps(),
});

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
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_login_name_idx').on(sql`lower(${t.loginName})`)],
);

/** Opaque session tokens, stored as SHA-256 hashes; the expiry slides with use. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The tenancy this session currently works in (project selector, login-as). */
    userType: integer('user_type').notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    /** Session this one was entered from by login-as, to return to. */
    parentSessionId: integer('parent_session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    ...timestamps(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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
  (t) => [index('operation_logs_at_idx').on(t.at), index('operation_logs_record_idx').on(t.recordType, t.recordId)],
);

/** Uploaded files; the bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    rule: varchar('rule', { length: 40 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id'),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_tenant_idx').on(t.brandId, t.hotelId)],
);
