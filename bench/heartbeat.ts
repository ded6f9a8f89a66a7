/**
 * Heartbeat ingestion benchmark against PostgreSQL, with a bare Fastify hello-world measured in the
 * same run as the baseline.
 *
 *   node --import tsx bench/heartbeat.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 10000] [--connections 128] [--seconds 20] [--tool auto|wrk|node]
 *        [--log-gap 0] [--install-wrk] [--keep] [--profile <dir>] [--server-flags=<node flags>] [--server-log <file>]
 *        [--wrk-threads 1]
 *
 * 1. creates a fresh database and starts the real server on it (child process, migrations, demo seed);
 * 2. registers N virtual TVs with the simulator library (install code of the demo hotel 1000001, read from
 *    the database; registration limits lifted for the run);
 * 3. warms up, then drives POST /api/device/v1/heartbeat with C keep-alive connections for S seconds
 *    (wrk when installed, else a Node load generator), each request with the next TV's token;
 * 4. checks the stored rows and the server's counters (batch statements, cache misses) for the run;
 * 5. measures GET / and POST /echo of a bare Fastify app with the same load;
 * 6. prints a summary (and JSON) and drops the database (unless --keep).
 * With --profile <dir> the server's steady state is profiled (summarise with bench/profile-summary.ts);
 * --server-flags passes Node/V8 flags to the server process only (default: those of `npm start`,
 * --max-semi-space-size=64; --server-flags= for none); --wrk-threads: one wrk thread leaves more of the
 * shared two cores to the server and PostgreSQL (it still drives a bare GET at ~45,000/s);
 * --server-log writes the server's output to a file (e.g. with "--trace-gc").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { registerMany } from '../tools/simulator/lib.js';
import { cpuSeconds, pgCpuSeconds, pgCpuSince } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { hasWrk, runLoad, type LoadResult } from './lib/load.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '128' },
    seconds: { type: 'string', default: '20' },
    tool: { type: 'string', default: 'auto' },
    'log-gap': { type: 'string', default: '0' },
    port: { type: 'string', default: '18180' },
    'hello-port': { type: 'string', default: '18181' },
    'install-wrk': { type: 'boolean', default: false },
    profile: { type: 'string' },
    // The server runs with the flags `npm start` gives it (scripts/start.mjs); --server-flags= runs it without.
    'server-flags': { type: 'string', default: '--max-semi-space-size=64' },
    'wrk-threads': { type: 'string', default: '1' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const terminals = Number(values.terminals);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const serverFlags = values['server-flags']!.split(/\s+/).filter(Boolean);
const threads = Number(values['wrk-threads']);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

if (values['install-wrk'] && !hasWrk()) {
  log('installing wrk (apt-get install -y wrk)…');
  spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
}
const tool: 'wrk' | 'node' = values.tool === 'auto' ? (hasWrk() ? 'wrk' : 'node') : (values.tool as 'wrk' | 'node');
log(`load generator: ${tool}${tool === 'node' ? ' (wrk not found: install it with apt-get install -y wrk, or pass --install-wrk)' : ''}`);

// --- database ------------------------------------------------------------------------------------
const bench = await createBenchDatabase(values.pg!, 'hb');
log(`database ${bench.name}`);

const children: ChildProcess[] = [];
async function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await bench.drop(values.keep);
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

function start(args: string[], env: Record<string, string>, ready: () => Promise<boolean>, logFile?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const logStream = logFile ? createWriteStream(logFile) : undefined;
  const collect = (d: Buffer) => {
    output += d;
    logStream?.write(d);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`process exited:\n${output}`);
      if (await ready().catch(() => false)) return child;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`process did not start:\n${output}`);
  })();
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function count(client: pg.Client, query: string): Promise<number> {
  return Number((await client.query(query)).rows[0].n);
}

try {
  const port = Number(values.port);
  const url = `http://127.0.0.1:${port}`;
  const server = await start(
    [...serverFlags, ...(values.profile ? ['--import', './bench/lib/profiler.mjs'] : []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      DATABASE_URL: bench.url,
      // One process, whose CPU the run reads (several workers: bench/workers.ts).
      WORKERS: '1',
      // The fleet registers into the demo hotel 1000001 (a PostgreSQL database gets the demo only when asked).
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-data-')),
      LOG_LEVEL: 'warn',
      DEVICE_HEARTBEAT_LOG_MIN_GAP_S: values['log-gap']!,
      // One address registers the whole fleet into one hotel: the anti-abuse limits would refuse it.
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
      ...(values.profile ? { HTV_PROFILE_DIR: values.profile } : {}),
    },
    async () => (await fetch(`${url}/api/health`)).ok,
    values['server-log'],
  );
  log(`server ${url} (pid ${server.pid})`);

  // The demo hotel takes the fleet (bench/lib/tenants.ts).
  const setup = new pg.Client({ connectionString: bench.url });
  await setup.connect();
  const installCode = await prepareBenchHotel((text) => setup.query(text));
  await setup.end();

  const t0 = performance.now();
  const tvs = await registerMany({ url, seed: `bench-${Date.now()}`, count: terminals, installCode, concurrency: 32 });
  const registerSeconds = (performance.now() - t0) / 1000;
  log(`registered ${terminals} TVs in ${registerSeconds.toFixed(1)} s (${(terminals / registerSeconds).toFixed(0)}/s)`);
  const tokens = tvs.map((tv) => tv.token);
  const body = JSON.stringify({ state: 'on', softwareVersion: '3.1.0' });
  const spec = { url, method: 'POST' as const, path: '/api/device/v1/heartbeat', body, tokens, connections, threads, seconds };

  log('warm-up (5 s)…');
  await runLoad({ ...spec, seconds: 5 }, tool);
  await new Promise((r) => setTimeout(r, 2000));

  const db = new pg.Client({ connectionString: bench.url });
  await db.connect();
  // The server's own counters (GET /api/terminals/device-metrics) with a session of the seeded platform admin.
  const orm = await openDatabase({ url: bench.url });
  const adminId = await count(db, 'select id as n from users where user_type = 1 order by id limit 1');
  const session = await createSession(orm.db, { userId: adminId, userType: 1, brandId: null, hotelId: null });
  await orm.close();
  const metrics = async () =>
    ((await (await fetch(`${url}/api/terminals/device-metrics`, { headers: { authorization: `Bearer ${session}` } })).json()) as { data: Record<string, number> }).data;
  const rowsBefore = await count(db, 'select count(*) as n from terminal_heartbeats');
  const metricsBefore = await metrics();
  const cpuBefore = cpuSeconds(server.pid!);
  const pgBefore = await pgCpuSeconds(db, bench.name);
  if (values.profile) server.kill('SIGUSR2');
  log(`heartbeats: ${connections} connections, ${seconds} s…`);
  const heartbeat = await runLoad(spec, tool);
  const cpuUsed = cpuSeconds(server.pid!) - cpuBefore;
  if (values.profile) server.kill('SIGUSR2');
  const pgAfter = await pgCpuSeconds(db, bench.name);
  const pgCpu = pgCpuSince(pgBefore, pgAfter);
  // The writer flushes every 500 ms; give it a moment, then count what was stored.
  await new Promise((r) => setTimeout(r, 3000));
  const rowsStored = (await count(db, 'select count(*) as n from terminal_heartbeats')) - rowsBefore;
  const metricsAfter = await metrics();
  const statements = metricsAfter.heartbeatStatements! - metricsBefore.heartbeatStatements!;
  const misses = metricsAfter.cacheMisses! - metricsBefore.cacheMisses!;
  const online = await count(db, 'select count(*) as n from terminals where online');
  await db.end();
  await stop(server);

  const helloPort = Number(values['hello-port']);
  const helloUrl = `http://127.0.0.1:${helloPort}`;
  const hello = await start(['--import', 'tsx', 'bench/hello-server.ts'], { PORT: String(helloPort) }, async () => (await fetch(helloUrl)).ok);
  await runLoad({ url: helloUrl, method: 'GET', path: '/', connections, threads, seconds: 3 }, tool);
  log(`hello world: GET / with ${connections} connections, ${seconds} s…`);
  let helloCpu = cpuSeconds(hello.pid!);
  const helloGet = await runLoad({ url: helloUrl, method: 'GET', path: '/', connections, threads, seconds }, tool);
  const helloGetCpu = cpuSeconds(hello.pid!) - helloCpu;
  log(`hello world: POST /echo (same body as a heartbeat)…`);
  helloCpu = cpuSeconds(hello.pid!);
  const helloPost = await runLoad({ url: helloUrl, method: 'POST', path: '/echo', body, connections, threads, seconds }, tool);
  const helloPostCpu = cpuSeconds(hello.pid!) - helloCpu;
  await stop(hello);

  const row = (name: string, r: LoadResult, cpu: number) =>
    `| ${name} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p95Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${r.non2xx + r.errors} | ${((cpu / r.requests) * 1e6).toFixed(1)} |`;
  const report = [
    '',
    `Load generator: ${tool}${tool === 'wrk' ? ` (${threads} thread${threads === 1 ? '' : 's'})` : ''}; ${connections} connections; ${seconds} s per run; ${terminals} registered TVs; heartbeat log min gap ${values['log-gap']} s; server flags: ${serverFlags.join(' ') || 'none'}`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    '',
    '| endpoint | requests/s | p50 ms | p95 ms | p99 ms | errors/non-2xx | server CPU µs/request |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('POST /api/device/v1/heartbeat', heartbeat, cpuUsed),
    row('bare Fastify GET /', helloGet, helloGetCpu),
    row('bare Fastify POST /echo', helloPost, helloPostCpu),
    '',
    `Heartbeat / hello-world GET ratio: ${((heartbeat.perSecond / helloGet.perSecond) * 100).toFixed(0)}%; / POST echo: ${((heartbeat.perSecond / helloPost.perSecond) * 100).toFixed(0)}%`,
    `Server CPU during the heartbeat run: ${cpuUsed.toFixed(1)} s over ${heartbeat.seconds.toFixed(1)} s (${((cpuUsed / heartbeat.seconds) * 100).toFixed(0)}% of one core), ${((cpuUsed / heartbeat.requests) * 1e6).toFixed(1)} µs per heartbeat`,
    `PostgreSQL CPU (backends of the benchmark database) during the heartbeat run: ${pgCpu.toFixed(1)} s (${((pgCpu / heartbeat.seconds) * 100).toFixed(0)}% of one core), ${((pgCpu / heartbeat.requests) * 1e6).toFixed(1)} µs per heartbeat`,
    `Heartbeat log rows stored: ${rowsStored} for ${heartbeat.requests} answered heartbeats; batch statements: ${statements} (${(heartbeat.requests / Math.max(1, statements)).toFixed(0)} heartbeats per statement); token cache misses during the run: ${misses}`,
    `Terminals online after the run: ${online}/${terminals}; registration: ${(terminals / registerSeconds).toFixed(0)}/s`,
    '',
  ].join('\n');
  process.stdout.write(report);
  process.stdout.write(`JSON ${JSON.stringify({ tool, threads, connections, seconds, terminals, serverFlags, heartbeat, helloGet, helloPost, rowsStored, statements, misses, serverCpuSeconds: cpuUsed, pgCpuSeconds: pgCpu, loadAtStart, loadAtEnd: loadavg(), registerPerSecond: terminals / registerSeconds })}\n`);
} finally {
  await cleanup();
}
