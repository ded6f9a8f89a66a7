import { randomBytes } from 'node:crypto';
import { recordTables } from '../../src/db/schema/index.js';
import type { TestApp } from '../support/app.js';

/** Helpers of the tenancy tests (tenants*.test.ts). */

export const unique = () => randomBytes(3).toString('hex');

/** A valid hotel form body (version 3.0 with its AP password); `over` replaces fields. */
export function hotelBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Hotel ${unique()}`,
    nameEn: 'Test Hotel',
    systemVersion: '3.0',
    city: 'Shanghai',
    address: 'Zhongshan Road 1',
    ipWhitelist: '203.0.113.0/24\n198.51.100.7',
    apSsid: 'Test-AP',
    apPassword: 'abcd1234',
    ...over,
  };
}

/** Inserts terminals for a hotel directly (the device side registers them in production). */
export async function insertTerminals(
  t: TestApp,
  owner: { brandId: number; hotelId: number | null },
  list: { roomNumber?: string | null; authorization?: 'unauthorized' | 'authorized' | 'disabled'; registeredAt?: string; authorizedAt?: string | null }[],
): Promise<number[]> {
  const table = recordTables.terminal!;
  const rows = list.map((entry) => ({
    mac: randomBytes(6).toString('hex').toUpperCase(),
    sn: `TESTSN${randomBytes(5).toString('hex').toUpperCase()}`,
    brandId: owner.brandId,
    hotelId: owner.hotelId,
    roomNumber: entry.roomNumber ?? null,
    authorization: entry.authorization ?? 'unauthorized',
    registeredAt: entry.registeredAt ?? new Date().toISOString(),
    authorizedAt: entry.authorizedAt ?? null,
  }));
  const created = (await t.database.db.insert(table).values(rows).returning({ id: table.id })) as { id: number }[];
  return created.map((r) => r.id);
}
