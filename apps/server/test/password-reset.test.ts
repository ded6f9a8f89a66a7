import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecipients, passwordResets, sentMessages, users } from '../src/db/schema/index.js';
import { freshIp, login, signIn } from './helpers/session.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;

/** A guest of the reset page: no session, its own address unless named. */
const page = (ip = freshIp(), lang: 'zh-CN' | 'en-US' = 'en-US') => ({
  look: (token: string) => new Client(t.app, undefined, lang).request('GET', `/api/auth/password-reset?token=${encodeURIComponent(token)}`, undefined, { 'x-forwarded-for': ip }),
  reset: (token: string, password: string, confirmation = password) =>
    new Client(t.app, undefined, lang).request('POST', '/api/auth/password-reset', { token, password, password_confirmation: confirmation }, { 'x-forwarded-for': ip }),
  ask: (login: string) => new Client(t.app, undefined, lang).request('POST', '/api/auth/password-reset/request', { login }, { 'x-forwarded-for': ip }),
});
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function issue(by: Client, userId: number) {
  const res = await by.post(`/api/access/users/${userId}/reset-link`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(new URL(res.body.data.url).pathname).toBe('/new-frontend/repwd');
  return tokenOf(res.body.data.url);
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, []);
  b = await createTenant(t, []);
});

describe('a reset link issued by an administrator', () => {
  it('sets a new password once, ends the old sessions, and is stored hashed', async () => {
    const user = await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0] });
    const session = await signIn(t, user.loginName);
    expect((await session.get('/api/hotel/userinfo')).status).toBe(200);
    const token = await issue(a.brand, user.id);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).toHaveLength(64);
    expect(row!.tokenHash).not.toContain(token);

    const guest = page();
    const look = await guest.look(token);
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    expect(look.body.data.login_name).toBe(user.loginName);
    // The password rules and the confirmation, before anything is spent.
    const weak = await guest.reset(token, 'a b');
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toHaveLength(1);
    expect((await guest.reset(token, 'newpass1', 'newpass2')).body.errors.password_confirmation).toEqual(['The two passwords do not match']);

    const done = await guest.reset(token, 'newpass1');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The old session is over; the new password signs in, the old one does not.
    expect((await session.get('/api/hotel/userinfo')).status).toBe(401);
    expect((await login(t, user.loginName, 'newpass1')).status).toBe(200);
    expect((await login(t, user.loginName, 'secret1')).status).toBe(422);
    // Used once.
    const again = await guest.reset(token, 'another1');
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual(['This reset link is not valid, was already used or has expired; ask your administrator for a new one']);
    const log = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(log[0]!.mustChangePassword).toBe(false);
  });

  it('refuses an expired link, a wrong token, and an earlier link once a newer one is issued', async () => {
    const user = await createUser(t.database.db, { userType: 2, brandId: a.brandId });
    const guest = page();
    const first = await issue(platform, user.id);
    const second = await issue(platform, user.id);
    expect((await guest.look(first)).status).toBe(422);
    expect((await guest.reset(first, 'newpass1')).status).toBe(422);
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    const expired = await guest.reset(second, 'newpass1');
    expect(expired.status).toBe(422);
    expect(expired.body.errkey).toBe('error.validation');
    const wrong = await page(freshIp(), 'zh-CN').reset('A'.repeat(43), 'newpass1');
    expect(wrong.body.errors.token).toEqual(['重置链接无效、已使用或已过期，请向管理员重新获取']);
    for (const bad of ['', 'short', 'x'.repeat(500), '../../etc']) expect((await guest.look(bad)).status).toBe(422);
    // A brand account's password stays within 5-20 characters.
    const third = await issue(platform, user.id);
    const long = await guest.reset(third, 'abcdefghij0123456789xyz');
    expect(long.body.errors.password).toEqual(['A brand account’s password has 5-20 characters']);
  });

  it('throttles an address trying tokens', async () => {
    const guest = page('10.250.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guest.reset(`${'B'.repeat(40)}${i}`, 'newpass1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const blocked = await guest.look('C'.repeat(43));
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('is issued only inside the administrator’s tenant and rights', async () => {
    const theirs = await createUser(t.database.db, { userType: 3, brandId: b.brandId, hotelId: b.hotelIds[0] });
    const theirBrand = await createUser(t.database.db, { userType: 2, brandId: b.brandId });
    const platformUser = await createUser(t.database.db, { userType: 1 });
    // Another brand's hotel or brand account, a platform account: not found for a brand.
    for (const id of [theirs.id, theirBrand.id, platformUser.id, 99_999_999]) expect((await a.brand.post(`/api/access/users/${id}/reset-link`, {})).status).toBe(404);
    // A hotel administrator issues no links, not even for its own hotel's accounts.
    const colleague = await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0] });
    expect((await a.hotel.post(`/api/access/users/${colleague.id}/reset-link`, {})).status).toBe(403);
    expect((await a.hotel.post(`/api/access/users/${theirs.id}/reset-link`, {})).status).toBe(403);
    // A disabled account gets none.
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, colleague.id));
    expect((await a.brand.post(`/api/access/users/${colleague.id}/reset-link`, {})).status).toBe(409);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, theirs.id))).toEqual([]);
  });
});

describe('the request page', () => {
  it('answers the same for an account that exists and one that does not, and tells the account’s administrators', async () => {
    const user = await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[1] });
    const known = await page().ask(user.loginName);
    const unknown = await page().ask('nobody.here.at.all');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // The brand's administrator has a message naming the account.
    const inbox = await t.database.db
      .select({ content: sentMessages.content })
      .from(messageRecipients)
      .innerJoin(sentMessages, eq(sentMessages.id, messageRecipients.messageId))
      .where(eq(messageRecipients.userId, a.users.brand.id));
    expect(inbox.some((m) => m.content.includes(user.loginName))).toBe(true);
    // Another brand's administrator has none.
    const other = await t.database.db.select().from(messageRecipients).where(eq(messageRecipients.userId, b.users.brand.id));
    expect(other).toEqual([]);
    // Requests per address are limited (the same for known and unknown names).
    const guest = page('10.250.2.2');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guest.ask(i % 2 ? user.loginName : `ghost${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
