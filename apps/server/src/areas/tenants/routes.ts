import { idSchema, pagingShape, PERMISSIONS, records, recordTitle, translate, type FieldDef, type Lang } from '@htv/shared';
import { ROOM_AUTHORIZATION_OPTIONS, TAG_TYPE_OPTIONS } from '@htv/shared/areas/tenants/records';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userProjectList } from '../access/projects.js';
import { roleNameSql } from '../access/system.js';
import { can, type Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { brands, files, hotels, recordTables, roles, subBrands, users } from '../../db/schema/index.js';
import { titleSql } from '../../records/engine.js';
import { readableFiles, readerOf } from '../../files/access.js';
import { excelOnly, uploadedSpreadsheet } from '../../files/excel.js';
import { invalidateConfig } from '../devices/config.js';
import type { Storage } from '../../files/storage.js';
import { forbidden, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { hotelCounts, roomList } from './counts.js';
import { hotelQuota, terminalQuota } from './quota.js';
import { brandInReach, hotelInReach, userInReach } from './reach.js';
import { registerTenantRecords } from './records.js';
import { BULK_FIELDS, bulkBody, createRooms, roomsOfRange, roomsOfWorkbook, roomTemplate, type BulkBody } from './rooms.js';
import { readSetting, writeSetting } from './settings.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const idParams = z.object({ id: idSchema });
const paging = {
  ...pagingShape(),
  keyword: z.string().trim().max(100).optional(),
};
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Loose field declarations that name request fields in validation messages. */
const field = (zh: string, en: string): FieldDef => ({ kind: 'int', required: true, schema: z.unknown(), label: t(zh, en) });
const FIELDS = {
  hotel_id: field('酒店', 'Hotel'),
  user_id: field('账号', 'Account'),
  key: field('设置项', 'Setting'),
  value: field('设置值', 'Value'),
  type: field('类型', 'Type'),
  fileId: field('文件', 'File'),
  file: field('文件', 'File'),
};

/** Hotels of a list, with the counts the brand-level hotel list shows. */
async function hotelItems(db: Db, rows: { id: number; publicId: string; name: string; brandId: number; subBrandId: number | null; subBrandName: string | null; city: string | null; managerUserId: number | null }[]) {
  const counts = await hotelCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, ...counts.get(r.id)! }));
}

/**
 * Tenancy screens beyond the generated record lists:
 * - `GET /api/brands/:id/hotels`: the brand-level hotel list with unauthorized / TV / terminal / room counts.
 * - `GET /api/brands/:id/quota`: the brand's hotel and terminal limits and usage.
 * - `GET /api/hotels/:id/rooms`: a hotel's rooms with their terminals' registration and authorization.
 * - `POST /api/hotels/:id/rooms/bulk` (range) and `POST /api/hotels/:id/rooms/import` (Excel), with
 *   `GET /api/hotels/:id/rooms/template`, the sheet to fill in.
 * - `GET /api/web/get_hotel_info_by_key`, `POST /api/web/set_hotel_info_by_key`: hotel settings by key.
 * - `GET /api/web/hotel/get_hotel_list`, `GET /api/web/hotel/get_hotel_users`,
 *   `POST /api/web/hotel/transfer_hotel_manager`: hotels of a user, accounts of a hotel, the manager.
 * - `GET /api/web/tag/get_hotel_tag_list`: tags of a type.
 * Every id (path, query or body) outside the caller's reach answers 404.
 */
export function registerTenants(app: FastifyInstance, db: Db, storage: Storage) {
  registerTenantRecords();
  const tags = ['tenants'];

  // --- brand-level lists ------------------------------------------------------------------------

  const brandHotelsQuery = z.object({ ...paging, subBrandId: idSchema.optional() });
  app.get(
    '/api/brands/:id/hotels',
    {
      schema: { params: idParams, querystring: brandHotelsQuery, tags, summary: 'Hotels of a brand with unauthorized, TV, terminal and room counts (computed from the rows)' },
      config: { auth: { userTypes: [1, 2] } },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!can(actor, actor.userType === 1 ? 'brand.read' : 'hotel.read')) throw forbidden();
      const brand = await brandInReach(db, actor, (request.params as { id: number }).id);
      const q = request.query as z.infer<typeof brandHotelsQuery>;
      const where = and(
        eq(hotels.brandId, brand.id),
        q.subBrandId ? eq(hotels.subBrandId, q.subBrandId) : undefined,
        q.keyword ? or(ilike(hotels.name, escapeLike(q.keyword)), ilike(hotels.nameEn, escapeLike(q.keyword)), ilike(hotels.publicId, escapeLike(q.keyword))) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: hotels.id,
            publicId: hotels.publicId,
            name: titleSql('hotel', request.lang),
            brandId: hotels.brandId,
            subBrandId: hotels.subBrandId,
            subBrandName: sql<string | null>`${titleSql('subBrand', request.lang)}`,
            city: hotels.city,
            managerUserId: hotels.managerUserId,
          })
          .from(hotels)
          .leftJoin(subBrands, eq(subBrands.id, hotels.subBrandId))
          .where(where)
          .orderBy(desc(hotels.id))
          .limit(q.pagesize)
          .offset((q.page - 1) * q.pagesize),
        db.select({ n: sql<number>`count(*)::int` }).from(hotels).where(where),
      ]);
      return ok({
        brand: { id: brand.id, code: brand.code, name: brand.name, hotelLimit: brand.hotelLimit, terminalLimit: brand.terminalLimit },
        items: await hotelItems(db, rows),
        total: count?.n ?? 0,
        page: q.page,
        pagesize: q.pagesize,
      });
    },
  );

  app.get(
    '/api/brands/:id/quota',
    { schema: { params: idParams, tags, summary: "A brand's hotel and terminal limits (null: none) and how many it uses" }, config: { auth: { userTypes: [1, 2] } } },
    async (request) => {
      const actor = actorOf(request);
      const brand = await brandInReach(db, actor, (request.params as { id: number }).id);
      const [hotelsUsed, terminalsUsed] = await Promise.all([hotelQuota(db, brand.id), terminalQuota(db, brand.id)]);
      return ok({ brand_id: brand.id, hotels: hotelsUsed, terminals: terminalsUsed });
    },
  );

  // --- rooms ------------------------------------------------------------------------------------

  const roomsQuery = z.object({
    ...paging,
    floor: z.string().trim().max(10).optional(),
    building: z.string().trim().max(20).optional(),
    authorization: z.enum(Object.keys(ROOM_AUTHORIZATION_OPTIONS) as ['unauthorized', 'authorized']).optional(),
  });
  app.get(
    '/api/hotels/:id/rooms',
    {
      schema: { params: idParams, querystring: roomsQuery, tags, summary: "A hotel's rooms: number, terminals, first registration, authorization and its time" },
      config: { auth: { userTypes: [1, 2, 3], permission: 'room.read' } },
    },
    async (request) => {
      const hotel = await hotelInReach(db, actorOf(request), (request.params as { id: number }).id);
      const list = await roomList(db, hotel.id, request.query as z.infer<typeof roomsQuery>);
      return ok({ hotel: { id: hotel.id, publicId: hotel.publicId, name: recordTitle(records.hotel, hotel, request.lang) }, ...list });
    },
  );

  app.post(
    '/api/hotels/:id/rooms/bulk',
    {
      schema: { params: idParams, body: bulkBody, tags, summary: 'Creates the rooms of a range of floors × room numbers (at most 5000, all or nothing)' },
      config: { auth: { userTypes: [1, 2, 3], permission: 'room.create' }, fields: BULK_FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      const hotel = await hotelInReach(db, actor, (request.params as { id: number }).id);
      const list = roomsOfRange(request.body as BulkBody);
      return ok(await createRooms(db, actor, hotel, list, 'room_bulk_create', request.ip));
    },
  );

  const importBody = z.strictObject({ fileId: z.string().uuid() });
  app.post(
    '/api/hotels/:id/rooms/import',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Creates rooms from an .xlsx sheet: multipart field `file`, or `{fileId}` of an upload with rule `spreadsheet` (at most 5000, all or nothing)',
      },
      config: { auth: { userTypes: [1, 2, 3], permission: 'room.create' }, fields: FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      const hotel = await hotelInReach(db, actor, (request.params as { id: number }).id);
      const list = request.isMultipart() ? await roomsOfWorkbook(await uploadedSpreadsheet(request), 'file') : await roomsOfWorkbook(await storedBytes(actor, request.body), 'fileId');
      return ok(await createRooms(db, actor, hotel, list, 'room_import', request.ip));
    },
  );

  app.get(
    '/api/hotels/:id/rooms/template',
    {
      schema: { params: idParams, tags, summary: 'The .xlsx template of the room import: header row in the request language and an example row' },
      config: { auth: { userTypes: [1, 2, 3], permission: 'room.create' } },
    },
    async (request, reply) => {
      await hotelInReach(db, actorOf(request), (request.params as { id: number }).id);
      const name = `${translate('tenants.roomTemplateFile', request.lang)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="rooms-template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(await roomTemplate(request.lang));
    },
  );

  async function storedBytes(actor: Actor, body: unknown): Promise<Buffer> {
    const parsed = importBody.safeParse(body);
    if (!parsed.success) throw invalidFields({ fileId: { key: 'upload.required' } });
    const [file] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, parsed.data.fileId), readableFiles(readerOf(actor))))
      .limit(1);
    if (!file) throw invalidFields({ fileId: { key: 'upload.badRef', params: { field: FIELDS.fileId.label } } });
    if (file.rule !== 'spreadsheet') throw excelOnly('fileId');
    const stored = await storage.get(file.storageKey);
    if (!stored) throw invalidFields({ fileId: { key: 'upload.badRef', params: { field: FIELDS.fileId.label } } });
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  // --- hotel settings by key --------------------------------------------------------------------

  const keyQuery = z.object({ key: z.string().trim().min(1).max(60), hotel_id: idSchema.optional() });
  app.get(
    '/api/web/get_hotel_info_by_key',
    { schema: { querystring: keyQuery, tags, summary: 'One hotel setting: `key` of HOTEL_SETTINGS; `hotel_id` for platform and brand users' }, config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query as z.infer<typeof keyQuery>;
      const hotel = await hotelInReach(db, actor, q.hotel_id);
      return ok(readSetting(actor, hotel, q.key));
    },
  );

  const setQuery = z.object({ key: z.string().trim().min(1).max(60).optional(), value: z.string().max(20_000).optional(), hotel_id: idSchema.optional() });
  const setBody = z.object({ key: z.string().trim().min(1).max(60).optional(), value: z.unknown().optional(), hotel_id: idSchema.optional() }).optional();
  app.post(
    '/api/web/set_hotel_info_by_key',
    {
      schema: { querystring: setQuery, body: setBody, tags, summary: 'Sets one hotel setting: `key` and `value` in the query (as the spec) or the body; `hotel_id` for platform and brand users' },
      config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query as z.infer<typeof setQuery>;
      const b = (request.body ?? {}) as NonNullable<z.infer<typeof setBody>>;
      const key = b.key ?? q.key;
      if (!key) throw invalidFields({ key: { key: 'validation.required', params: { field: FIELDS.key.label } } });
      const hotel = await hotelInReach(db, actor, b.hotel_id ?? q.hotel_id);
      const written = await writeSetting(db, actor, hotel, key, 'value' in b ? b.value : q.value, request.ip);
      // The TVs' parts read some settings (the screensaver's times, the exchange base, the feature flags).
      invalidateConfig({ hotelId: hotel.id });
      return ok(written);
    },
  );

  // --- hotels of a user, accounts of a hotel, the manager ---------------------------------------

  const hotelListQuery = z.object({ user_id: idSchema.optional() });
  app.get(
    '/api/web/hotel/get_hotel_list',
    { schema: { querystring: hotelListQuery, tags, summary: "Hotels a user works in (the caller's when `user_id` is absent), inside the caller's reach" }, config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const userId = (request.query as z.infer<typeof hotelListQuery>).user_id;
      let condition: SQL | undefined;
      let target: { id: number; userType: number } = { id: actor.userId, userType: actor.userType };
      if (userId === undefined || userId === actor.userId) {
        // One's own: the session's tenancy (a login-as session works in the entered brand or hotel).
        if (actor.userType === 2) condition = eq(hotels.brandId, actor.brandId ?? -1);
        if (actor.userType === 3) {
          const own = await userProjectList(db, actor.userId, request.lang);
          const ids = own.userType === 3 && actor.parentSessionId === null ? own.projects.map((p) => p.id) : [actor.hotelId ?? -1];
          condition = inArray(hotels.id, ids.length ? ids : [-1]);
        }
      } else {
        if (actor.userType !== 3 && !can(actor, 'hotel.read')) throw forbidden();
        const user = await userInReach(db, actor, userId);
        target = { id: user.id, userType: user.userType };
        const { projects } = await userProjectList(db, user.id);
        const ids = projects.map((p) => p.id);
        if (user.userType === 3) condition = inArray(hotels.id, ids.length ? ids : [-1]);
        if (user.userType === 2) condition = inArray(hotels.brandId, ids.length ? ids : [-1]);
        if (actor.userType === 2) condition = and(condition, eq(hotels.brandId, actor.brandId ?? -1));
        if (actor.userType === 3) condition = and(condition, eq(hotels.id, actor.hotelId ?? -1));
      }
      const rows = await db
        .select({ id: hotels.id, publicId: hotels.publicId, name: titleSql('hotel', request.lang), brandId: hotels.brandId, brandName: titleSql('brand', request.lang), subBrandId: hotels.subBrandId, managerUserId: hotels.managerUserId })
        .from(hotels)
        .innerJoin(brands, eq(brands.id, hotels.brandId))
        .where(condition)
        .orderBy(asc(hotels.id))
        .limit(1000);
      return ok({
        user_id: target.id,
        list: rows.map((r) => ({ id: r.id, public_id: r.publicId, name: r.name, brand_id: r.brandId, brand_name: r.brandName, sub_brand_id: r.subBrandId, is_manager: r.managerUserId === target.id })),
        total: rows.length,
      });
    },
  );

  const hotelUsersQuery = z.object({ hotel_id: idSchema.optional(), has_manager: flag.optional() });
  app.get(
    '/api/web/hotel/get_hotel_users',
    {
      schema: { querystring: hotelUsersQuery, tags, summary: 'Accounts of a hotel and its manager; `has_manager=0` leaves the manager out (transfer targets)' },
      config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.userType !== 3 && !can(actor, 'hotelAccount.read')) throw forbidden();
      const q = request.query as z.infer<typeof hotelUsersQuery>;
      const hotel = await hotelInReach(db, actor, q.hotel_id);
      const includeManager = q.has_manager ?? true;
      const rows = await db
        .select({ id: users.id, loginName: users.loginName, name: users.name, email: users.email, enabled: users.enabled, roleId: users.roleId, roleName: roleNameSql(roles, request.lang), lastLoginAt: users.lastLoginAt })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.userType, 3), eq(users.hotelId, hotel.id)))
        .orderBy(asc(users.id));
      return ok({
        hotel_id: hotel.id,
        manager_id: hotel.managerUserId,
        list: rows
          .filter((r) => includeManager || r.id !== hotel.managerUserId)
          .map((r) => ({
            id: r.id,
            login_name: r.loginName,
            name: r.name,
            email: r.email,
            enabled: r.enabled,
            role_id: r.roleId,
            role_name: r.roleName,
            last_login_at: r.lastLoginAt,
            is_manager: r.id === hotel.managerUserId,
          })),
      });
    },
  );

  const transferBody = z.strictObject({ hotel_id: idSchema, user_id: idSchema });
  app.post(
    '/api/web/hotel/transfer_hotel_manager',
    {
      schema: { body: transferBody, tags, summary: "Makes another enabled account of the hotel its manager (the platform, the hotel's brand, or the current manager)" },
      config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as z.infer<typeof transferBody>;
      const hotel = await hotelInReach(db, actor, body.hotel_id);
      if (actor.userType === 3 ? hotel.managerUserId !== actor.userId : !can(actor, PERMISSIONS.hotelManagerTransfer)) throw forbidden();
      const user = await userInReach(db, actor, body.user_id);
      if (user.userType !== 3 || user.hotelId !== hotel.id || !user.enabled) throw invalidFields({ user_id: { key: 'tenants.managerNotInHotel' } });
      const previous = await db.transaction(async (tx) => {
        const [current] = await tx.select({ managerUserId: hotels.managerUserId }).from(hotels).where(eq(hotels.id, hotel.id)).for('update');
        if (!current) throw notFound();
        if (current.managerUserId === user.id) return current.managerUserId;
        await tx.update(hotels).set({ managerUserId: user.id, updatedAt: new Date() }).where(eq(hotels.id, hotel.id));
        await writeOpLog(tx, actor, { action: 'hotel_manager_transfer', recordType: 'hotel', recordId: hotel.id, before: { manager_id: current.managerUserId }, after: { manager_id: user.id } }, request.ip);
        return current.managerUserId;
      });
      return ok({ hotel_id: hotel.id, manager_id: user.id, previous_manager_id: previous });
    },
  );

  // --- tags -------------------------------------------------------------------------------------

  const tagQuery = z.object({ type: z.enum(Object.keys(TAG_TYPE_OPTIONS) as [keyof typeof TAG_TYPE_OPTIONS]).optional() });
  app.get(
    '/api/web/tag/get_hotel_tag_list',
    { schema: { querystring: tagQuery, tags, summary: 'Tags of a type (all types without `type`), larger sort first; `name` in the request language' }, config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS } },
    async (request) => {
      const tagTable = recordTables.tag!;
      const type = (request.query as z.infer<typeof tagQuery>).type;
      const rows = await db
        .select()
        .from(tagTable)
        .where(type ? eq(tagTable.type, type) : undefined)
        .orderBy(desc(tagTable.sort), asc(tagTable.id))
        .limit(1000);
      const lang: Lang = request.lang;
      return ok({
        list: rows.map((r) => ({ id: r.id, name: lang === 'en-US' ? r.nameEn : r.nameZh, name_zh: r.nameZh, name_en: r.nameEn, type: r.type, is_search: r.searchable, sort: r.sort })),
      });
    },
  );
}
