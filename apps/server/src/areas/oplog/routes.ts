import { idSchema, OPLOG_ACTIONS, pagingShape, PERMISSIONS, USER_TYPE_NAMES, type Lang, type UserType } from '@htv/shared';
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, operationLogs } from '../../db/schema/index.js';
import { ok } from '../../http/reply.js';
import { nameObjects } from './objects.js';
import { titleSql } from '../../records/engine.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const when = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.invalid' });

const logQuery = z.object({
  ...pagingShape(),
  /** 1 chief admin, 2 brand manager, 3 hotel manager. */
  user_type: z.coerce.number().int().min(1).max(3).optional(),
  user_id: idSchema.optional(),
  /** Part of the user's name. */
  user_name: z.string().trim().max(64).optional(),
  action: z.string().trim().max(40).optional(),
  record_type: z.string().trim().max(60).optional(),
  /** From this instant (a date means its start), inclusive. */
  start: when.optional(),
  /** Until this instant (a date means its whole day), inclusive. */
  end: when.optional(),
  /** Platform only: one brand or hotel. */
  brand_id: idSchema.optional(),
  hotel_id: idSchema.optional(),
});
type LogQuery = z.infer<typeof logQuery>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows the actor may read: all for the platform, the brand's (its own and its hotels') for a brand, the hotel's for a hotel. */
export function logScope(actor: Actor): SQL | undefined {
  if (actor.userType === 1) return undefined;
  if (actor.userType === 2) return eq(operationLogs.brandId, actor.brandId ?? -1);
  return eq(operationLogs.hotelId, actor.hotelId ?? -1);
}

function conditions(actor: Actor, q: LogQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [logScope(actor)];
  if (q.user_type) parts.push(eq(operationLogs.userType, q.user_type));
  if (q.user_id) parts.push(eq(operationLogs.userId, q.user_id));
  if (q.user_name) parts.push(ilike(operationLogs.userName, `%${escapeLike(q.user_name)}%`));
  if (q.action) parts.push(eq(operationLogs.action, q.action));
  if (q.record_type) parts.push(eq(operationLogs.recordType, q.record_type));
  if (q.start) parts.push(gte(operationLogs.at, new Date(q.start)));
  if (q.end) {
    const end = new Date(q.end);
    if (DATE_ONLY.test(q.end)) end.setUTCDate(end.getUTCDate() + 1);
    else end.setTime(end.getTime() + 1);
    parts.push(lt(operationLogs.at, end));
  }
  if (q.brand_id) parts.push(eq(operationLogs.brandId, q.brand_id));
  if (q.hotel_id) parts.push(eq(operationLogs.hotelId, q.hotel_id));
  return and(...parts.filter(Boolean));
}

const actionName = (action: string, lang: Lang) => OPLOG_ACTIONS[action]?.[lang] ?? action;

/**
 * The operation log screen (/operation/action/log): `GET /api/operation/action/log` with filters by
 * user type, user, time range and action, paginated; `GET /api/operation/action/log/options` lists
 * the filter choices.
 */
export function registerOperationLog(app: FastifyInstance, db: Db) {
  const tags = ['operation log'];
  const auth = { auth: { userTypes: [1, 2, 3] as const, permission: PERMISSIONS.operationLogRead } };

  app.get('/api/operation/action/log', { schema: { tags, querystring: logQuery, summary: 'Operation log of the caller’s reach, newest first' }, config: auth }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as LogQuery;
    const where = conditions(actor, q);
    const [rows, [count]] = await Promise.all([
      db
        .select({ log: operationLogs, brandName: sql<string | null>`${titleSql('brand', request.lang)}`, hotelName: sql<string | null>`${titleSql('hotel', request.lang)}` })
        .from(operationLogs)
        .leftJoin(brands, eq(brands.id, operationLogs.brandId))
        .leftJoin(hotels, eq(hotels.id, operationLogs.hotelId))
        .where(where)
        .orderBy(desc(operationLogs.at), desc(operationLogs.id))
        .limit(q.pagesize)
        .offset((q.page - 1) * q.pagesize),
      db.select({ total: sql<number>`count(*)::int` }).from(operationLogs).where(where),
    ]);
    const lang = request.lang;
    const objects = await nameObjects(db, rows.map(({ log }) => log), lang);
    return ok({
      items: rows.map(({ log, brandName, hotelName }, at) => ({
        id: log.id,
        at: log.at,
        user_id: log.userId,
        user_name: log.userName,
        user_type: log.userType,
        user_type_name: log.userType ? USER_TYPE_NAMES[log.userType as UserType]?.[lang] ?? null : null,
        brand_id: log.brandId,
        brand_name: brandName,
        hotel_id: log.hotelId,
        hotel_name: hotelName,
        action: log.action,
        action_name: actionName(log.action, lang),
        record_type: log.recordType,
        record_id: log.recordId,
        record_type_name: objects[at]!.typeName,
        record_title: objects[at]!.title,
        before: log.before,
        after: log.after,
        ip: log.ip,
      })),
      total: count?.total ?? 0,
      page: q.page,
      pagesize: q.pagesize,
    });
  });

  app.get('/api/operation/action/log/options', { schema: { tags, summary: 'Choices of the log filters' }, config: auth }, async (request) => {
    const lang = request.lang;
    return ok({
      user_types: Object.entries(USER_TYPE_NAMES).map(([value, name]) => ({ value: Number(value), label: name[lang] })),
      actions: Object.entries(OPLOG_ACTIONS).map(([value, name]) => ({ value, label: name[lang] })),
    });
  });
}
