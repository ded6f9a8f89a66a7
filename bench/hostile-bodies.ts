/**
 * A stranger's deeply nested JSON bodies against the built server on PostgreSQL: what one costs beside
 * an ordinary bad request, and how much it slows heartbeats sent at a fleet's pace.
 *
 *   node --import tsx bench/hostile-bodies.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--tvs 2000]
 *        [--heartbeat-rate 1000] [--paced-connections 32] [--stranger-connections 8] [--seconds 10]
 *        [--rounds 3] [--keep]
 *
 * Builds nothing: run `npm run build` first. Needs wrk (heartbeats paced at a rate; Debian: `apt-get install wrk`).
 * 1. creates a fresh database, starts the built server on it (production, one process, demo seed without
 *    its fleet) and registers --tvs TVs in the demo hotel, authorized;
 * 2. sends, alone and as fast as answered on --stranger-connections connections, each kind of request a
 *    stranger can send `POST /api/captcha/verify` (public, before any rate limit): 10,000 nested arrays
 *    (20 KB), unreadable JSON of that size and of 6 bytes, and a readable body the validator refuses;
 *    reports the answers a second and the server's CPU per answer;
 * 3. for --rounds rounds: heartbeats paced at --heartbeat-rate (each connection pausing between answers,
 *    as TVs on a timer) alone, then beside the nested bodies sent as fast as answered; reports the
 *    heartbeats' rate and latency each time;
 * 4. prints the tables and drops the database (unless --keep).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { registerMany } from '../tools/simulator/lib.js';
import { ConsoleApi } from './lib/console.js';
import { cpuSeconds } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { hasWrk, runWrk, type LoadResult, type LoadSpec } from './lib/load.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    tvs: { type: 'string', default: '2000' },
    'heartbeat-rate': { type: 'string', default: '1000' },
    'paced-connections': { type: 'string', default: '32' },
    'stranger-connections': { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});

const log = (message: string) => process.stdout.write(`[hostile-bodies] ${message}\n`);
const seconds = Number(values.seconds);
const strangerConnections = Number(values['stranger-connections']);

const NESTED = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const STRANGER_BODIES: [string, string][] = [
  ['10,000 nested arrays (20 KB)', NESTED],
  ['unreadable JSON of the same size', `{"id":"${'x'.repeat(20_000)}`],
  ['unreadable JSON (6 bytes)', '{"id":'],
  ['refused by the validator', '{"id":"x","x":"far"}'],
];

const stranger = (base: string, body: string): LoadSpec => ({ url: base, method: 'POST', path: '/api/captcha/verify', body, connections: strangerConnections, seconds });

/** A load run with the server's CPU seconds it cost. */
async function measured(server: BuiltServer, run: () => Promise<LoadResult>): Promise<{ result: LoadResult; serverCpu: number }> {
  const pid = server.process.pid!;
  const before = cpuSeconds(pid);
  const result = await run();
  return { result, serverCpu: cpuSeconds(pid) - before };
}

if (!hasWrk()) throw new Error('wrk is needed to pace heartbeats (Debian: apt-get install wrk)');
const bench = await createBenchDatabase(values.pg!, 'hostile');
const database = await openDatabase({ url: bench.url });
let server: BuiltServer | undefined;
try {
  server = await startBuiltServer(
    {
      NODE_ENV: 'production',
      DATABASE_URL: bench.url,
      WORKERS: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-hostile-')),
      DEMO: '1',
      DEMO_FLEET: '0',
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
    },
    ['--max-semi-space-size=64'],
  );
  const db = database.db;
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const tvs = await registerMany({ url: server.base, seed: `bench-hostile-${Date.now()}`, count: Number(values.tvs), installCode, concurrency: 32 });
  const adminId = (await db.execute(sql`select id from users where user_type = 1 order by id limit 1`)) as unknown as { rows: { id: number }[] };
  const api = new ConsoleApi(server.base, await createSession(db, { userId: adminId.rows[0]!.id, userType: 1, brandId: null, hotelId: null }));
  await api.call('POST', '/terminals/authorize', { macs: tvs.map((tv) => tv.mac) });
  log(`${tvs.length} TVs registered and authorized`);

  const costs: string[] = [];
  for (const [name, body] of STRANGER_BODIES) {
    const { result, serverCpu } = await measured(server, () => runWrk(stranger(server!.base, body)));
    costs.push(`| ${name} | ${result.perSecond.toFixed(0)} | ${((serverCpu / result.requests) * 1e6).toFixed(0)} µs | ${result.p50Ms.toFixed(2)} ms | ${result.requests - result.non2xx} |`);
    log(`${name}: ${result.perSecond.toFixed(0)}/s, server CPU ${((serverCpu / result.requests) * 1e6).toFixed(0)} µs an answer`);
  }

  const heartbeats: LoadSpec = {
    url: server.base,
    method: 'POST',
    path: '/api/device/v1/heartbeat',
    body: JSON.stringify({ state: 'on', softwareVersion: '3.1.0' }),
    tokens: tvs.map((tv) => tv.token),
    connections: Number(values['paced-connections']),
    rate: Number(values['heartbeat-rate']),
    seconds,
  };
  const rounds: string[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const alone = await runWrk(heartbeats);
    const [beside, nested] = await Promise.all([runWrk(heartbeats), runWrk(stranger(server.base, NESTED))]);
    const slower = 1 - beside.perSecond / alone.perSecond;
    rounds.push(
      `| ${round} | ${alone.perSecond.toFixed(0)} | ${alone.p50Ms.toFixed(2)} / ${alone.p99Ms.toFixed(2)} ms | ${beside.perSecond.toFixed(0)} | ${beside.p50Ms.toFixed(2)} / ${beside.p99Ms.toFixed(2)} ms | ${(slower * 100).toFixed(1)}% | ${nested.perSecond.toFixed(0)} | ${alone.non2xx + beside.non2xx} |`,
    );
    log(`round ${round}: heartbeats ${alone.perSecond.toFixed(0)}/s alone, ${beside.perSecond.toFixed(0)}/s beside ${nested.perSecond.toFixed(0)} nested bodies/s (${(slower * 100).toFixed(1)}% fewer)`);
  }

  process.stdout.write(`\nA stranger's bodies to POST /api/captcha/verify, ${strangerConnections} connections as fast as answered, ${seconds} s each:\n`);
  process.stdout.write('| body | answers/s | server CPU an answer | p50 | 2xx |\n|---|---|---|---|---|\n');
  process.stdout.write(`${costs.join('\n')}\n`);
  process.stdout.write(`\nHeartbeats paced at ${values['heartbeat-rate']}/s (${values['paced-connections']} connections, ${tvs.length} TVs), alone, then beside the nested bodies:\n`);
  process.stdout.write('| round | alone /s | p50 / p99 | beside /s | p50 / p99 | fewer | nested bodies/s | heartbeats not 2xx |\n|---|---|---|---|---|---|---|---|\n');
  process.stdout.write(`${rounds.join('\n')}\n`);
} finally {
  await server?.stop();
  await database.close();
  await bench.drop(values.keep);
}
