import { permissionKeys, permissionTreeSeed, translate, USER_TYPE_LIST, type Lang, type MessageKey, type PermissionTreeNode, type UserType } from '@htv/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { permissionNodes, roles, type RecordTable } from '../../db/schema/index.js';

/**
 * System roles: the spec's platform role 1 and brand master role 2 (super roles), the hotel
 * administrator role 3 (holds the hotel permission strings), and the hotel super role that a platform
 * or brand administrator works with after entering a hotel (login-as). They belong to the platform
 * (brandId null) and are found by `key`, not by id. Their names come from the message catalogue
 * (`role.system.<key>`, stored in Chinese).
 */
export const SYSTEM_ROLES = {
  'platform.super': { id: 1, userType: 1, isSuper: true },
  'brand.master': { id: 2, userType: 2, isSuper: true },
  'hotel.admin': { id: 3, userType: 3, isSuper: false },
  'hotel.super': { id: 4, userType: 3, isSuper: true },
} as const;
export type SystemRoleKey = keyof typeof SYSTEM_ROLES;

const nameKey = (key: SystemRoleKey): MessageKey => `role.system.${key}`;

/** A system role's name in a language. */
export const systemRoleName = (key: SystemRoleKey, lang: Lang) => translate(nameKey(key), lang);

/** Whether a role key is a system role's. */
export const isSystemRole = (key: string | null): key is SystemRoleKey => key !== null && Object.hasOwn(SYSTEM_ROLES, key);

/** A role's name in a language, in SQL over a `roles` table (or an alias of it): system roles' from the catalogue, others' as stored. */
export function roleNameSql(table: Pick<typeof roles, 'key' | 'name'> | RecordTable, lang: Lang): SQL<string> {
  const names = (Object.keys(SYSTEM_ROLES) as SystemRoleKey[]).map((key) => sql`when ${key} then ${systemRoleName(key, lang)}`);
  return sql<string>`(case ${table.key} ${sql.join(names, sql` `)} else ${table.name} end)`;
}

/** The super role of each user type: the role of a login-as session at that level. */
export const SUPER_ROLE_OF: Record<UserType, SystemRoleKey> = { 1: 'platform.super', 2: 'brand.master', 3: 'hotel.super' };

/** Every permission string of a user type known to the code (the route table and record actions). */
export function staticPermissions(userType: UserType): string[] {
  return permissionKeys(userType);
}

/** Id of a system role; created (without a fixed id) when the database has none yet. */
export async function systemRoleId(db: Db, key: SystemRoleKey): Promise<number> {
  const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, key)).limit(1);
  if (found) return found.id;
  const spec = SYSTEM_ROLES[key];
  await db
    .insert(roles)
    .values({ key, userType: spec.userType, name: systemRoleName(key, 'zh-CN'), isSuper: spec.isSuper, permissions: spec.isSuper ? [] : staticPermissions(spec.userType) })
    .onConflictDoNothing({ target: roles.key });
  const [created] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, key)).limit(1);
  return created!.id;
}

/**
 * Inserts the system roles with the spec's ids (1-4) into an empty roles table and moves the id
 * sequence past 10, so roles created later are 11 and above ("roles of 10 and above need the
 * permission string").
 */
export async function seedSystemRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(
      Object.entries(SYSTEM_ROLES).map(([key, spec]) => ({
        id: spec.id,
        key,
        userType: spec.userType,
        name: systemRoleName(key as SystemRoleKey, 'zh-CN'),
        isSuper: spec.isSuper,
        permissions: spec.isSuper ? [] : staticPermissions(spec.userType),
      })),
    )
    .onConflictDoNothing();
  await db.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest(10, (select max(id) from roles)))`);
}

/** Fills the permission tree of each user type from the route table, when that type has no nodes yet. */
export async function seedPermissionTree(db: Db): Promise<number> {
  let inserted = 0;
  for (const userType of USER_TYPE_LIST) {
    const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(permissionNodes).where(eq(permissionNodes.userType, userType));
    if ((existing?.n ?? 0) > 0) continue;
    const ids = new Map<string, number>();
    for (const node of permissionTreeSeed(userType)) {
      const [row] = await db
        .insert(permissionNodes)
        .values({
          userType,
          parentId: node.parent ? (ids.get(node.parent) ?? null) : null,
          title: node.title['zh-CN'],
          titleEn: node.title['en-US'],
          route: node.route,
          sort: node.sort,
          icon: node.icon ?? null,
          hidden: node.hidden ?? false,
        })
        .returning({ id: permissionNodes.id });
      ids.set(node.route, row!.id);
      inserted++;
    }
  }
  return inserted;
}

/** Permission strings a role of `userType` may hold: the code's and the permission tree's. */
export async function assignablePermissions(db: Db, userType: UserType): Promise<Set<string>> {
  const nodes = await db.select({ route: permissionNodes.route }).from(permissionNodes).where(eq(permissionNodes.userType, userType));
  return new Set([...staticPermissions(userType), ...nodes.map((n) => n.route)]);
}


/** The permission tree of a user type, nested, larger sort first. */
export async function permissionTree(db: Db, userType: UserType): Promise<PermissionTreeNode[]> {
  const rows = await db.select().from(permissionNodes).where(eq(permissionNodes.userType, userType));
  const nodes = new Map<number, PermissionTreeNode & { parentId: number | null }>();
  for (const r of rows) nodes.set(r.id, { id: r.id, key: r.route, title: r.title, titleEn: r.titleEn, sort: r.sort, hidden: r.hidden, icon: r.icon, parentId: r.parentId, children: [] });
  const roots: PermissionTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: PermissionTreeNode[]) => {
    list.sort((a, b) => b.sort - a.sort || a.id - b.id);
    for (const n of list) order(n.children);
  };
  order(roots);
  const strip = (n: PermissionTreeNode & { parentId?: number | null }): PermissionTreeNode => {
    const { parentId: _parentId, ...rest } = n;
    return { ...rest, children: n.children.map(strip) };
  };
  return roots.map(strip);
}
