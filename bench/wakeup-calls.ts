/**
 * The 7:00 wake-up (issue: 2,000 calls due in the same minute with two processes): each call rings
 * exactly once and all within 10 s of the minute. Two worker processes run the server's wake-up
 * scheduler (`tick`, once a second, as every server process does) on one fresh PostgreSQL database;
 * the calls fall due at the next whole minute.
 *
 *   node --import tsx bench/wakeup-calls.ts [--calls 2000] [--workers 2] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--keep]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { tick } from '../apps/server/src/areas/wakeup/scheduler.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { brands, hotels, recordTables } from '../apps/server/src/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '2000' },
    workers: { type: 'string', default: '2' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    worker: { type: 'string' },
    until: { type: 'string' },
  },
});

/** A worker: ticks once a second until `until`, reporting each tick that rang calls. */
async function work(url: string, until: number) {
  const database = await openDatabase({ url });
  if (Date.now() > until - 30_000) process.stderr.write('worker started after the minute\n');
  const ticks: { at: string; done: string; rang: number }[] = [];
  while (Date.now() < until) {
    const started = Date.now();
    const result = await tick(database.db, new Date(started));
    if (result.rang.length) ticks.push({ at: new Date(started).toISOString(), done: new Date().toISOString(), rang: result.rang.length });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_000 - (Date.now() - started))));
  }
  await database.close();
  process.stdout.write(JSON.stringify(ticks));
}

async function main() {
  const calls = Number(values.calls);
  const bench = await createBenchDatabase(values.pg!, 'wakeup');
  const database = await openDatabase({ url: bench.url });
  try {
    await database.migrate();
    const db = database.db;
    const [brand] = await db.insert(brands).values({ code: 'BWAKE', name: 'Bench brand' }).returning({ id: brands.id });
    const [hotel] = await db.insert(hotels).values({ brandId: brand!.id, name: 'Bench hotel', publicId: '9000001' }).returning({ id: hotels.id });
    // A minute far enough ahead that both workers have started (a loaded machine takes a while).
    const due = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
    const local = new Date(due.getTime() + 8 * 3_600_000).toISOString();
    const rows = Array.from({ length: calls }, (_, i) => ({ brandId: brand!.id, hotelId: hotel!.id, roomNumber: String(1000 + i), date: local.slice(0, 10), time: local.slice(11, 16), dueAt: due.toISOString(), state: 'scheduled' }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(recordTables.wakeUpCall!).values(rows.slice(i, i + 500));
    process.stdout.write(`${calls} calls due at ${due.toISOString()}; ${values.workers} worker processes\n`);
    const until = due.getTime() + 30_000;
    const script = fileURLToPath(import.meta.url);
    const outputs = await Promise.all(
      Array.from({ length: Number(values.workers) }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, '--worker', bench.url, '--until', String(until)], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        return new Promise<{ at: string; done: string; rang: number }[]>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out || '[]')) : reject(new Error(`worker exited ${code}`)))));
      }),
    );
    const counted = await db.execute(sql`select count(*)::int as rings, count(distinct call_id)::int as calls, max(extract(epoch from (at - ${due.toISOString()}::timestamptz)))::float as late from wakeup_events where state = 'ringing'`);
    const [stats] = (counted as unknown as { rows: { rings: number; calls: number; late: number }[] }).rows;
    const last = Math.max(...outputs.flat().map((t) => Date.parse(t.done)));
    outputs.forEach((ticks, i) => process.stdout.write(`worker ${i + 1}: ${ticks.map((t) => `${t.rang} rung in the tick at +${((Date.parse(t.at) - due.getTime()) / 1000).toFixed(2)} s (committed +${((Date.parse(t.done) - due.getTime()) / 1000).toFixed(2)} s)`).join('; ') || 'none'}\n`));
    process.stdout.write(`rings ${stats!.rings} for ${stats!.calls} calls of ${calls}: ${stats!.rings === calls && stats!.calls === calls ? 'each exactly once' : 'NOT exactly once'}; the last ring committed ${((last - due.getTime()) / 1000).toFixed(2)} s after the minute\n`);
  } finally {
    await database.close();
    await bench.drop(values.keep);
  }
}

if (values.worker) await work(values.worker, Number(values.until));
else await main();
