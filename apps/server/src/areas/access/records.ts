import { LANGS, records, type UserType } from '@htv/shared';
import { and, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { permissionNodes, roles, users } from '../../db/schema/index.js';
import { conflict, forbidden, invalidFields, notFound } from '../../http/errors.js';
import { setLocalTitle, type Row, type WriteContext } from '../../records/engine.js';
import { addRecordHooks, type RecordHooks } from '../../records/hooks.js';
import { setRowAccess } from '../../tenancy/scope.js';
import { isSystemRole, roleNameSql, systemRoleName } from './system.js';

/**
 * Server rules of the access records (packages/shared/src/records/access.ts), which the record engine
 * serves from the core tables:
 * - accounts (adminAccount, brandAccount, hotelAccount over `users`): each list holds one user type;
 *   the password is write-only (hashed here, never returned, empty on update keeps it); login names
 *   are unique regardless of case; a role must be of the account's type (the declaration's `match`,
 *   checked by the engine) and level and not grant more than the writer holds, and a writer without a
 *   super role cannot change or delete an account whose role holds more than it does; changing a
 *   password or disabling an account ends its sessions.
 * - roles: a brand sees its own roles and the platform's roles of types 2 and 3 (to assign them), but
 *   changes only its own; system roles cannot be renamed or deleted, and show their names in the
 *   request language; the user type is fixed after creation.
 * - permission nodes: the parent must be of the same user type and not below the node itself.
 */

type RoleRow = typeof roles.$inferSelect;

/** Whether an actor may give a role to an account: never more than the actor holds at its own level. */
export function canAssignRole(actor: Actor, role: Pick<RoleRow, 'isSuper' | 'userType' | 'permissions'>): boolean {
  if (actor.isSuper) return true;
  if (role.isSuper) return false;
  if (role.userType !== actor.userType) return true;
  return role.permissions.every((p) => actor.permissions.has(p));
}

const ACCOUNT_RECORDS = { 1: 'adminAccount', 2: 'brandAccount', 3: 'hotelAccount' } as const satisfies Record<UserType, keyof typeof records>;

/** The role of an existing account: a writer may only change or remove accounts it could have created. */
async function guardAccount(ctx: WriteContext, account: Row): Promise<void> {
  if (ctx.actor.isSuper || account.id === ctx.actor.userId) return;
  const [role] = await ctx.db.select().from(roles).where(eq(roles.id, account.roleId as number));
  if (!role || !canAssignRole(ctx.actor, role)) throw forbidden();
}

/** Platform super administrators that stay enabled when `without` are removed or changed. */
async function remainingSupers(db: Db, without: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.userType, 1), eq(users.enabled, true), eq(roles.isSuper, true), without.length ? notInArray(users.id, without) : undefined));
  return row?.n ?? 0;
}

function accountHooks(userType: UserType): RecordHooks {
  const def = records[ACCOUNT_RECORDS[userType]];
  return {
    hidden: ['passwordHash'],
    async beforeWrite(ctx: WriteContext, values: Record<string, unknown>, existing: Row | null) {
      const out = { ...values };
      const password = out.password;
      delete out.password;
      if (typeof password === 'string' && password !== '') out.passwordHash = await hashPassword(password);
      else if (!existing) throw invalidFields({ password: { key: 'access.passwordRequired' } });
      if (!existing) out.userType = userType;
      if (ctx.actor.userType !== 1) delete out.isAuthUser;

      if (typeof out.loginName === 'string') {
        const [taken] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(sql`lower(${users.loginName})`, out.loginName.toLowerCase()), existing ? ne(users.id, existing.id) : undefined))
          .limit(1);
        if (taken) throw invalidFields({ loginName: { key: 'error.duplicate', params: { field: def.fields.loginName.label } } });
      }

      const roleId = out.roleId as number | undefined;
      if (roleId !== undefined && roleId !== existing?.roleId) {
        const [role] = await ctx.db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
        if (!role) throw notFound();
        // A role of another brand or hotel: there to the platform, but not for this account.
        const account = existing ?? out;
        const foreign = (role.brandId !== null && role.brandId !== (account.brandId ?? null)) || (role.hotelId !== null && role.hotelId !== (account.hotelId ?? null));
        if (foreign) throw invalidFields({ roleId: { key: 'validation.refNotFound', params: { field: def.fields.roleId.label } } });
        if (!canAssignRole(ctx.actor, role)) throw invalidFields({ roleId: { key: 'access.roleNotAssignable' } });
      }

      if (existing) {
        await guardAccount(ctx, existing);
        if (existing.id === ctx.actor.userId && out.enabled === false) throw invalidFields({ enabled: { key: 'access.cannotDisableSelf' } });
        if (userType === 1 && (out.enabled === false || (roleId !== undefined && roleId !== existing.roleId))) {
          const [role] = roleId === undefined ? [] : await ctx.db.select({ isSuper: roles.isSuper }).from(roles).where(eq(roles.id, roleId));
          const staysSuper = out.enabled !== false && (roleId === undefined || role?.isSuper === true);
          if (!staysSuper && (await remainingSupers(ctx.db, [existing.id])) === 0) throw conflict('access.lastSuperAdmin');
        }
        // A new password or a disabled account ends the account's sessions (the writer's own stays).
        if (out.passwordHash || out.enabled === false) {
          await revokeUserSessions(ctx.db, existing.id, existing.id === ctx.actor.userId ? [ctx.actor.sessionId] : []);
        }
      }
      return out;
    },
    async beforeDelete(ctx: WriteContext, rows: Row[]) {
      if (rows.some((row) => row.id === ctx.actor.userId)) throw conflict('access.cannotDeleteSelf');
      for (const row of rows) await guardAccount(ctx, row);
      if (userType === 1 && (await remainingSupers(ctx.db, rows.map((r) => r.id))) === 0) throw conflict('access.lastSuperAdmin');
    },
  };
}

const roleHooks: RecordHooks = {
  beforeWrite(ctx, values, existing) {
    const actor = ctx.actor;
    if (existing) {
      // Brands see the platform's roles (to assign them) but only change their own.
      if (actor.userType !== 1 && existing.brandId !== actor.brandId) throw forbidden();
      if (!canAssignRole(actor, existing as unknown as RoleRow)) throw forbidden();
      if (values.userType !== undefined && values.userType !== existing.userType) throw invalidFields({ userType: { key: 'access.userTypeFixed' } });
      const key = existing.key as string | null;
      if (key && values.name !== undefined) {
        // A system role's name is fixed; the form sends back the one it showed (stored, or the catalogue's).
        const shown = [existing.name, ...(isSystemRole(key) ? LANGS.map((lang) => systemRoleName(key, lang)) : [])];
        if (!shown.includes(values.name)) throw invalidFields({ name: { key: 'access.systemRole' } });
        const { name: _name, ...rest } = values;
        return rest;
      }
    } else if (actor.userType !== 1 && values.userType !== 2 && values.userType !== 3) {
      throw invalidFields({ userType: { key: 'access.userTypeNotAllowed' } });
    }
    return values;
  },
  beforeDelete(ctx, rows) {
    for (const row of rows) {
      if (row.key) throw conflict('access.systemRole');
      if (ctx.actor.userType !== 1 && row.brandId !== ctx.actor.brandId) throw forbidden();
      if (!canAssignRole(ctx.actor, row as unknown as RoleRow)) throw forbidden();
    }
  },
};

const permissionNodeHooks: RecordHooks = {
  async beforeWrite(ctx, values, existing) {
    if (existing && values.userType !== undefined && values.userType !== existing.userType) throw invalidFields({ userType: { key: 'access.userTypeFixed' } });
    const userType = (values.userType ?? existing?.userType) as number;
    const parentId = values.parentId as number | null | undefined;
    // The parent's user type is the declaration's `match`, checked by the engine. Walking up from the
    // new parent, meeting the node itself would make a cycle.
    let cursor: number | null = existing ? (parentId ?? null) : null;
    for (let depth = 0; cursor !== null && depth < 50; depth++) {
      if (cursor === existing!.id) throw invalidFields({ parentId: { key: 'access.parentCycle' } });
      const [up]: { parentId: number | null }[] = await ctx.db.select({ parentId: permissionNodes.parentId }).from(permissionNodes).where(eq(permissionNodes.id, cursor));
      cursor = up?.parentId ?? null;
    }
    const route = (values.route ?? existing?.route) as string;
    const [taken] = await ctx.db
      .select({ id: permissionNodes.id })
      .from(permissionNodes)
      .where(and(eq(permissionNodes.userType, userType), eq(permissionNodes.route, route), existing ? ne(permissionNodes.id, existing.id) : undefined))
      .limit(1);
    if (taken) throw invalidFields({ route: { key: 'error.duplicate', params: { field: records.permissionNode.fields.route.label } } });
    return values;
  },
};

let registered = false;

/** Registers the hooks and row rules once per process (the engine's registries are module-wide). */
export function registerAccessRecords(): void {
  if (registered) return;
  registered = true;
  for (const userType of [1, 2, 3] as const) {
    addRecordHooks(ACCOUNT_RECORDS[userType], accountHooks(userType));
    setRowAccess(ACCOUNT_RECORDS[userType], (table, _actor, base) => and(base, eq(table.userType, userType)));
  }
  addRecordHooks('role', roleHooks);
  setLocalTitle('role', roleNameSql);
  setRowAccess('role', (table, actor, base) => {
    if (actor.userType !== 2) return base;
    if (actor.brandId === null) return sql`false`;
    return or(eq(table.brandId, actor.brandId), and(isNull(table.brandId), inArray(table.userType, [2, 3])));
  });
  addRecordHooks('permissionNode', permissionNodeHooks);
}
