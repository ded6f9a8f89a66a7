/**
 * Theme resolution at fleet scale, against PostgreSQL: which theme each terminal shows.
 *
 *   node --import tsx bench/theme-resolution.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 200000] [--hotels 2000] [--brands 40] [--sends <n>] [--iterations 200] [--skip-fleet] [--keep]
 *
 * 1. creates a fresh database and migrates it;
 * 2. generates brands, hotels and terminals (2% office scene, the rest hotel rooms), one published
 *    version per theme, and the sends of a busy platform: one send to all, a send to every brand, a
 *    hotel send to every fifth hotel (some hotels get two, the later wins), MAC sends (to 1% of the
 *    terminals, or as many as bring the live sends to --sends), a meeting theme to every brand; then
 *    VACUUM ANALYZE;
 * 3. times `resolveThemes` (one SQL statement) for one terminal (a TV fetching its configuration with
 *    the resolver's memory cold) and for batches of 100 and 5,000 (the misses of one event-loop turn
 *    after a send to all changed every stamp), and the whole fleet in batches of 5,000 (not with
 *    --skip-fleet);
 * 4. times the configuration path's `ThemeResolver.resolve` with its memory warm (same stamp) and cold
 *    (new stamps for the whole fleet, requested at once as TVs would over one heartbeat interval; not
 *    with --skip-fleet). The warm case asks about 100,000 terminals the memory holds (it keeps 200,000);
 * 5. prints p50 / p95 / max per case and drops the database (unless --keep).
 */
import { sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveThemes, ThemeResolver } from '../apps/server/src/areas/themes/resolve.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';
import { generateTenants } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '200000' },
    hotels: { type: 'string', default: '2000' },
    brands: { type: 'string', default: '40' },
    // Live sends in all: MAC sends make up what the brand and hotel sends leave (default: 1% of the terminals).
    sends: { type: 'string' },
    iterations: { type: 'string', default: '200' },
    'skip-fleet': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const TERMINALS = Number(values.terminals);
const HOTELS = Number(values.hotels);
const BRANDS = Number(values.brands);
const ITERATIONS = Number(values.iterations);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

const bench = await createBenchDatabase(values.pg!, 'themes');
log(`database ${bench.name}`);

const database = await openDatabase({ url: bench.url });
const results: { name: string; p50: number; p95: number; max: number; n: number; unit: string }[] = [];
try {
  await database.migrate();
  const db = database.db;
  let t = performance.now();
  await generateTenants(db, { brands: BRANDS, hotels: HOTELS, terminals: TERMINALS });
  // Themes: the platform's, one per brand (room and meeting), one per fifth hotel; each with a published version.
  await db.execute(sql`insert into themes (name, equipment_type, status, draft) values ('Platform', 'room', 'published', '{}')`);
  await db.execute(sql`insert into themes (name, equipment_type, status, brand_id, draft) select 'Brand ' || id, 'room', 'published', id, '{}' from brands`);
  await db.execute(sql`insert into themes (name, equipment_type, status, brand_id, draft) select 'Meeting ' || id, 'meeting', 'published', id, '{}' from brands`);
  await db.execute(sql`insert into themes (name, equipment_type, status, brand_id, hotel_id, draft) select 'Hotel ' || id, 'room', 'published', brand_id, id, '{}' from hotels where id % 5 = 0`);
  await db.execute(sql`
    insert into theme_versions (theme_id, number, document, state, published_at, published_by, payload_sha256)
    select id, 1, '{}', 'published', now(), 'bench', md5(id::text) || md5(id::text) from themes`);
  const day = 86_400 * 30;
  await db.execute(sql`insert into theme_sends (theme_id, target_kind, duration_seconds, sent_by) select id, 'all', ${day}, 'bench' from themes where brand_id is null`);
  await db.execute(sql`
    insert into theme_sends (theme_id, target_kind, target_id, duration_seconds, brand_id, sent_by, start_at)
    select th.id, 'brand', th.brand_id, ${day}, th.brand_id, 'bench', now() - interval '1 hour' from themes th where th.brand_id is not null and th.hotel_id is null`);
  await db.execute(sql`
    insert into theme_sends (theme_id, target_kind, target_id, duration_seconds, brand_id, hotel_id, sent_by)
    select th.id, 'hotel', th.hotel_id, ${day}, th.brand_id, th.hotel_id, 'bench' from themes th where th.hotel_id is not null`);
  // The brand's own theme to every tenth hotel too, earlier: outranked there by the hotel's later send.
  await db.execute(sql`
    insert into theme_sends (theme_id, target_kind, target_id, duration_seconds, brand_id, sent_by, start_at)
    select th.id, 'hotel', h.id, ${day}, h.brand_id, 'bench', now() - interval '30 minutes'
      from hotels h join themes th on th.brand_id = h.brand_id and th.hotel_id is null and th.equipment_type = 'room' where h.id % 10 = 0`);
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const countSends = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from theme_sends`))[0]!.n;
  const macSends = values.sends === undefined ? Math.ceil(TERMINALS / 100) : Math.max(0, Number(values.sends) - (await countSends()));
  const step = Math.max(1, Math.floor(TERMINALS / Math.max(1, macSends)));
  await db.execute(sql`
    insert into theme_sends (theme_id, target_kind, target_id, duration_seconds, brand_id, sent_by)
    select th.id, 'terminal', t.id, ${day}, t.brand_id, 'bench'
      from (select * from terminals where id % ${step}::int = 1 order by id limit ${macSends}::int) t
      join themes th on th.brand_id = t.brand_id and th.hotel_id is null and th.equipment_type = 'room'`);
  for (const table of ['terminals', 'hotels', 'themes', 'theme_versions', 'theme_sends']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const counts = rowsOf<{ sends: number; themes: number }>(await db.execute(sql`select (select count(*) from theme_sends)::int as sends, (select count(*) from themes)::int as themes`))[0]!;
  log(`generated ${TERMINALS} terminals, ${counts.themes} themes, ${counts.sends} live sends in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from terminals order by id`)).map((r) => r.id);
  const pick = (i: number, n: number) => Array.from({ length: n }, (_, k) => ids[(i * 7919 + k * 104_729) % ids.length]!);
  const timeIt = async (name: string, runs: number, unit: string, run: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < Math.min(5, runs); i++) await run(i + 1_000_000);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run(i);
      samples.push(performance.now() - started);
    }
    const s = summarize(samples);
    results.push({ name, ...s, unit });
    log(`${name}: p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms (${runs} runs)`);
  };

  // The answers are right: spot checks of each rank.
  const check = await resolveThemes(db, ids.slice(0, 300));
  const ranks = new Map<number, number>();
  for (const c of check.values()) ranks.set(c.rank, (ranks.get(c.rank) ?? 0) + 1);
  log(`ranks among the first 300 terminals: ${JSON.stringify(Object.fromEntries(ranks))}`);

  await timeIt('SQL, 1 terminal', ITERATIONS, 'ms', (i) => resolveThemes(db, pick(i, 1)));
  await timeIt('SQL, 100 terminals', ITERATIONS, 'ms', (i) => resolveThemes(db, pick(i, 100)));
  await timeIt('SQL, 5,000 terminals', Math.max(10, ITERATIONS / 10), 'ms', (i) => resolveThemes(db, pick(i, 5000)));
  const wholeFleet = !values['skip-fleet'];
  t = performance.now();
  if (wholeFleet) for (let i = 0; i < ids.length; i += 5000) await resolveThemes(db, ids.slice(i, i + 5000));
  const fleetMs = performance.now() - t;
  if (wholeFleet) log(`SQL, the whole fleet (${ids.length} terminals in batches of 5,000): ${(fleetMs / 1000).toFixed(2)} s`);

  // The configuration path: the resolver's memory per stamp.
  const resolver = new ThemeResolver(db);
  t = performance.now();
  if (wholeFleet) await Promise.all(ids.map((id) => resolver.resolve(id, 'stamp-1')));
  const coldMs = performance.now() - t;
  const coldQueries = resolver.queries;
  if (wholeFleet) log(`resolver, memory cold, every terminal asking at once: ${(coldMs / 1000).toFixed(2)} s, ${coldQueries} queries`);
  // Warm: terminals the memory holds (it keeps at most 200,000 answers and starts over when full, so
  // after a larger fleet asked, most terminals are no longer held): resolved once for a new stamp first.
  const warmIds = Array.from({ length: Math.min(ids.length, 100_000) }, (_, i) => ids[(i * 7919) % ids.length]!);
  await Promise.all(warmIds.map((id) => resolver.resolve(id, 'stamp-2')));
  const warm: number[] = [];
  let warmMisses = 0;
  for (let i = 0; i < 100_000; i++) {
    const started = performance.now();
    const answer = resolver.resolve(warmIds[i % warmIds.length]!, 'stamp-2');
    warm.push(performance.now() - started);
    if (answer instanceof Promise) warmMisses++;
  }
  const w = summarize(warm);
  results.push({ name: 'resolver, memory warm (same stamp), 1 terminal', p50: w.p50 * 1000, p95: w.p95 * 1000, max: w.max * 1000, n: w.n, unit: 'µs' });
  log(`resolver, memory warm: p50 ${(w.p50 * 1000).toFixed(2)} µs, p95 ${(w.p95 * 1000).toFixed(2)} µs (${warmMisses} misses)`);
  await timeIt('resolver, memory cold (new stamp), 1 terminal', ITERATIONS, 'ms', (i) => resolver.resolve(pick(i, 1)[0]!, `cold-${i}`) as Promise<unknown>);

  const loadAtEnd = loadavg();
  process.stdout.write(`\n| case | p50 | p95 | max | runs |\n|---|---:|---:|---:|---:|\n`);
  for (const r of results) process.stdout.write(`| ${r.name} | ${r.p50.toFixed(2)} ${r.unit} | ${r.p95.toFixed(2)} ${r.unit} | ${r.max.toFixed(2)} ${r.unit} | ${r.n} |\n`);
  if (wholeFleet) process.stdout.write(`| SQL, whole fleet in batches of 5,000 | ${(fleetMs / 1000).toFixed(2)} s in all | | | 1 |\n`);
  if (wholeFleet) process.stdout.write(`| resolver, memory cold, whole fleet at once | ${(coldMs / 1000).toFixed(2)} s in all (${coldQueries} queries) | | | 1 |\n`);
  process.stdout.write(`\n${TERMINALS} terminals, ${HOTELS} hotels, ${BRANDS} brands, ${counts.themes} themes, ${counts.sends} live sends (${macSends} by MAC)\n`);
  process.stdout.write(`\nload average ${loadAtStart[0]!.toFixed(2)} → ${loadAtEnd[0]!.toFixed(2)}\n`);
} finally {
  await database.close();
  await bench.drop(values.keep);
}
