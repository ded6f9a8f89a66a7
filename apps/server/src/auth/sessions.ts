import { and, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { UserType } from '@htv/shared';
import type { Db } from '../db/client.js';
import { roles, sessions, users } from '../db/schema/index.js';
import type { Actor } from './actor.js';

/** Sessions last two hours and slide with use. */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** Renewing the expiry on every request would write on every read; renew at most once a minute. */
const RENEW_AFTER_MS = 60 * 1000;
/** A token older than this is replaced on the next header-authenticated request (x-session-token). */
export const ROTATE_AFTER_MS = 30 * 60 * 1000;
/** The replaced token still works this long, for requests already in flight when it was rotated. */
export const ROTATION_GRACE_MS = 2 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface NewSession {
  userId: number;
  userType: UserType;
  brandId: number | null;
  hotelId: number | null;
  /** Role of a login-as session; null uses the user's own role. */
  roleId?: number | null;
  parentSessionId?: number | null;
  ip?: string;
}

/** Creates a session and returns its token; only the token's hash is stored. */
export async function createSession(db: Db, input: NewSession): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    userType: input.userType,
    brandId: input.brandId,
    hotelId: input.hotelId,
    roleId: input.roleId ?? null,
    parentSessionId: input.parentSessionId ?? null,
    ip: input.ip,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

export interface ResolvedSession {
  actor: Actor;
  /** The expiry was slid forward by this request. */
  renewed: boolean;
  /** The token is the predecessor of a rotation, accepted during the grace period. */
  viaPrevious: boolean;
}

/**
 * Resolves a token to its session, or null when unknown, expired, revoked, rotated away longer than
 * the grace period, or the user is disabled. An entered (login-as) session also dies with any session
 * it was entered from. Slides the expiry of this session only: using an entered session never keeps
 * its parent alive.
 */
export async function resolveToken(db: Db, token: string): Promise<ResolvedSession | null> {
  const now = new Date();
  const hash = hashToken(token);
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, name: users.name, loginName: users.loginName, email: users.email, enabled: users.enabled, isAuthUser: users.isAuthUser, mustChangePassword: users.mustChangePassword },
      role: { id: roles.id, isSuper: roles.isSuper, permissions: roles.permissions },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, sql`coalesce(${sessions.roleId}, ${users.roleId})`))
    .where(
      and(
        or(eq(sessions.tokenHash, hash), and(eq(sessions.previousTokenHash, hash), gt(sessions.rotatedAt, new Date(now.getTime() - ROTATION_GRACE_MS)))),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || !row.user.enabled) return null;
  if (row.session.parentSessionId !== null && !(await sessionChain(db, row.session.id)).every((link) => link.live)) return null;
  let renewed = false;
  if (row.session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS), updatedAt: now })
      .where(and(eq(sessions.id, row.session.id), isNull(sessions.revokedAt)));
    renewed = true;
  }
  return {
    renewed,
    viaPrevious: row.session.tokenHash !== hash,
    actor: {
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
      mustChangePassword: row.user.mustChangePassword,
      parentSessionId: row.session.parentSessionId,
      tokenIssuedAt: row.session.rotatedAt,
    },
  };
}

/** Resolves a token to its actor (see `resolveToken`). */
export async function resolveSession(db: Db, token: string): Promise<Actor | null> {
  return (await resolveToken(db, token))?.actor ?? null;
}

/**
 * Issues a new token for a session; the old one stays valid for ROTATION_GRACE_MS. With
 * `expectedHash`, only rotates when the session still has that token (two concurrent requests never
 * both rotate), and answers null when another request already did.
 */
export async function rotateToken(db: Db, sessionId: number, expectedHash?: string): Promise<string | null> {
  const token = newToken();
  const rotated = await db
    .update(sessions)
    .set({
      previousTokenHash: sql`${sessions.tokenHash}`,
      tokenHash: hashToken(token),
      rotatedAt: new Date(),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      updatedAt: new Date(),
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), expectedHash ? eq(sessions.tokenHash, expectedHash) : undefined))
    .returning({ id: sessions.id });
  return rotated.length ? token : null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export interface ChainLink {
  id: number;
  userType: UserType;
  parentSessionId: number | null;
  brandId: number | null;
  hotelId: number | null;
  /** Neither revoked nor expired. */
  live: boolean;
}

/** A session and the sessions it was entered from, nearest first. */
export async function sessionChain(db: Db, sessionId: number): Promise<ChainLink[]> {
  const result = await db.execute(sql`
    with recursive chain(id, parent, depth) as (
      select id, parent_session_id, 0 from sessions where id = ${sessionId}
      union all
      select s.id, s.parent_session_id, c.depth + 1 from sessions s join chain c on s.id = c.parent where c.depth < 10
    )
    select s.id, s.user_type, s.parent_session_id, s.brand_id, s.hotel_id, s.revoked_at is null and s.expires_at > now() as live
    from chain c join sessions s on s.id = c.id order by c.depth`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    userType: Number(r.user_type) as UserType,
    parentSessionId: r.parent_session_id === null ? null : Number(r.parent_session_id),
    brandId: r.brand_id === null ? null : Number(r.brand_id),
    hotelId: r.hotel_id === null ? null : Number(r.hotel_id),
    live: Boolean(r.live),
  }));
}

/** Revokes a session and every session it was entered from (logout of a login-as session ends all). */
export async function revokeChain(db: Db, sessionId: number): Promise<void> {
  const ids = (await sessionChain(db, sessionId)).map((link) => link.id);
  if (ids.length) await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except the given ones (password change, disabling). */
export async function revokeUserSessions(db: Db, userId: number, except: number[] = []): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except.length ? notInArray(sessions.id, except) : undefined));
}

/** Moves a session to another project (brand or hotel) of its user. */
export async function moveSession(db: Db, sessionId: number, tenancy: { brandId: number | null; hotelId: number | null }): Promise<void> {
  await db.update(sessions).set({ ...tenancy, updatedAt: new Date() }).where(eq(sessions.id, sessionId));
}
