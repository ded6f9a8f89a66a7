/**
 * A brand's resource-library version reaching a fleet, through the HTTP API of the built server on
 * PostgreSQL: the send of a version to 2,000 hotels, and 10,000 simulated TVs holding its content.
 *
 *   node --import tsx bench/library-fleet.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--hotels 2000] [--sends 5] [--tvs 10000] [--interval 60] [--items 10] [--spread <seconds>]
 *        [--server-flags="--max-semi-space-size=64"] [--server-log <file>] [--keep]
 *
 * Builds nothing: run `npm run build` first.
 * 1. creates a fresh database and starts the built server on it (migrations, demo seed, no demo fleet;
 *    heartbeat interval --interval seconds; registration limits lifted), and adds --hotels hotels to
 *    the demo brand (Sunrise; public ids from 2000001), each taking its introductions from the brand;
 * 2. as the brand (a session row): gives the hotel 2000001 one introduction type of --items items, each
 *    over its own 16:9 picture (1280×720 PNG), and copies it into the library "Content"; copies the
 *    empty hotel 2000002 into the library "Empty";
 * 3. times POST /api/libresource/versions of "Empty" to the generated hotels and the demo hotel 1000001
 *    (target hotels), --sends times: these are the versions the fleet starts with (no files);
 *    The demo's own theme sends are cancelled first, as in bench/theme-fleet.ts.
 * 4. starts --tvs simulated TVs (tools/simulator, registered with the demo hotel's install code, push
 *    channel off: a version reaches a TV by its heartbeat's configuration stamp; each downloads the
 *    files of its `introduction` and `music` parts, each file once by id), authorizes them in one call
 *    and waits until each has its configuration;
 * 5. sends "Content" to the same hotels, timing the answer, and measures per TV the time from the send
 *    to holding the new content (its `introduction` part names the library's items and every file of
 *    it is downloaded); then checks the simulator's counters: each TV downloaded each file once;
 * 6. prints a table and drops the database (unless --keep).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { startFleet, type Fleet } from '../tools/simulator/lib.js';
import { ConsoleApi, picturePng } from './lib/console.js';
import { cpuSeconds, pgCpuSeconds, pgCpuSince } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    hotels: { type: 'string', default: '2000' },
    sends: { type: 'string', default: '5' },
    tvs: { type: 'string', default: '10000' },
    interval: { type: 'string', default: '60' },
    items: { type: 'string', default: '10' },
    spread: { type: 'string' },
    'server-flags': { type: 'string', default: '--max-semi-space-size=64' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const TVS = Number(values.tvs);
const INTERVAL = Number(values.interval);
const ITEMS = Number(values.items);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The title the library's items carry: a TV's part naming it holds the new content. */
const MARKER = `Library item ${Date.now()}`;

/** Waits for `done`, logging `progress` every 30 s; a time-out says how far it got. */
async function until(what: string, timeoutMs: number, done: () => boolean, progress: () => string) {
  let next = Date.now() + 30_000;
  for (const deadline = Date.now() + timeoutMs; !done(); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds(timeoutMs)} (${progress()})`);
    if (Date.now() > next) {
      log(`${what}: ${progress()}`);
      next += 30_000;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const bench = await createBenchDatabase(values.pg!, 'library');
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-library-'));
log(`database ${bench.name}`);

let server: BuiltServer | undefined;
let fleet: Fleet | undefined;
const database = await openDatabase({ url: bench.url });
try {
  server = await startBuiltServer(
    {
      NODE_ENV: 'production',
      DATABASE_URL: bench.url,
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_FLEET: '0',
      DEVICE_HEARTBEAT_INTERVAL_S: String(INTERVAL),
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
    },
    values['server-flags']!.split(/\s+/).filter(Boolean),
    values['server-log'],
  );
  log(`server ${server.base} (pid ${server.process.pid})`);
  const db = database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  // The demo brand's hotels: the demo hotel and --hotels more, all taking their introductions from the brand.
  const brand = rowsOf<{ id: number; userId: number }>(await db.execute(sql`select b.id, u.id as "userId" from brands b join users u on u.brand_id = b.id and u.login_name = 'sunrise' limit 1`))[0]!;
  await db.execute(sql`
    insert into hotels (public_id, brand_id, name)
    select (2000000 + g)::text, ${brand.id}, 'Hotel ' || g from generate_series(1, ${Number(values.hotels)}::int) g`);
  await db.execute(sql`update hotels set intro_source = 'brand' where brand_id = ${brand.id}`);
  await db.execute(sql.raw('vacuum analyze hotels'));
  const hotels = rowsOf<{ id: number; publicId: string }>(await db.execute(sql`select id, public_id as "publicId" from hotels where brand_id = ${brand.id} and (public_id >= '2000001' or public_id = '1000001') order by id`));
  const hotelIds = hotels.map((h) => h.id);
  const source = hotels.find((h) => h.publicId === '2000001')!;
  log(`${hotelIds.length} hotels of the demo brand take their introductions from it`);

  const api = new ConsoleApi(server.base, await createSession(db, { userId: brand.userId, userType: 2, brandId: brand.id, hotelId: null }));
  // The demo's own theme sends are cancelled (as bench/theme-fleet.ts does): the TVs download the
  // library's files, not the demo theme's pictures.
  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const platform = new ConsoleApi(server.base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));
  for (const { id } of rowsOf<{ id: number }>(await db.execute(sql`select distinct theme_id as id from theme_sends where cancelled_at is null`)))
    await platform.call('POST', `/admin/theme/${id}/cancel-send`, {});
  // The content: one type shown by default, --items items over their own pictures, written by an
  // administrator of the source hotel (the demo hotel's role).
  const sourceUser = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (user_type, login_name, name, password_hash, role_id, brand_id, hotel_id)
      select user_type, 'bench.source', name, password_hash, role_id, brand_id, ${source.id} from users where login_name = 'sunrise.bund' returning id`),
  )[0]!;
  const hotelApi = new ConsoleApi(server.base, await createSession(db, { userId: sourceUser.id, userType: 3, brandId: brand.id, hotelId: source.id }));
  const type = await hotelApi.call<{ id: number }>('POST', '/records/intro-type', { name: '品牌介绍', nameEn: 'From the brand', showDefault: true, sort: 999 });
  for (let i = 0; i < ITEMS; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picturePng(1280, 720, [20 + ((i * 37) % 200), 60 + ((i * 53) % 160), 120]))], { type: 'image/png' }), `item-${i}.png`);
    const file = await hotelApi.call<{ id: string }>('POST', '/files?rule=introImage', form);
    await hotelApi.call('POST', '/records/intro-item', { typeId: type.id, title: `${MARKER} ${i}`, titleEn: `${MARKER} ${i}`, text: '品牌资源库的内容', textEn: "The brand library's content", backgroundId: file.id });
  }
  const content = await api.call<{ id: number }>('POST', '/libresource/libraries', { title: 'Content', sourceHotelId: '2000001' });
  const empty = await api.call<{ id: number }>('POST', '/libresource/libraries', { title: 'Empty', sourceHotelId: '2000002' });
  log(`libraries: "Content" (${ITEMS} items, ${ITEMS} pictures) and "Empty"`);

  const send = async (libraryId: number) => {
    const started = performance.now();
    await api.call('POST', '/libresource/versions', { libraryId, target: 'hotels', hotelIds });
    return performance.now() - started;
  };
  const sendTimes: number[] = [];
  for (let i = 0; i < Number(values.sends); i++) {
    sendTimes.push(await send(empty.id));
    log(`send of "Empty" to ${hotelIds.length} hotels: ${sendTimes.at(-1)!.toFixed(0)} ms`);
  }

  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  let sendStarted = 0;
  const heldAt = new Map<string, number>();
  const configured = new Set<string>();
  const errors = new Map<string, number>();
  const holds = (config: unknown) => JSON.stringify((config as { introduction?: unknown } | undefined)?.introduction ?? null).includes(MARKER);
  let t = performance.now();
  fleet = await startFleet({
    url: server.base,
    count: TVS,
    seed: `bench-library-${Date.now()}`,
    installCode,
    push: false,
    concurrency: 32,
    spreadSeconds: values.spread === undefined ? INTERVAL : Number(values.spread),
    maxFreeSockets: TVS,
    contentParts: ['introduction', 'music'],
    onEvent: (tv, event) => {
      const now = performance.now();
      if (event.type === 'error') {
        const kind = event.message.replace(/[0-9A-F]{12}|[0-9a-f-]{36}|\d+/g, '#').slice(0, 80);
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
      if (event.type === 'content' && !event.failed) {
        configured.add(tv.mac);
        if (sendStarted && !heldAt.has(tv.mac) && holds(tv.config)) heldAt.set(tv.mac, now - sendStarted);
      }
    },
  });
  const startMs = performance.now() - t;
  log(`${TVS} TVs registered and started in ${seconds(startMs)} (heartbeat every ${INTERVAL} s)`);
  const tvs = fleet.tvs;
  t = performance.now();
  configured.clear();
  await api.call('POST', '/terminals/authorize', { macs: tvs.map((tv) => tv.mac) });
  const errorText = () => [...errors].map(([kind, n]) => `${n}× ${kind}`).join('; ') || 'no errors';
  await until(
    'every TV configured after its authorization',
    5 * INTERVAL * 1000 + 120_000,
    () => tvs.every((tv) => tv.authorization === 'authorized' && configured.has(tv.mac)),
    () => `${tvs.filter((tv) => tv.authorization === 'authorized').length} authorized, ${tvs.filter((tv) => configured.has(tv.mac)).length} configured; ${errorText()}`,
  );
  const firstMs = performance.now() - t;
  const before = tvs.reduce((n, tv) => n + tv.contentDownloads, 0);
  log(`authorized; every TV configured (the empty version, ${before} content files) after ${seconds(firstMs)}`);

  const cpuBefore = cpuSeconds(server.process.pid!);
  const pgBefore = await pgCpuSeconds(bench.admin, bench.name);
  sendStarted = performance.now();
  const sendMs = await send(content.id);
  log(`send of "Content" to ${hotelIds.length} hotels answered in ${sendMs.toFixed(0)} ms`);
  await until('every TV holding the new content', 5 * INTERVAL * 1000 + 120_000, () => heldAt.size === TVS, () => `${heldAt.size} hold it; ${errorText()}`);
  const allMs = performance.now() - sendStarted;
  const serverCpu = cpuSeconds(server.process.pid!) - cpuBefore;
  const pgCpu = pgCpuSince(pgBefore, await pgCpuSeconds(bench.admin, bench.name));
  const held = summarize([...heldAt.values()]);
  const withinInterval = [...heldAt.values()].filter((ms) => ms <= INTERVAL * 1000).length;
  const perTv = new Map<string, number>();
  for (const tv of tvs) perTv.set(`${tv.contentDownloads} files`, (perTv.get(`${tv.contentDownloads} files`) ?? 0) + 1);
  const files = tvs.reduce((n, tv) => n + tv.contentDownloads, 0);
  const errorCount = [...errors.values()].reduce((n, c) => n + c, 0);
  for (const [kind, n] of errors) log(`error × ${n}: ${kind}`);
  const sends = summarize(sendTimes);

  const loadAtEnd = loadavg();
  console.log(`\n${hotelIds.length} hotels of one brand; ${TVS} simulated TVs, heartbeat every ${INTERVAL} s, first heartbeats over ${values.spread ?? INTERVAL} s, push channel off; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| measure | result |');
  console.log('|---|---|');
  console.log(`| send of a version to ${hotelIds.length} hotels (POST /api/libresource/versions, target hotels), before the fleet, ${sends.n} times | p50 ${sends.p50.toFixed(0)} ms, max ${sends.max.toFixed(0)} ms (${sendTimes.map((v) => v.toFixed(0)).join(', ')}) |`);
  console.log(`| the same send with the fleet running (the version the TVs pick up) | **${sendMs.toFixed(0)} ms** |`);
  console.log(`| ${TVS} TVs registered, booted, configured (32 at a time) | ${seconds(startMs)} |`);
  console.log(`| authorized in one call → every TV configured | ${seconds(firstMs)} |`);
  console.log(`| send → TV holds the new content (${ITEMS} items, every picture downloaded) | p50 ${seconds(held.p50)}, p95 ${seconds(held.p95)}, max ${seconds(held.max)}; **${withinInterval}/${TVS} within one interval (${INTERVAL} s)** |`);
  console.log(`| content files downloaded per TV (simulator counters) | ${[...perTv].map(([k, n]) => `${n} TVs: ${k}`).join('; ')} |`);
  console.log(`| in all | ${files} files for ${TVS} TVs and a version of ${ITEMS} pictures; ${errorCount} errors |`);
  console.log(`| CPU from the send to the last TV: server; PostgreSQL | ${serverCpu.toFixed(1)} s; ${pgCpu.toFixed(1)} s over ${seconds(allMs)} |`);
  console.log(JSON.stringify({ loadAtStart, loadAtEnd, sends: { ...sends, times: sendTimes }, sendMs, startMs, firstMs, held, withinInterval, files, errors: Object.fromEntries(errors), serverCpu, pgCpu }));
} finally {
  await fleet?.stop();
  await server?.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  await bench.drop(values.keep);
}
