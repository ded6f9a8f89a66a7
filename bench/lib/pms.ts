import http from 'node:http';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PMS_SIGNATURE_HEADER, PMS_TIMESTAMP_HEADER } from '../../packages/shared/src/areas/pms/protocol.js';
import { signPmsRequest } from '../../apps/server/src/areas/pms/http.js';
import type { Db } from '../../apps/server/src/db/client.js';
import { hotels, recordTables } from '../../apps/server/src/db/schema/index.js';
import { BENCH_HOTEL } from './tenants.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface PmsBenchHotel {
  id: number;
  brandId: number;
  publicId: string;
  secret: string;
  /** The bench's rooms, `P0001`…, in order. */
  rooms: string[];
}

/**
 * Readies the demo hotel for a PMS benchmark: its PMS vendor speaks the HTTP interface (the demo's
 * West Lake iHotel vendor), `rooms` rooms `P0001`… exist, and its interface secret is read.
 */
export async function preparePmsHotel(db: Db, rooms: number): Promise<PmsBenchHotel> {
  const hotel = rowsOf<{ id: number; brandId: number }>(await db.execute(sql`select id, brand_id as "brandId" from hotels where public_id = ${BENCH_HOTEL}`))[0]!;
  const vendors = recordTables.pmsVendor!;
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.protocol, 'http'), eq(vendors.enabled, true))).orderBy(asc(vendors.id)).limit(1);
  await db.update(hotels).set({ pmsVendorId: vendor!.id as number }).where(eq(hotels.id, hotel.id));
  await db.execute(sql`insert into rooms (brand_id, hotel_id, number) select ${hotel.brandId}, ${hotel.id}, 'P' || lpad(n::text, 4, '0') from generate_series(1, ${rooms}::int) n`);
  await db.execute(sql`insert into pms_interfaces (hotel_id, brand_id) values (${hotel.id}, ${hotel.brandId}) on conflict do nothing`);
  const secret = rowsOf<{ secret: string }>(await db.execute(sql`select secret from pms_interfaces where hotel_id = ${hotel.id}`))[0]!.secret;
  return { ...hotel, publicId: BENCH_HOTEL, secret, rooms: Array.from({ length: rooms }, (_, i) => `P${String(i + 1).padStart(4, '0')}`) };
}

export interface PmsAnswer {
  status: number;
  ms: number;
  body: { data?: { result?: string; results?: { result: string }[] }; errkey?: string };
}

/** One signed POST of an event or a batch to the hotel's HTTP interface, timed from its start to the whole answer. */
export function sendPms(base: string, hotel: PmsBenchHotel, body: unknown, agent: http.Agent): Promise<PmsAnswer> {
  const text = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const payload = Buffer.from(text);
  const url = new URL(`/api/pms/v1/hotels/${hotel.publicId}/events`, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, [PMS_TIMESTAMP_HEADER]: timestamp, [PMS_SIGNATURE_HEADER]: signPmsRequest(hotel.secret, timestamp, text) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
