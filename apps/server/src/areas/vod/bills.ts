import { formatMinor } from '@htv/shared/areas/shop/device';
import { FULL_SHARE_BP, percentToBp, periodKindOf, splitTotal, type VodBillGenerateAnswer, type VodBillLine } from '@htv/shared/areas/vod/bills';
import { periodBounds } from '@htv/shared/areas/settlement/index';
import { translate, type Lang } from '@htv/shared';
import { and, count, eq, gte, inArray, isNull, lt, lte, ne, or, sql, sum } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import type { Row } from '../../records/engine.js';
import { writeOpLog } from '../oplog/log.js';

/** Parties one project may split with (WeChat Pay's profit sharing takes at most 50 receivers a request). */
export const VOD_MAX_SHARES = 50;

const accounts = () => recordTables.vodAccount!;
const projects = () => recordTables.vodProject!;
const bills = () => recordTables.vodBill!;
const orders = () => recordTables.vodOrder!;

const MINUTE = 60_000;

/** Midnight of a local date (YYYY-MM-DD) at the settlement clock's offset, as an instant. */
export function localMidnight(day: string, utcOffsetMin: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - utcOffsetMin * MINUTE);
}

/** The local date after a date. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * MINUTE).toISOString().slice(0, 10);
/** The local date before a date. */
const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 60 * MINUTE).toISOString().slice(0, 10);
/** Today's local date at the offset. */
const localToday = (now: Date, utcOffsetMin: number) => new Date(now.getTime() + utcOffsetMin * MINUTE).toISOString().slice(0, 10);

/** A bank account as stored: the digits without the spaces people type between groups. */
const compactAccount = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

/**
 * The rules the split accounts and the projects share: the bank account entered twice and equal on
 * create (never stored twice), fixed after it (the engine's `fixed`), and an end date not before the start.
 */
function contractRules(values: Record<string, unknown>, existing: Row | null): Record<string, unknown> {
  const next = { ...values };
  if (!existing) {
    const account = compactAccount(next.bankAccount);
    const confirm = compactAccount(next.bankAccountConfirm);
    if (confirm !== account) throw invalidFields({ bankAccountConfirm: { key: 'vod.bankAccountMismatch' } });
    next.bankAccount = account;
  }
  next.bankAccountConfirm = null;
  const merged = { ...existing, ...next };
  if (merged.startDate && merged.endDate && String(merged.endDate) < String(merged.startDate)) throw invalidFields({ endDate: { key: 'vod.endBeforeStart' } });
  return next;
}

/** A project's shares as stored: each account once, with its percentage (the account's when none is given). */
export interface StoredShare {
  accountId: number;
  percent: number;
}

async function checkedShares(db: Db, value: unknown): Promise<{ shares: StoredShare[]; bp: number }> {
  if (value === null || value === undefined) return { shares: [], bp: 0 };
  const invalid = () => invalidFields({ shares: { key: 'vod.sharesInvalid' } });
  if (!Array.isArray(value)) throw invalid();
  if (value.length > VOD_MAX_SHARES) throw invalidFields({ shares: { key: 'vod.sharesTooMany', params: { max: VOD_MAX_SHARES } } });
  const wanted: { accountId: number; percent: number | null }[] = [];
  for (const entry of value as unknown[]) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw invalid();
    const { accountId, percent, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length || !Number.isInteger(accountId) || (accountId as number) < 1 || (accountId as number) > 2_147_483_647) throw invalid();
    if (percent !== undefined && percent !== null && (typeof percent !== 'number' || !(percent >= 0 && percent <= 100) || percentToBp(percent) === null)) throw invalid();
    if (wanted.some((share) => share.accountId === accountId)) throw invalidFields({ shares: { key: 'vod.shareDuplicate', params: { id: accountId } } });
    wanted.push({ accountId: accountId as number, percent: (percent as number | null | undefined) ?? null });
  }
  if (!wanted.length) return { shares: [], bp: 0 };
  const a = accounts();
  const found = new Map(
    (await db.select({ id: a.id, name: a.name, percent: a.percent, state: a.state }).from(a).where(inArray(a.id, wanted.map((share) => share.accountId)))).map((row) => [row.id as number, row]),
  );
  const shares: StoredShare[] = [];
  for (const share of wanted) {
    const account = found.get(share.accountId);
    if (!account) throw invalidFields({ shares: { key: 'vod.accountUnknown', params: { id: share.accountId } } });
    if (account.state === 'stopped') throw invalidFields({ shares: { key: 'vod.accountStopped', params: { name: account.name } } });
    shares.push({ accountId: share.accountId, percent: share.percent ?? Number(account.percent) });
  }
  const bp = shares.reduce((total, share) => total + percentToBp(share.percent)!, 0);
  if (bp > FULL_SHARE_BP) throw invalidFields({ shares: { key: 'vod.percentOver', params: { total: formatMinor(bp) } } });
  return { shares, bp };
}

/** Another live (not stopped) project covering one of the same hotels at the same time, if any. */
async function overlapping(db: Db, project: { id: number | null; brandId: number; hotelId: number | null; startDate: string; endDate: string }): Promise<string | null> {
  const p = projects();
  const [other] = await db
    .select({ name: p.name })
    .from(p)
    .where(
      and(
        eq(p.targetBrandId, project.brandId),
        ne(p.state, 'stopped'),
        lte(p.startDate, project.endDate),
        gte(p.endDate, project.startDate),
        project.id === null ? undefined : ne(p.id, project.id),
        project.hotelId === null ? undefined : or(isNull(p.targetHotelId), eq(p.targetHotelId, project.hotelId)),
      ),
    )
    .limit(1);
  return (other?.name as string | undefined) ?? null;
}

function assertNoOverlap(name: string | null): void {
  if (name !== null) throw invalidFields({ targetBrandId: { key: 'vod.projectOverlap', params: { name } } });
}

/** The bill's parties and the platform in a language: "Name 30% 12.34; …; Platform 70% 28.80". */
function summaryOf(lines: VodBillLine[], platformMinor: number, lang: Lang): string {
  const pct = (bp: number) => `${formatMinor(bp).replace(/\.?0+$/, '')}%`;
  const platformBp = FULL_SHARE_BP - lines.reduce((total, line) => total + line.bp, 0);
  return [...lines.map((line) => `${line.name} ${pct(line.bp)} ${formatMinor(line.amountMinor)}`), `${translate('vod.billPlatform', lang)} ${pct(platformBp)} ${formatMinor(platformMinor)}`].join('; ');
}

let installed = false;

/** The split accounts', projects' and bills' rules. */
export function registerVodBillHooks(utcOffsetMin: () => number): void {
  if (installed) return;
  installed = true;
  addRecordHooks('vodAccount', {
    beforeWrite: (_ctx, values, existing) => contractRules(values, existing),
    hidden: ['bankAccountConfirm'],
  });
  addRecordHooks('vodProject', {
    async beforeWrite(ctx, values, existing) {
      const next = contractRules(values, existing);
      const merged = { ...existing, ...next } as Record<string, unknown>;
      if (merged.targetHotelId) {
        const h = recordTables.hotel!;
        const [hotel] = await ctx.db.select({ brandId: h.brandId }).from(h).where(eq(h.id, merged.targetHotelId as number));
        if (hotel && hotel.brandId !== merged.targetBrandId) throw invalidFields({ targetHotelId: { key: 'vod.hotelOutsideBrand' } });
      }
      if (!existing || 'shares' in next) {
        const { shares, bp } = await checkedShares(ctx.db, next.shares);
        Object.assign(next, { shares, sharesPercent: formatMinor(bp), platformPercent: formatMinor(FULL_SHARE_BP - bp) });
      }
      if ((existing?.state ?? 'normal') !== 'stopped') {
        assertNoOverlap(
          await overlapping(ctx.db, {
            id: existing ? (existing.id as number) : null,
            brandId: merged.targetBrandId as number,
            hotelId: (merged.targetHotelId as number | null) ?? null,
            startDate: String(merged.startDate),
            endDate: String(merged.endDate),
          }),
        );
      }
      return next;
    },
    async beforeAction(ctx, row, action) {
      if (row.state === 'stopped' && action !== 'stop') {
        assertNoOverlap(
          await overlapping(ctx.db, { id: row.id as number, brandId: row.targetBrandId as number, hotelId: (row.targetHotelId as number | null) ?? null, startDate: String(row.startDate), endDate: String(row.endDate) }),
        );
      }
    },
    hidden: ['bankAccountConfirm'],
  });
  addRecordHooks('vodBill', {
    beforeAction(ctx, row, action) {
      const now = new Date();
      const who = ctx.actor.name || ctx.actor.loginName;
      if (action === 'settle') {
        if (localToday(now, utcOffsetMin()) <= String(row.periodEnd)) throw new AppError('conflict', 'vod.periodOpen');
        return { settledBy: who, settledAt: now.toISOString() };
      }
      if (action === 'reconcile') return { reconciledBy: who, reconciledAt: now.toISOString() };
      if (action === 'transfer') return { transferredBy: who, transferredAt: now.toISOString() };
    },
    afterRead(ctx, rows) {
      for (const row of rows) row.summary = summaryOf((row.lines as VodBillLine[] | null) ?? [], Number(row.platformMinor ?? 0), ctx.lang ?? 'zh-CN');
    },
  });
}

/** Rows inserted at once. */
const INSERT_CHUNK = 500;

/**
 * Computes the split bills of a period (`2026-11` or `2026-Q4`): for every project of that settlement
 * period that is not stopped and whose contract overlaps it, the delivered orders (shipment complete)
 * of each hotel it covers, made within the period and the contract, their total split with the
 * project's shares (`splitTotal`). A budget bill is computed again; a bill past the budget is kept as
 * it is. Hotels without an order in the period get no bill.
 */
export async function generateBills(db: Db, actor: Actor | null, period: string, utcOffsetMin: number, now = new Date(), ip?: string): Promise<VodBillGenerateAnswer> {
  const kind = periodKindOf(period);
  const bounds = kind && periodBounds(kind, period);
  if (!kind || !bounds) throw invalidFields({ period: { key: 'vod.badPeriod' } });
  if (localToday(now, utcOffsetMin) < bounds.start) throw invalidFields({ period: { key: 'vod.periodFuture' } });
  const lastDay = previousDay(bounds.end);
  const p = projects();
  const live = await db
    .select()
    .from(p)
    .where(and(eq(p.settlementPeriod, kind), ne(p.state, 'stopped'), lte(p.startDate, lastDay), gte(p.endDate, bounds.start)))
    .orderBy(p.id);
  const answer: VodBillGenerateAnswer = { period, projects: live.length, created: 0, updated: 0, kept: 0, orders: 0, totalMinor: 0 };
  const accountIds = [...new Set(live.flatMap((project) => ((project.shares as StoredShare[] | null) ?? []).map((share) => share.accountId)))];
  const a = accounts();
  const accountRows = accountIds.length
    ? new Map((await db.select({ id: a.id, name: a.name, bankName: a.bankName, bankAccount: a.bankAccount }).from(a).where(inArray(a.id, accountIds))).map((row) => [row.id as number, row]))
    : new Map();
  const o = orders();
  const b = bills();
  const computedAt = now.toISOString();
  await db.transaction(async (tx) => {
    for (const project of live) {
      const from = String(project.startDate) > bounds.start ? String(project.startDate) : bounds.start;
      const until = nextDay(String(project.endDate)) < bounds.end ? nextDay(String(project.endDate)) : bounds.end;
      const totals = await tx
        .select({ hotelId: o.hotelId, brandId: o.brandId, orders: count(), total: sql<string>`coalesce(${sum(o.amountMinor)}, 0)` })
        .from(o)
        .where(
          and(
            eq(o.brandId, project.targetBrandId as number),
            project.targetHotelId ? eq(o.hotelId, project.targetHotelId as number) : undefined,
            eq(o.state, 'shipmentComplete'),
            gte(o.createdAt, localMidnight(from, utcOffsetMin)),
            lt(o.createdAt, localMidnight(until, utcOffsetMin)),
          ),
        )
        .groupBy(o.hotelId, o.brandId);
      const shares = ((project.shares as StoredShare[] | null) ?? []).map((share) => ({ ...share, bp: percentToBp(share.percent)! }));
      const existing = new Map(
        (await tx.select({ id: b.id, hotelId: b.hotelId, stage: b.stage }).from(b).where(and(eq(b.projectId, project.id as number), eq(b.period, period)))).map((row) => [
          row.hotelId as number,
          row,
        ]),
      );
      const byHotel = new Map(totals.map((row) => [row.hotelId as number, row]));
      // Budget bills of hotels without orders now are computed again too (to nothing).
      for (const [hotelId, bill] of existing) {
        if (!byHotel.has(hotelId) && bill.stage === 'budget') byHotel.set(hotelId, { hotelId, brandId: project.targetBrandId as number, orders: 0, total: '0' });
      }
      const inserts: Record<string, unknown>[] = [];
      for (const row of byHotel.values()) {
        const bill = existing.get(row.hotelId as number);
        if (bill && bill.stage !== 'budget') {
          answer.kept++;
          continue;
        }
        const totalMinor = Number(row.total);
        const split = splitTotal(totalMinor, shares);
        const lines: VodBillLine[] = shares.map((share, index) => {
          const account = accountRows.get(share.accountId);
          return {
            accountId: share.accountId,
            name: (account?.name as string | undefined) ?? `#${share.accountId}`,
            bankName: (account?.bankName as string | null | undefined) ?? null,
            bankAccount: (account?.bankAccount as string | null | undefined) ?? null,
            bp: share.bp,
            amountMinor: split.parts[index]!,
          };
        });
        const sharedMinor = split.parts.reduce((total, part) => total + part, 0);
        const values = {
          orderCount: Number(row.orders),
          totalMinor,
          ordersAmount: formatMinor(totalMinor),
          sharedAmount: formatMinor(sharedMinor),
          platformAmount: formatMinor(split.platform),
          platformMinor: split.platform,
          lines,
          computedAt,
          updatedAt: now,
        };
        answer.orders += Number(row.orders);
        answer.totalMinor += totalMinor;
        if (bill) {
          await tx.update(b).set(values).where(eq(b.id, bill.id as number));
          answer.updated++;
        } else {
          inserts.push({
            ...values,
            brandId: row.brandId,
            hotelId: row.hotelId,
            projectId: project.id,
            name: `${project.name as string} ${period}`,
            period,
            periodStart: from,
            periodEnd: previousDay(until),
            stage: 'budget',
          });
        }
      }
      for (let i = 0; i < inserts.length; i += INSERT_CHUNK) await tx.insert(b).values(inserts.slice(i, i + INSERT_CHUNK));
      answer.created += inserts.length;
    }
    // The console's generation is logged; the demo seed's (no user) is not.
    if (actor) await writeOpLog(tx, actor, { action: 'generate', recordType: 'vodBill', after: { ...answer } }, ip);
  });
  return answer;
}
