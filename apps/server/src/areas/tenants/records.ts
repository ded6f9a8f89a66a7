import { records, type RecordDef } from '@htv/shared';
import { splitWhitelist } from '@htv/shared/areas/tenants/records';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isIP } from 'node:net';
import { hashPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/client.js';
import { brands, hotelDeviceSettings, hotels, oemUsers, recordTables, roles, sessions, subBrands, users, type RecordTable } from '../../db/schema/index.js';
import { allRuntimes } from '../devices/runtime.js';
import { conflict, invalidFields } from '../../http/errors.js';
import type { Row, WriteContext } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';
import { setRowAccess } from '../../tenancy/scope.js';
import { brandCounts, hotelCounts, roomTerminals, subBrandHotelCounts } from './counts.js';
import { assertHotelQuota, hotelQuota, terminalQuota } from './quota.js';

/**
 * Server rules of the tenancy records (packages/shared/src/records/tenants.ts):
 * - brand: code unique regardless of case; limits not below the current counts; counts on read;
 *   deletable only without hotels, accounts or other data.
 * - hotel: generated 7-character public id; hotel quota; the sub-brand must be the hotel's brand's;
 *   AP password required from version 3.0 (its declared `requiredWhen`, checked for every record in
 *   records/hooks.ts); the IP whitelist (validated entry by entry) is stored with
 *   the hotel's device settings, the one list the device side checks; counts and the manager on read;
 *   deletable only without accounts, terminals or other data.
 * - sub-brand and room: counts and terminal state on read.
 * - hotel accounts: the first account of a hotel becomes its manager; the manager cannot be disabled
 *   or deleted while the hotel has other accounts (transfer first).
 * - OEM accounts (hashed write-only password), brand shares (≤ 100% per manufacturer), PMS parameters
 *   (a JSON object), tags (name unique within a type).
 */

const p = (values: unknown[]) => sql.param(values);

// --- shared helpers -----------------------------------------------------------------------------

/** Checks every whitelist entry (an IPv4/IPv6 address or a CIDR subnet) and returns them normalised. */
export function parseWhitelist(value: unknown): string[] {
  const entries = splitWhitelist(typeof value === 'string' ? value : '');
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!family || extra !== undefined || !prefixOk) throw invalidFields({ ipWhitelist: { key: 'tenants.badIp', params: { value: entry } } });
  }
  if (!entries.length) throw invalidFields({ ipWhitelist: { key: 'validation.required', params: { field: records.hotel.fields.ipWhitelist.label } } });
  return entries;
}

/** A 7-digit public id no hotel has (the spec's "source hotel id exactly 7 chars"). */
async function newPublicId(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = String(1_000_000 + Math.floor(Math.random() * 9_000_000));
    const [taken] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.publicId, candidate)).limit(1);
    if (!taken) return candidate;
  }
  throw new Error('no free hotel public id');
}

/** Record types with rows owned by a brand or hotel that a delete must not orphan (one per table). */
function ownedTables(skip: ReadonlySet<string>): { def: RecordDef; table: RecordTable; hasHotel: boolean }[] {
  const seen = new Set<RecordTable>();
  const out: { def: RecordDef; table: RecordTable; hasHotel: boolean }[] = [];
  for (const def of Object.values(records as Record<string, RecordDef>)) {
    if (def.scope === 'platform' || skip.has(def.name)) continue;
    const table = recordTables[def.name]!;
    if (seen.has(table)) continue;
    seen.add(table);
    out.push({ def, table, hasHotel: def.scope !== 'brand' });
  }
  return out;
}

const NOT_DATA = new Set(['brandAccount', 'hotelAccount', 'adminAccount', 'role', 'hotel', 'subBrand', 'room', 'terminal']);

async function assertNoOwnedRows(db: Db, owner: { brandId?: number; hotelId?: number }, label: RecordDef['label']): Promise<void> {
  for (const { def, table, hasHotel } of ownedTables(NOT_DATA)) {
    if (owner.hotelId !== undefined && !hasHotel) continue;
    const where = owner.hotelId !== undefined ? eq(table.hotelId, owner.hotelId) : eq(table.brandId, owner.brandId!);
    const [used] = await db.select({ id: table.id }).from(table).where(where).limit(1);
    if (used) throw conflict('error.inUse', { record: label, by: def.label });
  }
}

// --- brands -------------------------------------------------------------------------------------

async function brandBeforeWrite(ctx: WriteContext, values: Record<string, unknown>, existing: Row | null) {
  if (typeof values.code === 'string') {
    const [taken] = await ctx.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(sql`lower(${brands.code})`, values.code.toLowerCase()), existing ? ne(brands.id, existing.id) : undefined))
      .limit(1);
    if (taken) throw invalidFields({ code: { key: 'error.duplicate', params: { field: records.brand.fields.code.label } } });
  }
  if (existing) {
    if (typeof values.hotelLimit === 'number' && values.hotelLimit !== existing.hotelLimit) {
      const { used } = await hotelQuota(ctx.db, existing.id);
      if (values.hotelLimit < used) throw invalidFields({ hotelLimit: { key: 'tenants.limitBelowUsage', params: { count: used } } });
    }
    if (typeof values.terminalLimit === 'number' && values.terminalLimit !== existing.terminalLimit) {
      const { used } = await terminalQuota(ctx.db, existing.id);
      if (values.terminalLimit < used) throw invalidFields({ terminalLimit: { key: 'tenants.limitBelowUsage', params: { count: used } } });
    }
  }
  return values;
}

async function brandBeforeDelete(ctx: WriteContext, rows: Row[]) {
  const ids = rows.map((r) => r.id);
  const [hotel] = await ctx.db.select({ id: hotels.id }).from(hotels).where(inArray(hotels.brandId, ids)).limit(1);
  if (hotel) throw conflict('tenants.brandHasHotels');
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.brandId, ids)).limit(1);
  if (user) throw conflict('tenants.brandHasAccounts');
  for (const id of ids) await assertNoOwnedRows(ctx.db, { brandId: id }, records.brand.label);
  const [share] = await ctx.db.select({ id: recordTables.oemBrandShare!.id }).from(recordTables.oemBrandShare!).where(inArray(recordTables.oemBrandShare!.shareBrandId, ids)).limit(1);
  if (share) throw conflict('error.inUse', { record: records.brand.label, by: records.oemBrandShare.label });
  // What belongs to the brand alone goes with it: its sub-brands and roles; sessions working in it end.
  await ctx.db.delete(subBrands).where(inArray(subBrands.brandId, ids));
  await ctx.db.delete(roles).where(inArray(roles.brandId, ids));
  await ctx.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(inArray(sessions.brandId, ids), isNull(sessions.revokedAt)));
}

// --- hotels -------------------------------------------------------------------------------------

/** Whitelists of hotels being created, by public id, until their row exists (written after commit). */
const pendingWhitelists = new Map<string, string[]>();

async function saveWhitelist(db: Db, hotelId: number, entries: string[], userId: number) {
  await db
    .insert(hotelDeviceSettings)
    .values({ hotelId, ipWhitelist: entries, updatedBy: userId })
    .onConflictDoUpdate({ target: hotelDeviceSettings.hotelId, set: { ipWhitelist: entries, updatedBy: userId, updatedAt: new Date() } });
}

async function hotelBeforeWrite(ctx: WriteContext, values: Record<string, unknown>, existing: Row | null) {
  const out = { ...values };
  const brandId = (existing?.brandId ?? out.brandId) as number;
  if (!existing) await assertHotelQuota(ctx.db, brandId);

  const subBrandId = out.subBrandId as number | null | undefined;
  if (subBrandId) {
    const [sub] = await ctx.db.select({ brandId: subBrands.brandId }).from(subBrands).where(eq(subBrands.id, subBrandId));
    if (!sub || sub.brandId !== brandId) throw invalidFields({ subBrandId: { key: 'tenants.subBrandOtherBrand' } });
  }

  let whitelist: string[] | undefined;
  if ('ipWhitelist' in out) {
    whitelist = parseWhitelist(out.ipWhitelist);
    delete out.ipWhitelist;
  }
  for (const computed of ['roomCount', 'terminalCount', 'managerName']) delete out[computed];

  if (existing) {
    if (whitelist) await saveWhitelist(ctx.db, existing.id, whitelist, ctx.actor.userId);
  } else {
    out.publicId = await newPublicId(ctx.db);
    if (whitelist) {
      // Entries of creations that failed after this point are dropped once the map grows.
      if (pendingWhitelists.size > 1000) pendingWhitelists.clear();
      pendingWhitelists.set(out.publicId as string, whitelist);
    }
  }
  return out;
}

async function hotelBeforeDelete(ctx: WriteContext, rows: Row[]) {
  const ids = rows.map((r) => r.id);
  const t = recordTables.terminal!;
  const [terminal] = await ctx.db.select({ id: t.id }).from(t).where(inArray(t.hotelId, ids)).limit(1);
  if (terminal) throw conflict('tenants.hotelHasTerminals');
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.hotelId, ids)).limit(1);
  if (user) throw conflict('tenants.hotelHasAccounts');
  for (const id of ids) await assertNoOwnedRows(ctx.db, { hotelId: id }, records.hotel.label);
  // Rooms, device settings and extra-project links go with the hotel (cascades); login-as sessions in it end.
  await ctx.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(inArray(sessions.hotelId, ids), isNull(sessions.revokedAt)));
}

async function hotelAfterRead(db: Db, rows: Row[]) {
  const ids = rows.map((r) => r.id);
  const [counts, lists, managers] = await Promise.all([
    hotelCounts(db, ids),
    db.select({ hotelId: hotelDeviceSettings.hotelId, list: hotelDeviceSettings.ipWhitelist }).from(hotelDeviceSettings).where(inArray(hotelDeviceSettings.hotelId, ids)),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, rows.map((r) => r.managerUserId as number | null).filter((v): v is number => v !== null).concat(-1))),
  ]);
  const whitelist = new Map(lists.map((l) => [l.hotelId, l.list.join('\n')]));
  const managerName = new Map(managers.map((m) => [m.id, m.name]));
  for (const row of rows) {
    const c = counts.get(row.id)!;
    row.roomCount = c.roomCount;
    row.terminalCount = c.terminalCount;
    row.ipWhitelist = whitelist.get(row.id) || null;
    row.managerName = row.managerUserId === null ? null : (managerName.get(row.managerUserId as number) ?? null);
  }
}

// --- hotel accounts and managers ----------------------------------------------------------------

async function isManager(db: Db, userId: number): Promise<{ id: number } | undefined> {
  const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.managerUserId, userId)).limit(1);
  return hotel;
}

async function otherAccounts(db: Db, hotelId: number, except: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, 3), eq(users.hotelId, hotelId), sql`${users.id} <> all(${p(except)}::int[])`));
  return row?.n ?? 0;
}

// --- other records ------------------------------------------------------------------------------

const shareTable = () => recordTables.oemBrandShare!;
const tagTable = () => recordTables.tag!;

let registered = false;

/** Registers the hooks and row rules once per process (the engine's registries are module-wide). */
export function registerTenantRecords(): void {
  if (registered) return;
  registered = true;

  addRecordHooks('brand', {
    beforeWrite: brandBeforeWrite,
    beforeDelete: brandBeforeDelete,
    async afterRead(ctx, rows) {
      const counts = await brandCounts(ctx.db, rows.map((r) => r.id));
      for (const row of rows) Object.assign(row, counts.get(row.id));
    },
  });

  addRecordHooks('subBrand', {
    async afterRead(ctx, rows) {
      const counts = await subBrandHotelCounts(ctx.db, rows.map((r) => r.id));
      for (const row of rows) row.hotelCount = counts.get(row.id) ?? 0;
    },
  });

  addRecordHooks('hotel', {
    // The install secret is shown and rotated through the hotel's device settings (terminal permissions), not in lists or exports.
    hidden: ['settings', 'installSecret'],
    beforeWrite: hotelBeforeWrite,
    beforeDelete: hotelBeforeDelete,
    afterRead: (ctx, rows) => hotelAfterRead(ctx.db, rows),
    async afterCommit(ctx, change) {
      for (const row of change.rows) {
        if (change.action === 'create') {
          const pending = pendingWhitelists.get(row.publicId as string);
          pendingWhitelists.delete(row.publicId as string);
          if (pending) await saveWhitelist(ctx.db, row.id, pending, ctx.actor.userId);
        }
        if (change.action !== 'delete') for (const runtime of allRuntimes()) runtime.invalidateWhitelist(row.id);
      }
    },
  });
  // A hotel user sees its own hotel (custom routes reuse the engine's reads).
  setRowAccess('hotel', (table, actor, base) => (actor.userType === 3 ? (actor.hotelId === null ? sql`false` : eq(table.id, actor.hotelId)) : base));

  addRecordHooks('room', {
    async afterRead(ctx, rows) {
      const info = await roomTerminals(ctx.db, rows.map((r) => r.id));
      for (const row of rows) Object.assign(row, info.get(row.id));
    },
    beforeWrite(_ctx, values) {
      const out = { ...values };
      for (const name of ['terminalCount', 'registeredAt', 'authorization', 'authorizedAt']) delete out[name];
      return out;
    },
  });

  addRecordHooks('hotelAccount', {
    async beforeWrite(ctx, values, existing) {
      if (existing && values.enabled === false && existing.enabled !== false) {
        const managed = await isManager(ctx.db, existing.id);
        if (managed && (await otherAccounts(ctx.db, managed.id, [existing.id])) > 0) throw invalidFields({ enabled: { key: 'tenants.managerDisable' } });
      }
      return values;
    },
    async beforeDelete(ctx, rows) {
      const ids = rows.map((r) => r.id);
      const managed = await ctx.db.select({ id: hotels.id }).from(hotels).where(inArray(hotels.managerUserId, ids));
      for (const hotel of managed) if ((await otherAccounts(ctx.db, hotel.id, ids)) > 0) throw conflict('tenants.managerDelete');
    },
    async afterCommit(ctx, change) {
      if (change.action !== 'create') return;
      // The first account of a hotel becomes its manager.
      for (const row of change.rows) {
        if (row.hotelId === null || row.hotelId === undefined) continue;
        await ctx.db
          .update(hotels)
          .set({ managerUserId: row.id })
          .where(and(eq(hotels.id, row.hotelId as number), isNull(hotels.managerUserId)));
      }
    },
  });

  addRecordHooks('oemUser', {
    hidden: ['passwordHash'],
    async beforeWrite(ctx, values, existing) {
      const out = { ...values };
      const password = out.password;
      delete out.password;
      if (typeof password === 'string' && password !== '') out.passwordHash = await hashPassword(password);
      else if (!existing) throw invalidFields({ password: { key: 'access.passwordRequired' } });
      if (typeof out.loginName === 'string') {
        const [taken] = await ctx.db
          .select({ id: oemUsers.id })
          .from(oemUsers)
          .where(and(eq(sql`lower(${oemUsers.loginName})`, out.loginName.toLowerCase()), existing ? ne(oemUsers.id, existing.id) : undefined))
          .limit(1);
        if (taken) throw invalidFields({ loginName: { key: 'error.duplicate', params: { field: records.oemUser.fields.loginName.label } } });
      }
      return out;
    },
  });

  addRecordHooks('oemBrandShare', {
    async beforeWrite(ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values } as { oemCustomerId: number; shareBrandId: number; percent: number };
      const s = shareTable();
      const others = await ctx.db
        .select({ brand: s.shareBrandId, percent: s.percent })
        .from(s)
        .where(and(eq(s.oemCustomerId, merged.oemCustomerId), existing ? ne(s.id, existing.id) : undefined))
        .for('update');
      if (others.some((o) => o.brand === merged.shareBrandId)) throw invalidFields({ shareBrandId: { key: 'error.duplicate', params: { field: records.oemBrandShare.fields.shareBrandId.label } } });
      const total = Math.round((others.reduce((sum, o) => sum + Number(o.percent), 0) + Number(merged.percent)) * 100) / 100;
      if (total > 100) throw invalidFields({ percent: { key: 'tenants.shareTotal', params: { total } } });
      return values;
    },
  });

  addRecordHooks('pmsVendor', {
    beforeWrite(_ctx, values) {
      const params = values.params;
      if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params))) throw invalidFields({ params: { key: 'tenants.jsonObject' } });
      return values;
    },
  });

  addRecordHooks('tag', {
    async beforeWrite(ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values } as { type: string; nameZh: string };
      const t = tagTable();
      const [taken] = await ctx.db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.type, merged.type), eq(t.nameZh, merged.nameZh), existing ? ne(t.id, existing.id) : undefined))
        .limit(1);
      if (taken) throw invalidFields({ nameZh: { key: 'tenants.tagDuplicate' } });
      return values;
    },
  });
}
