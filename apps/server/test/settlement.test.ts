import type { ActivationRow, SettlementAnswer, SettlementRow } from '@htv/shared/areas/settlement/index';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import type { Client, TestApp } from './support/app.js';
import { testApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
/** a's first hotel: 10 activations in 2026-08 (one authorized again in October), 2 in 2026-09. */
let reauthorized: Tv;

/** Registers `n` TVs in a hotel, authorized at `at`. */
async function activated(hotelId: number, n: number, at: string): Promise<Tv[]> {
  const code = await installCodeOf(t, hotelId);
  const tvs: Tv[] = [];
  for (let i = 0; i < n; i++) tvs.push(await registerTv(t, { installCode: code }));
  const ids = tvs.map((tv) => tv.terminalId);
  await t.database.db.execute(sql`update terminals set "authorization" = 'authorized', authorized_at = ${at}::timestamptz where id = any(${sql.param(ids)}::int[])`);
  return tvs;
}

const periodsOf = async (client: Client, query: string) => {
  const res = await client.get<SettlementAnswer>(`/api/settlement/periods?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const brief = (rows: SettlementRow[]) => rows.map((r) => [r.hotelId, r.period, r.activations, r.state]);

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['settlement.read']);
  b = await createTenant(t, ['settlement.read']);
  const august = await activated(a.hotelIds[0], 10, '2026-08-10T12:00:00Z');
  await activated(a.hotelIds[0], 2, '2026-09-30T17:00:00Z'); // 1 October in China time: an October activation
  await activated(a.hotelIds[1], 3, '2026-08-20T00:00:00Z');
  await activated(b.hotelIds[0], 10, '2026-08-05T00:00:00Z');
  // Authorized first in August (state history), again in October: its activation stays in August.
  reauthorized = august[0]!;
  await t.database.db.execute(sql`update terminals set authorized_at = '2026-10-05T00:00:00Z' where id = ${reauthorized.terminalId}`);
  await t.database.db.execute(
    sql`insert into terminal_state_logs (terminal_id, mac, brand_id, hotel_id, state, at) values (${reauthorized.terminalId}, ${reauthorized.mac}, ${a.brandId}, ${a.hotelIds[0]}, 'authorized', '2026-08-03T00:00:00Z')`,
  );
});

describe('settlement periods', () => {
  it('counts first authorizations per hotel and natural month (China time) with each state', async () => {
    const data = await periodsOf(platform, `kind=month&from=2026-07&to=2026-10&brandId=${a.brandId}`);
    expect(data.standard).toBe(10);
    expect(brief(data.items)).toEqual([
      [a.hotelIds[0], '2026-10', 2, 'notUpToStandard'],
      [a.hotelIds[0], '2026-08', 10, 'upToStandard'],
      [a.hotelIds[1], '2026-08', 3, 'notUpToStandard'],
    ]);
    expect(data.items[1]).toMatchObject({ brandId: a.brandId, hotelName: expect.any(String), brandName: expect.any(String), settledAt: null });
  });

  it('per quarter the standard is three months’ worth', async () => {
    const data = await periodsOf(platform, `kind=quarter&from=2026-Q3&to=2026-Q4&hotelId=${a.hotelIds[0]}`);
    expect(data.standard).toBe(30);
    expect(brief(data.items)).toEqual([
      [a.hotelIds[0], '2026-Q4', 2, 'notUpToStandard'],
      [a.hotelIds[0], '2026-Q3', 10, 'notUpToStandard'],
    ]);
  });

  it('refuses a malformed period or a range that is backwards or longer than two years', async () => {
    const bad = await platform.get('/api/settlement/periods?kind=month&from=2026-13&to=2026-12');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toBeDefined();
    expect((await platform.get('/api/settlement/periods?kind=quarter&from=2026-08&to=2026-Q4')).status).toBe(422);
    const backwards = await platform.withLang('zh-CN').get('/api/settlement/periods?kind=month&from=2026-09&to=2026-08');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors?.to?.[0]).toMatch(/结束周期/);
    expect((await platform.get('/api/settlement/periods?kind=month&from=2020-01&to=2026-08')).status).toBe(422);
  });

  it('a brand and a hotel see their own rows only, whatever they ask for', async () => {
    expect(brief((await periodsOf(b.brand, 'kind=month&from=2026-07&to=2026-10')).items)).toEqual([[b.hotelIds[0], '2026-08', 10, 'upToStandard']]);
    expect((await periodsOf(b.brand, `kind=month&from=2026-07&to=2026-10&hotelId=${a.hotelIds[0]}`)).items).toEqual([]);
    expect((await periodsOf(b.brand, `kind=month&from=2026-07&to=2026-10&brandId=${a.brandId}`)).items).toEqual([]);
    expect(brief((await periodsOf(a.sibling, 'kind=month&from=2026-07&to=2026-10')).items)).toEqual([[a.hotelIds[1], '2026-08', 3, 'notUpToStandard']]);
  });
});

describe('settle', () => {
  const settle = (client: Client, body: Record<string, unknown>) => client.post('/api/settlement/settle', body);

  it('refuses an open period, one not up to standard, and anyone but the platform', async () => {
    // The list says which periods are still running (the console offers no settle button on them).
    const current = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    await activated(b.hotelIds[1], 1, new Date().toISOString());
    const listed = await periodsOf(platform, `kind=month&from=2026-07&to=${current}&brandId=${b.brandId}`);
    expect(listed.items.map((r) => [r.period, r.open])).toEqual([[current, true], ['2026-08', false]]);
    const open = await settle(platform, { hotelId: a.hotelIds[0], kind: 'month', period: current });
    expect(open.status).toBe(422);
    expect(open.body.errors?.period?.[0]).toMatch(/not ended/);
    const low = await settle(platform, { hotelId: a.hotelIds[1], kind: 'month', period: '2026-08' });
    expect(low.status).toBe(422);
    expect(low.body.errors?.period?.[0]).toMatch(/not up to standard/);
    expect((await settle(platform, { hotelId: a.hotelIds[0], kind: 'month', period: 'August' })).status).toBe(422);
    expect((await settle(a.brand, { hotelId: a.hotelIds[0], kind: 'month', period: '2026-08' })).status).toBe(403);
    expect((await settle(a.hotel, { hotelId: a.hotelIds[0], kind: 'month', period: '2026-08' })).status).toBe(403);
    expect((await settle(platform, { hotelId: 2_000_000_000, kind: 'month', period: '2026-08' })).status).toBe(404);
  });

  it('settles an ended period up to standard once; its state is then settled', async () => {
    const done = await settle(platform, { hotelId: a.hotelIds[0], kind: 'month', period: '2026-08' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ activations: 10 });
    const again = await settle(platform, { hotelId: a.hotelIds[0], kind: 'month', period: '2026-08' });
    expect(again.status).toBe(409);
    expect(again.body.errkey).toBe('settlement.alreadySettled');
    const data = await periodsOf(a.hotel, 'kind=month&from=2026-08&to=2026-08&state=settled');
    expect(data.items).toEqual([expect.objectContaining({ hotelId: a.hotelIds[0], period: '2026-08', state: 'settled', settledAt: expect.any(String) })]);
    const log = await t.database.db.execute(sql`select count(*)::int as n from operation_logs where action = 'settle' and record_type = 'settlement' and record_id = ${String(done.body.data.id)}`);
    expect((log as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe('activated terminals', () => {
  it('lists first authorizations of a date range, newest first, in the caller’s reach, and exports them', async () => {
    const res = await a.brand.get<{ items: ActivationRow[]; total: number }>('/api/settlement/activations?from=2026-08-01&to=2026-08-31&pagesize=5');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(13);
    expect(res.body.data.items).toHaveLength(5);
    expect(res.body.data.items.map((r) => r.mac)).not.toContain(undefined);
    const all = await a.brand.get<{ items: ActivationRow[]; total: number }>('/api/settlement/activations?from=2026-08-01&to=2026-08-31&pagesize=100');
    expect(all.body.data.items.find((r) => r.mac === reauthorized.mac)?.activatedAt).toBe('2026-08-03T00:00:00.000Z');
    const foreign = await b.brand.get<{ total: number }>(`/api/settlement/activations?from=2026-08-01&to=2026-08-31&hotelId=${a.hotelIds[0]}`);
    expect(foreign.body.data.total).toBe(0);
    const file = await a.brand.get('/api/settlement/activations/export?from=2026-08-01&to=2026-08-31');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const periods = await platform.get('/api/settlement/periods/export?kind=month&from=2026-08&to=2026-08');
    expect(periods.status).toBe(200);
    expect(periods.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
