import { exactFilters, permissionKeys, permissionTreeSeed, records, ROUTE_TABLE, type RecordDef, type UserType } from '@htv/shared';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPermissionTree, systemRoleId } from '../src/areas/access/system.js';
import { hashToken } from '../src/auth/sessions.js';
import { brands, hotels, operationLogs, roles, sessions, users } from '../src/db/schema/index.js';
import { Client, clientFor, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, FIXTURE_PASSWORD, type Tenant } from './support/fixtures.js';
import { freshToken, login, signIn, userWith } from './helpers/session.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await testApp();
  await seedPermissionTree(t.database.db);
  a = await createTenant(t, ['faq.read', 'faq.create']);
  b = await createTenant(t, ['faq.read', 'faq.create']);
  platform = await createPlatformAdmin(t);
});

async function roleOf(userType: UserType, opts: { brandId?: number | null; isSuper?: boolean; permissions?: string[] } = {}) {
  const [role] = await t.database.db
    .insert(roles)
    .values({ userType, name: `r${unique()}`, brandId: opts.brandId ?? null, isSuper: opts.isSuper ?? false, permissions: opts.permissions ?? [] })
    .returning();
  return role!;
}

describe('route table and permission tree', () => {
  it('keeps paths, titles and permissions within the tree’s limits, one place for all three user types', () => {
    for (const type of [1, 2, 3] as const) {
      const entries = ROUTE_TABLE[type];
      expect(entries.length).toBeGreaterThan(10);
      expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
      for (const entry of entries) {
        if (entry.parent) expect(entries.some((e) => e.group && e.path === entry.parent), entry.path).toBe(true);
        if (!entry.group && !entry.noVerify) expect(entry.permission, entry.path).toBeTruthy();
      }
      for (const node of permissionTreeSeed(type)) {
        expect(node.title['zh-CN'].length, node.route).toBeGreaterThanOrEqual(2);
        expect(node.title['zh-CN'].length).toBeLessThanOrEqual(40);
        expect(node.route.length).toBeGreaterThanOrEqual(2);
        expect(node.route.length).toBeLessThanOrEqual(60);
      }
    }
    expect(ROUTE_TABLE[1].find((e) => e.path === '/systems/supers')).toMatchObject({ record: 'adminAccount', permission: 'adminAccount.read', parent: '/systems' });
    expect(permissionKeys(1)).toEqual(expect.arrayContaining(['adminAccount.create', 'role.update', 'permissionNode.delete', 'session.loginAs', 'message.send', 'operationLog.read']));
    expect(permissionKeys(3)).not.toContain('adminAccount.read');
  });

  it('serves the seeded tree per user type, and refuses a brand the platform’s', async () => {
    const tree = await platform.get('/api/access/permission-tree?user_type=1');
    const systems = tree.body.data.find((n: { key: string }) => n.key === '/systems');
    expect(systems.children.map((n: { key: string }) => n.key)).toEqual(['adminAccount.read', 'role.read', 'permissionNode.read']);
    expect(systems.children[0].children.map((n: { key: string }) => n.key)).toEqual(['adminAccount.create', 'adminAccount.update', 'adminAccount.delete']);
    expect((await a.brand.get('/api/access/permission-tree?user_type=3')).status).toBe(200);
    expect((await a.brand.get('/api/access/permission-tree?user_type=1')).status).toBe(403);
  });

  it('lists the routes a caller may open', async () => {
    const { client } = await userWith(t, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: ['faq.read'] });
    const res = await client.get('/api/access/routes');
    const paths = res.body.data.routes.map((r: { path: string }) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/home', '/faq/list', '/faq/category', '/message/center']));
    expect(paths).not.toContain('/content/music');
  });
});

describe('route guards', () => {
  it('lets a type-3 user reach no type-1 route (403 on every one)', async () => {
    const hotelSuper = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], isSuper: true }));
    const typeOne = t.app.routeAuthTable.filter((r) => r.auth?.userTypes && !r.auth.userTypes.includes(3) && !r.auth.public);
    expect(typeOne.length).toBeGreaterThan(20);
    for (const route of typeOne) {
      const url = route.url.replace(/:\w+/g, '1');
      const res = await hotelSuper.request(route.method as 'GET', url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
    expect(typeOne.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/admin/login_as', '/api/admin/message/send', '/api/admin/passowrd/change', '/api/records/admin-account', '/api/records/permission-node']));
  });

  it('answers 403 to a role without the permission and lets it in once granted', async () => {
    const role = await roleOf(1, { permissions: [] });
    const user = await createUser(t.database.db, { userType: 1 });
    await t.database.db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
    const client = await signIn(t, user.loginName);
    for (const path of ['/api/records/admin-account', '/api/records/role', '/api/records/permission-node', '/api/operation/action/log']) {
      expect((await client.get(path)).status, path).toBe(403);
    }
    expect((await client.post('/api/admin/login_as', { brand_id: a.brandId })).status).toBe(403);
    const granted = await platform.put(`/api/access/roles/${role.id}/permissions`, { permissions: ['adminAccount.read', 'operationLog.read'] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await client.get('/api/records/admin-account')).status).toBe(200);
    expect((await client.get('/api/operation/action/log')).status).toBe(200);
    expect((await client.post('/api/records/admin-account', {})).status).toBe(403);
    const info = await client.get('/api/admin/userinfo');
    expect(info.body.data.loginInfo.permissions).toEqual(['adminAccount.read', 'operationLog.read']);
  });
});

describe('platform accounts (/systems/supers)', () => {
  it('creates an account with a hashed, write-only password that signs in', async () => {
    const loginName = `ops${unique()}`;
    const created = await platform.post('/api/records/admin-account', { loginName, name: 'Operator', email: `${loginName}@example.com`, password: 'start123', roleId: (await roleOf(1)).id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ loginName, name: 'Operator', userType: 1, enabled: true });
    expect(created.body.data).not.toHaveProperty('passwordHash');
    expect(created.body.data).not.toHaveProperty('password');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.body.data.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const logRow = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.recordType, 'adminAccount'), eq(operationLogs.recordId, String(row!.id))));
    expect(JSON.stringify(logRow[0]!.after)).not.toContain('argon2');
    expect((await login(t, loginName, 'start123')).status).toBe(200);

    const operator = await signIn(t, loginName, 'start123');
    const kept = await platform.put(`/api/records/admin-account/${row!.id}`, { loginName, name: 'Operator 2', password: '', roleId: row!.roleId });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await operator.get('/api/admin/userinfo')).status).toBe(200);
    expect((await login(t, loginName, 'start123')).status).toBe(200);
    const changed = await platform.put(`/api/records/admin-account/${row!.id}`, { loginName, name: 'Operator 2', password: 'other123', roleId: row!.roleId });
    expect(changed.status).toBe(200);
    expect((await operator.get('/api/admin/userinfo')).status).toBe(401);
    expect((await login(t, loginName, 'other123')).status).toBe(200);
  });

  it('lists platform accounts only', async () => {
    const list = await platform.get('/api/records/admin-account?pagesize=200');
    expect(list.body.data.items.every((u: { userType: number }) => u.userType === 1)).toBe(true);
    expect((await platform.get(`/api/records/admin-account/${a.users.brand.id}`)).status).toBe(404);
    expect((await platform.delete(`/api/records/admin-account/${a.users.hotel.id}`)).status).toBe(404);
  });

  it('checks login name 2-64, name 2-20, password 5-32, e-mail and a role of the platform', async () => {
    const role = await roleOf(1);
    const res = await platform.post('/api/records/admin-account', { loginName: 'a', name: 'x', email: 'nope', password: '1234', roleId: role.id });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      loginName: ['Login name must be 2-64 characters'],
      name: ['Name must be 2-20 characters'],
      email: ['Please enter a valid e-mail address'],
      password: ['Password must be 5-32 characters'],
    });
    const chars = await platform.post('/api/records/admin-account', { loginName: '_ab', name: 'Abc', password: '#abcd', roleId: role.id });
    expect(chars.body.errors).toEqual({
      loginName: ['The login name starts with a letter or digit and has only letters, digits, _ @ or .'],
      password: ['The password starts with a letter or digit and has only letters, digits, _ ! % # $ or .'],
    });
    const noPassword = await platform.post('/api/records/admin-account', { loginName: `n${unique()}`, name: 'Abc', roleId: role.id });
    expect(noPassword.body.errors).toEqual({ password: ['Please set a password'] });
    const brandRole = await roleOf(2);
    const wrongType = await platform.post('/api/records/admin-account', { loginName: `n${unique()}`, name: 'Abc', password: 'abcde', roleId: brandRole.id });
    expect(wrongType.body.errors).toEqual({ roleId: ['The selected role is for another user type'] });
  });

  it('keeps login names unique regardless of case', async () => {
    const taken = a.users.hotel.loginName.toUpperCase();
    const res = await platform.post('/api/records/admin-account', { loginName: taken, name: 'Dup', password: 'abcde', roleId: (await roleOf(1)).id });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ loginName: ['Login name already exists'] });
  });

  it('keeps a writer without a super role off accounts and roles above its own rights', async () => {
    const rights = ['adminAccount.read', 'adminAccount.update', 'adminAccount.delete', 'role.read', 'role.update', 'role.delete'];
    const { client } = await userWith(t, { userType: 1, permissions: rights });
    const superUser = await createUser(t.database.db, { userType: 1, isSuper: true });
    const [superRow] = await t.database.db.select().from(users).where(eq(users.id, superUser.id));
    const takeover = await client.put(`/api/records/admin-account/${superUser.id}`, { loginName: superRow!.loginName, name: 'Mine', password: 'taken123', roleId: superRow!.roleId });
    expect(takeover.status).toBe(403);
    expect((await client.delete(`/api/records/admin-account/${superUser.id}`)).status).toBe(403);
    expect((await login(t, superUser.loginName, FIXTURE_PASSWORD)).status).toBe(200);
    const stronger = await roleOf(1, { permissions: [...rights, 'message.send'] });
    expect((await client.put(`/api/access/roles/${stronger.id}/permissions`, { permissions: [] })).status).toBe(403);
    expect((await client.delete(`/api/records/role/${stronger.id}`)).status).toBe(403);

    const weaker = await createUser(t.database.db, { userType: 1, permissions: ['adminAccount.read'] });
    const [weakRow] = await t.database.db.select().from(users).where(eq(users.id, weaker.id));
    expect((await client.put(`/api/records/admin-account/${weaker.id}`, { loginName: weakRow!.loginName, name: 'Renamed', roleId: weakRow!.roleId })).status).toBe(200);
  });

  it('refuses deleting or disabling oneself', async () => {
    const { user, client } = await userWith(t, { userType: 1, isSuper: true });
    expect((await client.delete(`/api/records/admin-account/${user.id}`)).status).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const disable = await client.put(`/api/records/admin-account/${user.id}`, { loginName: row!.loginName, name: row!.name, roleId: row!.roleId, enabled: false });
    expect(disable.body.errors).toEqual({ enabled: ['You cannot disable your own account'] });
  });
});

describe('brand and hotel accounts', () => {
  it('lets a brand manage its own accounts only', async () => {
    const role = (await a.brand.post('/api/records/role', { name: 'Brand staff', userType: 2 })).body.data;
    const created = await a.brand.post('/api/records/brand-account', { loginName: `bs${unique()}`, name: 'Staff', password: 'abcde', roleId: role.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ brandId: a.brandId, userType: 2 });
    expect((await b.brand.get(`/api/records/brand-account/${created.body.data.id}`)).status).toBe(404);
    expect((await b.brand.put(`/api/records/brand-account/${created.body.data.id}`, { loginName: 'x12', name: 'Mine', roleId: role.id })).status).toBe(404);
    expect((await b.brand.delete(`/api/records/brand-account/${created.body.data.id}`)).status).toBe(404);
    const bList = await b.brand.get('/api/records/brand-account?pagesize=200');
    expect(bList.body.data.items.map((u: { id: number }) => u.id)).not.toContain(created.body.data.id);
    // A role of another brand is not there to choose.
    const foreign = await b.brand.post('/api/records/brand-account', { loginName: `bx${unique()}`, name: 'Staff', password: 'abcde', roleId: role.id });
    expect(foreign.status).toBe(404);
  });

  it('creates hotel accounts in the brand’s hotels only, with roles of type 3', async () => {
    const role = (await a.brand.post('/api/records/role', { name: 'Front desk', userType: 3 })).body.data;
    const ok = await a.brand.post('/api/records/hotel-account', { loginName: `hs${unique()}`, name: 'Desk', password: 'abcde', roleId: role.id, hotelId: a.hotelIds[1] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ userType: 3, brandId: a.brandId, hotelId: a.hotelIds[1] });
    const foreignHotel = await a.brand.post('/api/records/hotel-account', { loginName: `hs${unique()}`, name: 'Desk', password: 'abcde', roleId: role.id, hotelId: b.hotelIds[0] });
    expect(foreignHotel.status).toBe(422);
    expect(Object.keys(foreignHotel.body.errors)).toEqual(['hotelId']);
    expect((await login(t, ok.body.data.loginName, 'abcde')).body.data.user_type).toBe(3);
  });

  it('never lets a writer hand out more than it holds', async () => {
    const { client } = await userWith(t, { userType: 2, brandId: a.brandId, permissions: ['brandAccount.read', 'brandAccount.create'] });
    const [master] = await t.database.db.insert(roles).values({ userType: 2, name: `m${unique()}`, isSuper: true }).returning();
    const strong = await roleOf(2, { brandId: a.brandId, permissions: ['brandAccount.read', 'brandAccount.create', 'role.update'] });
    for (const roleId of [master!.id, strong.id]) {
      const res = await client.post('/api/records/brand-account', { loginName: `bs${unique()}`, name: 'Staff', password: 'abcde', roleId });
      expect(res.body.errors).toEqual({ roleId: ['You cannot assign a role with more rights than your own'] });
    }
    const weak = await roleOf(2, { brandId: a.brandId, permissions: ['brandAccount.read'] });
    expect((await client.post('/api/records/brand-account', { loginName: `bs${unique()}`, name: 'Staff', password: 'abcde', roleId: weak.id })).status).toBe(200);
  });

  it('only lets the platform set the API-auth flag', async () => {
    const role = await roleOf(2, { brandId: a.brandId });
    const byBrand = await a.brand.post('/api/records/brand-account', { loginName: `ba${unique()}`, name: 'Api', password: 'abcde', roleId: role.id, isAuthUser: true });
    expect(byBrand.body.data.isAuthUser).toBe(false);
    const byPlatform = await platform.post('/api/records/brand-account', { loginName: `ba${unique()}`, name: 'Api', password: 'abcde', roleId: role.id, isAuthUser: true, brandId: a.brandId });
    expect(byPlatform.body.data).toMatchObject({ isAuthUser: true, brandId: a.brandId });
  });
});

describe('the role of an account (roleId)', () => {
  const optionIds = async (client: Client, query: string) => ((await client.get(`/api/records/role/options?${query}`)).body.data as { value: number }[]).map((o) => o.value);
  const typeOf = async (ids: number[]) => (ids.length ? await t.database.db.select({ userType: roles.userType }).from(roles).where(inArray(roles.id, ids)) : []).map((r) => r.userType);
  const hotelAccount = (client: Client, roleId: number, over: Record<string, unknown> = {}) =>
    client.post('/api/records/hotel-account', { loginName: `hr${unique()}`, name: 'Desk', password: 'abcde', roleId, hotelId: a.hotelIds[0], ...over });

  it('names, in each declaration, exact filters of the referenced record', () => {
    const all = Object.values(records as Record<string, RecordDef>);
    for (const def of all) {
      for (const field of Object.values(def.fields)) {
        if (!field.match) continue;
        const target = all.find((r) => r.name === field.ref)!;
        expect(exactFilters(target)).toEqual(expect.arrayContaining(Object.keys(field.match)));
      }
    }
    expect([records.adminAccount, records.brandAccount, records.hotelAccount].map((def) => def.fields.roleId.match)).toEqual([{ userType: 1 }, { userType: 2 }, { userType: 3 }]);
  });

  it('offers only roles of the account’s user type, of the caller’s reach', async () => {
    const hotelAdmin = await systemRoleId(t.database.db, 'hotel.admin');
    const platformSuper = await systemRoleId(t.database.db, 'platform.super');
    const forHotels = await optionIds(platform, 'userType=3');
    expect(forHotels).toContain(hotelAdmin);
    expect(forHotels).not.toContain(platformSuper);
    expect(new Set(await typeOf(forHotels))).toEqual(new Set([3]));
    expect(new Set(await typeOf(await optionIds(platform, 'userType=1')))).toEqual(new Set([1]));

    const mineHotel = await roleOf(3, { brandId: a.brandId });
    const mineBrand = await roleOf(2, { brandId: a.brandId });
    const theirs = await roleOf(3, { brandId: b.brandId });
    const brandChoices = await optionIds(a.brand, 'userType=3');
    expect(brandChoices).toContain(mineHotel.id);
    expect(brandChoices).not.toContain(mineBrand.id);
    expect(brandChoices).not.toContain(theirs.id);
    expect(await optionIds(b.brand, 'userType=3')).not.toContain(mineHotel.id);
    expect((await a.brand.get('/api/records/role/options?userType=x')).status).toBe(422);
  });

  it('offers a brand the system role of the account’s type beside its own, never another brand’s', async () => {
    const hotelAdmin = await systemRoleId(t.database.db, 'hotel.admin');
    const brandMaster = await systemRoleId(t.database.db, 'brand.master');
    const platformSuper = await systemRoleId(t.database.db, 'platform.super');
    const mineHotel = await roleOf(3, { brandId: a.brandId });
    const mineBrand = await roleOf(2, { brandId: a.brandId });
    const theirsHotel = await roleOf(3, { brandId: b.brandId });
    const theirsBrand = await roleOf(2, { brandId: b.brandId });

    const forHotels = await optionIds(a.brand, 'userType=3');
    expect(forHotels).toEqual(expect.arrayContaining([hotelAdmin, mineHotel.id]));
    expect(new Set(await typeOf(forHotels))).toEqual(new Set([3]));
    const forBrands = await optionIds(a.brand, 'userType=2');
    expect(forBrands).toEqual(expect.arrayContaining([brandMaster, mineBrand.id]));
    expect(new Set(await typeOf(forBrands))).toEqual(new Set([2]));
    // Shown in the request language, and searched by it.
    expect((await a.brand.get('/api/records/role/options?userType=3&keyword=hotel%20admin')).body.data).toEqual([{ value: hotelAdmin, label: 'Hotel administrator' }]);

    // Another brand's roles by no path: not in any list of options, not by naming that brand, not by id.
    const everything = [
      ...(await optionIds(a.brand, '')),
      ...(await optionIds(a.brand, `brandId=${b.brandId}`)),
      ...(await optionIds(a.brand, `brandId=${b.brandId}&hotelId=${b.hotelIds[0]}&userType=3`)),
      ...(await optionIds(a.brand, `hotelId=${b.hotelIds[0]}`)),
    ];
    expect(everything).not.toContain(theirsHotel.id);
    expect(everything).not.toContain(theirsBrand.id);
    expect(everything).not.toContain(platformSuper);
    expect((await a.brand.get(`/api/records/role/${theirsHotel.id}`)).status).toBe(404);
    expect((await optionIds(b.brand, 'userType=3'))).not.toContain(mineHotel.id);

    // What is offered is accepted, and the account shows the role's title.
    const created = await hotelAccount(a.brand, hotelAdmin);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await a.brand.get(`/api/records/role/${hotelAdmin}`)).body.data.name).toBe('Hotel administrator');
  });

  it('offers a hotel user no roles: hotel users hold no account or role screens', async () => {
    const hotelAdmin = await systemRoleId(t.database.db, 'hotel.admin');
    expect((await a.hotel.get('/api/records/role/options?userType=3')).status).toBe(403);
    expect((await a.hotel.get(`/api/records/role/${hotelAdmin}`)).status).toBe(403);
    expect((await a.hotel.get('/api/records/hotel-account/options')).status).toBe(403);
  });

  it('refuses a role of another user type (422 on roleId, translated) on create and update', async () => {
    const brandRole = await roleOf(2, { brandId: a.brandId });
    const wrong = await hotelAccount(platform, brandRole.id);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ roleId: ['The selected role is for another user type'] });
    expect((await hotelAccount(a.brand.withLang('zh-CN'), brandRole.id)).body.errors).toEqual({ roleId: ['所选角色不属于该用户类型'] });
    // The platform's brand master role is within a brand's reach, but not for a hotel account.
    const master = await systemRoleId(t.database.db, 'brand.master');
    expect((await hotelAccount(a.brand, master)).body.errors).toEqual({ roleId: ['The selected role is for another user type'] });

    const created = await hotelAccount(a.brand, (await roleOf(3, { brandId: a.brandId })).id);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const row = created.body.data;
    const update = await a.brand.put(`/api/records/hotel-account/${row.id}`, { loginName: row.loginName, name: row.name, roleId: brandRole.id });
    expect(update.body.errors).toEqual({ roleId: ['The selected role is for another user type'] });
    const brandAccount = await a.brand.post('/api/records/brand-account', { loginName: `br${unique()}`, name: 'Staff', password: 'abcde', roleId: (await roleOf(3, { brandId: a.brandId })).id });
    expect(brandAccount.body.errors).toEqual({ roleId: ['The selected role is for another user type'] });
  });

  it('keeps roles of other brands and hotels out: 404 outside the reach, 422 for the platform', async () => {
    const theirs = await roleOf(3, { brandId: b.brandId });
    expect((await hotelAccount(a.brand, theirs.id)).status).toBe(404);
    expect((await hotelAccount(platform, theirs.id)).body.errors).toEqual({ roleId: ['The selected Role does not exist'] });
    const [otherHotel] = await t.database.db.insert(roles).values({ userType: 3, name: `r${unique()}`, brandId: a.brandId, hotelId: a.hotelIds[1] }).returning();
    expect((await hotelAccount(platform, otherHotel!.id)).body.errors).toEqual({ roleId: ['The selected Role does not exist'] });
    expect((await hotelAccount(platform, otherHotel!.id, { hotelId: a.hotelIds[1] })).status).toBe(200);
  });

  it('offers a permission node’s parents of the type chosen in the form', async () => {
    const node = (await platform.post('/api/records/permission-node', { userType: 2, title: 'Brand group', route: `g.${unique()}` })).body.data;
    const nodes = async (userType: number) => ((await platform.get(`/api/records/permission-node/options?userType=${userType}&keyword=Brand%20group`)).body.data as { value: number }[]).map((o) => o.value);
    expect(await nodes(2)).toContain(node.id);
    expect(await nodes(3)).not.toContain(node.id);
  });
});

describe('system role names in the request language', () => {
  it('names system roles from the catalogue in list, get, options and export; custom roles keep theirs', async () => {
    const hotelAdmin = await systemRoleId(t.database.db, 'hotel.admin');
    const custom = await roleOf(3, { brandId: a.brandId });
    const names = async (client: Client) => {
      const list = (await client.get('/api/records/role?userType=3&pagesize=200')).body.data.items as { id: number; name: string }[];
      return Object.fromEntries(list.filter((r) => [hotelAdmin, custom.id].includes(r.id)).map((r) => [r.id, r.name]));
    };
    expect(await names(a.brand)).toEqual({ [hotelAdmin]: 'Hotel administrator', [custom.id]: custom.name });
    expect(await names(a.brand.withLang('zh-CN'))).toEqual({ [hotelAdmin]: '酒店管理员', [custom.id]: custom.name });
    expect((await platform.get(`/api/records/role/${hotelAdmin}`)).body.data.name).toBe('Hotel administrator');
    expect((await platform.get(`/api/access/roles/${hotelAdmin}/permissions`)).body.data.role.name).toBe('Hotel administrator');
    // Options are searched by the name shown.
    expect((await platform.get('/api/records/role/options?keyword=hotel%20admin')).body.data).toEqual([{ value: hotelAdmin, label: 'Hotel administrator' }]);
    expect((await platform.withLang('zh-CN').get(`/api/records/role/options?keyword=${encodeURIComponent('酒店管理')}&userType=3`)).body.data).toEqual(
      expect.arrayContaining([{ value: hotelAdmin, label: '酒店管理员' }]),
    );
    const exported = await platform.get('/api/records/role/export?userType=3&pagesize=200');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.raw.rawPayload as never);
    const cells: unknown[] = [];
    book.worksheets[0]!.eachRow((row) => cells.push(...(row.values as unknown[])));
    expect(cells).toContain('Hotel administrator');
    expect(cells).not.toContain('酒店管理员');
  });

  it('names the role of accounts in the request language', async () => {
    const hotelAdmin = await systemRoleId(t.database.db, 'hotel.admin');
    const created = await a.brand.post('/api/records/hotel-account', { loginName: `hn${unique()}`, name: 'Desk', password: 'abcde', roleId: hotelAdmin, hotelId: a.hotelIds[0] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.roleIdTitle).toBe('Hotel administrator');
    const listed = async (client: Client) => ((await client.get(`/api/records/hotel-account?keyword=${created.body.data.loginName}`)).body.data.items[0] as { roleIdTitle: string }).roleIdTitle;
    expect(await listed(a.brand)).toBe('Hotel administrator');
    expect(await listed(a.brand.withLang('zh-CN'))).toBe('酒店管理员');
    // Another brand sees neither the account nor its role name.
    expect((await b.brand.get(`/api/records/hotel-account/${created.body.data.id}`)).status).toBe(404);
  });

  it('keeps a system role’s name: the shown one in either language is accepted and not stored', async () => {
    const brandMaster = await systemRoleId(t.database.db, 'brand.master');
    const english = await platform.put(`/api/records/role/${brandMaster}`, { name: 'Brand administrator', userType: 2 });
    expect(english.status, JSON.stringify(english.body)).toBe(200);
    expect(english.body.data.name).toBe('Brand administrator');
    expect((await platform.put(`/api/records/role/${brandMaster}`, { name: '品牌管理员', userType: 2 })).status).toBe(200);
    const renamed = await platform.put(`/api/records/role/${brandMaster}`, { name: 'Bosses', userType: 2 });
    expect(renamed.body.errors).toEqual({ name: ['System roles cannot be changed or deleted'] });
    const [stored] = await t.database.db.select({ name: roles.name }).from(roles).where(eq(roles.id, brandMaster));
    expect(stored!.name).toBe('品牌管理员');
    // A custom role is renamed as before.
    const custom = await roleOf(1);
    expect((await platform.put(`/api/records/role/${custom.id}`, { name: 'Auditors', userType: 1 })).body.data.name).toBe('Auditors');
  });
});

describe('roles (/systems/groups)', () => {
  it('keeps a brand’s roles to itself and lets it see but not change the platform’s', async () => {
    const mine = await a.brand.post('/api/records/role', { name: 'Auditors', userType: 2 });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ brandId: a.brandId, isSuper: false, userType: 2 });
    const id = mine.body.data.id;
    expect((await b.brand.get(`/api/records/role/${id}`)).status).toBe(404);
    expect((await b.brand.put(`/api/records/role/${id}`, { name: 'Taken over', userType: 2 })).status).toBe(404);
    expect((await b.brand.delete(`/api/records/role/${id}`)).status).toBe(404);
    expect((await b.brand.get(`/api/access/roles/${id}/permissions`)).status).toBe(404);
    expect((await b.brand.put(`/api/access/roles/${id}/permissions`, { permissions: [] })).status).toBe(404);

    const global = await roleOf(3);
    expect((await a.brand.get(`/api/records/role/${global.id}`)).status).toBe(200);
    expect((await a.brand.put(`/api/records/role/${global.id}`, { name: 'Mine now', userType: 3 })).status).toBe(403);
    expect((await a.brand.delete(`/api/records/role/${global.id}`)).status).toBe(403);
    const platformRole = await roleOf(1);
    expect((await a.brand.get(`/api/records/role/${platformRole.id}`)).status).toBe(404);
  });

  it('checks the name 2-20, the user type a brand may create, and that the type stays', async () => {
    const res = await a.brand.post('/api/records/role', { name: 'x', userType: 1 });
    expect(res.body.errors).toEqual({ name: ['Role name must be 2-20 characters'] });
    expect((await a.brand.post('/api/records/role', { name: 'Platformers', userType: 1 })).body.errors).toEqual({ userType: ['You cannot create roles of this user type'] });
    expect((await a.brand.post('/api/records/role', { name: 'Bad type', userType: 7 })).body.errors).toEqual({ userType: ['Please choose a valid User type'] });
    const role = (await a.brand.post('/api/records/role', { name: 'Fixed', userType: 3 })).body.data;
    expect((await a.brand.put(`/api/records/role/${role.id}`, { name: 'Fixed', userType: 2 })).body.errors).toEqual({ userType: ['The user type cannot be changed after creation'] });
  });

  it('refuses deleting a system role or a role in use', async () => {
    const [system] = await t.database.db.insert(roles).values({ userType: 3, name: 'Sys', key: `test.${unique()}` }).returning();
    expect((await platform.delete(`/api/records/role/${system!.id}`)).status).toBe(409);
    const used = await roleOf(3, { brandId: a.brandId });
    await t.database.db.update(users).set({ roleId: used.id }).where(eq(users.id, a.users.sibling.id));
    const res = await a.brand.delete(`/api/records/role/${used.id}`);
    expect(res.status).toBe(409);
    expect(res.body.errmsg).toMatch(/used by/);
  });

  it('assigns permission strings: known ones only, none the writer lacks, none to super roles', async () => {
    const role = (await a.brand.post('/api/records/role', { name: 'Readers', userType: 3 })).body.data;
    const got = await a.brand.get(`/api/access/roles/${role.id}/permissions`);
    expect(got.body.data).toMatchObject({ role: { id: role.id, user_type: 3 }, permissions: [] });
    expect(got.body.data.tree.length).toBeGreaterThan(5);
    const set = await a.brand.put(`/api/access/roles/${role.id}/permissions`, { permissions: ['faq.read', 'faq.read', 'content.music'] });
    expect(set.status).toBe(422);
    expect(set.body.errors).toEqual({ permissions: ['Unknown permission: content.music'] });
    const okSet = await a.brand.put(`/api/access/roles/${role.id}/permissions`, { permissions: ['faq.read', 'music.read'] });
    expect(okSet.body.data).toEqual({ permissions: ['faq.read', 'music.read'] });
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, role.id));
    expect(row!.permissions).toEqual(['faq.read', 'music.read']);
    const logRows = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.action, 'role_permissions'), eq(operationLogs.recordId, String(role.id))));
    expect(logRows[0]!.after).toEqual({ permissions: ['faq.read', 'music.read'] });

    const [superRole] = await t.database.db.insert(roles).values({ userType: 2, brandId: a.brandId, name: 'Super', isSuper: true }).returning();
    expect((await a.brand.put(`/api/access/roles/${superRole!.id}/permissions`, { permissions: [] })).status).toBe(409);

    const { client } = await userWith(t, { userType: 2, brandId: a.brandId, permissions: ['role.read', 'role.update', 'faq.read'] });
    const own = await roleOf(2, { brandId: a.brandId });
    expect((await client.put(`/api/access/roles/${own.id}/permissions`, { permissions: ['faq.read'] })).status).toBe(200);
    const escalate = await client.put(`/api/access/roles/${own.id}/permissions`, { permissions: ['faq.read', 'brandAccount.delete'] });
    expect(escalate.body.errors).toEqual({ permissions: ['You cannot grant a permission you do not hold: brandAccount.delete'] });
  });

  it('accepts strings added to the permission tree', async () => {
    const route = `custom.${unique()}`;
    const node = await platform.post('/api/records/permission-node', { userType: 3, title: 'Custom page', route, sort: 5 });
    expect(node.status, JSON.stringify(node.body)).toBe(200);
    const role = await roleOf(3);
    expect((await platform.put(`/api/access/roles/${role.id}/permissions`, { permissions: [route] })).status).toBe(200);
  });
});

describe('permission tree (/systems/permissions)', () => {
  it('checks title 2-40, route 2-60, a numeric sort, and a parent of the same type that is not below', async () => {
    const bad = await platform.post('/api/records/permission-node', { userType: 1, title: 'x', route: 'y', sort: 'abc' });
    expect(bad.body.errors).toEqual({ title: ['Title must be 2-40 characters'], route: ['Route must be 2-60 characters'], sort: ['Sort must be a number'] });
    const parent = (await platform.post('/api/records/permission-node', { userType: 1, title: 'Parent', route: `p.${unique()}` })).body.data;
    const child = (await platform.post('/api/records/permission-node', { userType: 1, title: 'Child', route: `c.${unique()}`, parentId: parent.id })).body.data;
    expect(child.parentIdTitle).toBe('Parent');
    const otherType = await platform.post('/api/records/permission-node', { userType: 2, title: 'Other', route: `o.${unique()}`, parentId: parent.id });
    expect(otherType.body.errors).toEqual({ parentId: ['The parent must be of the same user type'] });
    const cycle = await platform.put(`/api/records/permission-node/${parent.id}`, { userType: 1, title: 'Parent', route: parent.route, parentId: child.id });
    expect(cycle.body.errors).toEqual({ parentId: ['A node cannot be placed under itself or its descendants'] });
    const dup = await platform.post('/api/records/permission-node', { userType: 1, title: 'Dup', route: parent.route });
    expect(dup.body.errors).toEqual({ route: ['Route already exists'] });
    expect((await platform.post('/api/records/permission-node', { userType: 2, title: 'Same route, other type', route: parent.route })).status).toBe(200);
    expect((await platform.delete(`/api/records/permission-node/${parent.id}`)).status).toBe(409);
    expect((await a.brand.get('/api/records/permission-node')).status).toBe(403);
  });
});

describe('login-as and back', () => {
  async function logsOf(userId: number, action: string) {
    return t.database.db.select().from(operationLogs).where(and(eq(operationLogs.userId, userId), eq(operationLogs.action, action))).orderBy(operationLogs.id);
  }

  it('enters a brand as the platform, works there, and returns', async () => {
    const { user, client } = await userWith(t, { userType: 1, isSuper: true });
    const entered = await client.post('/api/admin/login_as', { brand_id: a.brandId });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.data).toMatchObject({ user_type: 2, url: '/new-frontend/home', userinfo: { user_type: 2 } });
    expect(freshToken(entered)).toBe(entered.body.data.token);
    const brandSession = new Client(t.app, entered.body.data.token);
    const info = await brandSession.get('/api/brand/userinfo');
    expect(info.body.data).toMatchObject({ fromAdmin: true, fromBrand: false, loginInfo: { id: user.id, user_type: 2, customer_id: a.brandId, permissions: ['*'] } });
    expect(info.body.data.projects).toEqual([{ id: a.brandId, name: expect.any(String) }]);
    const accounts = await brandSession.get('/api/records/brand-account?pagesize=200');
    expect(accounts.body.data.items.map((u: { id: number }) => u.id)).toContain(a.users.brand.id);
    expect((await brandSession.get(`/api/records/brand-account/${b.users.brand.id}`)).status).toBe(404);
    expect((await brandSession.get('/api/records/admin-account')).status).toBe(403);

    const back = await brandSession.post('/api/admin/back', { parent_token: client.token });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ user_type: 1, url: '/new-frontend/home' });
    expect((await brandSession.get('/api/brand/userinfo')).status).toBe(401);
    const home = new Client(t.app, back.body.data.token);
    expect((await home.get('/api/admin/userinfo')).body.data.loginInfo).toMatchObject({ id: user.id, user_type: 1 });
    // The token the client held before entering was rotated by the return; it lasts the grace period.
    expect((await client.get('/api/admin/userinfo')).status).toBe(200);

    const [entry] = await logsOf(user.id, 'login_as');
    expect(entry).toMatchObject({ userType: 1, recordType: 'brand', recordId: String(a.brandId) });
    const [ret] = await logsOf(user.id, 'back');
    expect(ret).toMatchObject({ userType: 2, brandId: a.brandId });
  });

  it('goes platform → brand → hotel and back step by step, with the from-brand flag', async () => {
    const { user, client } = await userWith(t, { userType: 1, isSuper: true });
    const brandSession = new Client(t.app, (await client.post('/api/admin/login_as', { brand_id: a.brandId })).body.data.token);
    expect((await brandSession.post('/api/brand/login_as', { hotel_id: b.hotelIds[0] })).status).toBe(404);
    const enteredHotel = await brandSession.post('/api/brand/login_as', { hotel_id: a.hotelIds[1] });
    expect(enteredHotel.body.data.user_type).toBe(3);
    const hotelSession = new Client(t.app, enteredHotel.body.data.token);
    const info = await hotelSession.get('/api/hotel/userinfo');
    expect(info.body.data).toMatchObject({ fromAdmin: true, fromBrand: true, loginInfo: { user_type: 3, hotel_id: a.hotelIds[1], customer_id: a.brandId, permissions: ['*'] } });
    expect((await hotelSession.post('/api/web/hotel/passowrd/change', { old_pass: FIXTURE_PASSWORD, password: 'newpass1', password_confirmation: 'newpass1' })).status).toBe(403);

    expect((await hotelSession.post('/api/hotel/back', { parent_token: client.token })).status).toBe(403); // the platform is not the hotel's parent
    const toBrand = await hotelSession.post('/api/hotel/back', { parent_token: brandSession.token });
    expect(toBrand.body.data.user_type).toBe(2);
    const brandAgain = new Client(t.app, toBrand.body.data.token);
    expect((await brandAgain.get('/api/brand/userinfo')).body.data).toMatchObject({ fromAdmin: true, loginInfo: { customer_id: a.brandId } });
    expect((await brandSession.get('/api/brand/userinfo')).status).toBe(200); // still in the grace period of the rotation
    const toAdmin = await brandAgain.post('/api/admin/back', { parent_token: client.token });
    expect(toAdmin.body.data.user_type).toBe(1);
    expect((await logsOf(user.id, 'login_as')).map((r) => r.recordType)).toEqual(['brand', 'hotel']);
    expect(await logsOf(user.id, 'back')).toHaveLength(2);
  });

  it('lets a brand enter its hotels and return; a hotel of its own has nothing to return to', async () => {
    const { client } = await userWith(t, { userType: 2, brandId: b.brandId, isSuper: true });
    const entered = await client.post('/api/brand/login_as', { hotel_id: b.hotelIds[0] });
    const hotelSession = new Client(t.app, entered.body.data.token);
    // The role in force is the hotel super role, named in the request language.
    expect((await hotelSession.get('/api/hotel/userinfo')).body.data).toMatchObject({ fromAdmin: false, fromBrand: true, loginInfo: { role_name: 'Hotel super administrator' } });
    expect((await hotelSession.get('/api/hotel/userinfo?lang=zh-CN')).body.data.loginInfo.role_name).toBe('酒店超级管理员');
    expect((await hotelSession.post('/api/admin/back', { parent_token: client.token })).status).toBe(403);
    expect((await hotelSession.post('/api/hotel/back', { parent_token: client.token })).body.data.user_type).toBe(2);

    const own = await signIn(t, b.users.hotel.loginName);
    const res = await own.post('/api/hotel/back', { parent_token: own.token });
    expect(res.status).toBe(403);
    expect(res.body.errmsg).toBe('There is no account to return to');
    expect((await own.post('/api/admin/login_as', { brand_id: b.brandId })).status).toBe(403);
  });

  it('needs the login-as permission and an existing target', async () => {
    const { client } = await userWith(t, { userType: 2, brandId: a.brandId, permissions: ['hotel.read'] });
    expect((await client.post('/api/brand/login_as', { hotel_id: a.hotelIds[0] })).status).toBe(403);
    expect((await platform.post('/api/admin/login_as', { brand_id: 999999 })).status).toBe(404);
    expect((await platform.post('/api/admin/login_as', { hotel_id: 999999 })).status).toBe(404);
    expect((await platform.post('/api/admin/login_as', {})).status).toBe(422);
    const enteredHotel = await platform.post('/api/admin/login_as', { hotel_id: b.hotelIds[1] });
    const info = await new Client(t.app, enteredHotel.body.data.token).get('/api/hotel/userinfo');
    expect(info.body.data).toMatchObject({ fromAdmin: true, fromBrand: false, loginInfo: { hotel_id: b.hotelIds[1], customer_id: b.brandId } });
  });

  it('ends the whole chain on logout', async () => {
    const { client } = await userWith(t, { userType: 1, isSuper: true });
    const entered = new Client(t.app, (await client.post('/api/admin/login_as', { brand_id: a.brandId })).body.data.token);
    await entered.post('/api/admin/logout');
    expect((await client.get('/api/admin/userinfo')).status).toBe(401);
  });

  it('returns only with the parent session’s own token: the entered session’s token alone reaches nothing above it', async () => {
    const { client } = await userWith(t, { userType: 1, isSuper: true });
    const brandSession = new Client(t.app, (await client.post('/api/admin/login_as', { brand_id: a.brandId })).body.data.token);
    const hotelSession = new Client(t.app, (await brandSession.post('/api/brand/login_as', { hotel_id: a.hotelIds[0] })).body.data.token);
    const other = await createPlatformAdmin(t);
    for (const parent_token of [undefined, '', hotelSession.token, brandSession.token, other.token, 'x'.repeat(43)]) {
      const res = await brandSession.post('/api/admin/back', parent_token === undefined ? undefined : { parent_token });
      expect(res.status, String(parent_token)).toBe(403);
      expect(res.body.errkey).toBe('auth.noParentSession');
      expect((await hotelSession.post('/api/admin/back', parent_token === undefined ? undefined : { parent_token })).status).toBe(403);
    }
    // Nothing was ended or rotated by the refused returns.
    expect((await hotelSession.get('/api/hotel/userinfo')).status).toBe(200);
    const back = await hotelSession.post('/api/admin/back', { parent_token: client.token });
    expect(back.body.data.user_type).toBe(1);
    for (const ended of [hotelSession, brandSession]) expect((await ended.get('/api/admin/userinfo')).status).toBe(401);
  });

  it('hands the caller its own rotated token with a login-as, so it can still return', async () => {
    const { client } = await userWith(t, { userType: 1, isSuper: true });
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - 31 * 60 * 1000) }).where(eq(sessions.tokenHash, hashToken(client.token!)));
    const entered = await client.post('/api/admin/login_as', { brand_id: a.brandId });
    const parentToken = entered.body.data.parent_token as string;
    expect(parentToken).toMatch(/^[\w-]{40,}$/);
    expect(parentToken).not.toBe(client.token);
    expect(freshToken(entered)).toBe(entered.body.data.token);
    // The token the caller sent is past the rotation's grace period by the time it returns.
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - 3 * 60 * 1000) }).where(eq(sessions.tokenHash, hashToken(parentToken)));
    const brandSession = new Client(t.app, entered.body.data.token);
    expect((await brandSession.post('/api/admin/back', { parent_token: client.token })).status).toBe(403);
    expect((await brandSession.post('/api/admin/back', { parent_token: parentToken })).body.data.user_type).toBe(1);
    // No rotation, no parent_token.
    expect((await platform.post('/api/admin/login_as', { brand_id: a.brandId })).body.data.parent_token).toBeUndefined();
  });

  it('does not slide the parent’s expiry while the entered session is used', async () => {
    const { client } = await userWith(t, { userType: 1, isSuper: true });
    const entered = new Client(t.app, (await client.post('/api/admin/login_as', { brand_id: a.brandId })).body.data.token);
    const soon = new Date(Date.now() + 10 * 60 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.tokenHash, hashToken(client.token!)));
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.tokenHash, hashToken(entered.token!)));
    expect((await entered.get('/api/brand/userinfo')).status).toBe(200);
    const [parent] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(client.token!)));
    const [child] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(entered.token!)));
    expect(parent!.expiresAt.getTime()).toBe(soon.getTime());
    expect(child!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
  });

  it('ends an entered session with its parent: expiry, logout, revocation', async () => {
    const enterBrand = async () => {
      const { user, client } = await userWith(t, { userType: 1, isSuper: true });
      const brandSession = new Client(t.app, (await client.post('/api/admin/login_as', { brand_id: a.brandId })).body.data.token);
      const hotelSession = new Client(t.app, (await brandSession.post('/api/brand/login_as', { hotel_id: a.hotelIds[0] })).body.data.token);
      expect((await hotelSession.get('/api/hotel/userinfo')).status).toBe(200);
      return { user, client, brandSession, hotelSession };
    };
    const expired = await enterBrand();
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(expired.client.token!)));
    expect((await expired.brandSession.get('/api/brand/userinfo')).status).toBe(401);
    expect((await expired.hotelSession.get('/api/hotel/userinfo')).status).toBe(401);

    const loggedOut = await enterBrand();
    expect((await loggedOut.client.post('/api/admin/logout')).status).toBe(200);
    expect((await loggedOut.brandSession.get('/api/brand/userinfo')).status).toBe(401);
    expect((await loggedOut.hotelSession.get('/api/hotel/userinfo')).status).toBe(401);

    // An administrator disabling the account (or the account changing its password elsewhere) revokes its sessions.
    const revoked = await enterBrand();
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(revoked.brandSession.token!)));
    expect((await revoked.hotelSession.get('/api/hotel/userinfo')).status).toBe(401);
    expect((await revoked.client.get('/api/admin/userinfo')).status).toBe(200);
    expect((await revoked.hotelSession.post('/api/hotel/back', { parent_token: revoked.brandSession.token })).status).toBe(401);
  });
});

describe('project selector', () => {
  it('switches a multi-brand user between its brands; lists follow the current brand', async () => {
    const role = await roleOf(2, { brandId: a.brandId, permissions: ['faq.read', 'faq.create', 'brandAccount.read'] });
    const user = await createUser(t.database.db, { userType: 2, brandId: a.brandId });
    await t.database.db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
    const set = await platform.put(`/api/access/users/${user.id}/projects`, { ids: [b.brandId] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.projects.map((p: { id: number }) => p.id)).toEqual([a.brandId, b.brandId]);
    const client = await signIn(t, user.loginName);
    const info = await client.get('/api/brand/userinfo');
    expect(info.body.data.projects.map((p: { id: number }) => p.id)).toEqual([a.brandId, b.brandId]);
    expect(info.body.data.project_id).toBe(a.brandId);

    const inA = await client.post('/api/records/faq-category', { name: `in-a-${unique()}` });
    expect(inA.body.data.brandId).toBe(a.brandId);
    const switched = await client.post('/api/web/project/switch', { id: b.brandId });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ project_id: b.brandId, user_type: 2 });
    expect(freshToken(switched)).toBe(switched.body.data.token);
    const inB = new Client(t.app, switched.body.data.token);
    expect((await inB.get('/api/brand/userinfo')).body.data.loginInfo.customer_id).toBe(b.brandId);
    expect((await inB.get(`/api/records/faq-category/${inA.body.data.id}`)).status).toBe(404);
    const accounts = await inB.get('/api/records/brand-account?pagesize=200');
    expect(accounts.body.data.items.map((u: { id: number }) => u.id)).toContain(b.users.brand.id);
    expect(accounts.body.data.items.map((u: { id: number }) => u.id)).not.toContain(a.users.brand.id);
    const log = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.userId, user.id), eq(operationLogs.action, 'project_switch')));
    expect(log[0]).toMatchObject({ brandId: b.brandId, recordId: String(b.brandId) });

    const other = (await t.database.db.insert(brands).values({ code: `X${unique()}`, name: 'Not assigned' }).returning())[0]!;
    expect((await inB.post('/api/web/project/switch', { id: other.id })).status).toBe(404);
  });

  it('switches a multi-hotel user between its hotels; lists follow the current hotel', async () => {
    const user = await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: ['faq.read', 'faq.create'] });
    expect((await a.brand.put(`/api/access/users/${user.id}/projects`, { ids: [b.hotelIds[0]] })).status).toBe(422);
    expect((await b.brand.put(`/api/access/users/${user.id}/projects`, { ids: [b.hotelIds[0]] })).status).toBe(404);
    expect((await a.brand.put(`/api/access/users/${user.id}/projects`, { ids: [a.hotelIds[1]] })).status).toBe(200);
    const client = await signIn(t, user.loginName);
    const mine = (await client.post('/api/records/faq-category', { name: `h0-${unique()}` })).body.data;
    expect(mine.hotelId).toBe(a.hotelIds[0]);
    const list = await client.get('/api/web/project/list');
    expect(list.body.data).toMatchObject({ current: a.hotelIds[0], list: [{ id: a.hotelIds[0] }, { id: a.hotelIds[1] }] });
    const switched = await client.post('/api/web/project/switch', { id: a.hotelIds[1] });
    const inSecond = new Client(t.app, switched.body.data.token);
    expect((await inSecond.get('/api/hotel/userinfo')).body.data.loginInfo.hotel_id).toBe(a.hotelIds[1]);
    const listed = await inSecond.get('/api/records/faq-category?pagesize=200');
    expect(listed.body.data.items.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    expect((await inSecond.post('/api/web/project/switch', { id: b.hotelIds[0] })).status).toBe(404);

    // Taking the hotel away ends the sessions working in it.
    expect((await a.brand.put(`/api/access/users/${user.id}/projects`, { ids: [] })).status).toBe(200);
    expect((await inSecond.get('/api/hotel/userinfo')).status).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(switched.body.data.token)));
    expect(rows[0]!.revokedAt).not.toBeNull();
  });

  it('only lets the platform give a brand user further brands', async () => {
    expect((await a.brand.put(`/api/access/users/${a.users.brand.id}/projects`, { ids: [b.brandId] })).status).toBe(404);
    const hotelIds = await t.database.db.select({ id: hotels.id }).from(hotels).where(inArray(hotels.id, a.hotelIds));
    expect(hotelIds).toHaveLength(2);
  });
});
