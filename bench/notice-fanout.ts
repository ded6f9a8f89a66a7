/**
 * A message notice published to every room of a 1,000-room hotel with 2,000 simulated TVs on the push
 * channel, through the HTTP API of the built server on PostgreSQL. Measures, per TV, the time from the
 * publish request to the TV holding the notice (target: 95% within 3 s), the time until every TV's
 * delivered receipt is written, and heartbeats at a fleet's pace meanwhile against the same heartbeats
 * just before (target: slowed by at most 5%).
 *
 *   node --import tsx bench/notice-fanout.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--rooms 1000]
 *        [--tvs-per-room 2] [--heartbeat-rate 200] [--heartbeat-tvs 500] [--baseline 10] [--keep] [--server-log <file>]
 *
 * Builds nothing: run `npm run build` first.
 * 1. a fresh database, the built server on it (one process, production, demo seed without its fleet,
 *    registration limits lifted); the demo hotel gets --rooms rooms `P0001`…;
 * 2. --tvs-per-room simulated TVs a room (tools/simulator `VirtualTv`, `receipts` on, long-poll push
 *    channel, no MQTT), registered with the hotel's install code and their room, authorized in calls of
 *    500, then switched on (registration, boot, configuration); each TV's own heartbeat timer is set to
 *    an hour, so the heartbeats measured are the paced ones below;
 * 3. heartbeats at a fleet's pace: --heartbeat-rate heartbeats a second (open loop: each sent at its
 *    time whatever the answers, as TVs on timers) by --heartbeat-tvs other TVs of the hotel without a
 *    room (round-robin; not the fleet's own tokens, whose heartbeat answers would take their pushed
 *    commands), from --baseline seconds before the publish until every receipt is written;
 * 4. the hotel's notice, created as the platform for the demo hotel with publish method "all rooms",
 *    published (`POST …/actions/publish`); each TV is pushed a `config` command, reads its
 *    configuration, holds the notice (the simulator's `published` event) and posts its delivered
 *    receipt (`POST /api/device/v1/publishing/receipts`);
 * 5. prints the latencies, the receipts' completion, the heartbeats before and during the fan-out
 *    (rate, p50, p95, p99), the load average, and drops the database (unless --keep).
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { JsonClient, registerMany, VirtualTv } from '../tools/simulator/lib.js';
import { ConsoleApi } from './lib/console.js';
import { cpuSeconds } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { BENCH_HOTEL, prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rooms: { type: 'string', default: '1000' },
    'tvs-per-room': { type: 'string', default: '2' },
    'heartbeat-rate': { type: 'string', default: '200' },
    'heartbeat-tvs': { type: 'string', default: '500' },
    baseline: { type: 'string', default: '10' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const ROOMS = Number(values.rooms);
const PER_ROOM = Number(values['tvs-per-room']);
const TVS = ROOMS * PER_ROOM;
const RATE = Number(values['heartbeat-rate']);
const BASELINE_S = Number(values.baseline);
const TARGET_MS = 3_000;
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const loadAtStart = loadavg();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Open-loop heartbeats: one every 1/rate s, each on a TV's token in turn, whatever the answers (at
 * most 512 in flight: beyond, a send is skipped and counted). Each sample: when it was sent and how
 * long its answer took.
 */
function pacedHeartbeats(base: string, tokens: string[], rate: number) {
  const url = new URL('/api/device/v1/heartbeat', base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const body = Buffer.from(JSON.stringify({ state: 'on', softwareVersion: '3.1.0', otaVersion: '20250101', controlVersion: '1.0' }));
  const samples: { at: number; ms: number; ok: boolean }[] = [];
  let inFlight = 0;
  let skipped = 0;
  let sent = 0;
  let running = true;
  const started = performance.now();
  const one = (token: string) => {
    const at = performance.now();
    inFlight++;
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length } },
      (response) => {
        response.resume();
        response.on('end', () => {
          inFlight--;
          samples.push({ at, ms: performance.now() - at, ok: response.statusCode === 200 });
        });
      },
    );
    request.on('error', () => {
      inFlight--;
      samples.push({ at, ms: performance.now() - at, ok: false });
    });
    request.end(body);
  };
  const done = (async () => {
    while (running) {
      // Every heartbeat due by now is sent (timers fire late under load; the schedule does not slip).
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent++) {
        if (inFlight >= 512) skipped++;
        else one(tokens[sent % tokens.length]!);
      }
      await sleep(2);
    }
  })();
  return {
    samples,
    skippedSoFar: () => skipped,
    async stop() {
      running = false;
      await done;
      while (inFlight > 0) await sleep(20);
      agent.destroy();
    },
  };
}

/** Rate, latency percentiles and failures of the samples sent in [from, to). */
function window(samples: { at: number; ms: number; ok: boolean }[], from: number, to: number) {
  const inside = samples.filter((s) => s.at >= from && s.at < to);
  const sorted = inside.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return { n: inside.length, perSecond: inside.length / ((to - from) / 1000), p50: at(50), p95: at(95), p99: at(99), failed: inside.filter((s) => !s.ok).length };
}

const bench = await createBenchDatabase(values.pg!, 'notice');
log(`database ${bench.name}`);
let server: BuiltServer | undefined;
let heartbeats: ReturnType<typeof pacedHeartbeats> | undefined;
const tvs: VirtualTv[] = [];
let client: JsonClient | undefined;
const database = await openDatabase({ url: bench.url });
try {
  server = await startBuiltServer(
    { NODE_ENV: 'production', DATABASE_URL: bench.url, WORKERS: '1', DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-notice-')), DEMO: '1', DEMO_FLEET: '0', DEVICE_REGISTER_PER_IP: '0', DEVICE_MAX_PENDING_PER_HOTEL: '0' },
    [],
    values['server-log'],
  );
  const base = server.base;
  client = new JsonClient(base, { maxSockets: TVS * 2, maxFreeSockets: TVS * 2 });
  const db = database.db;
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const hotel = rowsOf<{ id: number; brandId: number }>(await db.execute(sql`select id, brand_id as "brandId" from hotels where public_id = ${BENCH_HOTEL}`))[0]!;
  await db.execute(sql`insert into rooms (brand_id, hotel_id, number) select ${hotel.brandId}, ${hotel.id}, 'P' || lpad(n::text, 4, '0') from generate_series(1, ${ROOMS}::int) n`);
  const rooms = Array.from({ length: ROOMS }, (_, i) => `P${String(i + 1).padStart(4, '0')}`);
  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const platform = new ConsoleApi(base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));

  // The fleet: registered (32 at a time), authorized, then switched on (32 at a time).
  const seed = `bench-notice-${Date.now()}`;
  let noticeId = 0;
  let publishStarted = 0;
  const heldAt = new Map<string, number>();
  // On the way: the pushed command received, the configuration answered (200) after the publish.
  const pushedAt = new Map<string, number>();
  const configAt = new Map<string, number>();
  const errors = new Map<string, number>();
  for (let i = 0; i < TVS; i++) {
    tvs.push(
      new VirtualTv({
        url: base,
        seed,
        index: i,
        installCode,
        roomNumber: rooms[Math.floor(i / PER_ROOM)]!,
        interval: 3600,
        spreadSeconds: 1,
        mqtt: false,
        receipts: true,
        client,
        onEvent: (tv, event) => {
          if (event.type === 'error') {
            const kind = event.message.replace(/[0-9A-F]{12}|\d+/g, '#').slice(0, 80);
            errors.set(kind, (errors.get(kind) ?? 0) + 1);
          }
          if (publishStarted && event.type === 'command' && event.command.type === 'config' && !pushedAt.has(tv.mac)) pushedAt.set(tv.mac, performance.now() - publishStarted);
          if (publishStarted && event.type === 'config' && event.status === 200 && !configAt.has(tv.mac)) configAt.set(tv.mac, performance.now() - publishStarted);
          if (event.type === 'published' && event.kind === 'messageNotice' && noticeId && event.ids.includes(noticeId) && !heldAt.has(tv.mac)) heldAt.set(tv.mac, performance.now() - publishStarted);
        },
      }),
    );
  }
  let t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < tvs.length) await tvs[next++]!.register();
    }),
  );
  for (let i = 0; i < tvs.length; i += 500) await platform.call('POST', '/terminals/authorize', { macs: tvs.slice(i, i + 500).map((tv) => tv.mac) });
  next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < tvs.length) await tvs[next++]!.start();
    }),
  );
  const authorized = tvs.filter((tv) => tv.authorization === 'authorized').length;
  log(`${TVS} TVs in ${ROOMS} rooms registered, authorized and switched on in ${(performance.now() - t) / 1000} s (${authorized} authorized)`);
  // The first long-polls answer what the switching on queued; then every TV waits on the push channel.
  await sleep(5_000);

  // Heartbeats at a fleet's pace, alone for the baseline: the hotel's other TVs (no room: no notice
  // reaches them). Not the fleet's own tokens: a heartbeat's answer carries its TV's pushed commands,
  // which the fleet's TVs must receive themselves.
  t = performance.now();
  const beaters = await registerMany({ url: base, seed: `${seed}-heartbeats`, count: Number(values['heartbeat-tvs']), installCode, concurrency: 32 });
  for (let i = 0; i < beaters.length; i += 500) await platform.call('POST', '/terminals/authorize', { macs: beaters.slice(i, i + 500).map((tv) => tv.mac) });
  log(`${beaters.length} other TVs of the hotel (no room) registered and authorized for the paced heartbeats in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await sleep(2_000);
  heartbeats = pacedHeartbeats(base, beaters.map((tv) => tv.token), RATE);
  await sleep(BASELINE_S * 1000);

  const notice = await platform.call<{ id: number }>('POST', '/records/message-notices', {
    hotelId: hotel.id,
    content: '今晚22:00泳池关闭。',
    contentEn: 'The pool closes at 22:00 tonight.',
    publishMethod: 'all',
  });
  noticeId = notice.id;
  // The create itself tells the hotel's TVs (an unpublished notice: nothing for them); settled first.
  await sleep(5_000);
  const loadAtPublish = loadavg();
  const cpuBefore = cpuSeconds(server.process.pid!);
  publishStarted = performance.now();
  await platform.call('POST', `/records/message-notices/${notice.id}/actions/publish`, {});
  const publishAnswered = performance.now() - publishStarted;
  // Every receipt written: counted in the database until all TVs' are there (or 60 s).
  let receipts = 0;
  let receiptsMs = 0;
  for (const deadline = performance.now() + 60_000; performance.now() < deadline; ) {
    receipts = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from publish_receipts where kind = 'messageNotice' and item_id = ${notice.id} and delivered_at is not null`))[0]!.n;
    if (receipts >= TVS) {
      receiptsMs = performance.now() - publishStarted;
      break;
    }
    await sleep(50);
  }
  const fanoutEnd = performance.now();
  const cpuUsed = cpuSeconds(server.process.pid!) - cpuBefore;
  await heartbeats.stop();
  const loadAtEnd = loadavg();

  const held = summarize([...heldAt.values()]);
  const within = [...heldAt.values()].filter((v) => v <= TARGET_MS).length;
  const before = window(heartbeats.samples, publishStarted - BASELINE_S * 1000, publishStarted);
  // The fan-out's window: from the publish until the last receipt is written (at least one second).
  const during = window(heartbeats.samples, publishStarted, Math.max(fanoutEnd, publishStarted + 1000));
  const slower = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)}%`;
  for (const [kind, n] of errors) log(`error × ${n}: ${kind}`);
  console.log(
    `\n${ROOMS} rooms, ${TVS} TVs (${authorized} authorized) on the long-poll push channel; heartbeats paced at ${RATE}/s; load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at the publish ${loadAtPublish.map((l) => l.toFixed(1)).join(' ')}, at the end ${loadAtEnd.map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log('\n| measure | result |');
  console.log('|---|---|');
  console.log(`| publish answered (POST …/actions/publish) | ${ms(publishAnswered)} |`);
  const pushed = summarize([...pushedAt.values()]);
  const configured = summarize([...configAt.values()]);
  console.log(`| publish → TV receives the pushed \`config\` command (${pushed.n} TVs) | p50 ${ms(pushed.p50)}, p95 ${ms(pushed.p95)}, max ${ms(pushed.max)} |`);
  console.log(`| publish → TV's configuration answered (${configured.n} TVs) | p50 ${ms(configured.p50)}, p95 ${ms(configured.p95)}, max ${ms(configured.max)} |`);
  console.log(`| publish → TV holds the notice (${held.n} of ${TVS} TVs) | p50 ${ms(held.p50)}, p95 ${ms(held.p95)}, max ${ms(held.max)}; **${within} of ${TVS} within 3 s (${((within / TVS) * 100).toFixed(1)}%; target 95%)** |`);
  console.log(`| publish → every delivered receipt written | ${receipts} of ${TVS} receipts, ${receiptsMs ? ms(receiptsMs) : 'NOT ALL within 60 s'} |`);
  console.log(`| heartbeats before (${BASELINE_S} s) → during the fan-out (${((during.n / during.perSecond) || 0).toFixed(1)} s): rate | ${before.perSecond.toFixed(0)}/s → ${during.perSecond.toFixed(0)}/s (${slower(before.perSecond, during.perSecond)}); failed ${before.failed} → ${during.failed}; skipped (512 in flight) ${heartbeats.skippedSoFar()} |`);
  console.log(`| heartbeats before → during: p50 / p95 / p99 | ${before.p50.toFixed(1)} / ${before.p95.toFixed(1)} / ${before.p99.toFixed(1)} ms → ${during.p50.toFixed(1)} / ${during.p95.toFixed(1)} / ${during.p99.toFixed(1)} ms (p50 ${slower(before.p50, during.p50)}, p95 ${slower(before.p95, during.p95)}) |`);
  console.log(`| server CPU from the publish to the last receipt | ${cpuUsed.toFixed(1)} s |`);
  const ok = within >= TVS * 0.95 && receipts >= TVS && during.perSecond >= before.perSecond * 0.95;
  console.log(ok ? '\ntarget met: 95% within 3 s, every receipt written, the heartbeats\' rate held within 5%' : '\nTARGET MISSED: see the figures above');
  console.log(JSON.stringify({ loadAtStart, loadAtPublish, loadAtEnd, publishAnswered, held, within, receipts, receiptsMs, before, during, cpuUsed, errors: Object.fromEntries(errors) }));
  if (!ok) process.exitCode = 1;
} finally {
  await heartbeats?.stop();
  await Promise.allSettled(tvs.map((tv) => tv.switchOff()));
  client?.close();
  await server?.stop();
  await database.close();
  await bench.drop(values.keep);
}
