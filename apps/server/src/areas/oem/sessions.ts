import { and, eq, gt, lte } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashToken, SESSION_TTL_MS } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { oemSessions, oemUsers, recordTables } from '../../db/schema/index.js';

/** Sliding the expiry on every call would write on every read; slide at most once a minute. */
const RENEW_AFTER_MS = 60 * 1000;

/** A signed-in manufacturer account, as the vendor client's calls see it. */
export interface OemAccount {
  sessionId: number;
  userId: number;
  loginName: string;
  name: string;
  email: string | null;
  phone: string | null;
  customerId: number;
  customerName: string;
}

/**
 * Starts a session for a manufacturer account and answers its token (32 random bytes, base64url);
 * the account's expired sessions are dropped on the way.
 */
export async function createOemSession(db: Db, oemUserId: number, ip: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.delete(oemSessions).where(and(eq(oemSessions.oemUserId, oemUserId), lte(oemSessions.expiresAt, new Date())));
  await db.insert(oemSessions).values({ tokenHash: hashToken(token), oemUserId, expiresAt, ip });
  return { token, expiresAt };
}

/**
 * The account behind a token, or null when the token is unknown or expired, or the account or its
 * manufacturer has been disabled since. Slides the expiry.
 */
export async function resolveOemToken(db: Db, token: string): Promise<OemAccount | null> {
  const customers = recordTables.oemCustomer!;
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: oemSessions.id,
      expiresAt: oemSessions.expiresAt,
      userId: oemUsers.id,
      loginName: oemUsers.loginName,
      name: oemUsers.name,
      email: oemUsers.email,
      phone: oemUsers.phone,
      customerId: customers.id,
      customerName: customers.name,
    })
    .from(oemSessions)
    .innerJoin(oemUsers, eq(oemUsers.id, oemSessions.oemUserId))
    .innerJoin(customers, eq(customers.id, oemUsers.oemCustomerId))
    .where(and(eq(oemSessions.tokenHash, hashToken(token)), gt(oemSessions.expiresAt, now), eq(oemUsers.enabled, true), eq(customers.enabled, true)))
    .limit(1);
  if (!row) return null;
  const { expiresAt, ...account } = row;
  if (expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - RENEW_AFTER_MS) {
    await db.update(oemSessions).set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) }).where(eq(oemSessions.id, row.sessionId));
  }
  return account as OemAccount;
}

export async function endOemSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(oemSessions).where(eq(oemSessions.id, sessionId));
}

/** Ends every session of an account (a new password). */
export async function endOemSessionsOf(db: Db, oemUserId: number): Promise<void> {
  await db.delete(oemSessions).where(eq(oemSessions.oemUserId, oemUserId));
}
