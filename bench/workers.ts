/**
 * One server process against two (WORKERS) on the same machine, PostgreSQL and load generator, in one
 * run (docs/scaling.md, "Benchmarks").
 *
 *   node --import tsx bench/workers.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 5000] [--connections 128] [--seconds 20] [--tool auto|wrk|node] [--workers 2]
 *
 * 1. creates a fresh database; starts the server with WORKERS=1 (migrations, demo seed);
 * 2. registers N TVs (registrations/s with one process), warms up, drives heartbeats for S seconds;
 * 3. stops it and starts the same database with WORKERS=2 (the primary migrates, two workers on the port);
 * 4. registers N more TVs (registrations/s with two), warms up, drives heartbeats with every TV's token;
 * 5. prints both, the ratio and the cores each process role used during the heartbeats, and drops the
 *    database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { registerMany } from '../tools/simulator/lib.js';
import { coresDuring, formatCores } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { hasWrk, loadGeneratorCpu, runLoad, type LoadResult } from './lib/load.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '128' },
    seconds: { type: 'string', default: '20' },
    tool: { type: 'string', default: 'auto' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: '18190' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const terminals = Number(values.terminals);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const tool: 'wrk' | 'node' = values.tool === 'auto' ? (hasWrk() ? 'wrk' : 'node') : (values.tool as 'wrk' | 'node');
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

const bench = await createBenchDatabase(values.pg!, 'workers');
const url = `http://127.0.0.1:${values.port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-workers-'));

async function startServer(workers: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: bench.url,
      DEMO: '1',
      DEMO_FLEET: '0',
      WORKERS: String(workers),
      PORT: values.port!,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // Ready when every worker answers: /api/health names the worker.
  const seen = new Set<number | undefined>();
  for (let i = 0; i < 1200 && seen.size < workers; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const body = (await (await fetch(`${url}/api/health`, { headers: { connection: 'close' } })).json()) as { data: { worker?: number } };
      seen.add(body.data.worker);
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (seen.size < workers) throw new Error(`not every worker answered:\n${output}`);
  return child;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

interface Round {
  workers: number;
  registrationsPerSecond: number;
  heartbeat: LoadResult;
  /** Cores each process role used during the heartbeat run (the whole machine's, from /proc). */
  cores: [string, number][];
}

async function round(workers: number, installCode: string, offset: number, tokens: string[]): Promise<Round> {
  const server = await startServer(workers);
  try {
    log(`${workers} worker(s): registering ${terminals} TVs…`);
    const t0 = performance.now();
    const tvs = await registerMany({ url, seed: 'bench-workers', count: terminals, offset, installCode, concurrency: 32 });
    const registrationsPerSecond = terminals / ((performance.now() - t0) / 1000);
    tokens.push(...tvs.map((tv) => tv.token));
    const spec = { url, method: 'POST' as const, path: '/api/device/v1/heartbeat', body: JSON.stringify({ state: 'on', softwareVersion: '3.1.0' }), tokens, connections, threads: 1, seconds };
    log(`${workers} worker(s): warm-up (5 s), then heartbeats for ${seconds} s with ${connections} connections…`);
    await runLoad({ ...spec, seconds: 5 }, tool);
    const { value: heartbeat, cores } = await coresDuring(() => runLoad(spec, tool), loadGeneratorCpu, new Map([[server.pid!, 'server primary']]));
    return { workers, registrationsPerSecond, heartbeat, cores };
  } finally {
    await stop(server);
  }
}

try {
  // The demo hotel takes the fleet (bench/lib/tenants.ts), before the server reads its whitelist.
  const first = await startServer(1);
  await stop(first);
  const setup = new pg.Client({ connectionString: bench.url });
  await setup.connect();
  const installCode = await prepareBenchHotel((text) => setup.query(text));
  await setup.end();

  const tokens: string[] = [];
  const one = await round(1, installCode, 0, tokens);
  const two = await round(Number(values.workers), installCode, terminals, tokens);
  const loadAtEnd = loadavg();
  const line = (r: Round) =>
    `| ${r.workers} | ${r.heartbeat.perSecond.toFixed(0)} | ${r.heartbeat.p50Ms.toFixed(1)} | ${r.heartbeat.p99Ms.toFixed(1)} | ${r.heartbeat.non2xx + r.heartbeat.errors} | ${r.registrationsPerSecond.toFixed(0)} |`;
  process.stdout.write(
    [
      '',
      `cores ${cpus().length}, load average ${loadAtStart[0]!.toFixed(1)} at start, ${loadAtEnd[0]!.toFixed(1)} at end; ${tool}, ${connections} connections, ${seconds} s`,
      '| workers | heartbeats/s | p50 ms | p99 ms | errors | registrations/s |',
      '|---:|---:|---:|---:|---:|---:|',
      line(one),
      line(two),
      `heartbeats: ${(two.heartbeat.perSecond / one.heartbeat.perSecond).toFixed(2)}x; registrations: ${(two.registrationsPerSecond / one.registrationsPerSecond).toFixed(2)}x`,
      ...[one, two].map((r) => `cores used during the heartbeats with ${r.workers} worker(s): ${formatCores(r.cores)}`),
      JSON.stringify({ one, two }),
      '',
    ].join('\n'),
  );
} finally {
  await bench.drop();
}
