import type { UserType } from '@htv/shared';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { ok } from '../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { verifyPassword } from './passwords.js';
import { actorOf, SESSION_COOKIE } from './plugin.js';
import { createSession, resolveSession, revokeSession, SESSION_TTL_MS } from './sessions.js';

const loginBody = z.object({
  email: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(64),
  captcha: z.string().optional(),
});

const LOGIN_FIELDS = {
  email: { kind: 'text' as const, required: true, schema: z.string(), label: { 'zh-CN': '账号', 'en-US': 'Account' } },
  password: { kind: 'text' as const, required: true, schema: z.string(), label: { 'zh-CN': '密码', 'en-US': 'Password' } },
};

/** Session calls: login, logout and the user info the console boots from. */
export function registerAuthRoutes(app: FastifyInstance, db: Db) {
  app.post('/api/admin/login', { schema: { body: loginBody, tags: ['session'] }, config: { auth: { public: true }, fields: LOGIN_FIELDS } }, async (request, reply) => {
    const { email, password } = request.body as z.infer<typeof loginBody>;
    const [user] = await db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.loginName})`, email.toLowerCase()), eq(sql`lower(${users.email})`, email.toLowerCase())))
      .limit(1);
    if (!user || !user.enabled || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('validation', 'error.badCredentials');
    }
    const token = await createSession(db, { userId: user.id, userType: user.userType as UserType, brandId: user.brandId, hotelId: user.hotelId, ip: request.ip });
    const actor = await resolveSession(db, token);
    await writeOpLog(db, actor, { action: 'login', recordType: 'user', recordId: user.id }, request.ip);
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', maxAge: SESSION_TTL_MS / 1000 });
    return ok({ token, user_type: user.userType });
  });

  app.post('/api/admin/logout', { schema: { tags: ['session'] } }, async (request, reply) => {
    const actor = actorOf(request);
    await revokeSession(db, actor.sessionId);
    await writeOpLog(db, actor, { action: 'logout', recordType: 'user', recordId: actor.userId }, request.ip);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(null);
  });

  for (const path of ['/api/admin/userinfo', '/api/brand/userinfo', '/api/hotel/userinfo']) {
    app.get(path, { schema: { tags: ['session'] } }, async (request) => {
      const actor = actorOf(request);
      return ok({
        isLogin: true,
        loginInfo: {
          id: actor.userId,
          name: actor.name,
          email: actor.email,
          login_name: actor.loginName,
          user_type: actor.userType,
          role: actor.roleId,
          customer_id: actor.brandId,
          hotel: actor.hotelId,
          permissions: actor.isSuper ? ['*'] : [...actor.permissions],
          is_apiauth_user: actor.isAuthUser,
        },
      });
    });
  }
}
