/**
 * A guest's service call from the TV to the staff page, through the built server on PostgreSQL.
 *
 *   node --import tsx bench/service-call.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--calls 300] [--tvs 100] [--rate 10] [--keep] [--server-log <file>]
 *
 * Builds nothing: run `npm run build` first.
 * 1. creates a fresh database, starts the built server on it (production, the demo seed without its
 *    fleet), turns the demo hotel's AI voice on, registers --tvs TVs there, authorizes them and puts
 *    each in its own room;
 * 2. opens the staff page's live channel as the hotel's administrator (`GET /api/ai/service-calls/live`,
 *    what /ai/call_service listens to) and, like the page, reloads the call list on each event;
 * 3. the TVs send --calls service calls (`POST /api/web/ai/customer_demand/save`, the call the browser
 *    TV makes), --rate a second, round robin (a TV's 6 calls a minute are never reached);
 * 4. for each call, from the moment its request starts: until the staff page's channel delivers its
 *    event, which carries the call's row (the page shows it from the event: the call has reached the
 *    staff page), and until the list the page then loads holds it; prints p50/p95/max of each, the
 *    TV's own request time, and drops the database (unless --keep). Exits 1 when a call was lost or
 *    the event's p95 is 1 s or more.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { registerMany } from '../tools/simulator/lib.js';
import { ConsoleApi } from './lib/console.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { BENCH_HOTEL, prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    calls: { type: 'string', default: '300' },
    tvs: { type: 'string', default: '100' },
    rate: { type: 'string', default: '10' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const CALLS = Number(values.calls);
const TVS = Number(values.tvs);
const RATE = Number(values.rate);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

log(`load average at start: ${load()}`);
const bench = await createBenchDatabase(values.pg!, 'servicecall');
log(`database ${bench.name}`);
let server: BuiltServer | undefined;
const database = await openDatabase({ url: bench.url });
const stream = new AbortController();
try {
  server = await startBuiltServer(
    { NODE_ENV: 'production', DATABASE_URL: bench.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-call-')), DEMO: '1', DEMO_FLEET: '0', DEVICE_REGISTER_PER_IP: '0', DEVICE_MAX_PENDING_PER_HOTEL: '0' },
    ['--max-semi-space-size=64'],
    values['server-log'],
  );
  const base = server.base;
  const db = database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const hotel = rowsOf<{ id: number; brandId: number }>(await db.execute(sql`select id, brand_id as "brandId" from hotels where public_id = ${BENCH_HOTEL}`))[0]!;
  await db.execute(sql`update hotels set ai_voice = true where id = ${hotel.id}`);
  const tvs = await registerMany({ url: base, seed: `bench-call-${Date.now()}`, count: TVS, installCode, concurrency: 16 });
  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const platform = new ConsoleApi(base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));
  await platform.call('POST', '/terminals/authorize', { macs: tvs.map((tv) => tv.mac) });
  for (const [i, tv] of tvs.entries()) await db.execute(sql`update terminals set room_number = ${`C${String(i + 1).padStart(4, '0')}`} where mac = ${tv.mac}`);
  // The hotel's administrator (the demo's sunrise.bund) watches the call list.
  const staffUser = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 3 and hotel_id = ${hotel.id} and login_name = 'sunrise.bund'`))[0];
  if (!staffUser) throw new Error('the demo hotel has no administrator sunrise.bund');
  const staffToken = await createSession(db, { userId: staffUser.id, userType: 3, brandId: hotel.brandId, hotelId: hotel.id });
  const staff = new ConsoleApi(base, staffToken);
  log(`${TVS} TVs registered, authorized and in their rooms; the staff page is open (load average ${load()})`);

  // The staff page: the live channel, and the list reloaded on each event.
  const startedAt = new Map<number, number>();
  const eventAt = new Map<number, number>();
  const listAt = new Map<number, number>();
  const response = await fetch(`${base}/api/ai/service-calls/live`, { headers: { authorization: `Bearer ${staffToken}`, accept: 'text/event-stream' }, signal: stream.signal });
  if (response.status !== 200) throw new Error(`live channel: HTTP ${response.status}`);
  let listing: Promise<void> | null = null;
  let listAgain = false;
  /** One list load at a time, as the page's query does; an event during a load loads once more after it. */
  const reloadList = () => {
    if (listing) {
      listAgain = true;
      return;
    }
    listing = (async () => {
      do {
        listAgain = false;
        const page = await staff.call<{ items: { id: number }[] }>('GET', '/records/ai-service-calls?pagesize=100&sort=calledAt&order=desc');
        const now = performance.now();
        for (const row of page.items) if (!listAt.has(row.id)) listAt.set(row.id, now);
      } while (listAgain);
      listing = null;
    })();
  };
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const now = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { id: number; kind: string; call?: { id: number } };
          if (event.kind === 'new' && event.call?.id === event.id && !eventAt.has(event.id)) eventAt.set(event.id, now);
          reloadList();
        }
      }
    } catch {
      // closed at the end
    }
  })();

  const requestMs: number[] = [];
  let refused = 0;
  async function callFrom(token: string, content: string): Promise<{ id: number; started: number }> {
    const started = performance.now();
    const answer = await fetch(`${base}/api/web/ai/customer_demand/save`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ content }) });
    const body = (await answer.json()) as { data?: { id: number }; errkey?: string };
    if (answer.status !== 200 || !body.data) throw new Error(`call: HTTP ${answer.status} ${body.errkey}`);
    requestMs.push(performance.now() - started);
    return { id: body.data.id, started };
  }
  // Warm-up (JIT, pools): a few calls, left out of the figures.
  for (let i = 0; i < 5; i++) await callFrom(tvs[i]!.token, `warm-up ${i}`);
  await sleep(1000);

  requestMs.length = 0;
  const sent: Promise<void>[] = [];
  const runStart = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const due = runStart + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const tv = tvs[i % TVS]!;
    sent.push(
      callFrom(tv.token, `Room call ${i}: two towels please`)
        .then(({ id, started }) => void startedAt.set(id, started))
        .catch(() => void refused++),
    );
  }
  await Promise.all(sent);
  // Everything sent; give the last events and list loads time to arrive.
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && [...startedAt.keys()].some((id) => !eventAt.has(id) || !listAt.has(id))) await sleep(100);
  const runSeconds = (performance.now() - runStart) / 1000;

  const eventMs: number[] = [];
  const listMs: number[] = [];
  let lost = 0;
  for (const [id, started] of startedAt) {
    const event = eventAt.get(id);
    const listed = listAt.get(id);
    if (event === undefined || listed === undefined) lost++;
    if (event !== undefined) eventMs.push(event - started);
    if (listed !== undefined) listMs.push(listed - started);
  }
  const fmt = (s: { p50: number; p95: number; max: number; n: number }) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (n=${s.n})`;
  log(`${startedAt.size} calls in ${runSeconds.toFixed(1)} s (${RATE}/s asked), ${refused} refused, ${lost} not seen by the staff page`);
  log(`TV request (save)          : ${fmt(summarize(requestMs))}`);
  log(`TV → staff page (event)    : ${fmt(summarize(eventMs))}`);
  log(`TV → list reloaded holds it: ${fmt(summarize(listMs))}`);
  const withinSecond = eventMs.filter((ms) => ms < 1000).length;
  log(`on the staff page within 1 s: ${withinSecond}/${eventMs.length}; load average at end: ${load()}`);
  process.exitCode = lost || refused || summarize(eventMs).p95 >= 1000 ? 1 : 0;
} finally {
  stream.abort();
  await server?.stop();
  await database.close();
  await bench.drop(values.keep);
}
