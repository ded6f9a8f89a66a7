import { permissionOf, records, resetPasswordSchema, resetRequestSchema, resetTokenSchema, translate, type ResetPasswordInput } from '@htv/shared';
import { BRAND_PASSWORD_MAX } from '@htv/shared/areas/access/records';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { writeOpLog } from '../areas/oplog/log.js';
import type { Db } from '../db/client.js';
import { messageRecipients, passwordResets, sentMessages, users } from '../db/schema/index.js';
import { AppError, forbidden, invalidFields, notFound } from '../http/errors.js';
import { ok } from '../http/reply.js';
import { WEB_BASE } from '../system/web.js';
import { can } from './actor.js';
import { hashPassword } from './passwords.js';
import { actorOf } from './plugin.js';
import { revokeUserSessions } from './sessions.js';
import { FailureThrottle } from './throttle.js';

/** How long a reset link works (docs/auth.md). */
export const RESET_TTL_MS = 30 * 60_000;
/** Failed looks and resets per address and 15 minutes; reset requests per address and 15 minutes. */
export const RESET_LIMITS = { failures: 10, requests: 5, windowMs: 15 * 60_000 };

const tags = ['auth'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const label = (zh: string, en: string) => ({ kind: 'text' as const, required: false, schema: z.unknown(), label: { 'zh-CN': zh, 'en-US': en } });
const RESET_FIELDS = { token: label('重置链接', 'Reset link'), password: label('新密码', 'New password'), password_confirmation: label('确认密码', 'Confirm password') };
const REQUEST_FIELDS = { login: label('用户名', 'User name') };
const ACCOUNT_RECORD = { 1: records.adminAccount, 2: records.brandAccount, 3: records.hotelAccount } as const;

const invalid = () => invalidFields({ token: { key: 'auth.resetInvalid' } });

function tooMany(reply: FastifyReply, waitMs: number): AppError {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new AppError('rateLimited', 'auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
}

/** The link a reset token opens: the console's /repwd on the host the administrator used. */
function resetUrl(request: FastifyRequest, token: string): string {
  const url = new URL(`${request.protocol}://${request.host}${WEB_BASE}repwd`);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The account of a live (unused, unexpired) token, or null. */
async function liveReset(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: users.id, loginName: users.loginName, userType: users.userType, enabled: users.enabled, isAuthUser: users.isAuthUser })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .limit(1);
  return row && row.enabled && !row.isAuthUser ? row : null;
}

/**
 * Forgotten passwords without a session (docs/auth.md, "Forgotten passwords"): an administrator of the
 * user's tenant issues a one-time link (`POST /api/access/users/:id/reset-link`), the user opens
 * `/repwd?token=` and sets a new password (`POST /api/auth/password-reset`); the request page
 * (`POST /api/auth/password-reset/request`) tells the administrators and answers the same for any name.
 */
export function registerPasswordReset(app: FastifyInstance, db: Db) {
  const failures = new FailureThrottle(RESET_LIMITS.failures, RESET_LIMITS.windowMs);
  const requests = new FailureThrottle(RESET_LIMITS.requests, RESET_LIMITS.windowMs);
  /** Asks for an account once an hour at most (further requests are answered alike and do nothing). */
  const asked = new FailureThrottle(1, 60 * 60_000);
  const guard = (request: FastifyRequest, reply: FastifyReply) => {
    const wait = failures.retryAfterMs(request.ip);
    if (wait > 0) throw tooMany(reply, wait);
  };

  app.post(
    '/api/access/users/:id/reset-link',
    {
      schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), tags, summary: 'Issue a one-time password reset link for an account of your tenant (valid 30 minutes)' },
      config: { auth: { userTypes: [1, 2] } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const [user] = await db.select({ id: users.id, userType: users.userType, brandId: users.brandId, enabled: users.enabled, isAuthUser: users.isAuthUser, loginName: users.loginName }).from(users).where(eq(users.id, id));
      // A brand reaches its own brand's brand and hotel accounts; anything else is not found.
      if (!user || (actor.userType === 2 && (user.userType === 1 || user.brandId === null || user.brandId !== actor.brandId))) throw notFound();
      if (!can(actor, permissionOf(ACCOUNT_RECORD[user.userType as 1 | 2 | 3], 'update'))) throw forbidden();
      if (!user.enabled) throw new AppError('conflict', 'auth.resetDisabled');
      if (user.isAuthUser) throw new AppError('conflict', 'auth.resetNotForAuthUser');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + RESET_TTL_MS);
      await db.transaction(async (tx) => {
        // One link at a time: an earlier unused link stops working.
        await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, issuedBy: actor.userId, expiresAt });
        await writeOpLog(tx, actor, { action: 'password_reset_link', recordType: 'user', recordId: user.id }, request.ip);
      });
      return ok({ url: resetUrl(request, token), expires_at: expiresAt.toISOString(), login_name: user.loginName });
    },
  );

  const open = { auth: { public: true } };
  app.get(
    '/api/auth/password-reset',
    { schema: { querystring: z.object({ token: resetTokenSchema }), tags, summary: 'The account a reset link is for (the link is not spent)', security: [] }, config: { ...open, fields: RESET_FIELDS } },
    async (request, reply) => {
      guard(request, reply);
      const row = await liveReset(db, (request.query as { token: string }).token);
      if (!row) {
        failures.fail(request.ip);
        throw invalid();
      }
      return ok({ login_name: row.loginName });
    },
  );

  app.post(
    '/api/auth/password-reset',
    { schema: { body: resetPasswordSchema, tags, summary: 'Set a new password with a reset link: the link is spent and every session of the account ends', security: [] }, config: { ...open, fields: RESET_FIELDS } },
    async (request, reply) => {
      guard(request, reply);
      const body = request.body as ResetPasswordInput;
      if (body.password !== body.password_confirmation) throw invalidFields({ password_confirmation: { key: 'auth.confirmMismatch' } });
      const row = await liveReset(db, body.token);
      if (!row) {
        failures.fail(request.ip);
        throw invalid();
      }
      if (row.userType === 2 && body.password.length > BRAND_PASSWORD_MAX) throw invalidFields({ password: { key: 'auth.resetBrandMax' } });
      const passwordHash = await hashPassword(body.password);
      const done = await db.transaction(async (tx) => {
        // Spent by the statement that checks it: two uses of one link set one password.
        const [spent] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
          .returning({ userId: passwordResets.userId });
        if (!spent) return false;
        await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, spent.userId));
        await revokeUserSessions(tx, spent.userId);
        await writeOpLog(tx, null, { action: 'password_reset', recordType: 'user', recordId: spent.userId, after: { login_name: row.loginName } }, request.ip);
        return true;
      });
      if (!done) {
        failures.fail(request.ip);
        throw invalid();
      }
      return ok({ login_name: row.loginName });
    },
  );

  app.post(
    '/api/auth/password-reset/request',
    { schema: { body: resetRequestSchema, tags, summary: "Ask the account's administrators for a reset link: the same answer whether the account exists or not", security: [] }, config: { ...open, fields: REQUEST_FIELDS } },
    async (request, reply) => {
      const wait = requests.retryAfterMs(request.ip);
      if (wait > 0) throw tooMany(reply, wait);
      requests.fail(request.ip);
      const login = (request.body as { login: string }).login.toLowerCase();
      const [user] = await db
        .select({ id: users.id, userType: users.userType, brandId: users.brandId, loginName: users.loginName, name: users.name, enabled: users.enabled, isAuthUser: users.isAuthUser })
        .from(users)
        .where(or(eq(sql`lower(${users.loginName})`, login), eq(sql`lower(${users.email})`, login)))
        .limit(1);
      if (user && user.enabled && !user.isAuthUser && asked.retryAfterMs(`#${user.id}`) === 0) {
        asked.fail(`#${user.id}`);
        await notifyAdministrators(db, user);
      }
      return ok({ message: translate('auth.resetRequested', request.lang) });
    },
  );
}

/**
 * Tells the administrators who can issue the account's link, in the message center: the brand's
 * accounts for a hotel account, the platform's for a brand account, the other platform accounts for a
 * platform account. In both languages (the recipients' language is not known).
 */
async function notifyAdministrators(db: Db, user: { id: number; userType: number; brandId: number | null; loginName: string; name: string }): Promise<void> {
  const params = { login: user.loginName, name: user.name };
  const content = `${translate('auth.resetRequestMessage', 'zh-CN', params)}\n${translate('auth.resetRequestMessage', 'en-US', params)}`.slice(0, 1000);
  const admins =
    user.userType === 3
      ? and(eq(users.userType, 2), eq(users.brandId, user.brandId ?? -1))
      : and(eq(users.userType, 1), ne(users.id, user.id));
  await db.transaction(async (tx) => {
    const recipients = await tx.select({ id: users.id }).from(users).where(and(admins, eq(users.enabled, true)));
    if (!recipients.length) return;
    const [message] = await tx.insert(sentMessages).values({ content, senderId: null, senderName: null, target: { password_reset: user.id }, recipientCount: recipients.length }).returning({ id: sentMessages.id });
    await tx.insert(messageRecipients).values(recipients.map((r) => ({ messageId: message!.id, userId: r.id })));
  });
}
