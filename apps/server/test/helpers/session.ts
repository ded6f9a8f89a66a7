import type { UserType } from '@htv/shared';
import { randomInt } from 'node:crypto';
import { solveCaptcha } from '../../src/auth/captcha.js';
import { Client, type ApiResponse, type TestApp } from '../support/app.js';
import { createUser, FIXTURE_PASSWORD, type TestUser } from '../support/fixtures.js';

/**
 * Sign-in helpers of the session tests. Login throttling counts per client address, and the worker's
 * app is shared by every test file, so each sign-in comes from its own made-up address unless a test
 * names one (the test app trusts 127.0.0.1, where injected requests come from, as a proxy: X-Forwarded-For
 * names the client).
 */
export const freshIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** A new captcha challenge, answered through the in-process test hook (issued a second ago). */
export async function solvedCaptcha(t: TestApp, opts: { ageMs?: number; offset?: number } = {}): Promise<{ id: string; x: number }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', headers: { 'x-forwarded-for': freshIp() } });
  return solveCaptcha(t.app, res.json().data.id, opts);
}

export interface LoginOptions {
  path?: string;
  ip?: string;
  lang?: 'zh-CN' | 'en-US';
  /** The captcha value to send; a solved one by default, `null` to send none. */
  captcha?: unknown;
}

export async function login(t: TestApp, email: string, password: string, opts: LoginOptions = {}): Promise<ApiResponse<any>> {
  const captcha = opts.captcha === undefined ? await solvedCaptcha(t) : opts.captcha;
  const body: Record<string, unknown> = { email, password };
  if (captcha !== null) body.captcha = captcha;
  return new Client(t.app, undefined, opts.lang ?? 'en-US').request('POST', opts.path ?? '/api/admin/login', body, { 'x-forwarded-for': opts.ip ?? freshIp() });
}

/** Signs in through the API and answers a client holding the session token. */
export async function signIn(t: TestApp, email: string, password = FIXTURE_PASSWORD, path?: string): Promise<Client> {
  const res = await login(t, email, password, { path });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return new Client(t.app, res.body.data.token);
}

/** A user with a role of the given permissions (fixture password), signed in through the login API. */
export async function userWith(t: TestApp, opts: { userType: UserType; brandId?: number | null; hotelId?: number | null; isSuper?: boolean; permissions?: string[] }): Promise<{ user: TestUser; client: Client }> {
  const user = await createUser(t.database.db, opts);
  return { user, client: await signIn(t, user.loginName) };
}

/** The session token a response hands out in x-session-token, if any. */
export const freshToken = (res: ApiResponse): string | undefined => res.headers['x-session-token'] as string | undefined;
