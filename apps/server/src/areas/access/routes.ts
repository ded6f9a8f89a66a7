import { allowedRoutes, idSchema, permissionOf, records, type UserType } from '@htv/shared';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, roles, sessions, userProjects, users } from '../../db/schema/index.js';
import { conflict, forbidden, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { getRow } from '../../records/engine.js';
import { userProjectList } from './projects.js';
import { registerAccessRecords } from './records.js';
import { assignablePermissions, permissionTree } from './system.js';

const idParams = z.object({ id: idSchema });
const treeQuery = z.object({ user_type: z.coerce.number().int().min(1).max(3) });
const permissionsBody = z.object({ permissions: z.array(z.string().min(1).max(60)).max(2000) });
const projectsBody = z.object({ ids: z.array(idSchema).max(500) });

const PERMISSIONS_FIELDS = { permissions: { kind: 'json' as const, required: false, schema: z.unknown(), label: { 'zh-CN': '权限', 'en-US': 'Permissions' } } };
const PROJECTS_FIELDS = { ids: { kind: 'json' as const, required: false, schema: z.unknown(), label: { 'zh-CN': '项目', 'en-US': 'Projects' } } };

/**
 * Access screens beyond the generated record lists:
 * - `GET /api/access/routes`: the caller's route table entries it may open (menu data).
 * - `GET /api/access/permission-tree?user_type=`: the permission tree of a user type.
 * - `GET|PUT /api/access/roles/:id/permissions`: a role's permission strings (role-permission assignment).
 * - `GET|PUT /api/access/users/:id/projects`: the extra brands or hotels of a multi-project user.
 */
export function registerAccess(app: FastifyInstance, db: Db) {
  registerAccessRecords();
  const tags = ['access'];

  app.get('/api/access/routes', { schema: { tags, summary: 'Route table entries the caller may open' } }, async (request) => {
    const actor = actorOf(request);
    return ok({ user_type: actor.userType, routes: allowedRoutes(actor.userType, actor.isSuper ? ['*'] : [...actor.permissions]) });
  });

  app.get(
    '/api/access/permission-tree',
    { schema: { tags, querystring: treeQuery, summary: 'Permission tree of a user type' }, config: { auth: { userTypes: [1, 2], permission: permissionOf(records.role, 'read') } } },
    async (request) => {
      const actor = actorOf(request);
      const userType = (request.query as z.infer<typeof treeQuery>).user_type as UserType;
      if (actor.userType === 2 && userType === 1) throw forbidden();
      return ok(await permissionTree(db, userType));
    },
  );

  app.get(
    '/api/access/roles/:id/permissions',
    { schema: { tags, params: idParams, summary: 'A role, its permission strings and the tree to choose from' }, config: { auth: { userTypes: [1, 2], permission: permissionOf(records.role, 'read') } } },
    async (request) => {
      const actor = actorOf(request);
      const role = await getRow(db, records.role, actor, (request.params as { id: number }).id, request.lang);
      return ok({
        role: { id: role.id, name: role.name, user_type: role.userType, is_super: role.isSuper, brand_id: role.brandId, key: role.key },
        permissions: role.isSuper ? ['*'] : role.permissions,
        tree: await permissionTree(db, role.userType as UserType),
      });
    },
  );

  app.put(
    '/api/access/roles/:id/permissions',
    { schema: { tags, params: idParams, body: permissionsBody, summary: 'Sets the permission strings of a role' }, config: { auth: { userTypes: [1, 2], permission: permissionOf(records.role, 'update') }, fields: PERMISSIONS_FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const role = await getRow(db, records.role, actor, (request.params as { id: number }).id, request.lang);
      if (role.isSuper) throw conflict('access.superRolePermissions');
      if (actor.userType !== 1 && role.brandId !== actor.brandId) throw forbidden();
      const wanted = [...new Set((request.body as z.infer<typeof permissionsBody>).permissions)];
      const allowed = await assignablePermissions(db, role.userType as UserType);
      const unknown = wanted.find((p) => !allowed.has(p));
      if (unknown) throw invalidFields({ permissions: { key: 'access.unknownPermission', params: { key: unknown } } });
      if (!actor.isSuper && role.userType === actor.userType) {
        // Neither a role above the writer's rights nor rights the writer lacks.
        if (!(role.permissions as string[]).every((p) => actor.permissions.has(p))) throw forbidden();
        const notHeld = wanted.find((p) => !actor.permissions.has(p));
        if (notHeld) throw invalidFields({ permissions: { key: 'access.permissionNotHeld', params: { key: notHeld } } });
      }
      await db.transaction(async (tx) => {
        await tx.update(roles).set({ permissions: wanted, updatedAt: new Date() }).where(eq(roles.id, role.id as number));
        await writeOpLog(tx, actor, { action: 'role_permissions', recordType: 'role', recordId: role.id as number, before: { permissions: role.permissions }, after: { permissions: wanted } }, request.ip);
      });
      return ok({ permissions: wanted });
    },
  );

  /** The user behind a projects call, when the caller may manage that user's projects. */
  async function managedUser(request: Parameters<typeof actorOf>[0], userId: number, write: boolean) {
    const actor = actorOf(request);
    const [user] = await db.select({ id: users.id, userType: users.userType, brandId: users.brandId, hotelId: users.hotelId }).from(users).where(eq(users.id, userId));
    // A brand reaches the hotel accounts of its own brand; the platform reaches every brand and hotel account.
    if (!user || (actor.userType === 2 && (user.userType !== 3 || user.brandId !== actor.brandId))) throw notFound();
    if (user.userType !== 2 && user.userType !== 3) throw invalidFields({ ids: { key: 'access.projectUserType' } });
    const record = user.userType === 2 ? records.brandAccount : records.hotelAccount;
    if (!can(actor, permissionOf(record, write ? 'update' : 'read'))) throw forbidden();
    return { actor, user };
  }

  app.get(
    '/api/access/users/:id/projects',
    { schema: { tags, params: idParams, summary: 'Projects (brands or hotels) of a brand or hotel user' }, config: { auth: { userTypes: [1, 2] } } },
    async (request) => {
      const { user } = await managedUser(request, (request.params as { id: number }).id, false);
      const { projects } = await userProjectList(db, user.id, request.lang);
      const home = user.userType === 2 ? user.brandId : user.hotelId;
      return ok({ user_id: user.id, user_type: user.userType, home_id: home, projects });
    },
  );

  app.put(
    '/api/access/users/:id/projects',
    { schema: { tags, params: idParams, body: projectsBody, summary: 'Sets the extra projects of a brand or hotel user (the home project stays)' }, config: { auth: { userTypes: [1, 2] }, fields: PROJECTS_FIELDS } },
    async (request) => {
      const { actor, user } = await managedUser(request, (request.params as { id: number }).id, true);
      const home = user.userType === 2 ? user.brandId : user.hotelId;
      const ids = [...new Set((request.body as z.infer<typeof projectsBody>).ids)].filter((id) => id !== home);
      let rows: { id: number; brandId: number }[] = [];
      if (user.userType === 2) {
        // Only the platform gives a brand user further brands.
        if (actor.userType !== 1) throw forbidden();
        rows = ids.length ? (await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids))).map((b) => ({ id: b.id, brandId: b.id })) : [];
      } else {
        rows = ids.length
          ? await db
              .select({ id: hotels.id, brandId: hotels.brandId })
              .from(hotels)
              .where(and(inArray(hotels.id, ids), actor.userType === 2 ? eq(hotels.brandId, actor.brandId ?? -1) : undefined))
          : [];
      }
      if (rows.length !== ids.length) throw invalidFields({ ids: { key: 'validation.refNotFound', params: { field: PROJECTS_FIELDS.ids.label } } });
      const before = await userProjectList(db, user.id);
      await db.transaction(async (tx) => {
        await tx.delete(userProjects).where(eq(userProjects.userId, user.id));
        if (rows.length) {
          await tx.insert(userProjects).values(rows.map((r) => (user.userType === 2 ? { userId: user.id, brandId: r.id, hotelId: null } : { userId: user.id, brandId: r.brandId, hotelId: r.id })));
        }
        // Sessions of the user still working in a project it no longer has end now.
        const kept = [home, ...rows.map((r) => r.id)].filter((id): id is number => id !== null);
        const column = user.userType === 2 ? sessions.brandId : sessions.hotelId;
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.roleId), isNull(sessions.revokedAt), or(isNull(column), kept.length ? notInArray(column, kept) : sql`true`)));
        await writeOpLog(tx, actor, { action: 'user_projects', recordType: user.userType === 2 ? 'brandAccount' : 'hotelAccount', recordId: user.id, before: { projects: before.projects.map((p) => p.id) }, after: { projects: kept } }, request.ip);
      });
      return ok({ user_id: user.id, projects: (await userProjectList(db, user.id, request.lang)).projects });
    },
  );
}
