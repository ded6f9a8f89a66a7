/**
 * Terminal list and MAC search at fleet scale, against PostgreSQL.
 *
 *   node --import tsx bench/terminal-list.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--rows 1000000] [--hotels 2000] [--brands 40] [--iterations 40] [--cases <regexp>] [--keep]
 *
 * 1. creates a fresh database and migrates it;
 * 2. generates brands, hotels and the terminals with ONE `insert … select … generate_series`
 *    (1% unassigned; 8 software versions plus a rare one; ~60% online; 85% authorized, 12%
 *    unauthorized, 3% disabled), their presence rows, then VACUUM ANALYZE;
 * 3. builds the real app in-process and signs in a platform, a brand and a hotel user;
 * 4. times the console calls through the HTTP layer (app.inject: routing, auth, validation, the
 *    record engine, JSON), varying the hotel / brand / MACs between iterations;
 * 5. prints p50 / p95 / max per case and drops the database (unless --keep).
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { loadSecrets } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { brands, hotels, roles, users } from '../apps/server/src/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rows: { type: 'string', default: '1000000' },
    hotels: { type: 'string', default: '2000' },
    brands: { type: 'string', default: '40' },
    iterations: { type: 'string', default: '40' },
    keep: { type: 'boolean', default: false },
    /** Only the cases whose name matches this regular expression ('' runs none: generate only). */
    cases: { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const HOTELS = Number(values.hotels);
const BRANDS = Number(values.brands);
const ITERATIONS = Number(values.iterations);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

const bench = await createBenchDatabase(values.pg!, 'list');
log(`database ${bench.name}`);

const database = await openDatabase({ url: bench.url });
try {
  await database.migrate();
  const db = database.db;
  let t = performance.now();
  await db.execute(sql`insert into brands (code, name) select 'B' || g, 'Brand ' || g from generate_series(1, ${BRANDS}::int) g`);
  await db.execute(sql`
    insert into hotels (public_id, brand_id, name)
    select (2000000 + g)::text, b.id, 'Hotel ' || g
      from generate_series(1, ${HOTELS}::int) g
      join brands b on b.code = 'B' || (1 + g % ${BRANDS}::int)`);
  // One statement generates every terminal.
  await db.execute(sql`
    insert into terminals (brand_id, hotel_id, mac, wifi_mac, sn, software_version, ota_version, control_version, launcher,
                           client_type, model, size, vendor, scene_mode, room_number, ip, public_ip, run_state, online,
                           "authorization", authorized_at, registered, registered_at)
    select case when g % 100 = 0 then null else h.brand_id end,
           case when g % 100 = 0 then null else h.id end,
           upper(lpad(to_hex(g), 12, '0')),
           upper(lpad(to_hex(g + 268435456), 12, '0')),
           'SN' || lpad(g::text, 14, '0'),
           case when r.v % 1000 = 7 then '2.9.9' else (array['3.0.0','3.0.1','3.1.0','3.1.1','3.2.0','3.2.1','4.0.0','4.0.1'])[1 + r.v % 8] end,
           '2025' || lpad((1 + g % 12)::text, 2, '0') || '01',
           (array['1.0','1.1','1.2'])[1 + g % 3],
           (array['hotelos','hotelos-lite','partner'])[1 + (r.v / 8) % 3],
           (array['android','linux'])[1 + (r.v / 24) % 2],
           'HT-' || (array['43','50','55','65'])[1 + g % 4] || 'U',
           (array['43','50','55','65'])[1 + g % 4],
           (array['Acme','Globex','Initech'])[1 + (g / 5) % 3],
           case when g % 50 = 0 then 'office' else 'hotel' end,
           (1 + (g / 2000) % 30)::text || lpad((1 + g % 40)::text, 2, '0'),
           '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256,
           '203.0.113.' || g % 256,
           'on',
           r.o % 10 < 6,
           case when r.a % 100 < 85 then 'authorized' when r.a % 100 < 97 then 'unauthorized' else 'disabled' end,
           case when r.a % 100 < 85 then now() - interval '30 days' end,
           true,
           now() - (g % 365) * interval '1 day'
      from generate_series(1, ${ROWS}::int) g
      -- Independent pseudo-random draws per row (a hotel's rows share g mod hotels, so g itself would correlate).
      cross join lateral (select hashint4(g)::bigint + 2147483648 as v, hashint4(g + 1000000007)::bigint + 2147483648 as o, hashint4(g + 2000000011)::bigint + 2147483648 as a) r
      join hotels h on h.public_id = (2000001 + g % ${HOTELS}::int)::text`);
  log(`generated ${ROWS} terminals in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await db.execute(sql`insert into terminal_presence (terminal_id, last_seen_at, last_active_day) select id, now() - (id % 600) * interval '1 second', current_date from terminals`);
  await db.execute(sql`vacuum analyze terminals`);
  await db.execute(sql`vacuum analyze terminal_presence`);
  await db.execute(sql`analyze hotels`);
  log(`presence rows and VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-list-'));
  const app = await buildApp({ config: { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', production: false, secrets: loadSecrets(dataDir) }, database });
  await app.ready();

  const hotelRows = await db.select({ id: hotels.id, brandId: hotels.brandId }).from(hotels).orderBy(hotels.id);
  const brandRows = await db.select({ id: brands.id }).from(brands).orderBy(brands.id);
  async function signIn(userType: 1 | 2 | 3, brandId: number | null, hotelId: number | null): Promise<string> {
    const [role] = await db.insert(roles).values({ userType, name: `bench${userType}`, isSuper: userType !== 3, permissions: ['terminal.read'] }).returning({ id: roles.id });
    const [user] = await db
      .insert(users)
      .values({ userType, loginName: `bench${userType}_${Date.now()}`, name: `bench ${userType}`, passwordHash: 'x', roleId: role!.id, brandId, hotelId })
      .returning({ id: users.id });
    return createSession(db, { userId: user!.id, userType, brandId, hotelId });
  }
  const someHotel = hotelRows[17]!;
  const tokens = {
    platform: await signIn(1, null, null),
    brand: await signIn(2, brandRows[3]!.id, null),
    hotel: await signIn(3, someHotel.brandId, someHotel.id),
  };

  async function time(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ms: number; payload: Record<string, unknown> }> {
    const started = performance.now();
    const res = await app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, payload: body as never });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, payload: res.json() as Record<string, unknown> };
  }

  type Case = { name: string; who: keyof typeof tokens; run: (i: number) => Promise<{ ms: number; payload: Record<string, unknown> }>; iterations?: number };
  const list = (who: keyof typeof tokens, query: (i: number) => string) => (i: number) => time(tokens[who], 'GET', `/api/records/terminals?pagesize=20&${query(i)}`);
  const hotelOf = (i: number) => hotelRows[(i * 37) % hotelRows.length]!.id;
  const macOf = (n: number) => n.toString(16).toUpperCase().padStart(12, '0');
  const macBatch = (i: number) => Array.from({ length: 20_000 }, (_, k) => (k < 19_000 ? macOf(1 + ((i * 20_000 + k * 47) % ROWS)) : `FF${macOf(i * 20_000 + k).slice(2)}`));

  const cases: Case[] = [
    { name: 'platform: first page, no filter', who: 'platform', run: list('platform', () => '') },
    { name: 'platform: hotel', who: 'platform', run: list('platform', (i) => `hotelId=${hotelOf(i)}`) },
    { name: 'platform: online', who: 'platform', run: list('platform', (i) => `online=${i % 2 === 0}`) },
    { name: 'platform: authorization=disabled', who: 'platform', run: list('platform', () => 'authorization=disabled') },
    { name: 'platform: authorization=unauthorized + offline', who: 'platform', run: list('platform', () => 'authorization=unauthorized&online=false') },
    { name: 'platform: version (common)', who: 'platform', run: list('platform', (i) => `softwareVersion=${['3.0.0', '3.1.0', '4.0.1'][i % 3]}`) },
    { name: 'platform: version (rare, 0.1%)', who: 'platform', run: list('platform', () => 'softwareVersion=2.9.9') },
    { name: 'platform: version + online + authorized', who: 'platform', run: list('platform', () => 'softwareVersion=3.1.0&online=true&authorization=authorized') },
    { name: 'platform: hotel + online + unauthorized', who: 'platform', run: list('platform', (i) => `hotelId=${hotelOf(i)}&online=false&authorization=unauthorized`) },
    { name: 'platform: launcher + client type', who: 'platform', run: list('platform', () => 'launcher=partner&clientType=linux') },
    { name: 'platform: MAC (exact)', who: 'platform', run: list('platform', (i) => `mac=${macOf(1 + ((i * 7919) % ROWS))}`) },
    { name: 'platform: page 100', who: 'platform', run: list('platform', () => 'page=100') },
    { name: 'brand: first page', who: 'brand', run: list('brand', () => '') },
    { name: 'brand: online + version', who: 'brand', run: list('brand', (i) => `online=${i % 2 === 0}&softwareVersion=3.1.0`) },
    { name: 'hotel: first page', who: 'hotel', run: list('hotel', () => '') },
    { name: 'hotel: unauthorized', who: 'hotel', run: list('hotel', () => 'authorization=unauthorized') },
    { name: 'platform: keyword (MAC substring, trigram indexes)', who: 'platform', run: list('platform', (i) => `keyword=${macOf(1 + i * 101).slice(4)}`), iterations: 5 },
    { name: 'platform: MAC search, 20000 MACs (19000 found)', who: 'platform', run: (i) => time(tokens.platform, 'POST', '/api/terminals/search_macs', { macs: macBatch(i) }), iterations: 15 },
    { name: 'hotel: MAC search, 20000 MACs', who: 'hotel', run: (i) => time(tokens.hotel, 'POST', '/api/terminals/search_macs', { macs: macBatch(i) }), iterations: 15 },
    { name: 'platform: home counts (1M rows, uncached)', who: 'platform', run: (i) => time(tokens.platform, 'GET', `/api/terminals/stats?days=${1 + (i % 90)}`), iterations: 10 },
  ];

  const results: { name: string; p50: number; p95: number; max: number; n: number; total: unknown }[] = [];
  const only = values.cases === undefined ? undefined : new RegExp(values.cases, 'i');
  for (const c of cases) {
    if (only && (values.cases === '' || !only.test(c.name))) continue;
    const n = c.iterations ?? ITERATIONS;
    for (let i = 0; i < 3; i++) await c.run(1000 + i); // warm-up
    const samples: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const r = await c.run(i);
      samples.push(r.ms);
      last = r.payload;
    }
    const s = summarize(samples);
    const data = last.data as { total?: number; capped?: boolean; items?: unknown[] };
    const total = data?.total !== undefined ? `${data.total}${data.capped ? '+' : ''}` : '';
    results.push({ name: c.name, ...s, total });
    log(`${c.name}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms (${total})`);
  }
  await app.close();

  const report = [
    '',
    `${ROWS} terminals, ${HOTELS} hotels, ${BRANDS} brands; ${ITERATIONS} iterations per list case; times through app.inject (routing, session, validation, engine, JSON)`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    '',
    '| case | p50 ms | p95 ms | max ms | n | total |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.n} | ${r.total} |`),
    '',
  ].join('\n');
  process.stdout.write(report);
  process.stdout.write(`JSON ${JSON.stringify(results)}\n`);
} finally {
  await database.close();
  await bench.drop(values.keep);
}
