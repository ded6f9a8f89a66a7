/**
 * Tracked-event ingestion benchmark against PostgreSQL.
 *
 *   node --import tsx bench/events.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 500] [--batch 100] [--connections 32] [--seconds 15] [--tool auto|wrk|node] [--keep]
 *
 * 1. creates a fresh database and starts the real server on it (child process, migrations, demo seed;
 *    the per-terminal event limit and the registration limits lifted for the run);
 * 2. tracks the four events at 100% and registers N virtual TVs into the demo hotel 1000001;
 * 3. warms up, then drives POST /api/device/v1/events (each request a batch of `--batch` events, the next
 *    TV's token) with C keep-alive connections for S seconds;
 * 4. waits for the writer, checks that every accepted event was counted in tracked_event_days (the
 *    requests in flight when the load generator stops its tally are counted too), and
 *    prints events per second (accepted requests × batch / seconds) and the latencies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { TRACKED_EVENTS } from '../packages/shared/src/areas/tracking/index.js';
import { registerMany } from '../tools/simulator/lib.js';
import { createBenchDatabase } from './lib/database.js';
import { hasWrk, runLoad } from './lib/load.js';
import { freePort } from './lib/server.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '500' },
    batch: { type: 'string', default: '100' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '15' },
    tool: { type: 'string', default: 'auto' },
    keep: { type: 'boolean', default: false },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const terminals = Number(values.terminals);
const batch = Number(values.batch);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const tool: 'wrk' | 'node' = values.tool === 'auto' ? (hasWrk() ? 'wrk' : 'node') : (values.tool as 'wrk' | 'node');

const bench = await createBenchDatabase(values.pg!, 'events');
log(`database ${bench.name}, load generator ${tool}`);

let server: ChildProcess | undefined;
async function cleanup() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await bench.drop(values.keep);
}

try {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: bench.url,
      DEMO: '1',
      // No demo fleet: its TVs would read the tracking settings (cached 30 s) before this script enables
      // the events, and a worker would then count none of them.
      DEMO_FLEET: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-data-')),
      LOG_LEVEL: 'warn',
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
      DEVICE_EVENT_BATCHES_PER_MIN: '0',
    },
  });
  server.stdout!.on('data', (d: Buffer) => (output += d));
  server.stderr!.on('data', (d: Buffer) => (output += d));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 600) throw new Error(`the server did not start:\n${output}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const db = new pg.Client({ connectionString: bench.url });
  await db.connect();
  const installCode = await prepareBenchHotel((text) => db.query(text));
  await db.query(`insert into tracked_events (event, enabled, sampling) select unnest($1::text[]), true, 100 on conflict do nothing`, [TRACKED_EVENTS]);
  const tvs = await registerMany({ url, seed: `events-${Date.now()}`, count: terminals, installCode, concurrency: 32 });
  log(`registered ${terminals} TVs`);

  const now = new Date().toISOString();
  const body = JSON.stringify({ events: Array.from({ length: batch }, (_, i) => ({ event: TRACKED_EVENTS[i % TRACKED_EVENTS.length], at: now })) });
  const spec = { url, method: 'POST' as const, path: '/api/device/v1/events', body, tokens: tvs.map((tv) => tv.token), connections, seconds };
  log('warm-up (3 s)…');
  await runLoad({ ...spec, seconds: 3 }, tool);
  await new Promise((r) => setTimeout(r, 2000));
  const sum = async () => Number((await db.query('select coalesce(sum(count), 0)::bigint as n from tracked_event_days')).rows[0].n);
  const before = await sum();

  log(`events: batches of ${batch}, ${connections} connections, ${seconds} s…`);
  const result = await runLoad(spec, tool);
  await new Promise((r) => setTimeout(r, 3000));
  const stored = (await sum()) - before;
  await db.end();
  const accepted = result.requests - result.non2xx - result.errors;
  const perSecond = (accepted * batch) / result.seconds;
  log(`requests ${result.requests} (${result.perSecond.toFixed(0)}/s, non-2xx ${result.non2xx}, errors ${result.errors}), p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`);
  // Requests still in flight when the load generator stops its tally are answered and counted too: the
  // database holds at least every accepted event (a few batches more).
  const complete = stored >= accepted * batch;
  log(`events accepted ${accepted * batch}, counted ${stored}${complete ? ' (all, and the requests in flight at the end)' : ' (LOST EVENTS)'}`);
  log(`=> ${perSecond.toFixed(0)} events/s`);
  process.stdout.write(`${JSON.stringify({ terminals, batch, connections, seconds: result.seconds, requestsPerSecond: result.perSecond, eventsPerSecond: perSecond, p50Ms: result.p50Ms, p95Ms: result.p95Ms, p99Ms: result.p99Ms, accepted: accepted * batch, stored })}\n`);
  if (!complete) process.exitCode = 1;
} finally {
  await cleanup();
}
