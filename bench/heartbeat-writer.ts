/**
 * PostgreSQL's CPU for the heartbeat writer alone (`writeHeartbeats`, one statement a batch), without the
 * HTTP server and the load generator around it (docs/scaling.md, "Benchmarks").
 *
 *   node --import tsx bench/heartbeat-writer.ts [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *        [--terminals 3000] [--batch 800] [--batches 400] [--unlogged] [--alarms]
 *
 * 1. creates a fresh database (migrations) with N online terminals, each with its presence row;
 * 2. writes `--batches` batches of `--batch` heartbeats of random terminals (a terminal may come twice in
 *    a batch, as when its TV heartbeats faster than the writer's interval), every heartbeat logged
 *    unless `--unlogged`, each from outside its hotel's whitelist with `--alarms` (a stolen-use alarm's
 *    upsert each), once to warm up and once measured;
 * 3. prints the heartbeats a second and PostgreSQL's CPU per heartbeat (all its processes, from /proc),
 *    and drops the database.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { writeHeartbeats, type HeartbeatItem } from '../apps/server/src/areas/devices/heartbeats.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { coresDuring, formatCores } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    terminals: { type: 'string', default: '3000' },
    batch: { type: 'string', default: '800' },
    batches: { type: 'string', default: '400' },
    unlogged: { type: 'boolean', default: false },
    alarms: { type: 'boolean', default: false },
  },
});
const terminals = Number(values.terminals);
const batchSize = Number(values.batch);
const batches = Number(values.batches);
const today = new Date().toISOString().slice(0, 10);

const bench = await createBenchDatabase(values.pg!, 'writer');
try {
  const database = await openDatabase({ url: bench.url });
  await database.migrate();
  const db = database.db;
  await db.execute(sql`
    insert into terminals (mac, sn, online, software_version, run_state, public_ip)
    select upper(lpad(to_hex(g), 12, '0')), 'SN' || g, true, '3.1.0', 'on', '127.0.0.1' from generate_series(1, ${terminals}::int) g`);
  await db.execute(sql`insert into terminal_presence (terminal_id, last_active_day) select id, ${today}::date from terminals`);
  const ids = ((await db.execute(sql`select id from terminals`)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);

  const heartbeat = (id: number): HeartbeatItem => ({
    id,
    ms: Date.now(),
    changed: false,
    log: !values.unlogged,
    alarm: values.alarms!,
    state: 'on',
    ip: null,
    publicIp: '127.0.0.1',
    softwareVersion: '3.1.0',
    otaVersion: null,
    controlVersion: null,
    launcher: null,
  });
  const write = async () => {
    for (let b = 0; b < batches; b++) {
      const items = Array.from({ length: batchSize }, () => heartbeat(ids[Math.floor(Math.random() * ids.length)]!));
      await writeHeartbeats(db, items, today);
    }
  };
  await write();
  const started = performance.now();
  const { cores } = await coresDuring(write);
  const seconds = (performance.now() - started) / 1000;
  const count = batches * batchSize;
  const pgCores = cores.filter(([role]) => role.startsWith('PostgreSQL')).reduce((sum, [, c]) => sum + c, 0);
  process.stdout.write(
    [
      `${count} heartbeats (${batches} batches of ${batchSize}, ${terminals} terminals, ${values.unlogged ? 'none' : 'every one'} logged${values.alarms ? ', every one an alarm' : ''}) in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(0)}/s`,
      `PostgreSQL: ${((pgCores * seconds * 1e6) / count).toFixed(1)} µs of CPU a heartbeat; cores: ${formatCores(cores)}`,
      '',
    ].join('\n'),
  );
  await database.close();
} finally {
  await bench.drop();
}
