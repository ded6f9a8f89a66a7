import {
  changePasswordSchema,
  FEATURE_VERSIONS,
  idSchema,
  LANGS,
  loginSchema,
  PERMISSIONS,
  SYSTEM_COUNTRY,
  USER_TYPE_NAMES,
  type ChangePasswordInput,
  type FieldDef,
  type LoginInput,
  type UserType,
} from '@htv/shared';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionProjects } from '../areas/access/projects.js';
import { roleNameSql, SUPER_ROLE_OF, systemRoleId } from '../areas/access/system.js';
import type { Db } from '../db/client.js';
import { hotelInfoFor } from '../areas/tenants/info.js';
import { brands, hotels, roles, users } from '../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../http/errors.js';
import { ok } from '../http/reply.js';
import { titleSql } from '../records/engine.js';
import { unreadMessages } from '../areas/messages/routes.js';
import { writeOpLog } from '../areas/oplog/log.js';
import { WEB_BASE } from '../system/web.js';
import type { Actor } from './actor.js';
import { registerCaptcha } from './captcha.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { actorOf, issueToken, SESSION_COOKIE } from './plugin.js';
import { createSession, moveSession, resolveSession, revokeChain, revokeSession, revokeUserSessions, rotateToken, sessionChain, type ChainLink } from './sessions.js';
import { LoginThrottle } from './throttle.js';

/** Where the console goes after a login, a login-as or a return. */
export const HOME_URL = `${WEB_BASE}home`;

const label = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
/** Field declarations that name the fields in messages; `required: false` lets each rule's own message through. */
const fieldsOf = (labels: Record<string, { 'zh-CN': string; 'en-US': string }>): Record<string, FieldDef> =>
  Object.fromEntries(Object.entries(labels).map(([name, l]) => [name, { kind: 'text', required: false, schema: z.unknown(), label: l }]));

const LOGIN_FIELDS = fieldsOf({ email: label('用户名', 'User name'), password: label('密码', 'Password'), captcha: label('验证码', 'Captcha') });
const PASSWORD_FIELDS = fieldsOf({ old_pass: label('原密码', 'Old password'), password: label('新密码', 'New password'), password_confirmation: label('确认密码', 'Confirm password') });

const loginAsAdminBody = z
  .object({ brand_id: idSchema.optional(), hotel_id: idSchema.optional() })
  .refine((b) => (b.brand_id === undefined) !== (b.hotel_id === undefined), { error: 'validation.brandRequired', path: ['brand_id'] });
const loginAsBrandBody = z.object({ hotel_id: idSchema });
const switchBody = z.object({ id: idSchema });
/** The token of the session to return to; without a valid one the return is refused (403). */
const backBody = z.object({ parent_token: z.string().max(200).optional() }).default({});

/** The user types a login path accepts: the admin login is the console's one form; /web/login is for brands and hotels. */
const LOGIN_PATHS: [string, readonly UserType[]][] = [
  ['/api/admin/login', [1, 2, 3]],
  ['/api/web/login', [2, 3]],
];
const PASSWORD_PATHS: [string, UserType][] = [
  ['/api/admin/passowrd/change', 1],
  ['/api/web/customer/passowrd/change', 2],
  ['/api/web/hotel/passowrd/change', 3],
];

/** Compared against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

function tooMany(reply: FastifyReply, waitMs: number): AppError {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new AppError('rateLimited', 'auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
}

const badCredentials = () => new AppError('validation', 'error.badCredentials');

/** The login name or e-mail address an account signs in with (a login name wins over an e-mail). */
async function findAccount(db: Db, identifier: string) {
  const lower = identifier.toLowerCase();
  const found = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.loginName})`, lower), eq(sql`lower(${users.email})`, lower)))
    .limit(5);
  const byName = found.find((u) => u.loginName.toLowerCase() === lower);
  if (byName) return byName;
  return found.length === 1 ? found[0] : undefined;
}

/** The user info the console boots from (spec part 1 §3, §7). */
export async function userInfo(db: Db, actor: Actor, lang: (typeof LANGS)[number]) {
  const chain = await sessionChain(db, actor.sessionId);
  const [brand] = actor.brandId === null ? [] : await db.select({ id: brands.id, name: titleSql('brand', lang), code: brands.code }).from(brands).where(eq(brands.id, actor.brandId));
  const hotelInfo = actor.hotelId === null ? null : await hotelInfoFor(db, actor.hotelId, lang);
  const hotel = hotelInfo?.hotelinfo;
  const { projects, current } = await sessionProjects(db, actor, lang);
  // A system role's name in the request language (the session holds the stored one).
  const [role] = await db.select({ name: roleNameSql(roles, lang) }).from(roles).where(eq(roles.id, actor.roleId));
  const permissions = actor.isSuper ? ['*'] : [...actor.permissions].sort();
  return {
    isLogin: true,
    loginInfo: {
      id: actor.userId,
      name: actor.name,
      email: actor.email,
      login_name: actor.loginName,
      user_type: actor.userType,
      role: actor.roleId,
      role_name: role?.name ?? null,
      customer: brand ? { id: brand.id, name: brand.name, code: brand.code } : null,
      customer_id: actor.brandId,
      hotel: hotel ? { id: hotel.id, name: hotel.name, public_id: hotel.public_id } : null,
      hotel_id: actor.hotelId,
      permissions,
      is_apiauth_user: actor.isAuthUser,
      must_change_password: actor.mustChangePassword,
    },
    user_type_names: Object.fromEntries(Object.entries(USER_TYPE_NAMES).map(([type, name]) => [type, name[lang]])),
    country: SYSTEM_COUNTRY,
    fromAdmin: chain.slice(1).some((link) => link.userType === 1),
    fromBrand: actor.userType === 3 && chain[1]?.userType === 2,
    ...(hotelInfo?.features ?? FEATURE_VERSIONS),
    msg_count: await unreadMessages(db, actor.userId),
    projects,
    project_id: current,
    hotelinfo: hotel ?? null,
    avatar: null,
    access: permissions,
  };
}

/** A session's answer to a login, a login-as or a return: the token (also in x-session-token) and where to go. */
function sessionAnswer(request: FastifyRequest, token: string, userType: UserType, user?: { id: number; name: string }, extra: Record<string, unknown> = {}) {
  issueToken(request, token);
  return ok({ token, user_type: userType, url: HOME_URL, userinfo: { user_type: userType, ...(user ? { id: user.id, name: user.name } : {}) }, ...extra });
}

/**
 * Session calls: login (captcha, throttling), logout, user info, change password, login-as and back,
 * and the project selector. See docs/auth.md.
 */
export function registerAuthRoutes(app: FastifyInstance, db: Db, options: { production?: boolean } = {}) {
  registerCaptcha(app, db, { production: options.production ?? false });
  const throttle = new LoginThrottle().shareOn(app.bus, 'login');
  const tags = ['session'];

  for (const [path, types] of LOGIN_PATHS) {
    app.post(
      path,
      { schema: { body: loginSchema, tags, summary: `Sign in (${types.join(', ')}): {email, password, captcha}` }, config: { auth: { public: true }, fields: LOGIN_FIELDS } },
      async (request, reply) => {
        const { email, password, captcha } = request.body as LoginInput;
        const ip = request.ip;
        const wait = throttle.retryAfterMs(email, ip);
        if (wait > 0) throw tooMany(reply, wait);
        await app.captcha.require(captcha);
        const user = await findAccount(db, email);
        const userKey = user ? `#${user.id}` : undefined;
        if (userKey) {
          const waitUser = throttle.account.retryAfterMs(userKey);
          if (waitUser > 0) throw tooMany(reply, waitUser);
        }
        dummyHash ??= hashPassword('not-an-account-0');
        const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
        if (!user || !valid || !types.includes(user.userType as UserType)) {
          throttle.fail(email, ip);
          if (userKey) throttle.account.fail(userKey);
          throw badCredentials();
        }
        if (!user.enabled) throw new AppError('forbidden', 'auth.accountDisabled');
        throttle.succeed(email);
        throttle.account.reset(userKey!);
        const userType = user.userType as UserType;
        const token = await createSession(db, { userId: user.id, userType, brandId: user.brandId, hotelId: user.hotelId, ip });
        await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
        await writeOpLog(db, await resolveSession(db, token), { action: 'login', recordType: 'user', recordId: user.id }, ip);
        return sessionAnswer(request, token, userType, user);
      },
    );
  }

  app.post('/api/admin/logout', { schema: { tags, summary: 'Ends the session (and the sessions it was entered from)' }, config: { auth: { beforePasswordChange: true } } }, async (request, reply) => {
    const actor = actorOf(request);
    await writeOpLog(db, actor, { action: 'logout', recordType: 'user', recordId: actor.userId }, request.ip);
    await revokeChain(db, actor.sessionId);
    request.freshToken = null;
    request.resendCookie = false;
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(null);
  });

  for (const path of ['/api/admin/userinfo', '/api/brand/userinfo', '/api/hotel/userinfo']) {
    app.get(path, { schema: { tags, summary: 'User info of the session (any user type; ?lang=)' }, config: { auth: { beforePasswordChange: true } } }, async (request) =>
      ok(await userInfo(db, actorOf(request), request.lang)),
    );
  }

  app.get('/api/admin/common/language', { schema: { tags, summary: 'The language of the reply (?lang=)' }, config: { auth: { public: true } } }, async (request) =>
    ok({ get_lang: request.lang, langs: LANGS }),
  );

  for (const [path, userType] of PASSWORD_PATHS) {
    app.post(
      path,
      { schema: { body: changePasswordSchema, tags, summary: `Change the password (user type ${userType})` }, config: { auth: { userTypes: [userType], beforePasswordChange: true }, fields: PASSWORD_FIELDS } },
      async (request, reply) => {
        const actor = actorOf(request);
        if (actor.isAuthUser) throw new AppError('forbidden', 'auth.authUserNoPasswordChange');
        if (actor.parentSessionId !== null) throw new AppError('forbidden', 'auth.enteredSessionNoPasswordChange');
        const body = request.body as ChangePasswordInput;
        if (body.password !== body.password_confirmation) throw invalidFields({ password_confirmation: { key: 'auth.confirmMismatch' } });
        const wait = throttle.account.retryAfterMs(`#${actor.userId}`);
        if (wait > 0) throw tooMany(reply, wait);
        const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
        if (!user || !(await verifyPassword(user.passwordHash, body.old_pass))) {
          throttle.account.fail(`#${actor.userId}`);
          throw invalidFields({ old_pass: { key: 'auth.oldPasswordWrong' } });
        }
        // A password someone else chose (and may have seen) is not kept by "changing" it to itself.
        if (actor.mustChangePassword && body.password === body.old_pass) throw invalidFields({ password: { key: 'auth.passwordUnchanged' } });
        const passwordHash = await hashPassword(body.password);
        await db.transaction(async (tx) => {
          await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, actor.userId));
          await revokeUserSessions(tx, actor.userId, [actor.sessionId]);
          await writeOpLog(tx, actor, { action: 'password_change', recordType: 'user', recordId: actor.userId }, request.ip);
        });
        return ok(null);
      },
    );
  }

  /** Opens a session at a brand or hotel for the caller: same user, the super role of that level, this session as parent. */
  async function enter(request: FastifyRequest, target: { userType: 2 | 3; brandId: number; hotelId: number | null }) {
    const actor = actorOf(request);
    const roleId = await systemRoleId(db, SUPER_ROLE_OF[target.userType]);
    const token = await createSession(db, { userId: actor.userId, userType: target.userType, brandId: target.brandId, hotelId: target.hotelId, roleId, parentSessionId: actor.sessionId, ip: request.ip });
    await writeOpLog(
      db,
      actor,
      { action: 'login_as', recordType: target.userType === 2 ? 'brand' : 'hotel', recordId: target.hotelId ?? target.brandId, after: { brandId: target.brandId, hotelId: target.hotelId } },
      request.ip,
    );
    // The caller's token, when this request rotated it: the header carries the entered session's, and
    // the caller needs its own to return (the one it sent expires with the rotation's grace period).
    const rotated = request.freshToken;
    return sessionAnswer(request, token, target.userType, { id: actor.userId, name: actor.name }, rotated ? { parent_token: rotated } : {});
  }

  app.post(
    '/api/admin/login_as',
    { schema: { body: loginAsAdminBody, tags, summary: 'Platform: enter a brand {brand_id} or a hotel {hotel_id}' }, config: { auth: { userTypes: [1], permission: PERMISSIONS.loginAs } } },
    async (request) => {
      const body = request.body as z.infer<typeof loginAsAdminBody>;
      if (body.brand_id !== undefined) {
        const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brand_id));
        if (!brand) throw notFound();
        return enter(request, { userType: 2, brandId: brand.id, hotelId: null });
      }
      const [hotel] = await db.select({ id: hotels.id, brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, body.hotel_id!));
      if (!hotel) throw notFound();
      return enter(request, { userType: 3, brandId: hotel.brandId, hotelId: hotel.id });
    },
  );

  app.post(
    '/api/brand/login_as',
    { schema: { body: loginAsBrandBody, tags, summary: 'Brand: enter one of the brand’s hotels {hotel_id}' }, config: { auth: { userTypes: [2], permission: PERMISSIONS.loginAs } } },
    async (request) => {
      const actor = actorOf(request);
      const { hotel_id } = request.body as z.infer<typeof loginAsBrandBody>;
      const [hotel] = await db.select({ id: hotels.id, brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotel_id));
      if (!hotel || hotel.brandId !== actor.brandId) throw notFound();
      return enter(request, { userType: 3, brandId: hotel.brandId, hotelId: hotel.id });
    },
  );

  /**
   * Returns to a session this one was entered from. The caller proves that session with its token
   * (`parent_token`, kept by the client since the login-as): the entered session's token alone never
   * reaches its parent. Ends the sessions from this one up to the target and rotates the target's token.
   */
  async function returnTo(request: FastifyRequest, accepts: (target: ChainLink, chain: ChainLink[]) => boolean) {
    const actor = actorOf(request);
    const { parent_token } = request.body as z.infer<typeof backBody>;
    const parent = parent_token ? await resolveSession(db, parent_token) : null;
    const chain = await sessionChain(db, actor.sessionId);
    const target = parent ? chain.slice(1).find((link) => link.id === parent.sessionId) : undefined;
    if (!target || !accepts(target, chain)) throw new AppError('forbidden', 'auth.noParentSession');
    const token = await rotateToken(db, target.id);
    if (!token) throw new AppError('forbidden', 'auth.noParentSession');
    for (const link of chain.slice(0, chain.indexOf(target))) await revokeSession(db, link.id);
    await writeOpLog(db, actor, { action: 'back', recordType: 'session', recordId: target.id, after: { userType: target.userType, brandId: target.brandId, hotelId: target.hotelId } }, request.ip);
    return sessionAnswer(request, token, target.userType);
  }

  app.post(
    '/api/admin/back',
    { schema: { body: backBody, tags, summary: 'Return from an entered brand or hotel to the platform session {parent_token}' }, config: { auth: { userTypes: [2, 3] } } },
    async (request) => returnTo(request, (target) => target.userType === 1),
  );

  app.post(
    '/api/hotel/back',
    { schema: { body: backBody, tags, summary: 'Return from an entered hotel to the brand session {parent_token}' }, config: { auth: { userTypes: [3] } } },
    async (request) => returnTo(request, (target, chain) => target === chain[1] && target.userType === 2),
  );

  app.get('/api/web/project/list', { schema: { tags, summary: 'Projects of the selector and the current one' }, config: { auth: { userTypes: [2, 3] } } }, async (request) => {
    const { projects, current } = await sessionProjects(db, actorOf(request), request.lang);
    return ok({ list: projects, current });
  });

  app.post(
    '/api/web/project/switch',
    { schema: { body: switchBody, tags, summary: 'Switch the current brand (type 2) or hotel (type 3) {id}' }, config: { auth: { userTypes: [2, 3] } } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.body as z.infer<typeof switchBody>;
      const { projects } = await sessionProjects(db, actor, request.lang);
      const project = projects.find((p) => p.id === id);
      if (!project) throw notFound();
      const tenancy = actor.userType === 2 ? { brandId: project.id, hotelId: null } : { brandId: project.brandId ?? null, hotelId: project.id };
      await moveSession(db, actor.sessionId, tenancy);
      const token = await rotateToken(db, actor.sessionId);
      await writeOpLog(db, { ...actor, ...tenancy }, { action: 'project_switch', recordType: actor.userType === 2 ? 'brand' : 'hotel', recordId: id, before: { brandId: actor.brandId, hotelId: actor.hotelId }, after: tenancy }, request.ip);
      issueToken(request, token!);
      return ok({ token, user_type: actor.userType, project_id: id, project });
    },
  );

}
