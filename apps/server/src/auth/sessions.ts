import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { UserType } from '@htv/shared';
import type { Db } from '../db/client.js';
import { roles, sessions, users } from '../db/schema/index.js';
import type { Actor } from './actor.js';

/** Sessions last two hours and slide with use. */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** Renewing the expiry on every request would write on every read; renew at most once a minute. */
const RENEW_AFTER_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  userId: number;
  userType: UserType;
  brandId: number | null;
  hotelId: number | null;
  parentSessionId?: number | null;
  ip?: string;
}

/** Creates a session and returns its token; only the token's hash is stored. */
export async function createSession(db: Db, input: NewSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    userType: input.userType,
    brandId: input.brandId,
    hotelId: input.hotelId,
    parentSessionId: input.parentSessionId ?? null,
    ip: input.ip,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** Resolves a token to its actor, or null when unknown, expired, revoked or the user is disabled. */
export async function resolveSession(db: Db, token: string): Promise<Actor | null> {
  const now = new Date();
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, name: users.name, loginName: users.loginName, email: users.email, enabled: users.enabled, isAuthUser: users.isAuthUser },
      role: { id: roles.id, isSuper: roles.isSuper, permissions: roles.permissions },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || !row.user.enabled) return null;
  if (row.session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS), updatedAt: now })
      .where(eq(sessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    userId: row.user.id,
    name: row.user.name,
    loginName: row.user.loginName,
    email: row.user.email,
    userType: row.session.userType as UserType,
    roleId: row.role.id,
    isSuper: row.role.isSuper,
    permissions: new Set(row.role.permissions),
    brandId: row.session.brandId,
    hotelId: row.session.hotelId,
    isAuthUser: row.user.isAuthUser,
    parentSessionId: row.session.parentSessionId,
  };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}
