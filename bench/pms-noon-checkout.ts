/**
 * The noon check-out: a 1,000-room hotel, 800 check-outs through the PMS HTTP interface within a
 * minute, a TV in every room on the push channel. Measures, for each check-out, the time from the
 * event sent to its room's TV holding a configuration without the stay (target: 95% within 5 s).
 *
 *   node --import tsx bench/pms-noon-checkout.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--rooms 1000] [--checkouts 800] [--seconds 60] [--keep] [--server-log <file>]
 *
 * Builds nothing: run `npm run build` first.
 * 1. a fresh database, the built server on it (one process, production, demo seed without its fleet);
 *    the demo hotel's PMS speaks the HTTP interface; --rooms rooms, one registered, authorized TV in each;
 * 2. every room checked in through the interface (batches of 100), each TV's configuration read once;
 * 3. every TV long-polls the push channel (`GET /api/device/v1/commands?wait=20…30`, its own connection,
 *    the TVs out of step) and, on a `config` command, reads its configuration (`GET /api/device/v1/config`), as the TVs do;
 * 4. --checkouts check-outs, one signed request each, sent evenly over --seconds (a PMS sends each
 *    event as it happens); the time of each is taken when its request starts;
 * 5. the time to each room's TV reading a configuration whose `stay` is null; the rooms not checked out
 *    must keep theirs. Prints the latencies and the load average, drops the database (unless --keep).
 */
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { registerMany } from '../tools/simulator/lib.js';
import { ConsoleApi } from './lib/console.js';
import { createBenchDatabase } from './lib/database.js';
import { percentile, preparePmsHotel, sendPms, type PmsAnswer } from './lib/pms.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rooms: { type: 'string', default: '1000' },
    checkouts: { type: 'string', default: '800' },
    seconds: { type: 'string', default: '60' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const ROOMS = Number(values.rooms);
const CHECKOUTS = Math.min(ROOMS, Number(values.checkouts));
const SECONDS = Number(values.seconds);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** CPU seconds a process has used (user + system), from /proc (Linux). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** A device GET on the shared agent: status and parsed body. */
function deviceGet(base: string, path: string, token: string, agent: http.Agent): Promise<{ status: number; body: any }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
    });
    request.on('error', reject);
    request.end();
  });
}

const bench = await createBenchDatabase(values.pg!, 'noon');
log(`database ${bench.name}`);
let server: BuiltServer | undefined;
const database = await openDatabase({ url: bench.url });
let running = true;
try {
  server = await startBuiltServer(
    { NODE_ENV: 'production', DATABASE_URL: bench.url, WORKERS: '1', DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-noon-')), DEMO: '1', DEMO_FLEET: '0', DEVICE_REGISTER_PER_IP: '0', DEVICE_MAX_PENDING_PER_HOTEL: '0' },
    [],
    values['server-log'],
  );
  const base = server.base;
  const db = database.db;
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const hotel = await preparePmsHotel(db, ROOMS);
  const tvs = await registerMany({ url: base, seed: `bench-noon-${Date.now()}`, count: ROOMS, installCode, concurrency: 32 });
  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const platform = new ConsoleApi(base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));
  for (let i = 0; i < tvs.length; i += 500) await platform.call('POST', '/terminals/authorize', { macs: tvs.slice(i, i + 500).map((tv) => tv.mac) });
  for (const [i, tv] of tvs.entries()) await db.execute(sql`update terminals set room_number = ${hotel.rooms[i]!} where mac = ${tv.mac}`);
  log(`${ROOMS} rooms, a registered and authorized TV in each`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const pmsAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // Check-ins (each check-in pushes its room's TVs, whose cache then reads the room from the database).
  const runId = Date.now();
  for (let i = 0; i < ROOMS; i += 100) {
    const events = hotel.rooms.slice(i, i + 100).map((room) => ({ id: `ci-${runId}-${room}`, type: 'checkIn', room, reservation: `R${room}`, guest: { name: `Guest ${room}`, language: 'en' } }));
    const answer = await sendPms(base, hotel, { events }, pmsAgent);
    if (answer.status !== 200 || answer.body.data?.results?.some((r) => r.result !== 'applied')) throw new Error(`check-in batch: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  let greeted = 0;
  for (let i = 0; i < tvs.length; i += 50) {
    const configs = await Promise.all(tvs.slice(i, i + 50).map((tv) => deviceGet(base, '/api/device/v1/config', tv.token, agent)));
    greeted += configs.filter((c) => c.body.data?.stay?.guestName).length;
  }
  log(`${greeted} of ${ROOMS} TVs show their guest after the check-ins`);

  // The TVs on the push channel.
  const sentAt = new Map<number, number>();
  const wipedAt = new Map<number, number>();
  const keptStay = new Set<number>();
  let configReads = 0;
  let pollErrors = 0;
  // Real TVs poll out of step: each waits 20-30 s a poll and starts at its own moment (a fleet polling
  // in step would send its 1,000 polls in the same instant every 25 s).
  const pollers = tvs.map(async (tv, i) => {
    await new Promise((r) => setTimeout(r, (i * 2_000) / tvs.length));
    const wait = 20 + (i % 11);
    while (running) {
      try {
        const polled = await deviceGet(base, `/api/device/v1/commands?wait=${wait}`, tv.token, agent);
        const commands = (polled.body.data?.commands ?? []) as { type: string }[];
        if (!commands.some((c) => c.type === 'config')) continue;
        const config = await deviceGet(base, '/api/device/v1/config', tv.token, agent);
        configReads++;
        if (config.body.data && config.body.data.stay === null && sentAt.has(i) && !wipedAt.has(i)) wipedAt.set(i, performance.now());
      } catch {
        pollErrors++;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  });
  // The first polls answer the check-ins' queued commands; then every TV waits.
  await new Promise((r) => setTimeout(r, 5_000));
  configReads = 0;

  const loadAtCheckouts = loadavg();
  const cpuBefore = cpuSeconds(server.process.pid!);
  const answers: PmsAnswer[] = [];
  const interval = (SECONDS * 1000) / CHECKOUTS;
  const start = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < CHECKOUTS; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const room = hotel.rooms[i]!;
    sentAt.set(i, performance.now());
    sends.push(sendPms(base, hotel, { id: `co-${runId}-${room}`, type: 'checkOut', room, reservation: `R${room}` }, pmsAgent).then((answer) => void answers.push(answer)));
  }
  await Promise.all(sends);
  const sentWall = performance.now() - start;
  for (const deadline = performance.now() + 30_000; wipedAt.size < CHECKOUTS && performance.now() < deadline; ) await new Promise((r) => setTimeout(r, 200));
  running = false;
  const cpuUsed = cpuSeconds(server.process.pid!) - cpuBefore;
  // The rooms not checked out keep their guest.
  for (let i = CHECKOUTS; i < tvs.length; i++) if ((await deviceGet(base, '/api/device/v1/config', tvs[i]!.token, agent)).body.data?.stay?.guestName) keptStay.add(i);
  const loadAtEnd = loadavg();

  const applied = answers.filter((a) => a.status === 200 && a.body.data?.result === 'applied').length;
  const latencies = [...sentAt.keys()].filter((i) => wipedAt.has(i)).map((i) => wipedAt.get(i)! - sentAt.get(i)!).sort((a, b) => a - b);
  const answerMs = answers.map((a) => a.ms).sort((a, b) => a - b);
  const within5 = latencies.filter((ms) => ms <= 5_000).length;
  const stays = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stays where hotel_id = ${hotel.id} and state = 'checkedOut'`))[0]!.n;
  const fmt = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
  log(`load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at the check-outs ${loadAtCheckouts.map((l) => l.toFixed(1)).join(' ')}, at the end ${loadAtEnd.map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`\n${CHECKOUTS} check-outs sent over ${(sentWall / 1000).toFixed(1)} s; ${applied} applied (stays checked out: ${stays}); ${configReads} configuration reads by the TVs; ${pollErrors} poll errors; the server process used ${cpuUsed.toFixed(1)} CPU seconds meanwhile (${((cpuUsed * 1000) / CHECKOUTS).toFixed(1)} ms a check-out, its push and its TV's configuration read, with the TVs' polls)`);
  console.log('\n| measure | n | p50 | p95 | p99 | max |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(`| check-out answered (HTTP) | ${answerMs.length} | ${fmt(percentile(answerMs, 50))} | ${fmt(percentile(answerMs, 95))} | ${fmt(percentile(answerMs, 99))} | ${fmt(answerMs.at(-1))} |`);
  console.log(`| event → the room's TV holds the wiped configuration | ${latencies.length} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 95))} | ${fmt(percentile(latencies, 99))} | ${fmt(latencies.at(-1))} |`);
  console.log(`\nwithin 5 s: ${within5} of ${CHECKOUTS} (${((within5 / CHECKOUTS) * 100).toFixed(1)}%; target 95%); rooms not checked out still greeting their guest: ${keptStay.size} of ${tvs.length - CHECKOUTS}`);
  const ok = applied === CHECKOUTS && within5 >= CHECKOUTS * 0.95 && keptStay.size === tvs.length - CHECKOUTS;
  console.log(ok ? 'target met: yes' : 'TARGET MISSED: see the figures above');
  if (!ok) process.exitCode = 1;
  agent.destroy();
  pmsAgent.destroy();
  void pollers;
} finally {
  running = false;
  await server?.stop();
  await database.close();
  await bench.drop(values.keep);
}
