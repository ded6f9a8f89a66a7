/**
 * PMS events through the HTTP interface on one server process (target: at least 1,000 events/s),
 * every event signed and applied once.
 *
 *   node --import tsx bench/pms-events.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--rooms 1000] [--connections 16] [--batches 1,50] [--seconds 15] [--keep] [--server-log <file>] [--profile <dir>]
 *
 * Builds nothing: run `npm run build` first.
 * 1. a fresh database, the built server on it (`WORKERS=1`, production, demo seed without its fleet);
 *    the demo hotel's PMS speaks the HTTP interface; --rooms rooms, a terminal in each (the events
 *    write the guest's name on them and push them);
 * 2. for each batch size: --connections keep-alive connections each send signed requests of that many
 *    events back to back for --seconds; each connection owns its rooms and plays them in turn:
 *    check-in, guest change, check-out (so every event applies: none is refused);
 * 3. then sends 1,000 of the applied events again (same ids): each must answer as the first time and
 *    change nothing (the stays and the PMS log's applied rows counted before and after);
 * 4. prints events/s (applied events over the wall time) and the request latencies with the load
 *    average; drops the database (unless --keep).
 */
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createBenchDatabase } from './lib/database.js';
import { percentile, preparePmsHotel, sendPms } from './lib/pms.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rooms: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '16' },
    batches: { type: 'string', default: '1,50' },
    seconds: { type: 'string', default: '15' },
    'server-log': { type: 'string' },
    profile: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const ROOMS = Number(values.rooms);
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const loadAtStart = loadavg();

type Event = Record<string, unknown> & { id: string };
/** CPU seconds a process has used (user + system), from /proc (Linux). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const bench = await createBenchDatabase(values.pg!, 'pmsevents');
log(`database ${bench.name}`);
let server: BuiltServer | undefined;
const database = await openDatabase({ url: bench.url });
try {
  server = await startBuiltServer(
    { NODE_ENV: 'production', DATABASE_URL: bench.url, WORKERS: '1', DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-pms-')), DEMO: '1', DEMO_FLEET: '0', ...(values.profile ? { HTV_PROFILE_DIR: values.profile } : {}) },
    values.profile ? ['--import', './bench/lib/profiler.mjs'] : [],
    values['server-log'],
  );
  const db = database.db;
  await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const hotel = await preparePmsHotel(db, ROOMS);
  await db.execute(sql`
    insert into terminals (brand_id, hotel_id, mac, wifi_mac, sn, scene_mode, "authorization", registered, room_number)
    select ${hotel.brandId}, ${hotel.id}, upper(lpad(to_hex(n + 3221225472), 12, '0')), upper(lpad(to_hex(n + 3489660928), 12, '0')), 'SNP' || lpad(n::text, 13, '0'), 'hotel', 'authorized', true, 'P' || lpad(n::text, 4, '0')
      from generate_series(1, ${ROOMS}::int) n`);
  log(`${ROOMS} rooms with a terminal each`);
  const runId = Date.now();
  let serial = 0;
  /** The next event of a room: check-in, guest change, check-out, in turn. */
  const step = new Map<string, number>();
  const nextEvent = (room: string): Event => {
    const n = step.get(room) ?? 0;
    step.set(room, n + 1);
    const id = `b-${runId}-${++serial}`;
    const reservation = `R${room}-${Math.floor(n / 3)}`;
    if (n % 3 === 0) return { id, type: 'checkIn', room, reservation, guest: { name: `Guest ${room}`, language: 'en' }, departure: '2026-12-01' };
    if (n % 3 === 1) return { id, type: 'guestChange', room, reservation, guest: { language: 'zh-CN' }, vip: true };
    return { id, type: 'checkOut', room, reservation };
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const applied: Event[] = [];
  const results: { batch: number; events: number; refused: number; errors: number; wallS: number; cpuMs: number; p50: number; p95: number; p99: number; max: number; load: number[] }[] = [];

  for (const batch of String(values.batches).split(',').map(Number)) {
    // A short warm-up (JIT, pools) outside the counts.
    for (let i = 0; i < 20; i++) await sendPms(server.base, hotel, { id: `w-${runId}-${batch}-${i}`, type: 'guestChange', room: hotel.rooms[0], guest: { language: 'en' } }, agent).catch(() => undefined);
    const latencies: number[] = [];
    let events = 0;
    let refused = 0;
    let errors = 0;
    if (values.profile) server.process.kill('SIGUSR2');
    const cpuBefore = cpuSeconds(server.process.pid!);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        const own = hotel.rooms.filter((_, i) => i % CONNECTIONS === c);
        let next = 0;
        while (performance.now() < until) {
          const list = Array.from({ length: batch }, () => nextEvent(own[next++ % own.length]!));
          const answer = await sendPms(server!.base, hotel, batch === 1 ? list[0] : { events: list }, agent);
          latencies.push(answer.ms);
          if (answer.status !== 200) {
            errors++;
            continue;
          }
          const outcome = batch === 1 ? [answer.body.data!.result] : answer.body.data!.results!.map((r) => r.result);
          outcome.forEach((result, i) => (result === 'applied' ? (events++, applied.push(list[i]!)) : refused++));
        }
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    if (values.profile) server.process.kill('SIGUSR2');
    const cpuMs = ((cpuSeconds(server.process.pid!) - cpuBefore) * 1000) / Math.max(1, events);
    latencies.sort((a, b) => a - b);
    results.push({ batch, events, refused, errors, wallS, cpuMs, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1)!, load: loadavg() });
    log(`batch ${batch}: ${events} events applied in ${wallS.toFixed(1)} s`);
  }

  // Replays: the same ids again change nothing and answer as the first time.
  const counts = async () => rowsOf<{ stays: number; inHouse: number; applied: number }>(
    await db.execute(sql`select (select count(*)::int from stays where hotel_id = ${hotel.id}) as stays, (select count(*)::int from stays where hotel_id = ${hotel.id} and state = 'inHouse') as "inHouse", (select count(*)::int from pms_logs where hotel_id = ${hotel.id} and result = 'applied') as applied`),
  )[0]!;
  const before = await counts();
  const sample = applied.filter((_, i) => i % Math.max(1, Math.floor(applied.length / 1000)) === 0).slice(0, 1000);
  let sameAnswer = 0;
  for (let i = 0; i < sample.length; i += 50) {
    const answer = await sendPms(server.base, hotel, { events: sample.slice(i, i + 50) }, agent);
    sameAnswer += answer.body.data?.results?.filter((r) => r.result === 'applied').length ?? 0;
  }
  const after = await counts();
  const loggedDuplicates = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pms_logs where hotel_id = ${hotel.id} and result = 'duplicate'`))[0]!.n;
  agent.destroy();

  log(`load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per batch size, ${ROOMS} rooms with a terminal each\n`);
  console.log('| events a request | events applied | events/s | server CPU ms an event | refused | non-200 | p50 ms | p95 ms | p99 ms | max ms | load average after |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    console.log(`| ${r.batch} | ${r.events} | **${(r.events / r.wallS).toFixed(0)}** | ${r.cpuMs.toFixed(1)} | ${r.refused} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.load.map((l) => l.toFixed(1)).join(' ')} |`);
  }
  const same = before.stays === after.stays && before.inHouse === after.inHouse && before.applied === after.applied;
  console.log(`\nreplayed ${sample.length} applied events: ${sameAnswer} of them answered as the first time (result applied, nothing written: stays ${before.stays} → ${after.stays}, in house ${before.inHouse} → ${after.inHouse}, applied log rows ${before.applied} → ${after.applied}; ${loggedDuplicates} logged as duplicates) ${same ? '– idempotent: yes' : '– CHANGED'}`);
  const ok = same && sameAnswer === sample.length && results.every((r) => r.refused === 0 && r.errors === 0);
  if (!ok) process.exitCode = 1;
} finally {
  await server?.stop();
  await database.close();
  await bench.drop(values.keep);
}
