import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allowedRoutes, changePasswordSchema, fieldErrors, int, loginSchema, password, permissionTreeSeed, PASSWORD_CHARS, ROUTE_TABLE, USER_TYPE_OPTIONS } from '../src/index.js';

const label = { 'zh-CN': '类型', 'en-US': 'Type' };

describe('sign-in rules', () => {
  it('validates the login body with a message key per rule', () => {
    const messages = (input: object) => loginSchema.safeParse(input).error?.issues.map((i) => `${i.path[0]}:${i.message}`) ?? [];
    expect(messages({ email: '', password: '' })).toEqual(['email:auth.loginNameRequired', 'password:auth.passwordRequired']);
    expect(messages({ email: '_x', password: 'abcd' })).toEqual(['email:auth.loginNameFormat', 'password:auth.passwordFormat']);
    expect(messages({ email: 'sunrise.bund', password: 'hotel123' })).toEqual([]);
  });

  it('validates the change-password body', () => {
    const result = changePasswordSchema.safeParse({ old_pass: 'x', password: 'abcde', password_confirmation: 'abc' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['auth.confirmMin']);
  });
});

describe('access field builders', () => {
  it('limits an int with options to those values', () => {
    const type = int({ label, required: true, options: USER_TYPE_OPTIONS });
    expect(type.schema.parse('2')).toBe(2);
    const bad = z.object({ type: type.schema }).safeParse({ type: 4 });
    expect(fieldErrors(bad.error!, { type }, { type: 4 }, 'en-US')).toEqual({ type: ['Please choose a valid Type'] });
  });

  it('makes a write-only, masked password that accepts empty', () => {
    const field = password({ label, min: 5, max: 32, pattern: { regex: PASSWORD_CHARS, message: 'access.passwordChars' } });
    expect(field).toMatchObject({ kind: 'text', writeOnly: true, secret: true, list: false, required: false });
    expect(field.schema.parse('')).toBeNull();
    expect(field.schema.parse('abcde')).toBe('abcde');
    expect(field.schema.safeParse('#abcd').success).toBe(false);
  });
});

describe('route tables', () => {
  it('opens only permitted routes and the groups holding them', () => {
    const paths = allowedRoutes(2, ['faq.read']).map((r) => r.path);
    expect(paths).toEqual(['/home', '/faq/list', '/faq/category', '/message/center']);
    expect(allowedRoutes(1, ['*']).length).toBe(ROUTE_TABLE[1].length);
  });

  it('seeds each permission string once, under its page', () => {
    const seed = permissionTreeSeed(1);
    const routes = seed.map((n) => n.route);
    expect(new Set(routes).size).toBe(routes.length);
    expect(seed.find((n) => n.route === 'session.loginAs')).toMatchObject({ parent: 'brand.read' });
    expect(seed.find((n) => n.route === 'role.read')).toMatchObject({ parent: '/systems' });
  });

  it('offers a state action only to the user types that may run it (a review is the platform’s)', () => {
    const routesOf = (type: 1 | 2 | 3) => permissionTreeSeed(type).map((n) => n.route);
    expect(routesOf(1)).toEqual(expect.arrayContaining(['aiInfo.submit', 'aiInfo.pass', 'aiInfo.fail']));
    expect(routesOf(3)).toContain('aiInfo.submit');
    expect(routesOf(3)).not.toContain('aiInfo.pass');
    expect(routesOf(3)).not.toContain('aiInfo.fail');
  });
});
