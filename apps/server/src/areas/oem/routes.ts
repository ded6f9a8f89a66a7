import { idSchema, loginSchema, pagingShape, permissionOf, records, type FieldDef, type Lang } from '@htv/shared';
import { MAC_PATTERN, MAX_MAC_SEARCH, normalizeMac } from '@htv/shared/areas/devices/protocol';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { LoginThrottle } from '../../auth/throttle.js';
import type { Db } from '../../db/client.js';
import { oemUsers, recordTables } from '../../db/schema/index.js';
import { partitionCells, readUploadedCells } from '../devices/excel.js';
import { AppError, invalidFields, notFound, unauthenticated } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { searchTerminalMacs } from '../devices/mac-search.js';
import { registerOemRecords } from './records.js';
import { createOemSession, endOemSession, resolveOemToken, type OemAccount } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The manufacturer account of a vendor-client call (null on every other route). */
    oemAccount: OemAccount | null;
  }
}

const tags = ['oem'];
const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
/** Field declarations that name request fields in validation messages; `required: false` lets each rule's own message through. */
const field = (zh: string, en: string): FieldDef => ({ kind: 'text', required: false, schema: z.unknown(), label: t(zh, en) });
const FIELDS: Record<string, FieldDef> = {
  macs: field('MAC列表', 'MAC list'),
  file: field('文件', 'File'),
  page: field('页码', 'Page'),
  pagesize: field('每页条数', 'Page size'),
  loginName: field('登录名', 'Login name'),
  password: field('密码', 'Password'),
  captcha: field('验证码', 'Captcha'),
};

const paging = pagingShape(1000, 100);
const searchBody = z.strictObject({ macs: z.array(z.string().max(64)).min(1), ...paging });
const idParams = z.object({ id: idSchema });
/** The console login's rules, with the manufacturer account's login name in place of the e-mail field. */
const loginBody = z.object({ loginName: loginSchema.shape.email, password: loginSchema.shape.password, captcha: loginSchema.shape.captcha });

interface Customer {
  id: number;
  name: string;
}

/** Compared against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

/**
 * Manufacturers' MAC search and the vendor (OEM) client (docs/tenants.md "OEM"):
 * - the platform searches up to 20,000 MACs for terminals running one of a manufacturer's launchers
 *   (`/api/oem/customers/:id/mac-search`, pasted or from an .xlsx);
 * - manufacturer accounts sign in to the vendor client (`/api/oem/login`, the console's captcha and
 *   throttling) and call `/api/oem/userinfo`, `/api/oem/mac-search` (their own manufacturer's
 *   terminals only) and `/api/oem/logout` with `Authorization: Bearer <token>`. These routes are
 *   public to the console's session check and carry their own.
 */
export function registerOem(app: FastifyInstance, db: Db) {
  registerOemRecords();
  app.decorateRequest('oemAccount', null);
  const throttle = new LoginThrottle().shareOn(app.bus, 'oem-login');
  const customers = recordTables.oemCustomer!;
  const platform = { auth: { userTypes: [1] as const, permission: permissionOf(records.oemCustomer, 'read') }, fields: FIELDS };

  async function customerById(id: number): Promise<Customer> {
    const [customer] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, id));
    if (!customer) throw notFound();
    return customer as Customer;
  }

  /** Which of `macs` are terminals running one of the manufacturer's launchers, a page of them at a time. */
  async function search(customer: Customer, macs: readonly string[], page: number, pagesize: number, inputField: 'macs' | 'file', lang: Lang) {
    if (macs.length > MAX_MAC_SEARCH) throw invalidFields({ [inputField]: { key: 'oem.macSearchLimit', params: { max: MAX_MAC_SEARCH } } });
    const launchers = await launchersOf(customer.id);
    const result = await searchTerminalMacs(db, macs, inArray(recordTables.terminal!.launcher, launchers), { page, pagesize, lang });
    const items = result.items.map((r) => ({
      id: r.id,
      mac: r.mac,
      sn: r.sn,
      launcher: r.launcher,
      hotelName: r.hotelName,
      hotelPublicId: r.hotelPublicId,
      online: r.online,
      authorization: r.authorization,
      lastSeenAt: r.lastSeenAt,
    }));
    return { customer, launchers, ...result, items };
  }

  async function launchersOf(customerId: number): Promise<string[]> {
    const l = recordTables.oemLauncher!;
    const rows = await db.select({ launcher: l.launcher }).from(l).where(eq(l.oemCustomerId, customerId)).orderBy(asc(l.launcher));
    return rows.map((r) => r.launcher as string);
  }

  // --- the platform console ---------------------------------------------------------------------

  app.post(
    '/api/oem/customers/:id/mac-search',
    {
      schema: { params: idParams, body: searchBody, tags, summary: `Manufacturer MAC search (up to ${MAX_MAC_SEARCH}): found count, missing MACs and one page of the terminals running its launchers` },
      config: platform,
    },
    async (request) => {
      const { macs, page, pagesize } = request.body as z.infer<typeof searchBody>;
      return ok(await search(await customerById((request.params as { id: number }).id), macs, page, pagesize, 'macs', request.lang));
    },
  );

  app.post(
    '/api/oem/customers/:id/mac-search/excel',
    {
      schema: { params: idParams, querystring: z.object(paging), tags, summary: 'Manufacturer MAC search from an uploaded .xlsx (multipart field `file`); answers like mac-search plus the MACs read' },
      config: platform,
    },
    async (request) => {
      const customer = await customerById((request.params as { id: number }).id);
      const { page, pagesize } = request.query as { page: number; pagesize: number };
      const { values, invalid } = partitionCells(await readUploadedCells(request), MAC_PATTERN, normalizeMac);
      const result = await search(customer, values, page, pagesize, 'file', request.lang);
      // The MACs read come back so the dialog can ask for further pages with mac-search.
      return ok({ ...result, invalid: [...invalid, ...result.invalid], macs: values });
    },
  );

  // --- the vendor client ------------------------------------------------------------------------

  async function requireOemAccount(request: FastifyRequest) {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    const account = token ? await resolveOemToken(db, token) : null;
    if (!account) throw unauthenticated();
    request.oemAccount = account;
  }
  const vendor = { preValidation: requireOemAccount, config: { auth: { public: true }, fields: FIELDS } };
  const accountOf = (request: FastifyRequest) => request.oemAccount!;

  const tooMany = (reply: FastifyReply, waitMs: number) => {
    reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
    return new AppError('rateLimited', 'auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
  };

  app.post(
    '/api/oem/login',
    { schema: { body: loginBody, tags, summary: 'Vendor client sign-in of a manufacturer account: {loginName, password, captcha} → {token, expiresAt, user}' }, config: { auth: { public: true }, fields: FIELDS } },
    async (request, reply) => {
      const { loginName, password, captcha } = request.body as z.infer<typeof loginBody>;
      const ip = request.ip;
      const wait = throttle.retryAfterMs(loginName, ip);
      if (wait > 0) throw tooMany(reply, wait);
      await app.captcha.require(captcha);
      const [found] = await db
        .select({ user: oemUsers, customerName: customers.name, customerEnabled: customers.enabled })
        .from(oemUsers)
        .innerJoin(customers, eq(customers.id, oemUsers.oemCustomerId))
        .where(eq(sql`lower(${oemUsers.loginName})`, loginName.toLowerCase()))
        .limit(1);
      dummyHash ??= hashPassword('not-an-account-0');
      const valid = await verifyPassword(found?.user.passwordHash ?? (await dummyHash), password);
      if (!found || !valid) {
        throttle.fail(loginName, ip);
        throw new AppError('validation', 'error.badCredentials');
      }
      if (!found.user.enabled) throw new AppError('forbidden', 'auth.accountDisabled');
      if (!found.customerEnabled) throw new AppError('forbidden', 'oem.customerDisabled');
      throttle.succeed(loginName);
      const { user } = found;
      const { token, expiresAt } = await createOemSession(db, user.id, ip);
      await db.update(oemUsers).set({ lastLoginAt: new Date() }).where(eq(oemUsers.id, user.id));
      const account = { userId: user.id, loginName: user.loginName, name: user.name, email: user.email, phone: user.phone, customerId: user.oemCustomerId, customerName: found.customerName as string };
      return ok({ token, expiresAt: expiresAt.toISOString(), user: await userInfo(account) });
    },
  );

  async function userInfo({ userId, customerId, customerName, ...user }: Omit<OemAccount, 'sessionId'>) {
    return { id: userId, ...user, customer: { id: customerId, name: customerName }, launchers: await launchersOf(customerId) };
  }

  app.get('/api/oem/userinfo', { ...vendor, schema: { tags, summary: 'The signed-in manufacturer account, its manufacturer and launchers' } }, async (request) => ok(await userInfo(accountOf(request))));

  app.post('/api/oem/logout', { ...vendor, schema: { tags, summary: 'Ends the vendor client session' } }, async (request) => {
    await endOemSession(db, accountOf(request).sessionId);
    return ok(null);
  });

  app.post(
    '/api/oem/mac-search',
    { ...vendor, schema: { body: searchBody, tags, summary: `MAC search (up to ${MAX_MAC_SEARCH}) over the terminals running the account's own manufacturer's launchers` } },
    async (request) => {
      const account = accountOf(request);
      const { macs, page, pagesize } = request.body as z.infer<typeof searchBody>;
      return ok(await search({ id: account.customerId, name: account.customerName }, macs, page, pagesize, 'macs', request.lang));
    },
  );
}
