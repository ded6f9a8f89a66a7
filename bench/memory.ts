/**
 * Idle memory of the built server (apps/server/dist/main.js), embedded database and PostgreSQL.
 *
 *   node --import tsx bench/memory.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--idle 15]
 *        [--server-flags="--max-semi-space-size=64"] [--modes embedded,postgres]
 *
 * Builds nothing: run `npm run build` first. For each mode it starts the server on a free port with a
 * fresh temporary DATA_DIR (PostgreSQL: a fresh database `htv_bench_mem_…`, dropped at the end), waits
 * for /api/health, lets it idle (first start: migrations and the demo seed have run), then reads the
 * process's resident memory from /proc (VmRSS, and VmHWM, the peak). It then stops it and starts it
 * again on the same data (a restart, the usual case) and reads the idle RSS once more. Prints the load
 * average next to each figure.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBenchDatabase } from './lib/database.js';
import { freePort } from './lib/server.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    idle: { type: 'string', default: '15' },
    // The flags `npm start` gives the server (scripts/start.mjs); --server-flags= for none.
    'server-flags': { type: 'string', default: '--max-semi-space-size=64' },
    modes: { type: 'string', default: 'embedded,postgres' },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'apps/server/dist/main.js');
const idleSeconds = Number(values.idle);
const serverFlags = values['server-flags']!.split(/\s+/).filter(Boolean);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
if (!existsSync(bundle)) {
  console.error('the build is missing: run `npm run build` first');
  process.exit(1);
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

interface Reading {
  mode: string;
  start: 'first' | 'restart';
  rss: number;
  peak: number;
  load: number;
}

async function run(mode: string, start: Reading['start'], env: NodeJS.ProcessEnv): Promise<Reading> {
  const port = await freePort();
  const server = spawn(process.execPath, [...serverFlags, bundle], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  try {
    for (let deadline = Date.now() + 180_000; ; ) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 180 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const reading = { mode, start, ...memoryOf(server.pid!), load: loadavg()[0]! };
    log(`${mode}, ${start} start: idle RSS ${reading.rss.toFixed(0)} MiB (peak ${reading.peak.toFixed(0)} MiB), load average ${reading.load.toFixed(2)}`);
    return reading;
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const readings: Reading[] = [];
for (const mode of values.modes!.split(',')) {
  if (mode === 'embedded') {
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-mem-'));
    try {
      for (const start of ['first', 'restart'] as const) readings.push(await run(mode, start, { DATA_DIR: dataDir, DATABASE_URL: '' }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else if (mode === 'postgres') {
    const bench = await createBenchDatabase(values.pg!, 'mem');
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-mem-'));
    try {
      for (const start of ['first', 'restart'] as const) readings.push(await run(mode, start, { DATA_DIR: dataDir, DATABASE_URL: bench.url }));
    } finally {
      await bench.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else {
    throw new Error(`unknown mode ${mode} (embedded, postgres)`);
  }
}

console.log(`\nserver flags: ${serverFlags.join(' ') || '(none)'}; idle ${idleSeconds} s after /api/health answered`);
console.log('| mode | start | idle RSS MiB | peak RSS MiB | load average |');
console.log('|---|---|---:|---:|---:|');
for (const r of readings) console.log(`| ${r.mode} | ${r.start} | ${r.rss.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.load.toFixed(2)} |`);
console.log(JSON.stringify({ serverFlags, idleSeconds, readings }));
