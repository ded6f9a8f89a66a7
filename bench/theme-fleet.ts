/**
 * Themes reaching a fleet, through the HTTP API of the built server on PostgreSQL: a send to 2,000
 * hotels, and 10,000 simulated TVs picking up a new version of the theme sent to all.
 *
 *   node --import tsx bench/theme-fleet.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 1000000] [--hotels 2000] [--brands 40] [--sends 5] [--tvs 10000] [--interval 15]
 *        [--push] [--spread <seconds>] [--free-sockets <n>] [--server-flags="--max-semi-space-size=64"] [--server-log <file>] [--keep]
 *
 * Builds nothing: run `npm run build` first.
 * 1. creates a fresh database and starts the built server on it (migrations, demo seed, no demo fleet;
 *    heartbeat interval --interval seconds; registration limits lifted for the run), then generates
 *    --brands brands, --hotels hotels and --terminals terminals in them (bench/lib/tenants.ts);
 * 2. signs the platform administrator in (a session row), uploads one picture material and publishes
 *    two themes of 8 tiles (a text, the picture, an app launcher with the picture as its icon);
 * 3. times POST /api/admin/theme/{id}/send with target hotel and every generated hotel, --sends times
 *    (each replaces the previous live sends to the same hotels);
 * 4. sends the other theme to all, starts --tvs simulated TVs (tools/simulator, registered with the demo
 *    hotel's install code; push channel off unless --push: a send to all and a new version reach TVs
 *    by the heartbeat's configuration stamp, never by a pushed command), authorizes them in one call,
 *    and waits until every TV holds version 1; each TV's first heartbeat is drawn over --spread seconds
 *    (default: one interval) and the simulator keeps --free-sockets idle connections (default: one per
 *    TV; the simulator's own defaults, 5 s and Node's 256, make the fleet beat in bursts that reopen
 *    connections by the thousand);
 * 5. publishes version 2 (the same picture) and measures, per TV, the time from the publish request to
 *    holding version 2; then checks the simulator's counters: every TV downloaded each payload once
 *    (2) and the picture once;
 * 6. prints a table and drops the database (unless --keep).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { startFleet, type Fleet } from '../tools/simulator/lib.js';
import { ConsoleApi, gridTheme, picturePng } from './lib/console.js';
import { cpuSeconds, pgCpuSeconds, pgCpuSince } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { generateTenants, prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '1000000' },
    hotels: { type: 'string', default: '2000' },
    brands: { type: 'string', default: '40' },
    sends: { type: 'string', default: '5' },
    tvs: { type: 'string', default: '10000' },
    interval: { type: 'string', default: '15' },
    push: { type: 'boolean', default: false },
    // First heartbeats drawn over this many seconds (default: the interval, as a fleet switched on over time).
    spread: { type: 'string' },
    // Idle connections the simulator keeps (default: one per TV, as each real TV holds its own).
    'free-sockets': { type: 'string' },
    'server-flags': { type: 'string', default: '--max-semi-space-size=64' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const TVS = Number(values.tvs);
const INTERVAL = Number(values.interval);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The machine's TCP listen-queue overflows so far (connections refused by a full accept queue, retried by SYN). */
function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((l) => l.startsWith('TcpExt:'));
  const [names, numbers] = lines.map((l) => l.split(/\s+/));
  return Number(numbers![names!.indexOf('ListenOverflows')] ?? 0);
}

async function until(what: string, timeoutMs: number, done: () => boolean) {
  for (const deadline = Date.now() + timeoutMs; !done(); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds(timeoutMs)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const bench = await createBenchDatabase(values.pg!, 'fleet');
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-fleet-'));
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
      // One address registers the whole fleet into one hotel: the anti-abuse limits would refuse it.
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
    },
    values['server-flags']!.split(/\s+/).filter(Boolean),
    values['server-log'],
  );
  log(`server ${server.base} (pid ${server.process.pid})`);
  const db = database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  let t = performance.now();
  await generateTenants(db, { brands: Number(values.brands), hotels: Number(values.hotels), terminals: Number(values.terminals) });
  await db.execute(sql`update brands set terminal_limit = null`);
  for (const table of ['brands', 'hotels', 'terminals']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const totals = rowsOf<{ terminals: number; hotels: number }>(await db.execute(sql`select (select count(*) from terminals)::int as terminals, (select count(*) from hotels)::int as hotels`))[0]!;
  log(`generated: ${totals.terminals} terminals and ${totals.hotels} hotels in all, in ${seconds(performance.now() - t)}`);

  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const api = new ConsoleApi(server.base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));
  // The demo's own sends (a theme to its brand) outrank a send to all in the demo hotel: cancelled, so
  // the fleet holds the themes this script sends.
  for (const { id } of rowsOf<{ id: number }>(await db.execute(sql`select distinct theme_id as id from theme_sends where cancelled_at is null`)))
    await api.call('POST', `/admin/theme/${id}/cancel-send`, {});
  const picture = await api.addPictureMaterial('bench-fleet', picturePng(640, 360, [40, 120, 90]));
  const tiles = (label: string) => gridTheme(`Fleet ${label}`, 1, [picture], { label, rows: 1 });
  const hotelTheme = await api.publishedTheme('Hotels', tiles('hotels'));
  const fleetTheme = await api.publishedTheme('Fleet', tiles('v1'));

  // A send to every generated hotel, timed through the HTTP API.
  const hotelIds = rowsOf<{ id: number }>(await db.execute(sql`select id from hotels where public_id >= '2000001' order by id`)).map((r) => r.id);
  const sendTimes: number[] = [];
  let sendAnswer: { successes: number; failures: number } | undefined;
  for (let i = 0; i < Number(values.sends); i++) {
    const started = performance.now();
    sendAnswer = await api.call('POST', `/admin/theme/${hotelTheme.themeId}/send`, { target: 'hotel', hotelIds, durationSeconds: 86_400 });
    sendTimes.push(performance.now() - started);
    log(`send to ${hotelIds.length} hotels: ${sendTimes.at(-1)!.toFixed(0)} ms (successes ${sendAnswer!.successes}, failures ${sendAnswer!.failures})`);
  }
  const send = summarize(sendTimes);

  // The fleet: the theme sent to all first, then the TVs, authorized in one call.
  await api.call('POST', `/admin/theme/${fleetTheme.themeId}/send`, { target: 'all', durationSeconds: 86_400 });
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const overflowsBefore = listenOverflows();
  let publishStarted = 0;
  const pickedUp = new Map<string, number>();
  const configAfterPublish = new Map<string, number>();
  const errors = new Map<string, number>();
  // The simulator's own pace: heartbeat round trips and the time between one TV's heartbeats.
  const lastHeartbeat = new Map<string, number>();
  const heartbeatMs: number[] = [];
  const periodMs: number[] = [];
  // After the publish: heartbeat (new stamp seen) → configuration answered → version 2 and its file held.
  const configMs: number[] = [];
  const downloadMs: number[] = [];
  const configuredAt = new Map<string, number>();
  t = performance.now();
  fleet = await startFleet({
    url: server.base,
    count: TVS,
    seed: `bench-fleet-${Date.now()}`,
    installCode,
    push: values.push,
    concurrency: 32,
    verboseHeartbeats: true,
    spreadSeconds: values.spread === undefined ? INTERVAL : Number(values.spread),
    maxFreeSockets: values['free-sockets'] === undefined ? TVS : Number(values['free-sockets']),
    onEvent: (tv, event) => {
      const now = performance.now();
      if (event.type === 'error') {
        const kind = event.message.replace(/[0-9A-F]{12}|\d+/g, '#').slice(0, 80);
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
      if (event.type === 'heartbeat' && publishStarted) {
        heartbeatMs.push(event.ms);
        const last = lastHeartbeat.get(tv.mac);
        if (last) periodMs.push(now - last);
      }
      if (event.type === 'heartbeat') lastHeartbeat.set(tv.mac, now);
      if (event.type === 'config' && event.status === 200 && publishStarted && !configAfterPublish.has(tv.mac)) {
        configAfterPublish.set(tv.mac, now - publishStarted);
        configuredAt.set(tv.mac, now);
        configMs.push(now - lastHeartbeat.get(tv.mac)!);
      }
      if (event.type === 'theme' && event.version === 2 && publishStarted && !pickedUp.has(tv.mac)) {
        pickedUp.set(tv.mac, now - publishStarted);
        downloadMs.push(now - configuredAt.get(tv.mac)!);
      }
    },
  });
  const startMs = performance.now() - t;
  log(`${TVS} TVs registered and started in ${seconds(startMs)} (push channel ${values.push ? 'on' : 'off'}, heartbeat every ${INTERVAL} s)`);
  const tvs = fleet.tvs;
  t = performance.now();
  await api.call('POST', '/terminals/authorize', { macs: tvs.map((tv) => tv.mac) });
  await until('every TV holding version 1', 3 * INTERVAL * 1000 + 60_000, () => tvs.every((tv) => tv.theme?.version === 1));
  const firstMs = performance.now() - t;
  log(`authorized; every TV holds version 1 after ${seconds(firstMs)}`);

  // Version 2 of the theme sent to all: every TV's stamp changes, each picks it up at its next heartbeat.
  const current = await api.call<{ draftRevision: number }>('GET', `/admin/theme/${fleetTheme.themeId}`);
  await api.call('PUT', `/admin/theme/${fleetTheme.themeId}/draft`, { revision: current.draftRevision, document: tiles('v2') });
  const cpuBefore = cpuSeconds(server.process.pid!);
  const ownCpuBefore = process.cpuUsage();
  const pgBefore = await pgCpuSeconds(bench.admin, bench.name);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  publishStarted = performance.now();
  await api.call('POST', `/admin/theme/${fleetTheme.themeId}/publish`, {});
  const publishMs = performance.now() - publishStarted;
  await until('every TV holding version 2', 3 * INTERVAL * 1000 + 60_000, () => pickedUp.size === TVS);
  const allMs = performance.now() - publishStarted;
  const serverCpu = cpuSeconds(server.process.pid!) - cpuBefore;
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const simulatorCpu = (ownCpu.user + ownCpu.system) / 1e6;
  loopDelay.disable();
  const pickup = summarize([...pickedUp.values()]);
  const configured = summarize([...configAfterPublish.values()]);
  const rtt = summarize(heartbeatMs);
  const configRtt = summarize(configMs);
  const downloadRtt = summarize(downloadMs);
  const pgCpu = pgCpuSince(pgBefore, await pgCpuSeconds(bench.admin, bench.name));
  const period = summarize(periodMs);
  const withinInterval = [...pickedUp.values()].filter((ms) => ms <= INTERVAL * 1000).length;
  const downloads = new Map<string, number>();
  for (const tv of tvs) downloads.set(`${tv.themeDownloads} payloads, ${tv.assetDownloads} files`, (downloads.get(`${tv.themeDownloads} payloads, ${tv.assetDownloads} files`) ?? 0) + 1);
  const payloads = tvs.reduce((n, tv) => n + tv.themeDownloads, 0);
  const files = tvs.reduce((n, tv) => n + tv.assetDownloads, 0);
  const heartbeats = tvs.reduce((n, tv) => n + tv.heartbeats, 0);
  const overflows = listenOverflows() - overflowsBefore;
  const errorCount = [...errors.values()].reduce((n, c) => n + c, 0);
  for (const [kind, n] of errors) log(`error × ${n}: ${kind}`);
  log(`version 2 everywhere after ${seconds(allMs)}; publish answered in ${publishMs.toFixed(0)} ms`);

  const loadAtEnd = loadavg();
  console.log(`\n${totals.terminals} terminals, ${totals.hotels} hotels; ${TVS} simulated TVs, heartbeat every ${INTERVAL} s, first heartbeats over ${values.spread ?? INTERVAL} s, ${values['free-sockets'] ?? TVS} idle connections kept, push channel ${values.push ? 'on' : 'off'}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| measure | result |');
  console.log('|---|---|');
  console.log(`| send to ${hotelIds.length} hotels (POST …/send, target hotel), ${send.n} times | p50 ${send.p50.toFixed(0)} ms, max ${send.max.toFixed(0)} ms (${sendTimes.map((v) => v.toFixed(0)).join(', ')}); successes ${sendAnswer!.successes}, failures ${sendAnswer!.failures} |`);
  console.log(`| ${TVS} TVs registered, booted, configured (32 at a time) | ${seconds(startMs)} |`);
  console.log(`| authorized in one call → every TV holds version 1 | ${seconds(firstMs)} |`);
  console.log(`| publish of version 2 (sent to all) answered | ${publishMs.toFixed(0)} ms |`);
  console.log(`| publish → TV fetched its new configuration | p50 ${seconds(configured.p50)}, p95 ${seconds(configured.p95)}, max ${seconds(configured.max)} |`);
  console.log(`| publish → TV holds version 2 | p50 ${seconds(pickup.p50)}, p95 ${seconds(pickup.p95)}, max ${seconds(pickup.max)}; ${withinInterval}/${TVS} within one interval (${INTERVAL} s) |`);
  console.log(`| downloads per TV (simulator counters) | ${[...downloads].map(([k, n]) => `${n} TVs: ${k}`).join('; ')} |`);
  console.log(`| downloads in all | ${payloads} payloads, ${files} picture files for ${TVS} TVs and 2 versions; ${heartbeats} heartbeats; ${errorCount} errors |`);
  console.log(`| after the publish: heartbeat → configuration answered; configuration → payload and file held | p50 ${configRtt.p50.toFixed(0)} ms, p95 ${configRtt.p95.toFixed(0)} ms, max ${configRtt.max.toFixed(0)} ms; p50 ${downloadRtt.p50.toFixed(0)} ms, p95 ${downloadRtt.p95.toFixed(0)} ms, max ${downloadRtt.max.toFixed(0)} ms |`);
  console.log(`| the simulator's pace after the publish: heartbeat round trip; time between one TV's heartbeats | p50 ${rtt.p50.toFixed(0)} ms, p95 ${rtt.p95.toFixed(0)} ms; p50 ${seconds(period.p50)}, p95 ${seconds(period.p95)}, max ${seconds(period.max)} |`);
  console.log(`| TCP listen-queue overflows on the machine during the fleet's run (all processes) | ${overflows} |`);
  console.log(`| CPU from publish to the last pickup: server; PostgreSQL; simulator (this process, event-loop delay p99) | ${serverCpu.toFixed(1)} s; ${pgCpu.toFixed(1)} s; ${simulatorCpu.toFixed(1)} s (${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms) over ${seconds(allMs)} |`);
  console.log(JSON.stringify({ loadAtStart, loadAtEnd, send: { ...send, times: sendTimes }, startMs, firstMs, publishMs, pickup, withinInterval, configured, rtt, period, configRtt, downloadRtt, pgCpu, payloads, files, heartbeats, errors: Object.fromEntries(errors), overflows, serverCpu, simulatorCpu }));
} finally {
  await fleet?.stop();
  await server?.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  await bench.drop(values.keep);
}
