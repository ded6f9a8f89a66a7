/**
 * Split bills of a month with 1,000,000 VOD orders over 1,000 hotels, on PostgreSQL.
 *
 *   node --import tsx bench/vod-bills.ts [--orders 1000000] [--hotels 1000] [--brands 50] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--keep]
 *
 * 1. creates a fresh database and migrates it; writes the brands, their hotels (as many a brand), three
 *    split accounts and one monthly project a brand (30% + 12.5% to two accounts, one of them a brand's
 *    whole, a third of the projects splitting three ways);
 * 2. writes the orders in the database (INSERT … SELECT over generate_series): amounts 0.01–99.99,
 *    spread over October 2026 in China time, one in 20 refunded and one in 50 outside the month (not
 *    counted), so the bills must pick exactly the delivered orders of the month;
 * 3. times `generateBills` for 2026-10 (the console's "Generate split bills"), then again (every bill a
 *    budget: all computed again);
 * 4. checks every bill against the database's own sum of the hotel's orders (state and time filtered in
 *    SQL written here, not the product's), each bill's lines and platform share adding up to it to the
 *    cent, and the grand totals; prints the times and drops the database (unless --keep).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { VodBillLine } from '@htv/shared/areas/vod/bills';
import { generateBills } from '../apps/server/src/areas/vod/bills.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { brands, hotels, recordTables } from '../apps/server/src/db/schema/index.js';
import { createBenchDatabase } from './lib/database.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    orders: { type: 'string', default: '1000000' },
    hotels: { type: 'string', default: '1000' },
    brands: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});
const ORDERS = Number(values.orders);
const HOTELS = Number(values.hotels);
const BRANDS = Number(values.brands);
const PERIOD = '2026-10';
/** October 2026 in China time (UTC+8), the settlement clock's default. */
const FROM = '2026-09-30T16:00:00Z';
const UNTIL = '2026-10-31T16:00:00Z';
const OFFSET_MIN = 480;
/** An integer array as one parameter (PostgreSQL's array literal). */
const pgArray = (values: number[]) => `{${values.join(',')}}`;
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

const bench = await createBenchDatabase(values.pg!, 'vodbills');
log(`database ${bench.name}`);
const database = await openDatabase({ url: bench.url });
let failed = false;
try {
  await database.migrate();
  const db = database.db;
  const brandIds = (await db.insert(brands).values(Array.from({ length: BRANDS }, (_, i) => ({ code: `BV${i}`, name: `Bench brand ${i}` }))).returning({ id: brands.id })).map((row) => row.id);
  const hotelRows: { id: number; brandId: number }[] = [];
  for (let i = 0; i < HOTELS; i += 500) {
    const chunk = Array.from({ length: Math.min(500, HOTELS - i) }, (_, k) => ({ brandId: brandIds[(i + k) % BRANDS]!, name: `Bench hotel ${i + k}`, publicId: String(8_000_000 + i + k) }));
    hotelRows.push(...(await db.insert(hotels).values(chunk).returning({ id: hotels.id, brandId: hotels.brandId })).map((row) => ({ id: row.id, brandId: row.brandId as number })));
  }
  const bank = { bankName: 'Bench bank', accountHolder: 'Holder', bankAccount: '6222020000000001', startDate: '2026-01-01', endDate: '2026-12-31', settlementPeriod: 'month' };
  const accountIds = (
    await db
      .insert(recordTables.vodAccount!)
      .values([30, 12.5, 7.77].map((percent, i) => ({ name: `Party ${i}`, partyKind: 'brand', percent: String(percent), contractNo: `BA-${i}`, ...bank })))
      .returning({ id: recordTables.vodAccount!.id })
  ).map((row) => row.id as number);
  await db.insert(recordTables.vodProject!).values(
    brandIds.map((brandId, i) => {
      const shares = [
        { accountId: accountIds[0]!, percent: 30 },
        { accountId: accountIds[1]!, percent: 12.5 },
        ...(i % 3 === 0 ? [{ accountId: accountIds[2]!, percent: 7.77 }] : []),
      ];
      const bp = shares.reduce((sum, share) => sum + Math.round(share.percent * 100), 0);
      return { name: `Project ${i}`, targetBrandId: brandId, contractNo: `BP-${i}`, shares, sharesPercent: (bp / 100).toFixed(2), platformPercent: ((10_000 - bp) / 100).toFixed(2), ...bank };
    }),
  );
  log(`${BRANDS} brands, ${HOTELS} hotels, ${accountIds.length} accounts, ${BRANDS} projects`);

  // The orders: hotel i % HOTELS, amount 1–9,999 minor units, time spread over the month; every 20th
  // refunded, every 50th a day before the month (neither counted).
  const ids = hotelRows.map((row) => row.id);
  const brandOf = hotelRows.map((row) => row.brandId);
  const started = performance.now();
  const CHUNK = 200_000;
  for (let first = 0; first < ORDERS; first += CHUNK) {
    const last = Math.min(ORDERS, first + CHUNK) - 1;
    await db.execute(sql`
      insert into vod_order (brand_id, hotel_id, number, room_number, movie_title, amount, amount_minor, payment, state, created_at)
      select h.brand_id, h.hotel_id, 'B' || g, '101', 'Film', ((g * 7919) % 9999 + 1) / 100.0, (g * 7919) % 9999 + 1, 'room',
             case when (g / ${HOTELS}) % 20 = 0 then 'refunded' else 'shipmentComplete' end,
             case when (g / ${HOTELS}) % 50 = 1 then ${FROM}::timestamptz - interval '1 hour'
                  else ${FROM}::timestamptz + ((g * 104729) % 2678400) * interval '1 second' end
      from generate_series(${first}::bigint, ${last}::bigint) as g
      join unnest(${pgArray(ids)}::int[], ${pgArray(brandOf)}::int[]) with ordinality as h(hotel_id, brand_id, n) on h.n = g % ${HOTELS} + 1`);
    log(`orders ${last + 1}`);
  }
  await db.execute(sql`analyze vod_order`);
  log(`orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const expected = new Map<number, { orders: number; total: bigint }>();
  const sums = await db.execute<{ hotel_id: number; n: string; total: string }>(
    sql`select hotel_id, count(*) as n, sum(amount_minor) as total from vod_order where state = 'shipmentComplete' and created_at >= ${FROM}::timestamptz and created_at < ${UNTIL}::timestamptz group by hotel_id`,
  );
  for (const row of (sums as unknown as { rows: { hotel_id: number; n: string; total: string }[] }).rows ?? (sums as unknown as { hotel_id: number; n: string; total: string }[])) {
    expected.set(Number(row.hotel_id), { orders: Number(row.n), total: BigInt(row.total) });
  }
  const grand = [...expected.values()].reduce((sum, row) => sum + row.total, 0n);
  const counted = [...expected.values()].reduce((sum, row) => sum + row.orders, 0);

  const runs: { label: string; ms: number; answer: Awaited<ReturnType<typeof generateBills>> }[] = [];
  for (const label of ['first (all created)', 'again (all budget bills computed again)']) {
    const at = performance.now();
    const answer = await generateBills(db, null, PERIOD, OFFSET_MIN, new Date('2026-11-28T00:00:00Z'));
    runs.push({ label, ms: performance.now() - at, answer });
    log(`${label}: ${((performance.now() - at) / 1000).toFixed(2)} s ${JSON.stringify(answer)}`);
  }

  const b = recordTables.vodBill!;
  const bills = await db.select({ hotelId: b.hotelId, orderCount: b.orderCount, totalMinor: b.totalMinor, platformMinor: b.platformMinor, lines: b.lines, ordersAmount: b.ordersAmount }).from(b);
  const problems: string[] = [];
  if (bills.length !== expected.size) problems.push(`${bills.length} bills for ${expected.size} hotels with orders`);
  let billed = 0n;
  for (const bill of bills) {
    const want = expected.get(bill.hotelId as number);
    const lines = bill.lines as VodBillLine[];
    const parts = lines.reduce((sum, line) => sum + BigInt(line.amountMinor), 0n) + BigInt(bill.platformMinor as number);
    billed += BigInt(bill.totalMinor as number);
    if (!want || want.total !== BigInt(bill.totalMinor as number) || want.orders !== bill.orderCount) problems.push(`hotel ${bill.hotelId}: ${bill.totalMinor} / ${bill.orderCount}, expected ${want?.total} / ${want?.orders}`);
    if (parts !== BigInt(bill.totalMinor as number)) problems.push(`hotel ${bill.hotelId}: the split adds up to ${parts}, not ${bill.totalMinor}`);
    if (Math.round(Number(bill.ordersAmount) * 100) !== bill.totalMinor) problems.push(`hotel ${bill.hotelId}: amount ${bill.ordersAmount} is not ${bill.totalMinor} minor units`);
  }
  if (billed !== grand) problems.push(`bills total ${billed}, orders ${grand}`);
  const last = runs.at(-1)!.answer;
  if (BigInt(last.totalMinor) !== grand || last.orders !== counted) problems.push(`answer ${last.totalMinor} / ${last.orders}, expected ${grand} / ${counted}`);

  log(`load average at start ${loadAtStart.map((n) => n.toFixed(1)).join(' ')}, at end ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  log(`${ORDERS} orders written, ${counted} counted (delivered, in the month), total ${grand} minor units over ${expected.size} hotels`);
  for (const run of runs) log(`generate ${PERIOD} ${run.label}: ${(run.ms / 1000).toFixed(2)} s (${run.answer.created} created, ${run.answer.updated} computed again)`);
  if (problems.length) {
    failed = true;
    log(`NOT EXACT: ${problems.length} problems; first: ${problems.slice(0, 5).join('; ')}`);
  } else log(`exact: ${bills.length} bills, each equal to its hotel's orders and split to the cent; totals equal (${grand})`);
} finally {
  await database.close();
  await bench.drop(values.keep);
}
process.exit(failed ? 1 : 0);
