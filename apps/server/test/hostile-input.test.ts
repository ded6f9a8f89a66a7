import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/sessions.js';
import { clientFor, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { createTenant, createUser, type Tenant } from './support/fixtures.js';

/**
 * Every route of the OpenAPI document, called anonymously and as each user type with generated hostile
 * path parameters, queries and bodies: no answer may be a 5xx, and every failure is the envelope.
 * Path ids are never valid small ids, so a generated call cannot reach the rows of other test files.
 */

let t: TestApp;
let tenant: Tenant;
const who = ['anonymous', 'platform', 'brand', 'hotel'] as const;
type Who = (typeof who)[number];
const users: Partial<Record<Who, Awaited<ReturnType<typeof createUser>>>> = {};

interface Route {
  method: string;
  path: string;
  params: string[];
  query: string[];
  /** Top-level body properties of a JSON body, or undefined when the route takes none. */
  body?: string[];
}

let routes: Route[] = [];

beforeAll(async () => {
  t = await testApp();
  tenant = await createTenant(t, []);
  const db = t.database.db;
  users.platform = await createUser(db, { userType: 1, isSuper: true });
  users.brand = await createUser(db, { userType: 2, brandId: tenant.brandId, isSuper: true });
  users.hotel = await createUser(db, { userType: 3, brandId: tenant.brandId, hotelId: tenant.hotelIds[0], isSuper: true });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op.requestBody ? Object.keys(op.requestBody.content?.['application/json']?.schema?.properties ?? {}) : undefined,
    })),
  );
});

/** A fresh session per call: a generated call may sign the session out or rotate it. */
async function headersOf(user: Who): Promise<Record<string, string>> {
  const u = users[user as Exclude<Who, 'anonymous'>];
  if (!u) return {};
  const token = await createSession(t.database.db, { userId: u.id, userType: u.userType, brandId: u.brandId, hotelId: u.hotelId });
  return { authorization: `Bearer ${token}` };
}

const PROTO_KEYS = ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

const hostileNumber = fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 31) - 1, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER);
const hostileString = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '2147483648', '9007199254740993', '99999999999999999999', '1e400', '-1', '0x10', 'NaN', 'Infinity', '\uD800', '%', '\\', "'", '%00', ...PROTO_KEYS),
  fc.string({ minLength: 300, maxLength: 400 }),
  fc.string({ maxLength: 20 }),
);
const hostileLeaf = fc.oneof(hostileNumber, hostileString, fc.constant(null), fc.boolean(), fc.integer(), fc.double());
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileLeaf, hostileLeaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS, 'id', '\u0000'), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 3 }),
})).value;

const hostilePathValue = fc.constantFrom('2147483648', '9007199254740993', '99999999999999999999', '-1', '0', '1.5', 'abc', '%00', '1e309', 'toString', '__proto__', '%E0%A4%A', '%FF', 'a%00b');
const hostileQueryValue = fc.oneof(hostileString, hostileNumber.map(String), fc.constantFrom('%00', 'a%00b', '%FF', '%E0%A4%A'));

/** A JSON body with the route's own keys and Object.prototype names, each given a hostile value. */
function jsonBody(route: Route) {
  const keys = [...(route.body ?? []), ...PROTO_KEYS];
  return fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: 6 }).map((body) => ({ payload: JSON.stringify(body), type: 'application/json' })),
    hostileValue.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
    fc.constantFrom(
      { payload: '{"a":', type: 'application/json' },
      { payload: '{"toString":1,"constructor":{"prototype":1}}', type: 'application/json' },
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\r\n--x--\r\n', type: 'multipart/form-data' },
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\r\n--x--\r\n', type: 'multipart/form-data; boundary=wrong' },
      { payload: 'garbage', type: 'multipart/form-data; boundary=' },
      { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
      { payload: 'plain', type: 'text/plain' },
    ),
  );
}

/**
 * Answers cached per user type for up to a minute (home counts, dashboard, filter options): a signed-in call here
 * would hand the other test files of the worker a stale answer, so these are called anonymously.
 */
const CACHED_PER_REACH = new Set(['/api/terminals/stats', '/api/terminals/filter-options', '/api/dashboard']);

function request(route: Route) {
  const params = fc.tuple(...route.params.map(() => hostilePathValue));
  const query = fc.dictionary(fc.constantFrom(...route.query, ...PROTO_KEYS), hostileQueryValue, { maxKeys: 4 });
  const body = route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : jsonBody(route);
  const user = CACHED_PER_REACH.has(route.path) ? fc.constant('anonymous' as const) : fc.constantFrom(...who);
  return fc.record({ user, params, query, body });
}

function urlOf(route: Route, params: string[], query: Record<string, string>): string {
  let i = 0;
  const path = route.path.replace(/\{[^}]+\}/g, () => params[i++]!);
  // A lone surrogate cannot travel as UTF-8: it arrives as U+FFFD.
  const encode = (v: string) => encodeURIComponent(v.replace(/\p{Surrogate}/gu, '\uFFFD'));
  const search = Object.entries(query)
    .map(([k, v]) => `${encode(k)}=${/^%/.test(v) ? v : encode(v)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

// The sweeps below grow with the route table (a dozen calls a route): their ceilings leave room for it, not a speed target.
describe('hostile input', () => {
  it('answers every generated call on every route with the envelope and never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const runsPerRoute = Number(process.env.HOSTILE_RUNS ?? 12);
    const failures: string[] = [];
    for (const route of routes) {
      const result = await fc.check(
        fc.asyncProperty(request(route), async ({ user, params, query, body }) => {
          const url = urlOf(route, params, query);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            payload: body?.payload,
            headers: { ...(await headersOf(user)), ...(body ? { 'content-type': body.type } : {}), 'x-forwarded-for': '10.200.0.1' },
          });
          const label = `${route.method} ${url} as ${user} with ${body?.type} ${body?.payload?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], label).toContain('application/json');
            expect(res.json(), label).toMatchObject({ code: '-1', errkey: expect.any(String), errmsg: expect.any(String) });
          }
        }),
        { numRuns: runsPerRoute },
      );
      if (result.failed) failures.push(`${(result.errorInstance as Error).message.split('\n')[0]} (seed ${result.seed}, path ${result.counterexamplePath})`);
    }
    // All failing routes at once, each with its shrunk call.
    expect(failures).toEqual([]);
  }, 300_000);
});

/** The envelope of a refused request, with the fields it names. */
function expectRefused(res: ApiResponse, status: number, fields?: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: '-1', errkey: status === 400 ? 'error.badRequest' : 'error.validation', errmsg: expect.any(String) });
  if (fields) expect(Object.keys(res.body.errors)).toEqual(fields);
}

describe('the attacks that reached the database or the raw error page', () => {
  const register = { mac: 'AABBCCDDEEFF', sn: 'SN0123456789ABC' };

  it('treats body keys named like Object.prototype members as unknown fields', async () => {
    const platform = await clientFor(t, users.platform!);
    const device = await platform.post('/api/device/v1/register', { ...register, toString: 1 });
    expectRefused(device, 422, ['toString']);
    expect(device.body.errors.toString).toEqual(['Unknown field']);
    expectRefused(await platform.post('/api/records/pms-manufacturer', { name: 'Maker', constructor: {}, hasOwnProperty: 'x' }), 422, ['constructor', 'hasOwnProperty']);
    // `__proto__` is refused by the JSON parser itself: a body that cannot be read.
    expectRefused(await platform.request('POST', '/api/records/room', '{"__proto__":{"x":1},"number":"1"}', { 'content-type': 'application/json' }), 400);
  });

  it('refuses NUL in text values, keys and queries as an invalid value of the field', async () => {
    const platform = await clientFor(t, users.platform!);
    const model = await platform.post('/api/device/v1/register', { ...register, model: 'X\u0000' });
    expectRefused(model, 422, ['model']);
    expect(model.body.errors.model).toEqual(['Model is invalid']);
    expectRefused(await platform.get('/api/records/hotel?keyword=%00'), 422, ['keyword']);
    expectRefused(await platform.get('/api/records/hotel?city=a%00b'), 422, ['city']);
    expectRefused(await platform.post('/api/records/pms-manufacturer', { name: 'Ma\u0000ker' }), 422, ['name']);
    expectRefused(await platform.post('/api/records/pms-manufacturer', { ['na\u0000me']: 'Maker' }), 422);
    // The legitimate search still works.
    expect((await platform.get('/api/records/hotel?keyword=Hotel')).status).toBe(200);
  });

  it('refuses ids and integers beyond the database columns in paths, bodies, filters and msg_id', async () => {
    const platform = await clientFor(t, users.platform!);
    const big = 2 ** 31;
    expectRefused(await platform.post(`/api/records/terminals/${big}/actions/authorize`), 422, ['id']);
    expectRefused(await platform.get(`/api/records/hotel/${2 ** 53}`), 422, ['id']);
    expectRefused(await platform.post('/api/records/hotel/batch-delete', { ids: [1, big] }), 422, ['ids']);
    expectRefused(await platform.get(`/api/records/hotel?subBrandId=${big}`), 422, ['subBrandId']);
    expectRefused(await platform.get(`/api/records/room?hotelId=${big}`), 422, ['hotelId']);
    expectRefused(await platform.get(`/api/message/content?msg_id=${big}`), 422, ['msg_id']);
    expectRefused(await platform.post('/api/records/sub-brand', { name: 'Group', brandId: tenant.brandId, sort: big }), 422, ['sort']);
    // The largest id the columns hold is an ordinary missing row.
    expect((await platform.post(`/api/records/terminals/${2 ** 31 - 1}/actions/authorize`)).status).toBe(404);
  });

  it('answers a multipart body without a readable boundary with 400 on the Excel routes', async () => {
    const platform = await clientFor(t, users.platform!);
    const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\r\n--x--\r\n';
    for (const url of ['/api/terminals/parse-list?kind=mac', '/api/terminals/search_macs/excel']) {
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=wrong']) {
        expectRefused(await platform.request('POST', url, part, { 'content-type': type }), 400);
      }
    }
  });

  it('answers unreadable JSON and paths that are not valid percent-encoding with the envelope’s 400', async () => {
    const platform = await clientFor(t, users.platform!);
    expectRefused(await platform.request('POST', '/api/records/pms-manufacturer', '{"name":', { 'content-type': 'application/json' }), 400);
    expectRefused(await platform.get('/api/records/hotel/%E0%A4%A'), 400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/records/hotel/%FF', headers: { 'accept-language': 'zh-CN' } });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ code: '-1', errkey: 'error.badRequest', errmsg: expect.any(String) });
  });
});

/** A body or query key that names a hotel or a brand, and the kind of id it takes. */
function tenantKey(key: string): { kind: 'hotel' | 'brand'; many: boolean } | undefined {
  const match = /^(hotel|brand)(?:(Id|_id)|(Ids|_ids))?$/.exec(key);
  if (!match || (match[1] === 'brand' && !match[2] && !match[3])) return undefined;
  return { kind: match[1] as 'hotel' | 'brand', many: !!match[3] };
}

const MISSING_ID = 2 ** 31 - 1;

/** A list answer (an array, or a page holding arrays): what a filter by an id may narrow. */
function isList(data: unknown): boolean {
  return Array.isArray(data) || (data !== null && typeof data === 'object' && Object.values(data).some(Array.isArray));
}

describe('hostile input: every route at once', () => {
  const withBody = () => routes.filter((route) => route.body !== undefined && route.method !== 'GET');
  const pathOf = (route: Route, id = String(MISSING_ID)) => route.path.replace(/\{[^}]+\}/g, id);

  async function call(route: Route, user: Who, payload: string | undefined, query = '') {
    return t.app.inject({
      method: route.method as 'POST',
      url: `${pathOf(route)}${query}`,
      payload,
      headers: { ...(await headersOf(user)), ...(payload === undefined ? {} : { 'content-type': 'application/json' }), 'x-forwarded-for': '10.200.0.2' },
    });
  }

  it('answers a deeply nested JSON body with the envelope’s 400 on every route, for anyone', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const bodies = [deep(10_000), `{"name":${deep(100)}}`, `{"a":"[[[[","b":${deep(65)}}`];
    const failures: string[] = [];
    for (const route of withBody()) {
      for (const user of who) {
        for (const payload of bodies) {
          const res = await call(route, user, payload);
          if (res.statusCode !== 400 || res.json().errkey !== 'error.badRequest') failures.push(`${route.method} ${route.path} as ${user} (${payload.length} bytes) → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // 64 levels, deeper than anything real but within the bound, is read as usual.
    const platform = await clientFor(t, users.platform!);
    const within = await platform.request('POST', '/api/records/pms-manufacturer', `{"name":${deep(63)}}`, { 'content-type': 'application/json' });
    expectRefused(within, 422, ['name']);
  }, 300_000);

  it('refuses a lone surrogate anywhere in a body as an invalid field, on every route, for anyone', async () => {
    const failures: string[] = [];
    for (const route of withBody()) {
      const keys = route.body!.length ? route.body! : ['name'];
      const bodies = [Object.fromEntries(keys.map((k) => [k, '\uD800'])), { [keys[0]!]: { nested: ['ok', 'x\uDC00'] } }, { [`${keys[0]}\uD800`]: 1 }];
      for (const user of who) {
        for (const body of bodies) {
          const res = await call(route, user, JSON.stringify(body));
          const refused = [400, 401, 403, 404, 422, 429].includes(res.statusCode);
          if (!refused) failures.push(`${route.method} ${route.path} as ${user} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The two calls that reached the database: a template's name, and a text deep in a draft's document.
    const platform = await clientFor(t, users.platform!);
    const theme = await platform.post('/api/admin/theme', { name: '\uD800', equipmentType: 'room' });
    expectRefused(theme, 422, ['name']);
    expect(theme.body.errors.name).toEqual(['Template name is invalid']);
    const created = await platform.post('/api/admin/theme', { name: 'Lobby', equipmentType: 'room' });
    const saved = (await platform.get(`/api/admin/theme/${created.body.data.id}`)).body.data;
    const document = structuredClone(saved.document);
    const text = { type: 'text', key: 'hello', x: 0, y: 0, width: 400, height: 100, text: { en: 'Hi \uD800' } };
    document.layouts[0].pages[0].containers = [{ key: 'c1', name: 'Main', x: 0, y: 0, width: 1920, height: 1080, blocks: [text] }];
    expectRefused(await platform.put(`/api/admin/theme/${saved.id}/draft`, { revision: saved.draftRevision, document }), 422, ['document']);
    expect((await platform.get(`/api/admin/theme/${saved.id}`)).body.data.draftRevision).toBe(saved.draftRevision);
  }, 300_000);

  it('answers another tenant’s hotel or brand id, wherever a route takes one, like a missing one and never acts on it', async () => {
    const stranger = await createTenant(t, []);
    const foreign = {
      brand: { hotel: stranger.hotelIds[0], brand: stranger.brandId },
      hotel: { hotel: tenant.hotelIds[1], brand: stranger.brandId },
    } as const;
    const failures: string[] = [];
    const named = routes.filter((route) => [...route.query, ...(route.body ?? [])].some((key) => tenantKey(key)));
    expect(named.length).toBeGreaterThan(50);
    for (const route of named) {
      for (const user of ['brand', 'hotel'] as const) {
        const answer = async (ids: { hotel: number; brand: number }) => {
          const value = (key: string) => {
            const k = tenantKey(key)!;
            return k.many ? [ids[k.kind]] : ids[k.kind];
          };
          const query = route.query.filter(tenantKey).map((key) => `${key}=${value(key)}`).join('&');
          const body = route.method === 'GET' ? undefined : JSON.stringify(Object.fromEntries((route.body ?? []).filter(tenantKey).map((key) => [key, value(key)])));
          return call(route, user, body, query ? `?${query}` : '');
        };
        const theirs = await answer(foreign[user]);
        const missing = await answer({ hotel: MISSING_ID, brand: MISSING_ID });
        const label = `${route.method} ${route.path} as ${user} → ${theirs.statusCode} ${theirs.body.slice(0, 200)}`;
        if (theirs.statusCode >= 500) failures.push(label);
        else if (theirs.statusCode !== missing.statusCode) failures.push(`${label}; a missing id → ${missing.statusCode}`);
        else if (theirs.statusCode < 300 && route.method !== 'GET') failures.push(`${label}: acted on`);
        else if (theirs.statusCode < 300 && String(theirs.headers['content-type']).includes('json')) {
          // A single row answered for an id is someone's row; a list narrowed by another tenant's id holds what a
          // missing id's does (the platform's shared rows at most), nothing of that tenant's or the caller's own.
          const [data, missingData] = [theirs.json().data, missing.json().data];
          if (!isList(data)) failures.push(`${label}: answered a row`);
          else if (JSON.stringify(data) !== JSON.stringify(missingData)) failures.push(`${label}: answered other rows than for a missing id: ${JSON.stringify(missingData).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
