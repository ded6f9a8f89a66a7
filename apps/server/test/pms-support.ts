import { PMS_SIGNATURE_HEADER, PMS_TIMESTAMP_HEADER } from '@htv/shared/areas/pms/protocol';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { signPmsRequest } from '../src/areas/pms/http.js';
import { hotels } from '../src/db/schema/index.js';
import { publicIdOf } from './devices-support.js';
import type { Client, TestApp } from './support/app.js';

let vendors = 0;

/** A PMS vendor of the protocol, named on the hotel. */
export async function usePmsVendor(t: TestApp, platform: Client, hotelId: number, protocol: 'http' | 'fias'): Promise<number> {
  const key = `pms${protocol}${process.pid}x${++vendors}`.slice(0, 20);
  const vendor = await platform.post('/api/records/pms-vendor', { name: `PMS ${key}`.slice(0, 20), key, protocol });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(200);
  await t.database.db.update(hotels).set({ pmsVendorId: vendor.body.data.id }).where(eq(hotels.id, hotelId));
  return vendor.body.data.id as number;
}

/** Creates rooms of the hotel through its hotel user. */
export async function createRooms(hotel: Client, numbers: string[]): Promise<void> {
  for (const number of numbers) {
    const res = await hotel.post('/api/records/room', { number });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** A hotel PMS speaking the HTTP interface: signs what it sends with the hotel's secret. */
export class HttpPms {
  constructor(
    readonly t: TestApp,
    readonly publicId: string,
    public secret: string,
  ) {}

  static async of(t: TestApp, hotelUser: Client, hotelId: number): Promise<HttpPms> {
    const view = await hotelUser.get('/api/pms/interface');
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    return new HttpPms(t, await publicIdOf(t, hotelId), view.body.data.secret);
  }

  async send(body: unknown, opts: { timestamp?: number; secret?: string; raw?: string; address?: string } = {}) {
    const text = opts.raw ?? JSON.stringify(body);
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const raw = await this.t.app.inject({
      method: 'POST',
      url: `/api/pms/v1/hotels/${this.publicId}/events`,
      payload: text,
      remoteAddress: opts.address ?? '10.9.8.7',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        [PMS_TIMESTAMP_HEADER]: timestamp,
        [PMS_SIGNATURE_HEADER]: signPmsRequest(opts.secret ?? this.secret, timestamp, text),
      },
    });
    return { status: raw.statusCode, body: raw.json() };
  }
}
