import type { Lang } from '@htv/shared';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, userProjects, users } from '../../db/schema/index.js';
import { titleSql } from '../../records/engine.js';

/** A project of the selector: a brand (type 2) or a hotel (type 3). */
export interface Project {
  id: number;
  name: string;
  /** The hotel's brand (type 3). */
  brandId?: number;
}

/** Brands (type 2) or hotels (type 3) a user works in, named in `lang`: the home project first, then the extra ones. */
export async function userProjectList(db: Db, userId: number, lang?: Lang): Promise<{ userType: number; projects: Project[] }> {
  const [user] = await db.select({ userType: users.userType, brandId: users.brandId, hotelId: users.hotelId }).from(users).where(eq(users.id, userId));
  if (!user) return { userType: 0, projects: [] };
  if (user.userType === 2) {
    const extra = await db.select({ brandId: userProjects.brandId }).from(userProjects).where(and(eq(userProjects.userId, userId), isNull(userProjects.hotelId)));
    const ids = [...new Set([user.brandId, ...extra.map((e) => e.brandId)].filter((id): id is number => id !== null))];
    if (!ids.length) return { userType: 2, projects: [] };
    const rows = await db.select({ id: brands.id, name: titleSql('brand', lang) }).from(brands).where(inArray(brands.id, ids)).orderBy(asc(brands.id));
    return { userType: 2, projects: sortHomeFirst(rows, user.brandId) };
  }
  if (user.userType === 3) {
    const extra = await db.select({ hotelId: userProjects.hotelId }).from(userProjects).where(and(eq(userProjects.userId, userId), isNotNull(userProjects.hotelId)));
    const ids = [...new Set([user.hotelId, ...extra.map((e) => e.hotelId)].filter((id): id is number => id !== null))];
    if (!ids.length) return { userType: 3, projects: [] };
    const rows = await db.select({ id: hotels.id, name: titleSql('hotel', lang), brandId: hotels.brandId }).from(hotels).where(inArray(hotels.id, ids)).orderBy(asc(hotels.id));
    return { userType: 3, projects: sortHomeFirst(rows, user.hotelId) };
  }
  return { userType: user.userType, projects: [] };
}

function sortHomeFirst<T extends { id: number }>(rows: T[], home: number | null): T[] {
  return [...rows.filter((r) => r.id === home), ...rows.filter((r) => r.id !== home)];
}

/**
 * The selector of a session: the user's projects when the session is the user's own of its type, or
 * just the entered brand or hotel in a login-as session, named in `lang`. The platform has none.
 */
export async function sessionProjects(db: Db, actor: Actor, lang?: Lang): Promise<{ projects: Project[]; current: number | null }> {
  if (actor.userType === 1) return { projects: [], current: null };
  const current = actor.userType === 2 ? actor.brandId : actor.hotelId;
  const own = await userProjectList(db, actor.userId, lang);
  if (own.userType === actor.userType && actor.parentSessionId === null) return { projects: own.projects, current };
  if (current === null) return { projects: [], current };
  const [row] =
    actor.userType === 2
      ? await db.select({ id: brands.id, name: titleSql('brand', lang) }).from(brands).where(eq(brands.id, current))
      : await db.select({ id: hotels.id, name: titleSql('hotel', lang), brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, current));
  return { projects: row ? [row] : [], current };
}
