/**
 * 500 guests ordering at once in one hotel, through the HTTP API of the built server on PostgreSQL.
 *
 *   node --import tsx bench/shop-orders.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--guests 500] [--keep] [--server-log <file>]
 *
 * Builds nothing: run `npm run build` first.
 * 1. creates a fresh database, starts the built server on it (production, demo seed without its fleet:
 *    the demo hotel's shop), registers --guests TVs in the demo hotel, authorizes them and puts each
 *    in its own room; half the rooms get an in-house stay (their guests charge to the room);
 * 2. every TV places one order at the same moment (`POST /api/device/v1/shop/orders`, its own token,
 *    its own connection): two unlimited goods and one stocked goods (one hot row every order takes
 *    stock from); each answer's time is taken from the request's start;
 * 3. every TV sends the same request again (same request key): each must answer its first order;
 * 4. checks every order was written once (one row per TV, the stocked goods' stock down by exactly
 *    the orders), and that the hotel's order screen (`GET /api/admin/shop/orders/live`) counts them;
 * 5. prints the latencies and drops the database (unless --keep).
 */
import http from 'node:http';
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
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { BENCH_HOTEL, prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    guests: { type: 'string', default: '500' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const GUESTS = Number(values.guests);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

interface Answer {
  status: number;
  ms: number;
  id?: number;
}

/** One POST on its own connection, timed from the request's start to the whole answer. */
function post(base: string, path: string, token: string, body: unknown, agent: http.Agent): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': payload.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          const parsed = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { id?: number } };
          resolve({ status: response.statusCode ?? 0, ms, id: parsed.data?.id });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (answers: Answer[]) => {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: ms[ms.length - 1]! };
};

const bench = await createBenchDatabase(values.pg!, 'shop');
log(`database ${bench.name}`);
let server: BuiltServer | undefined;
const database = await openDatabase({ url: bench.url });
try {
  server = await startBuiltServer(
    { NODE_ENV: 'production', DATABASE_URL: bench.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-shop-')), DEMO: '1', DEMO_FLEET: '0', DEVICE_REGISTER_PER_IP: '0', DEVICE_MAX_PENDING_PER_HOTEL: '0' },
    ['--max-semi-space-size=64'],
    values['server-log'],
  );
  const db = database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const hotel = rowsOf<{ id: number; brandId: number }>(await db.execute(sql`select id, brand_id as "brandId" from hotels where public_id = ${BENCH_HOTEL}`))[0]!;
  const tvs = await registerMany({ url: server.base, seed: `bench-shop-${Date.now()}`, count: GUESTS, installCode, concurrency: 32 });
  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const platform = new ConsoleApi(server.base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));
  await platform.call('POST', '/terminals/authorize', { macs: tvs.map((tv) => tv.mac) });
  // Each TV in its own room (B0001…); every other room has an in-house stay that allows charges.
  const room = (i: number) => `B${String(i + 1).padStart(4, '0')}`;
  for (const [i, tv] of tvs.entries()) await db.execute(sql`update terminals set room_number = ${room(i)} where mac = ${tv.mac}`);
  await db.execute(sql.raw(`insert into stays (brand_id, hotel_id, room_number, guest_name, state, no_post)
    select ${hotel.brandId}, ${hotel.id}, 'B' || lpad(n::text, 4, '0'), 'Bench guest ' || n, 'inHouse', false from generate_series(1, ${GUESTS}, 2) n`));
  // The TVs' caches took the terminals before their rooms: the ordering call reads the room from the database.
  const goods = rowsOf<{ id: number; stock: number | null }>(await db.execute(sql`select id, stock from shop_goods where hotel_id = ${hotel.id} order by id`));
  const unlimited = goods.filter((g) => g.stock === null).slice(0, 2);
  const stocked = goods.find((g) => g.stock !== null)!;
  await db.execute(sql`update shop_goods set stock = ${GUESTS * 10} where id = ${stocked.id}`);
  log(`${GUESTS} TVs registered, authorized and in their rooms; goods ${unlimited.map((g) => g.id).join(', ')} and stocked ${stocked.id}`);

  const bodyOf = (i: number) => ({
    items: [{ goodsId: unlimited[0]!.id, quantity: 1 + (i % 3) }, { goodsId: unlimited[1]!.id, quantity: 1 }, { goodsId: stocked.id, quantity: 2 }],
    payment: i % 2 === 0 ? 'room' : 'delivery',
    requestKey: `bench-${i}-${tvs[i]!.mac}`,
  });
  // Warm-up: a few orders from the first TVs (JIT, pools), excluded from the counts below by their request keys.
  // A connection per request: a kept-alive socket the server closed while idle would reset the burst.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  for (let i = 0; i < 5; i++) await post(server.base, '/api/device/v1/shop/orders', tvs[i]!.token, { ...bodyOf(i), requestKey: `warm-${i}-${tvs[i]!.mac}` }, agent);
  const stockBefore = rowsOf<{ stock: number }>(await db.execute(sql`select stock from shop_goods where id = ${stocked.id}`))[0]!.stock;
  const ordersBefore = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shop_order where hotel_id = ${hotel.id}`))[0]!.n;

  let started = performance.now();
  const first = await Promise.all(tvs.map((tv, i) => post(server!.base, '/api/device/v1/shop/orders', tv.token, bodyOf(i), agent)));
  const firstWall = performance.now() - started;
  started = performance.now();
  const again = await Promise.all(tvs.map((tv, i) => post(server!.base, '/api/device/v1/shop/orders', tv.token, bodyOf(i), agent)));
  const againWall = performance.now() - started;

  const created = first.filter((a) => a.status === 201).length;
  const sameOrder = again.filter((a, i) => a.status === 200 && a.id === first[i]!.id).length;
  const rows = rowsOf<{ n: number; distinct: number }>(await db.execute(sql`select count(*)::int as n, count(distinct terminal_id)::int as distinct from shop_order where hotel_id = ${hotel.id} and request_key like 'bench-%'`))[0]!;
  const stockAfter = rowsOf<{ stock: number }>(await db.execute(sql`select stock from shop_goods where id = ${stocked.id}`))[0]!.stock;
  const ordersAfter = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shop_order where hotel_id = ${hotel.id}`))[0]!.n;
  const manager = rowsOf<{ id: number }>(await db.execute(sql`select id from users where login_name = 'sunrise.bund'`))[0]!.id;
  const desk = new ConsoleApi(server.base, await createSession(db, { userId: manager, userType: 3, brandId: hotel.brandId, hotelId: hotel.id }));
  const live = await desk.call<{ new: number; latestId: number }>('GET', '/admin/shop/orders/live');
  const newRows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shop_order where hotel_id = ${hotel.id} and state = 'new'`))[0]!.n;

  const s1 = summary(first);
  const s2 = summary(again);
  log(`load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('\n| step | answers | p50 ms | p95 ms | p99 ms | max ms | wall ms |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| ${GUESTS} orders at once | ${created} × 201 | ${s1.p50.toFixed(1)} | ${s1.p95.toFixed(1)} | ${s1.p99.toFixed(1)} | ${s1.max.toFixed(1)} | ${firstWall.toFixed(0)} |`);
  console.log(`| the same ${GUESTS} again (same keys) | ${sameOrder} × 200, same order | ${s2.p50.toFixed(1)} | ${s2.p95.toFixed(1)} | ${s2.p99.toFixed(1)} | ${s2.max.toFixed(1)} | ${againWall.toFixed(0)} |`);
  console.log(`\norders written: ${ordersAfter - ordersBefore} (rows with the bench keys ${rows.n}, ${rows.distinct} terminals); stock taken ${stockBefore - stockAfter} (expected ${GUESTS * 2}); console live: ${live.new} new (database ${newRows}), latest id ${live.latestId}`);
  const ok = created === GUESTS && sameOrder === GUESTS && rows.n === GUESTS && rows.distinct === GUESTS && ordersAfter - ordersBefore === GUESTS && stockBefore - stockAfter === GUESTS * 2 && live.new === newRows;
  console.log(ok ? 'every order written once: yes' : 'MISMATCH: see the counts above');
  agent.destroy();
  if (!ok) process.exitCode = 1;
} finally {
  await server?.stop();
  await database.close();
  await bench.drop(values.keep);
}
