import { splitTotal } from '@htv/shared/areas/vod/bills';
import { formatMinor } from '@htv/shared/areas/shop/device';
import { records, translate } from '@htv/shared';
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { recordTables } from '../src/db/schema/index.js';
import { localDiskStorage } from '../src/files/storage.js';
import { seedDemo } from '../src/seed/demo.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

const HOTEL = ['vodBill.read', 'vodOrder.read'];
const en = (key: Parameters<typeof translate>[0], params?: Record<string, unknown>) => translate(key, 'en-US', params);

let t: TestApp;
let admin: Client;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

beforeAll(async () => {
  t = await testApp();
  admin = await createPlatformAdmin(t);
});

const BANK = { bankName: 'Bank of Test', accountHolder: 'Holder', bankAccount: '622202123456789', bankAccountConfirm: '622202123456789' };
const CONTRACT = { startDate: '2025-01-01', endDate: '2025-12-31', settlementPeriod: 'month' };

async function created(path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await admin.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const account = (extra: Record<string, unknown> = {}) => created('vod-account', { name: `Party ${unique()}`, partyKind: 'brand', percent: 30, contractNo: `A-${unique()}`, ...CONTRACT, ...BANK, ...extra });
const projectBody = (tenant: Tenant, extra: Record<string, unknown> = {}) => ({ name: `Project ${unique()}`, targetBrandId: tenant.brandId, contractNo: `P-${unique()}`, ...CONTRACT, ...BANK, ...extra });
const project = (tenant: Tenant, extra: Record<string, unknown> = {}) => created('vod-project', projectBody(tenant, extra));
/** An update names every writable field: the row as it is with the changes. */
const update = (path: 'vod-account' | 'vod-project', row: Record<string, any>, changes: Record<string, unknown>) => {
  const writable = records[path === 'vod-account' ? 'vodAccount' : 'vodProject'].writable;
  return admin.put(`/api/records/${path}/${row.id}`, { ...Object.fromEntries(writable.filter((name) => name in row).map((name) => [name, row[name]])), ...changes });
};
const act = (client: Client, path: string, id: number, action: string) => client.post(`/api/records/${path}/${id}/actions/${action}`, {});
const generate = (period: string, client = admin) => client.post('/api/admin/vod/bills/generate', { period });

/** Orders written as the purchase workflow leaves them (state, amount in minor units, time). */
async function orders(tenant: Tenant, hotel: 0 | 1, rows: { minor: number; at: string; state?: string }[]): Promise<void> {
  if (!rows.length) return;
  await t.database.db.insert(recordTables.vodOrder!).values(
    rows.map((row, i) => ({
      brandId: tenant.brandId,
      hotelId: tenant.hotelIds[hotel],
      number: `T${unique()}${i}`.slice(0, 24),
      roomNumber: '101',
      movieTitle: 'Film',
      amount: formatMinor(row.minor),
      amountMinor: row.minor,
      payment: row.minor ? 'room' : 'free',
      state: row.state ?? 'shipmentComplete',
      createdAt: new Date(row.at),
    })),
  );
}

async function billsOf(projectId: number, period: string, client = admin): Promise<Record<string, any>[]> {
  const res = await client.get(`/api/records/vod-bill?projectId=${projectId}&period=${period}&pagesize=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items;
}

describe('splitting a total', () => {
  it('adds up to the total to the cent, the rest of the rounding to the largest remainders', () => {
    expect(splitTotal(100, [{ accountId: 1, bp: 3333 }, { accountId: 2, bp: 3333 }, { accountId: 3, bp: 3333 }])).toEqual({ parts: [34, 33, 33], platform: 0 });
    expect(splitTotal(1, [{ accountId: 1, bp: 5000 }, { accountId: 2, bp: 5000 }])).toEqual({ parts: [1, 0], platform: 0 });
    expect(splitTotal(999, [{ accountId: 1, bp: 1250 }])).toEqual({ parts: [125], platform: 874 });
    expect(splitTotal(0, [{ accountId: 1, bp: 10_000 }])).toEqual({ parts: [0], platform: 0 });
    expect(splitTotal(12_345, [])).toEqual({ parts: [], platform: 12_345 });
    // Totals near the largest safe integer stay exact.
    const big = splitTotal(Number.MAX_SAFE_INTEGER, [{ accountId: 1, bp: 3333 }, { accountId: 2, bp: 1 }]);
    expect(BigInt(big.parts[0]!) + BigInt(big.parts[1]!) + BigInt(big.platform)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (let i = 0; i < 2000; i++) {
      const shares = Array.from({ length: next(6) }, (_, k) => ({ accountId: k + 1, bp: next(2000) }));
      const total = next(10_000_000);
      const { parts, platform } = splitTotal(total, shares);
      expect(parts.reduce((s, p) => s + p, 0) + platform).toBe(total);
      shares.forEach((share, k) => expect(Math.abs(parts[k]! - (total * share.bp) / 10_000)).toBeLessThan(1));
    }
  });

  it('refuses shares over 100% and amounts that are not minor units', () => {
    expect(() => splitTotal(100, [{ accountId: 1, bp: 6000 }, { accountId: 2, bp: 4001 }])).toThrow(RangeError);
    expect(() => splitTotal(1.5, [])).toThrow(RangeError);
    expect(() => splitTotal(-1, [])).toThrow(RangeError);
  });
});

describe('split accounts', () => {
  it('need the bank account twice and equal, in digits', async () => {
    const base = { name: 'P', partyKind: 'hotel', percent: 10, contractNo: `A-${unique()}`, ...CONTRACT, ...BANK };
    const mismatch = await admin.post('/api/records/vod-account', { ...base, bankAccountConfirm: '622202123456780' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ bankAccountConfirm: [en('vod.bankAccountMismatch')] });
    const missing = await admin.post('/api/records/vod-account', { ...base, bankAccountConfirm: null });
    expect(missing.body.errors).toEqual({ bankAccountConfirm: [en('vod.bankAccountMismatch')] });
    const letters = await admin.post('/api/records/vod-account', { ...base, bankAccount: '6222-abc', bankAccountConfirm: '6222-abc' });
    expect(letters.body.errors.bankAccount).toEqual([en('vod.bankAccountFormat')]);
    const zh = await admin.withLang('zh-CN').post('/api/records/vod-account', { ...base, bankAccountConfirm: '1234567' });
    expect(zh.body.errors.bankAccountConfirm).toEqual([translate('vod.bankAccountMismatch', 'zh-CN')]);
  });

  it('keep their dates in order and their percentage within 0-100 with two decimals', async () => {
    const base = { name: 'P', partyKind: 'hotel', contractNo: `A-${unique()}`, ...CONTRACT, ...BANK };
    const dates = await admin.post('/api/records/vod-account', { ...base, percent: 10, startDate: '2025-05-01', endDate: '2025-04-30' });
    expect(dates.body.errors).toEqual({ endDate: [en('vod.endBeforeStart')] });
    expect((await admin.post('/api/records/vod-account', { ...base, percent: 100.01 })).body.errors.percent).toBeDefined();
    expect((await admin.post('/api/records/vod-account', { ...base, percent: -1 })).body.errors.percent).toBeDefined();
    const row = await created('vod-account', { ...base, percent: '12.345' });
    expect(row.percent).toBe(12.35);
  });

  it('keep the bank account fixed once created, and never answer the confirmation', async () => {
    const row = await account({ bankAccount: '6222 0212 3456', bankAccountConfirm: '622202123456' });
    expect(row.bankAccount).toBe('622202123456');
    expect(row).not.toHaveProperty('bankAccountConfirm');
    const changed = await update('vod-account', row, { bankAccount: '622202999999', bankAccountConfirm: '622202999999' });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ bankAccount: [en('validation.fixed', { field: { 'zh-CN': '银行账号', 'en-US': 'Bank account' } })] });
    const same = await update('vod-account', row, { name: 'Renamed' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect([same.body.data.name, same.body.data.bankAccount]).toEqual(['Renamed', '622202123456']);
    expect((await admin.get(`/api/records/vod-account/${row.id}`)).body.data).not.toHaveProperty('bankAccountConfirm');
  });

  it('move between normal, stopped and renewal by their actions only', async () => {
    const row = await account();
    expect(row.state).toBe('normal');
    expect((await act(admin, 'vod-account', row.id, 'resume')).body.errkey).toBe('error.invalidAction');
    expect((await act(admin, 'vod-account', row.id, 'renew')).body.data.state).toBe('renewal');
    expect((await act(admin, 'vod-account', row.id, 'renew')).status).toBe(409);
    expect((await act(admin, 'vod-account', row.id, 'stop')).body.data.state).toBe('stopped');
    const again = await act(admin, 'vod-account', row.id, 'stop');
    expect([again.status, again.body.errkey]).toEqual([409, 'error.invalidAction']);
    expect((await act(admin, 'vod-account', row.id, 'resume')).body.data.state).toBe('normal');
    const put = await update('vod-account', row, { state: 'stopped' });
    expect([put.status, put.body.errors]).toEqual([422, { state: [en('validation.unknownField')] }]);
    expect((await admin.delete(`/api/records/vod-account/${row.id}`)).status).toBe(404);
  });

  it('are the platform’s: brand and hotel users can neither read nor write them', async () => {
    const tenant = await createTenant(t, HOTEL);
    const row = await account();
    for (const client of [tenant.brand, tenant.hotel]) {
      for (const path of ['vod-account', 'vod-project']) {
        expect((await client.get(`/api/records/${path}`)).status).toBe(403);
        expect((await client.post(`/api/records/${path}`, {})).status).toBe(403);
      }
      expect((await client.get(`/api/records/vod-account/${row.id}`)).status).toBe(403);
      expect((await act(client, 'vod-account', row.id, 'stop')).status).toBe(403);
    }
  });
});

describe('projects', () => {
  it('split between accounts at most 100% in all, the platform keeping the rest', async () => {
    const tenant = await createTenant(t, HOTEL);
    const [a1, a2] = [await account({ percent: 60 }), await account({ percent: 25.5 })];
    const over = await admin.post('/api/records/vod-project', projectBody(tenant, { shares: [{ accountId: a1.id }, { accountId: a2.id, percent: 40.01 }] }));
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ shares: [en('vod.percentOver', { total: '100.01' })] });
    const zh = await admin.withLang('zh-CN').post('/api/records/vod-project', projectBody(tenant, { shares: [{ accountId: a1.id }, { accountId: a2.id, percent: 50 }] }));
    expect(zh.body.errors.shares).toEqual([translate('vod.percentOver', 'zh-CN', { total: '110.00' })]);
    const row = await project(tenant, { shares: [{ accountId: a1.id }, { accountId: a2.id }] });
    expect(row.shares).toEqual([{ accountId: a1.id, percent: 60 }, { accountId: a2.id, percent: 25.5 }]);
    expect([row.sharesPercent, row.platformPercent]).toEqual([85.5, 14.5]);
    const full = await update('vod-project', row, { shares: [{ accountId: a1.id, percent: 60 }, { accountId: a2.id, percent: 40 }] });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect([full.body.data.sharesPercent, full.body.data.platformPercent]).toEqual([100, 0]);
  });

  it('refuse shares that are not a list of known, live accounts with two-decimal percentages', async () => {
    const tenant = await createTenant(t, HOTEL);
    const a1 = await account();
    const stopped = await account();
    await act(admin, 'vod-account', stopped.id, 'stop');
    const cases: [unknown, string][] = [
      [{ accountId: a1.id }, en('vod.sharesInvalid')],
      [[{ accountId: 'x' }], en('vod.sharesInvalid')],
      [[{ accountId: a1.id, percent: 10.005 }], en('vod.sharesInvalid')],
      [[{ accountId: a1.id, percent: 101 }], en('vod.sharesInvalid')],
      [[{ accountId: a1.id, percent: -5 }], en('vod.sharesInvalid')],
      [[{ accountId: a1.id, extra: 1 }], en('vod.sharesInvalid')],
      [[{ accountId: a1.id }, { accountId: a1.id }], en('vod.shareDuplicate', { id: a1.id })],
      [[{ accountId: 2_000_000_000 }], en('vod.accountUnknown', { id: 2_000_000_000 })],
      [[{ accountId: stopped.id }], en('vod.accountStopped', { name: stopped.name })],
      [Array.from({ length: 51 }, (_, i) => ({ accountId: i + 1, percent: 1 })), en('vod.sharesTooMany', { max: 50 })],
    ];
    for (const [shares, message] of cases) {
      const res = await admin.post('/api/records/vod-project', projectBody(tenant, { shares }));
      expect(res.status, JSON.stringify(shares)).toBe(422);
      expect(res.body.errors, JSON.stringify(shares)).toEqual({ shares: [message] });
    }
  });

  it('need the bank account twice, keep it fixed, and keep their dates in order', async () => {
    const tenant = await createTenant(t, HOTEL);
    const mismatch = await admin.post('/api/records/vod-project', projectBody(tenant, { bankAccountConfirm: '1111111' }));
    expect(mismatch.body.errors).toEqual({ bankAccountConfirm: [en('vod.bankAccountMismatch')] });
    const dates = await admin.post('/api/records/vod-project', projectBody(tenant, { endDate: '2024-12-31' }));
    expect(dates.body.errors).toEqual({ endDate: [en('vod.endBeforeStart')] });
    const row = await project(tenant);
    const changed = await update('vod-project', row, { bankAccount: '999999999' });
    expect(changed.body.errors).toEqual({ bankAccount: [en('validation.fixed', { field: { 'zh-CN': '银行账号', 'en-US': 'Bank account' } })] });
    expect((await update('vod-project', row, { rules: 'Monthly, by the 10th' })).body.data.rules).toBe('Monthly, by the 10th');
  });

  it('cover a brand or one of its hotels, never two live projects over the same hotel and time', async () => {
    const tenant = await createTenant(t, HOTEL);
    const other = await createTenant(t, HOTEL);
    const outside = await admin.post('/api/records/vod-project', projectBody(tenant, { targetHotelId: other.hotelIds[0] }));
    expect(outside.body.errors).toEqual({ targetHotelId: [en('vod.hotelOutsideBrand')] });
    const first = await project(tenant, { targetHotelId: tenant.hotelIds[0], startDate: '2025-01-01', endDate: '2025-06-30' });
    const clash = await admin.post('/api/records/vod-project', projectBody(tenant, { startDate: '2025-06-30', endDate: '2025-12-31' }));
    expect(clash.body.errors).toEqual({ targetBrandId: [en('vod.projectOverlap', { name: first.name })] });
    // The brand's other hotel, or a later time, is free.
    const sibling = await project(tenant, { targetHotelId: tenant.hotelIds[1] });
    const later = await project(tenant, { targetHotelId: tenant.hotelIds[0], startDate: '2025-07-01', endDate: '2025-12-31' });
    // A stopped project gives way; resuming it while another covers the hotels is refused.
    expect((await act(admin, 'vod-project', later.id, 'stop')).status).toBe(200);
    const replacement = await project(tenant, { targetHotelId: tenant.hotelIds[0], startDate: '2025-08-01', endDate: '2025-09-30' });
    const resume = await act(admin, 'vod-project', later.id, 'resume');
    expect([resume.status, resume.body.errors]).toEqual([422, { targetBrandId: [en('vod.projectOverlap', { name: replacement.name })] }]);
    expect((await act(admin, 'vod-project', later.id, 'renew')).status).toBe(422);
    expect(sibling.state).toBe('normal');
  });

  it('move between normal, stopped and renewal by their actions only', async () => {
    const tenant = await createTenant(t, HOTEL);
    const row = await project(tenant);
    expect((await act(admin, 'vod-project', row.id, 'resume')).status).toBe(409);
    expect((await act(admin, 'vod-project', row.id, 'stop')).body.data.state).toBe('stopped');
    expect((await act(admin, 'vod-project', row.id, 'stop')).body.errkey).toBe('error.invalidAction');
    expect((await act(admin, 'vod-project', row.id, 'renew')).body.data.state).toBe('renewal');
    expect((await act(admin, 'vod-project', row.id, 'renew')).status).toBe(409);
    expect((await act(admin, 'vod-project', row.id, 'resume')).body.data.state).toBe('normal');
    expect((await admin.delete(`/api/records/vod-project/${row.id}`)).status).toBe(404);
  });
});

describe('split bills', () => {
  let tenant: Tenant;
  let other: Tenant;
  let proj: Record<string, any>;
  let accounts: Record<string, any>[];
  const expected: [number, number] = [0, 0];
  const counts: [number, number] = [0, 0];

  beforeAll(async () => {
    tenant = await createTenant(t, HOTEL);
    other = await createTenant(t, HOTEL);
    accounts = [await account({ percent: 30 }), await account({ percent: 12.5 })];
    proj = await project(tenant, { shares: accounts.map((row) => ({ accountId: row.id })) });
    // March 2025 in China time: from 2025-02-28T16:00Z to 2025-03-31T16:00Z.
    let seed = 11;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (const hotel of [0, 1] as const) {
      const rows = Array.from({ length: 150 + hotel * 37 }, (_, i) => ({ minor: next(100_000), at: new Date(Date.UTC(2025, 2, 1, 0, i)).toISOString() }));
      rows.push({ minor: 1999, at: '2025-02-28T16:00:00.000Z' }); // 00:00 on 1 March, local
      rows.push({ minor: 0, at: '2025-03-15T10:00:00.000Z' }); // a free film
      expected[hotel] = rows.reduce((s, r) => s + r.minor, 0);
      counts[hotel] = rows.length;
      await orders(tenant, hotel, rows);
      await orders(tenant, hotel, [
        { minor: 5000, at: '2025-02-28T15:59:59.000Z' }, // February, local
        { minor: 5000, at: '2025-03-31T16:00:00.000Z' }, // April, local
        { minor: 700, at: '2025-03-10T00:00:00.000Z', state: 'refunded' },
        { minor: 700, at: '2025-03-10T00:00:00.000Z', state: 'pendingShipment' },
        { minor: 700, at: '2025-03-10T00:00:00.000Z', state: 'pendingPayment' },
      ]);
    }
    await orders(other, 0, [{ minor: 4242, at: '2025-03-05T00:00:00.000Z' }]);
  });

  it('are computed per hotel from the period’s delivered orders, adding up to the cent', async () => {
    const res = await generate('2025-03');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toBeGreaterThanOrEqual(2);
    const bills = await billsOf(proj.id, '2025-03');
    expect(bills.map((bill) => bill.hotelId).sort()).toEqual([...tenant.hotelIds].sort());
    for (const hotel of [0, 1] as const) {
      const bill = bills.find((row) => row.hotelId === tenant.hotelIds[hotel])!;
      expect([bill.totalMinor, bill.orderCount, bill.stage, bill.periodStart, bill.periodEnd]).toEqual([expected[hotel], counts[hotel], 'budget', '2025-03-01', '2025-03-31']);
      const split = splitTotal(expected[hotel], [{ accountId: accounts[0]!.id, bp: 3000 }, { accountId: accounts[1]!.id, bp: 1250 }]);
      expect(bill.lines.map((line: any) => [line.accountId, line.name, line.bankAccount, line.bp, line.amountMinor])).toEqual([
        [accounts[0]!.id, accounts[0]!.name, accounts[0]!.bankAccount, 3000, split.parts[0]],
        [accounts[1]!.id, accounts[1]!.name, accounts[1]!.bankAccount, 1250, split.parts[1]],
      ]);
      expect(bill.platformMinor).toBe(split.platform);
      expect(split.parts[0]! + split.parts[1]! + split.platform).toBe(expected[hotel]);
      expect(bill.ordersAmount).toBe(Number(formatMinor(expected[hotel])));
      expect(bill.platformAmount).toBe(Number(formatMinor(split.platform)));
      expect(bill.sharedAmount).toBe(Number(formatMinor(split.parts[0]! + split.parts[1]!)));
      expect(bill.summary).toBe(`${accounts[0]!.name} 30% ${formatMinor(split.parts[0]!)}; ${accounts[1]!.name} 12.5% ${formatMinor(split.parts[1]!)}; Platform 57.5% ${formatMinor(split.platform)}`);
    }
    // The brand without a project has no bill.
    const foreign = await admin.get(`/api/records/vod-bill?hotelId=${other.hotelIds[0]}`);
    expect(foreign.body.data.items).toEqual([]);
  });

  it('are computed again while a budget, kept once settled', async () => {
    await generate('2025-03');
    const before = await billsOf(proj.id, '2025-03');
    const hotel0 = before.find((row) => row.hotelId === tenant.hotelIds[0])!;
    expect((await act(admin, 'vod-bill', hotel0.id, 'settle')).status).toBe(200);
    await orders(tenant, 0, [{ minor: 10_000, at: '2025-03-20T00:00:00.000Z' }]);
    await orders(tenant, 1, [{ minor: 10_000, at: '2025-03-20T00:00:00.000Z' }]);
    const res = await generate('2025-03');
    expect(res.body.data.kept).toBeGreaterThanOrEqual(1);
    const after = await billsOf(proj.id, '2025-03');
    expect(after.find((row) => row.id === hotel0.id)!.totalMinor).toBe(expected[0]);
    expect(after.find((row) => row.hotelId === tenant.hotelIds[1])!.totalMinor).toBe(expected[1] + 10_000);
    expect(after).toHaveLength(2);
  });

  it('pass budget → settlement → reconciled → transferred, each stage once, recording who and when', async () => {
    const bill = (await billsOf(proj.id, '2025-03')).find((row) => row.hotelId === tenant.hotelIds[1])!;
    expect(bill.stage).toBe('budget');
    const refused = async (action: string) => {
      const res = await act(admin, 'vod-bill', bill.id, action);
      expect([res.status, res.body.errkey], action).toEqual([409, 'error.invalidAction']);
    };
    await refused('reconcile');
    await refused('transfer');
    const settled = (await act(admin, 'vod-bill', bill.id, 'settle')).body.data;
    expect([settled.stage, typeof settled.settledBy, settled.settledBy.length > 0, Number.isNaN(Date.parse(settled.settledAt))]).toEqual(['settlement', 'string', true, false]);
    await refused('settle');
    await refused('transfer');
    const reconciled = (await act(admin, 'vod-bill', bill.id, 'reconcile')).body.data;
    expect([reconciled.stage, reconciled.reconciledBy, reconciled.settledAt]).toEqual(['reconciled', settled.settledBy, settled.settledAt]);
    await refused('settle');
    await refused('reconcile');
    const transferred = (await act(admin, 'vod-bill', bill.id, 'transfer')).body.data;
    expect([transferred.stage, transferred.transferredBy, Boolean(transferred.transferredAt)]).toEqual(['transferred', settled.settledBy, true]);
    for (const action of ['settle', 'reconcile', 'transfer']) await refused(action);
    // Nothing edits or removes a bill.
    expect((await admin.put(`/api/records/vod-bill/${bill.id}`, { stage: 'budget' })).status).toBe(404);
    expect((await admin.delete(`/api/records/vod-bill/${bill.id}`)).status).toBe(404);
    expect((await admin.post('/api/records/vod-bill', { name: 'x' })).status).toBe(404);
    await generate('2025-03');
    const again = (await admin.get(`/api/records/vod-bill/${bill.id}`)).body.data;
    expect([again.stage, again.totalMinor, again.transferredAt]).toEqual(['transferred', transferred.totalMinor, transferred.transferredAt]);
  });

  it('are the hotel’s own: a hotel reads its bills only, runs no stage, and a brand none', async () => {
    const bills = await billsOf(proj.id, '2025-03');
    const own = bills.find((row) => row.hotelId === tenant.hotelIds[0])!;
    const sibling = bills.find((row) => row.hotelId === tenant.hotelIds[1])!;
    const list = await tenant.hotel.get('/api/records/vod-bill?pagesize=100');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((row: any) => row.id)).toEqual([own.id]);
    expect((await tenant.hotel.get(`/api/records/vod-bill/${own.id}`)).body.data.totalMinor).toBe(own.totalMinor);
    expect((await tenant.hotel.get(`/api/records/vod-bill/${sibling.id}`)).status).toBe(404);
    expect((await tenant.sibling.get(`/api/records/vod-bill/${own.id}`)).status).toBe(404);
    expect((await other.hotel.get(`/api/records/vod-bill/${own.id}`)).status).toBe(404);
    expect((await other.hotel.get('/api/records/vod-bill?pagesize=100')).body.data.items).toEqual([]);
    expect((await tenant.hotel.get(`/api/records/vod-bill?hotelId=${tenant.hotelIds[1]}`)).body.data.items).toEqual([]);
    expect((await act(tenant.hotel, 'vod-bill', own.id, 'reconcile')).status).toBe(403);
    expect((await act(other.hotel, 'vod-bill', own.id, 'reconcile')).status).toBe(403);
    expect((await tenant.brand.get('/api/records/vod-bill')).status).toBe(403);
    for (const client of [tenant.hotel, tenant.brand]) expect((await generate('2025-03', client)).status).toBe(403);
  });

  it('export the list with the split', async () => {
    const res = await tenant.hotel.request('GET', '/api/records/vod-bill/export?lang=en-US');
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw.rawPayload as never);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0]!;
    expect(rows).toHaveLength(2);
    const own = (await billsOf(proj.id, '2025-03', tenant.hotel))[0]!;
    expect(rows[1]![header.indexOf('Orders total')]).toBe(own.ordersAmount);
    expect(rows[1]![header.indexOf('Split')]).toBe(own.summary);
  });

  it('settle only once the period has ended', async () => {
    const current = await createTenant(t, HOTEL);
    const running = await project(current, { startDate: '2020-01-01', endDate: '2099-12-31' });
    const now = new Date(Date.now() + 8 * 3600_000);
    const period = now.toISOString().slice(0, 7);
    await orders(current, 0, [{ minor: 1234, at: new Date().toISOString() }]);
    expect((await generate(period)).status).toBe(200);
    const [bill] = await billsOf(running.id, period);
    expect(bill!.totalMinor).toBe(1234);
    const res = await act(admin, 'vod-bill', bill!.id, 'settle');
    expect([res.status, res.body.errkey, res.body.errmsg]).toEqual([409, 'vod.periodOpen', en('vod.periodOpen')]);
  });

  it('follow the project’s settlement period and contract dates', async () => {
    const quarterly = await createTenant(t, HOTEL);
    const q = await project(quarterly, { settlementPeriod: 'quarter', startDate: '2025-02-15', endDate: '2025-12-31' });
    await orders(quarterly, 0, [
      { minor: 100, at: '2025-01-10T00:00:00.000Z' }, // before the contract
      { minor: 200, at: '2025-02-14T16:00:00.000Z' }, // 15 February, local: the contract's first day
      { minor: 300, at: '2025-03-31T15:00:00.000Z' },
    ]);
    await generate('2025-03');
    expect(await billsOf(q.id, '2025-03')).toEqual([]);
    const res = await generate('2025-Q1');
    expect(res.status).toBe(200);
    const [bill] = await billsOf(q.id, '2025-Q1');
    expect([bill!.totalMinor, bill!.orderCount, bill!.periodStart, bill!.periodEnd, bill!.platformMinor]).toEqual([500, 2, '2025-02-15', '2025-03-31', 500]);
  });

  it('are generated for a well-formed period that has begun', async () => {
    const bad = await generate('2025-13');
    expect([bad.status, bad.body.errors]).toEqual([422, { period: [en('vod.badPeriod')] }]);
    expect((await generate('2025-Q5')).body.errors).toEqual({ period: [en('vod.badPeriod')] });
    const future = await generate('2099-01');
    expect([future.status, future.body.errors]).toEqual([422, { period: [en('vod.periodFuture')] }]);
  });
});

describe('the demo', () => {
  it('has split accounts, a project over the demo brand and last month’s bill of the demo hotel', async () => {
    const database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    try {
      await database.migrate();
      expect(await seedDemo(database.db, localDiskStorage(mkdtempSync(join(tmpdir(), 'htv-demo-'))))).toBe(true);
      const db = database.db;
      expect(await db.select().from(recordTables.vodAccount!)).toHaveLength(2);
      const [demoProject] = await db.select().from(recordTables.vodProject!);
      expect([demoProject!.state, demoProject!.sharesPercent, demoProject!.platformPercent]).toEqual(['normal', 55, 45]);
      const bills = await db.select().from(recordTables.vodBill!);
      expect(bills).toHaveLength(1);
      const bill = bills[0]!;
      const counted = (await db.select().from(recordTables.vodOrder!)).filter((order) => order.state === 'shipmentComplete' && order.hotelId === bill.hotelId);
      expect([bill.stage, bill.orderCount, bill.totalMinor]).toEqual(['budget', counted.length, counted.reduce((sum, order) => sum + (order.amountMinor as number), 0)]);
      const lines = bill.lines as { amountMinor: number }[];
      expect(lines.reduce((sum, line) => sum + line.amountMinor, 0) + (bill.platformMinor as number)).toBe(bill.totalMinor);
    } finally {
      await database.close();
    }
  }, 240_000);
});

