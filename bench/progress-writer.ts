/**
 * The CPU the release progress writer costs, alone: PostgreSQL's and this process's (building the
 * batches, the driver), without the HTTP server, the broker and the load generator around it
 * (docs/benchmarks.md, "A rollout to a fleet").
 *
 *   node --import tsx bench/progress-writer.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 10000] [--reports 100000] [--rate 5000] [--keep]
 *
 * 1. creates a fresh database (migrations) with N terminals and a running rollout holding one pending
 *    action for each;
 * 2. every terminal reports `downloading` once (its action leaves pending), then `--reports` reports
 *    `downloading` with a percentage go to the writer as MQTT messages do (nobody waits for them),
 *    round-robin over the terminals, paced at `--rate` a second, and the writer is flushed;
 * 3. prints the reports that counted, and the CPU per report of PostgreSQL (all its processes, from
 *    /proc) and of this process, then drops the database (unless `--keep`).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ProgressWriter } from '../apps/server/src/areas/releases/progress.js';
import { openDatabase, type Db } from '../apps/server/src/db/client.js';
import { coresDuring, formatCores } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '10000' },
    reports: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '5000' },
    keep: { type: 'boolean', default: false },
  },
});
const terminals = Number(values.terminals);
const reports = Number(values.reports);
const rate = Number(values.rate);

type Action = { id: number; terminalId: number };

async function createRollout(db: Db): Promise<Action[]> {
  await db.execute(sql`
    insert into terminals (mac, sn, online, software_version, run_state)
    select upper(lpad(to_hex(g), 12, '0')), 'SN' || g, true, '3.1.0', 'on' from generate_series(1, ${terminals}::int) g`);
  await db.execute(sql`
    insert into files (storage_key, name, mime, size, rule, sha256)
    values ('bench/firmware.bin', 'firmware.bin', 'application/octet-stream', 1048576, 'ota', repeat('0', 64))`);
  await db.execute(sql`
    insert into release_rollouts (name, kind, package_id, package_title, version_name, file_id, size, md5, sha256, state, target_kind,
                                  distribution, install_type, waves, success_threshold, error_threshold, max_retries, retry_base_seconds)
    select 'bench', 'ota', 1, 'bench firmware', '3.2.0', id, size, repeat('0', 32), sha256, 'running', 'all',
           'official', 'soft', '[{"share": 100}]', 95, 5, 0, 60 from files`);
  await db.execute(sql`
    insert into release_actions (rollout_id, terminal_id, wave, rank)
    select r.id, t.id, 0, 1 from release_rollouts r cross join terminals t`);
  return ((await db.execute(sql`select id, terminal_id as "terminalId" from release_actions order by id`)) as unknown as { rows: Action[] }).rows;
}

/** Hands the writer `count` reports paced at `rate` a second (in 10 ms slices), as the MQTT handler does. */
async function report(writer: ProgressWriter, actions: Action[], count: number, progress: (i: number) => number) {
  const started = performance.now();
  for (let sent = 0; sent < count; ) {
    const due = Math.min(count, Math.ceil(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      const action = actions[sent % actions.length]!;
      writer.post(action.terminalId, [{ actionId: action.id, state: 'downloading', progress: progress(sent) }]);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await writer.flush();
}

const bench = await createBenchDatabase(values.pg!, 'progress');
try {
  const database = await openDatabase({ url: bench.url });
  await database.migrate();
  const actions = await createRollout(database.db);
  const writer = new ProgressWriter(database.db, pino({ level: 'warn' }));
  await report(writer, actions, actions.length, () => 0);
  const counted = writer.written;
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const { cores } = await coresDuring(() => report(writer, actions, reports, (i) => 1 + (i % 98)));
  const seconds = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const pgCores = cores.filter(([role]) => role.startsWith('PostgreSQL')).reduce((sum, [, c]) => sum + c, 0);
  const perReport = (cpuSeconds: number) => `${((cpuSeconds * 1e6) / reports).toFixed(1)} µs`;
  process.stdout.write(
    [
      `${reports} reports (${terminals} terminals, ${rate}/s asked) in ${seconds.toFixed(2)} s: ${(reports / seconds).toFixed(0)}/s, ${writer.written - counted} counted`,
      `CPU a report: PostgreSQL ${perReport(pgCores * seconds)}, this process ${perReport((own.user + own.system) / 1e6)}; cores: ${formatCores(cores)}`,
      '',
    ].join('\n'),
  );
  await database.close();
} finally {
  await bench.drop(values.keep);
}
