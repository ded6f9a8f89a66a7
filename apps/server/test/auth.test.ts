import { FRESH_TOKEN_HEADER } from '@htv/shared';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemRoleId } from '../src/areas/access/system.js';
import { CaptchaService, testHooksEnabled } from '../src/auth/captcha.js';
import { hashToken, ROTATE_AFTER_MS, SESSION_TTL_MS } from '../src/auth/sessions.js';
import { parseTrustProxy } from '../src/config.js';
import { operationLogs, roles, sessions, users } from '../src/db/schema/index.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createTenant, createUser, FIXTURE_PASSWORD, type Tenant } from './support/fixtures.js';
import { freshIp, freshToken, login, signIn, solvedCaptcha } from './helpers/session.js';

let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await testApp();
  tenant = await createTenant(t, ['faq.read']);
});

const newUser = (userType: 1 | 2 | 3 = 1, extra: { isSuper?: boolean; permissions?: string[] } = { isSuper: true }) =>
  createUser(t.database.db, {
    userType,
    brandId: userType === 1 ? null : tenant.brandId,
    hotelId: userType === 3 ? tenant.hotelIds[0] : null,
    ...extra,
  });

async function sessionRow(token: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
}

describe('login: rules of part 1 §5', () => {
  it('signs in with the login name or the e-mail, answering the token, the user type and the cookie', async () => {
    const user = await newUser(2, { isSuper: true });
    const res = await login(t, user.loginName, FIXTURE_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_type: 2, url: '/new-frontend/home', userinfo: { user_type: 2, id: user.id } });
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.headers[FRESH_TOKEN_HEADER]).toBe(res.body.data.token);
    expect(String(res.headers['set-cookie'])).toMatch(/sessionToken=[\w-]+;.*HttpOnly/);
    const byMail = await login(t, `${user.loginName}@test.example`.toUpperCase(), FIXTURE_PASSWORD);
    expect(byMail.status).toBe(200);
    const me = await new Client(t.app, byMail.body.data.token).get('/api/admin/userinfo');
    expect(me.body.data.loginInfo).toMatchObject({ id: user.id, user_type: 2, customer_id: tenant.brandId });
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    const user = await newUser();
    const wrong = await login(t, user.loginName, 'wrong123');
    const unknown = await login(t, 'nobody.here', 'secret1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: '-1', errkey: 'error.badCredentials', errmsg: 'Incorrect user name or password' });
      expect(res.body.errors).toBeUndefined();
    }
    const zh = await login(t, user.loginName, 'wrong123', { lang: 'zh-CN' });
    expect(zh.body.errmsg).toBe('用户名或密码错误');
  });

  it('gives an empty name and an empty password their own messages, on their fields', async () => {
    const empty = await login(t, '', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: ['Please enter the user name'], password: ['Please enter the password'] });
    const missing = await new Client(t.app).post('/api/admin/login', {});
    expect(missing.body.errors).toEqual({ email: ['Please enter the user name'], password: ['Please enter the password'] });
    const zh = await login(t, '  ', '', { lang: 'zh-CN' });
    expect(zh.body.errors).toEqual({ email: ['请输入用户名'], password: ['请输入密码'] });
  });

  it('checks the login name: a letter or digit first, then letters, digits, _ @ . ; 3-64 characters', async () => {
    const message = 'The user name starts with a letter or digit and has 3-64 letters, digits, _ @ or .';
    for (const bad of ['ab', '_abc', '.abc', 'ab-cd', 'ab cd', 'abc#', 'a'.repeat(65)]) {
      const res = await login(t, bad, 'secret1', { captcha: null });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors, bad).toEqual({ email: [message] });
    }
    for (const good of ['abc', 'a_b', 'x@y.z', '9.9.9', 'a'.repeat(64)]) {
      const res = await login(t, good, 'secret1', { captcha: null });
      expect(res.body.errors?.email, good).toBeUndefined();
    }
  });

  it('checks the password: a letter or digit first, then letters, digits, _ ! % # $ . ; 5-32 characters', async () => {
    const message = 'The password starts with a letter or digit and has 5-32 letters, digits, _ ! % # $ or .';
    for (const bad of ['abcd', '_abcde', '!abcde', 'abc de', 'abc-de', 'abc&de', 'a'.repeat(33)]) {
      const res = await login(t, 'someone', bad, { captcha: null });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors, bad).toEqual({ password: [message] });
    }
    for (const good of ['abcde', 'a_!%#', 'A$.b1', 'a'.repeat(32)]) {
      const res = await login(t, 'someone', good, { captcha: null });
      expect(res.body.errors?.password, good).toBeUndefined();
    }
  });

  it('lets /api/web/login sign in brand and hotel users only', async () => {
    const platform = await newUser(1);
    const hotel = await newUser(3, { permissions: ['faq.read'] });
    expect((await login(t, platform.loginName, FIXTURE_PASSWORD, { path: '/api/web/login' })).body.errkey).toBe('error.badCredentials');
    const res = await login(t, hotel.loginName, FIXTURE_PASSWORD, { path: '/api/web/login' });
    expect(res.status).toBe(200);
    expect(res.body.data.user_type).toBe(3);
  });

  it('refuses a disabled account once the password is right', async () => {
    const user = await newUser();
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    const res = await login(t, user.loginName, FIXTURE_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.errmsg).toBe('This account is disabled');
  });

  it('writes a login row in the operation log', async () => {
    const user = await newUser();
    await signIn(t, user.loginName);
    const rows = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.userId, user.id), eq(operationLogs.action, 'login')));
    expect(rows).toHaveLength(1);
  });
});

describe('drag captcha', () => {
  it('issues a PNG challenge with a random gap', async () => {
    const res = await new Client(t.app).get('/api/captcha');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ width: 320, height: 160, pieceWidth: 54, pieceHeight: 54, expiresIn: 120 });
    expect(res.body.data.background).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(res.body.data.piece).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(JSON.stringify(res.body.data)).not.toMatch(/"x"/);
    const xs = new Set<number>();
    for (let i = 0; i < 5; i++) xs.add((await solvedCaptcha(t)).x);
    expect(xs.size).toBeGreaterThan(1);
  });

  it('is required: "drag the captcha to the right position first"', async () => {
    const user = await newUser();
    const res = await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: null });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errkey: 'auth.captchaRequired', errmsg: 'Please drag the captcha to the right position first' });
    expect(res.body.errors).toEqual({ captcha: ['Please drag the captcha to the right position first'] });
    const zh = await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: '', lang: 'zh-CN' });
    expect(zh.body.errors).toEqual({ captcha: ['请先拖动验证码到正确位置'] });
  });

  it('accepts ±4 px and refuses a wrong x', async () => {
    const user = await newUser();
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: await solvedCaptcha(t, { offset: 4 }) })).status).toBe(200);
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: await solvedCaptcha(t, { offset: -4 }) })).status).toBe(200);
    for (const offset of [5, -5, 60]) {
      const res = await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: await solvedCaptcha(t, { offset }) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ captcha: ['Verification failed, please try again'] });
    }
  });

  it('is single-use: a replayed answer is refused', async () => {
    const user = await newUser();
    const captcha = await solvedCaptcha(t);
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha })).status).toBe(200);
    const replay = await login(t, user.loginName, FIXTURE_PASSWORD, { captcha });
    expect(replay.status).toBe(422);
    expect(replay.body.errors).toEqual({ captcha: ['The captcha has expired, please refresh it'] });
  });

  it('refuses an answer given impossibly fast, and uses the challenge up', async () => {
    const user = await newUser();
    const captcha = await solvedCaptcha(t, { ageMs: 0 });
    const res = await login(t, user.loginName, FIXTURE_PASSWORD, { captcha });
    expect(res.status).toBe(422);
    expect(res.body.errkey).toBe('auth.captchaFailed');
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha })).body.errkey).toBe('auth.captchaExpired');
  });

  it('expires after two minutes', async () => {
    const user = await newUser();
    const res = await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: await solvedCaptcha(t, { ageMs: 121_000 }) });
    expect(res.status).toBe(422);
    expect(res.body.errkey).toBe('auth.captchaExpired');
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: { id: 'no-such-id', x: 100 } })).body.errkey).toBe('auth.captchaExpired');
  });

  it('verifies a drag first and accepts the single-use pass token on login', async () => {
    const user = await newUser();
    const anonymous = new Client(t.app);
    const { id, x } = await solvedCaptcha(t);
    const wrongTrail = await anonymous.post('/api/captcha/verify', { ...(await solvedCaptcha(t)), trail: [{ x: 10, t: 0 }] });
    expect(wrongTrail.status).toBe(422);
    const verified = await anonymous.post('/api/captcha/verify', { id, x, trail: [{ x: 0, t: 0 }, { x: x / 2, t: 200 }, { x, t: 450 }] });
    expect(verified.status).toBe(200);
    const pass = verified.body.data.pass as string;
    expect((await anonymous.post('/api/captcha/verify', { id, x })).body.errkey).toBe('auth.captchaExpired');
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: pass })).status).toBe(200);
    expect((await login(t, user.loginName, FIXTURE_PASSWORD, { captcha: pass })).body.errkey).toBe('auth.captchaExpired');
  });

  it('throttles challenges per address', () => {
    const service = new CaptchaService(false);
    for (let i = 0; i < 30; i++) service.issue('192.0.2.1');
    expect(() => service.issue('192.0.2.1')).toThrow(expect.objectContaining({ key: 'auth.captchaTooMany', kind: 'rateLimited' }));
    expect(() => service.issue('192.0.2.2')).not.toThrow();
  });

  it('has no HTTP test hook unless HTV_TEST_HOOKS=1, and refuses that in production', async () => {
    expect((await new Client(t.app).get('/api/test/captcha/whatever')).status).toBe(404);
    expect(testHooksEnabled(false, {})).toBe(false);
    expect(testHooksEnabled(false, { HTV_TEST_HOOKS: '1' })).toBe(true);
    expect(() => testHooksEnabled(true, { HTV_TEST_HOOKS: '1' })).toThrow(/production/);
    expect(() => testHooksEnabled(false, { HTV_TEST_HOOKS: '1', NODE_ENV: 'production' })).toThrow(/production/);
  });
});

describe('login throttling', () => {
  it('locks an account after 5 failures in 15 minutes, from any address, with Retry-After', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) expect((await login(t, user.loginName, 'wrong123')).status).toBe(422);
    const locked = await login(t, user.loginName, FIXTURE_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: '-1', errkey: 'auth.tooManyAttempts', errmsg: 'Too many failed sign-ins, please try again in 15 minutes' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // The e-mail address names the same account.
    expect((await login(t, `${user.loginName}@test.example`, FIXTURE_PASSWORD)).status).toBe(429);
    const zh = await login(t, user.loginName, FIXTURE_PASSWORD, { lang: 'zh-CN' });
    expect(zh.body.errmsg).toBe('登录失败次数过多，请15分钟后再试');
  });

  it('resets the account counter on success', async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i++) await login(t, user.loginName, 'wrong123');
    expect((await login(t, user.loginName, FIXTURE_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(t, user.loginName, 'wrong123');
    expect((await login(t, user.loginName, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('locks an address after 20 failures, whatever the accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(t, `ghost${i}x`, 'wrong123', { ip })).status).toBe(422);
    const user = await newUser();
    const locked = await login(t, user.loginName, FIXTURE_PASSWORD, { ip });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login(t, user.loginName, FIXTURE_PASSWORD)).status).toBe(200);
  });
});

describe('client address (TRUST_PROXY)', () => {
  /** A failed sign-in sent by `peer` (the TCP address) claiming `forwarded` in X-Forwarded-For. */
  async function failFrom(peer: string, forwarded: string, email = `ghost${randomInt(1e9)}`) {
    const captcha = await solvedCaptcha(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: peer, headers: { 'x-forwarded-for': forwarded }, payload: { email, password: 'wrong123', captcha } });
    return res.statusCode;
  }

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: a forged header does not escape the address lock', async () => {
    const peer = `198.51.100.${randomInt(1, 255)}`;
    for (let i = 0; i < 20; i++) expect(await failFrom(peer, freshIp())).toBe(422);
    expect(await failFrom(peer, freshIp())).toBe(429);
  });

  it('believes X-Forwarded-For from a trusted proxy (the test app trusts 127.0.0.1)', async () => {
    const client = freshIp();
    for (let i = 0; i < 20; i++) expect(await failFrom('127.0.0.1', client)).toBe(422);
    expect(await failFrom('127.0.0.1', client)).toBe(429);
    expect(await failFrom('127.0.0.1', freshIp())).toBe(422);
  });

  it('reads TRUST_PROXY as addresses and CIDR ranges or a hop count; nothing by default', async () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    for (const wrong of ['true', '*', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/1']) expect(() => parseTrustProxy(wrong)).toThrow(/TRUST_PROXY/);

    const seen = async (trustProxy: ReturnType<typeof parseTrustProxy>, peer: string) => {
      const app = Fastify({ trustProxy });
      app.get('/', async (request) => request.ip);
      const res = await app.inject({ url: '/', remoteAddress: peer, headers: { 'x-forwarded-for': '203.0.113.9, 10.1.2.3' } });
      await app.close();
      return res.body;
    };
    expect(await seen(false, '10.0.0.1')).toBe('10.0.0.1');
    expect(await seen(parseTrustProxy('1'), '10.0.0.1')).toBe('10.1.2.3');
    expect(await seen(parseTrustProxy('2'), '10.0.0.1')).toBe('203.0.113.9');
    expect(await seen(parseTrustProxy('10.0.0.0/8'), '10.0.0.1')).toBe('203.0.113.9');
    expect(await seen(parseTrustProxy('10.0.0.1'), '10.0.0.2')).toBe('10.0.0.2');
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with an unknown one, and after logout', async () => {
    const user = await newUser();
    const client = await signIn(t, user.loginName);
    expect((await new Client(t.app).get('/api/admin/userinfo')).status).toBe(401);
    expect((await new Client(t.app, 'not-a-token').get('/api/admin/userinfo')).status).toBe(401);
    expect((await client.get('/api/admin/userinfo')).status).toBe(200);
    const out = await client.post('/api/admin/logout');
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sessionToken=;/);
    const after = await client.get('/api/admin/userinfo');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: '-1', errkey: 'error.unauthenticated' });
  });

  it('sends the session cookie when the browser\'s is not the token its calls carry, so its pictures load', async () => {
    const user = await newUser();
    const client = await signIn(t, user.loginName);
    const token = client.token!;
    const without = await client.get('/api/admin/userinfo');
    expect(String(without.headers['set-cookie'])).toContain(`sessionToken=${token}`);
    const other = await client.request('GET', '/api/admin/userinfo', undefined, { cookie: 'sessionToken=an-older-token' });
    expect(String(other.headers['set-cookie'])).toContain(`sessionToken=${token}`);
    const same = await client.request('GET', '/api/admin/userinfo', undefined, { cookie: `sessionToken=${token}` });
    expect(same.headers['set-cookie']).toBeUndefined();
    // A refused token sets nothing; a logout still clears the cookie.
    expect((await new Client(t.app, 'not-a-token').get('/api/admin/userinfo')).headers['set-cookie']).toBeUndefined();
    const out = await client.request('POST', '/api/admin/logout', undefined, { cookie: 'sessionToken=an-older-token' });
    expect(String(out.headers['set-cookie'])).toMatch(/^sessionToken=;/);
  });

  it('checks the session before the body: 401, not 422, without one', async () => {
    const res = await new Client(t.app).post('/api/admin/passowrd/change', { password: 1 });
    expect(res.status).toBe(401);
  });

  it('answers 401 for an expired session', async () => {
    const user = await newUser();
    const client = await signIn(t, user.loginName);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(client.token!)));
    expect((await client.get('/api/admin/userinfo')).status).toBe(401);
  });

  it('slides the two-hour expiry with use', async () => {
    const user = await newUser();
    const client = await signIn(t, user.loginName);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * 60 * 1000) }).where(eq(sessions.tokenHash, hashToken(client.token!)));
    const res = await client.get('/api/admin/userinfo');
    expect(res.status).toBe(200);
    const row = await sessionRow(client.token!);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    expect(String(res.headers['set-cookie'])).toContain('sessionToken=');
  });

  it('rotates a token older than 30 minutes through x-session-token; the old one works for a grace period only', async () => {
    const user = await newUser();
    const old = await signIn(t, user.loginName);
    const row = await sessionRow(old.token!);
    expect(freshToken(await old.get('/api/admin/userinfo'))).toBeUndefined();
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - ROTATE_AFTER_MS - 1000) }).where(eq(sessions.id, row.id));
    // Two requests in flight with the old token: only one rotates.
    const [first, second] = await Promise.all([old.get('/api/admin/userinfo'), old.get('/api/message/count')]);
    const tokens = [freshToken(first), freshToken(second)].filter(Boolean) as string[];
    expect(tokens).toHaveLength(1);
    const fresh = new Client(t.app, tokens[0]);
    expect(String((first.headers['set-cookie'] ?? second.headers['set-cookie']) as string)).toContain(`sessionToken=${tokens[0]}`);
    expect((await fresh.get('/api/admin/userinfo')).body.data.loginInfo.id).toBe(user.id);
    expect((await old.get('/api/admin/userinfo')).status).toBe(200);
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - 3 * 60 * 1000) }).where(eq(sessions.id, row.id));
    expect((await old.get('/api/admin/userinfo')).status).toBe(401);
    expect((await fresh.get('/api/admin/userinfo')).status).toBe(200);
  });

  it('sends the rotated token with an error reply too', async () => {
    const user = await newUser();
    const client = await signIn(t, user.loginName);
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - ROTATE_AFTER_MS - 1000) }).where(eq(sessions.tokenHash, hashToken(client.token!)));
    const res = await client.get('/api/message/content?msg_id=999999999');
    expect(res.status).toBe(404);
    expect(freshToken(res)).toBeDefined();
  });

  it('answers 403 for a route of another user type, and for a missing permission', async () => {
    const hotelUser = await newUser(3, { permissions: [] });
    const client = await signIn(t, hotelUser.loginName);
    const res = await client.get('/api/records/admin-account');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: '-1', errmsg: '403 No Access' });
    expect((await client.get('/api/operation/action/log')).status).toBe(403);
  });
});

describe('user info', () => {
  it('reports the session user with the spec’s fields; supers have ["*"]', async () => {
    const user = await newUser(1);
    const client = await signIn(t, user.loginName);
    const res = await client.get('/api/admin/userinfo?lang=zh-CN');
    expect(res.body.data).toMatchObject({
      isLogin: true,
      loginInfo: { id: user.id, user_type: 1, permissions: ['*'], is_apiauth_user: false, customer: null, hotel: null, customer_id: null },
      user_type_names: { 1: '总管理员', 2: '品牌管理员', 3: '酒店管理员' },
      country: 'CN',
      fromAdmin: false,
      fromBrand: false,
      weather_ver: expect.any(Number),
      boots_ver: expect.any(Number),
      channel_ver: expect.any(Number),
      geetest_ver: expect.any(Number),
      citys_ver: expect.any(Number),
      terminals_log_ver: expect.any(Number),
      msg_count: 0,
      projects: [],
      project_id: null,
    });
  });

  it('gives other roles their permission strings, and the same reply on the brand and hotel paths', async () => {
    const user = await newUser(3, { permissions: ['faq.read', 'operationLog.read'] });
    const client = await signIn(t, user.loginName);
    for (const path of ['/api/admin/userinfo', '/api/brand/userinfo', '/api/hotel/userinfo']) {
      const res = await client.get(`${path}?lang=en-US`);
      expect(res.body.data.loginInfo).toMatchObject({ user_type: 3, permissions: ['faq.read', 'operationLog.read'], customer_id: tenant.brandId, hotel_id: tenant.hotelIds[0] });
      expect(res.body.data.loginInfo.hotel).toMatchObject({ id: tenant.hotelIds[0] });
      expect(res.body.data.user_type_names[3]).toBe('Hotel manager');
      expect(res.body.data.projects).toEqual([{ id: tenant.hotelIds[0], name: expect.any(String), brandId: tenant.brandId }]);
      expect(res.body.data.project_id).toBe(tenant.hotelIds[0]);
    }
  });
});

describe('user info role name', () => {
  it('names a system role in the request language (?lang, then Accept-Language); a custom role as stored', async () => {
    const user = await newUser(3, { permissions: ['faq.read'] });
    await t.database.db.update(users).set({ roleId: await systemRoleId(t.database.db, 'hotel.admin') }).where(eq(users.id, user.id));
    const client = await signIn(t, user.loginName);
    const roleName = async (c: Client, query = '') => (await c.get(`/api/hotel/userinfo${query}`)).body.data.loginInfo.role_name;
    expect(await roleName(client)).toBe('Hotel administrator');
    expect(await roleName(client.withLang('zh-CN'))).toBe('酒店管理员');
    expect(await roleName(client.withLang('zh-CN'), '?lang=en-US')).toBe('Hotel administrator');
    expect(await roleName(client, '?lang=zh-CN')).toBe('酒店管理员');

    const custom = await newUser(3, { permissions: ['faq.read'] });
    const [stored] = await t.database.db.select({ name: roles.name }).from(roles).innerJoin(users, eq(users.roleId, roles.id)).where(eq(users.id, custom.id));
    expect(await roleName(await signIn(t, custom.loginName))).toBe(stored!.name);
  });
});

describe('change password', () => {
  const PATHS = { 1: '/api/admin/passowrd/change', 2: '/api/web/customer/passowrd/change', 3: '/api/web/hotel/passowrd/change' } as const;

  it('changes the password at each type’s own path, ending the user’s other sessions', async () => {
    for (const type of [1, 2, 3] as const) {
      const user = await newUser(type, { isSuper: true });
      const client = await signIn(t, user.loginName);
      const other = await signIn(t, user.loginName);
      for (const [otherType, path] of Object.entries(PATHS)) {
        if (Number(otherType) !== type) expect((await client.post(path, { old_pass: FIXTURE_PASSWORD, password: 'newpass1', password_confirmation: 'newpass1' })).status).toBe(403);
      }
      const res = await client.post(PATHS[type], { old_pass: FIXTURE_PASSWORD, password: 'newpass1', password_confirmation: 'newpass1' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await client.get('/api/admin/userinfo')).status).toBe(200);
      expect((await other.get('/api/admin/userinfo')).status).toBe(401);
      expect((await login(t, user.loginName, FIXTURE_PASSWORD)).status).toBe(422);
      expect((await login(t, user.loginName, 'newpass1')).status).toBe(200);
      const logged = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.userId, user.id), eq(operationLogs.action, 'password_change')));
      expect(logged).toHaveLength(1);
    }
  });

  it('applies the rules of §5 with each message on its field', async () => {
    const user = await newUser();
    const client = await signIn(t, user.loginName);
    const change = (body: object) => client.post(PATHS[1], body);
    expect((await change({})).body.errors).toEqual({
      old_pass: ['Please enter the old password'],
      password: ['Please enter the new password'],
      password_confirmation: ['Please enter the new password again'],
    });
    expect((await change({ old_pass: FIXTURE_PASSWORD, password: '#bad', password_confirmation: '#bad' })).body.errors).toEqual({
      password: ['The password starts with a letter or digit and has 5-32 letters, digits, _ ! % # $ or .'],
      password_confirmation: ['The confirmation must be at least 5 characters'],
    });
    const mismatch = await change({ old_pass: FIXTURE_PASSWORD, password: 'newpass1', password_confirmation: 'newpass2' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['The two passwords do not match'] });
    const wrongOld = await change({ old_pass: 'notmine1', password: 'newpass1', password_confirmation: 'newpass1' });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.errors).toEqual({ old_pass: ['The old password is incorrect'] });
    const zh = await client.withLang('zh-CN').post(PATHS[1], { old_pass: FIXTURE_PASSWORD, password: 'newpass1', password_confirmation: 'newpass2' });
    expect(zh.body.errors).toEqual({ password_confirmation: ['两次输入的密码不一致'] });
    expect((await login(t, user.loginName, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('refuses API auth users with 403', async () => {
    const user = await newUser(2, { isSuper: true });
    await t.database.db.update(users).set({ isAuthUser: true }).where(eq(users.id, user.id));
    const client = await signIn(t, user.loginName);
    const info = await client.get('/api/brand/userinfo');
    expect(info.body.data.loginInfo.is_apiauth_user).toBe(true);
    const res = await client.post(PATHS[2], { old_pass: FIXTURE_PASSWORD, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(res.status).toBe(403);
    expect(res.body.errmsg).toBe('API auth users cannot change their password');
  });
});

describe('a password someone else chose', () => {
  it('opens only the user info, logout and the password change until the password is changed', async () => {
    const user = await newUser(1, { isSuper: true });
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    const client = await signIn(t, user.loginName);
    const info = await client.get('/api/admin/userinfo');
    expect(info.status).toBe(200);
    expect(info.body.data.loginInfo.must_change_password).toBe(true);
    for (const url of ['/api/message/count', '/api/access/routes', '/api/records/brand?pagesize=10']) {
      const res = await client.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ code: '-1', errkey: 'auth.passwordChangeRequired', errmsg: 'Please change your initial password first' });
    }
    expect((await client.withLang('zh-CN').get('/api/message/count')).body.errmsg).toBe('请先修改初始密码');
    expect((await client.post('/api/admin/login_as', { brand_id: tenant.brandId })).status).toBe(403);

    const same = await client.post('/api/admin/passowrd/change', { old_pass: FIXTURE_PASSWORD, password: FIXTURE_PASSWORD, password_confirmation: FIXTURE_PASSWORD });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ password: ['The new password must differ from the old one'] });
    const changed = await client.post('/api/admin/passowrd/change', { old_pass: FIXTURE_PASSWORD, password: 'fresh.pass1', password_confirmation: 'fresh.pass1' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await client.get('/api/admin/userinfo')).body.data.loginInfo.must_change_password).toBe(false);
    expect((await client.get('/api/message/count')).status).toBe(200);
  });

  it('lets such a user log out', async () => {
    const user = await newUser(1, { isSuper: true });
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    const client = await signIn(t, user.loginName);
    expect((await client.post('/api/admin/logout')).status).toBe(200);
    expect((await client.get('/api/admin/userinfo')).status).toBe(401);
  });
});
