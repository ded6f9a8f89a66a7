import type { UserType } from '@htv/shared';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { brands, hotels, roles, users } from '../../src/db/schema/index.js';
import { clientFor, type Client, type TestApp } from './app.js';

const unique = () => randomBytes(4).toString('hex');
let publicIds = Math.floor(Math.random() * 8_000_000) + 1_000_000;

export interface TestUser {
  id: number;
  userType: UserType;
  brandId: number | null;
  hotelId: number | null;
  loginName: string;
}

/** A precomputed argon2id hash of "secret1", so fixtures do not spend 20 ms per user. */
export const FIXTURE_PASSWORD = 'secret1';
const FIXTURE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$Wvh3SAtPvqIY1mpGheEdXA$2c/xKjWHFGMU5obiLzg+w85yrOKQfg4t9KA0UYPebuY';

export async function createUser(db: Db, opts: { userType: UserType; brandId?: number | null; hotelId?: number | null; isSuper?: boolean; permissions?: string[] }): Promise<TestUser> {
  const [role] = await db
    .insert(roles)
    .values({ userType: opts.userType, name: `r${unique()}`, isSuper: opts.isSuper ?? false, permissions: opts.permissions ?? [], brandId: opts.brandId ?? null })
    .returning({ id: roles.id });
  const loginName = `u${unique()}`;
  const [user] = await db
    .insert(users)
    .values({ userType: opts.userType, loginName, name: loginName, email: `${loginName}@test.example`, passwordHash: FIXTURE_HASH, roleId: role!.id, brandId: opts.brandId ?? null, hotelId: opts.hotelId ?? null })
    .returning({ id: users.id });
  return { id: user!.id, userType: opts.userType, brandId: opts.brandId ?? null, hotelId: opts.hotelId ?? null, loginName };
}

export interface Tenant {
  brandId: number;
  hotelIds: [number, number];
  /** Brand master (super role of type 2). */
  brand: Client;
  /** Hotel admins of the two hotels, holding every permission listed in `hotelPermissions`. */
  hotel: Client;
  sibling: Client;
  users: { brand: TestUser; hotel: TestUser; sibling: TestUser };
}

/** A brand with two hotels and a signed-in administrator for each level. */
export async function createTenant(t: TestApp, hotelPermissions: string[]): Promise<Tenant> {
  const db = t.database.db;
  const [brand] = await db.insert(brands).values({ code: `B${unique()}`, name: `Brand ${unique()}` }).returning({ id: brands.id });
  const created = await db
    .insert(hotels)
    .values([0, 1].map((i) => ({ brandId: brand!.id, name: `Hotel ${i} ${unique()}`, publicId: String(publicIds++) })))
    .returning({ id: hotels.id });
  const [h1, h2] = created.map((h) => h.id) as [number, number];
  const brandUser = await createUser(db, { userType: 2, brandId: brand!.id, isSuper: true });
  const hotelUser = await createUser(db, { userType: 3, brandId: brand!.id, hotelId: h1, permissions: hotelPermissions });
  const siblingUser = await createUser(db, { userType: 3, brandId: brand!.id, hotelId: h2, permissions: hotelPermissions });
  return {
    brandId: brand!.id,
    hotelIds: [h1, h2],
    brand: await clientFor(t, brandUser),
    hotel: await clientFor(t, hotelUser),
    sibling: await clientFor(t, siblingUser),
    users: { brand: brandUser, hotel: hotelUser, sibling: siblingUser },
  };
}

/** A platform super administrator. */
export async function createPlatformAdmin(t: TestApp): Promise<Client> {
  return clientFor(t, await createUser(t.database.db, { userType: 1, isSuper: true }));
}
