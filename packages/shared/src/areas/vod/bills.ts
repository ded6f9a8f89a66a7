import { z } from 'zod';
import { MONTH_PATTERN, QUARTER_PATTERN, type PeriodKind } from '../settlement/index.js';

/**
 * Split bills of VOD projects (docs/vod.md "Split bills"): the pure rules both sides share — the
 * period a bill covers, the project's shares, and how a total is split to the cent.
 */

/** Percentages are kept in basis points (1/100 of a percent): 100% is 10,000. */
export const FULL_SHARE_BP = 10_000;

/** A percentage with at most two decimals as basis points (`12.5` → 1,250), or null when it has more. */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

export interface SharePart {
  /** The receiving party (a split account's id), in the project's order. */
  accountId: number;
  bp: number;
}

export interface SplitResult {
  /** Each party's amount in minor units, in the order given. */
  parts: number[];
  /** The platform's amount: the shares' rest (100% less the parties') and its rounding. */
  platform: number;
}

/**
 * Splits a total (integer minor units, at least 0) between the parties and the platform, which holds
 * what the parties' basis points leave. Each amount is the exact share rounded down; the cents that
 * rounding leaves over go one each to the largest fractional remainders, ties to the earlier party and
 * the platform last (largest remainder method). The amounts always add up to the total.
 */
export function splitTotal(totalMinor: number, shares: readonly SharePart[]): SplitResult {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError(`not an amount in minor units: ${totalMinor}`);
  const used = shares.reduce((sum, share) => sum + share.bp, 0);
  if (used > FULL_SHARE_BP || shares.some((share) => !Number.isInteger(share.bp) || share.bp < 0)) throw new RangeError('shares beyond 100%');
  const total = BigInt(totalMinor);
  const full = BigInt(FULL_SHARE_BP);
  const all = [...shares.map((share) => share.bp), FULL_SHARE_BP - used];
  const exact = all.map((bp) => total * BigInt(bp));
  const amounts = exact.map((value) => value / full);
  let left = total - amounts.reduce((sum, value) => sum + value, 0n);
  const order = exact
    .map((value, index) => ({ index, remainder: value % full }))
    .sort((x, y) => (x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    amounts[index]! += 1n;
    left -= 1n;
  }
  const numbers = amounts.map(Number);
  return { parts: numbers.slice(0, -1), platform: numbers.at(-1)! };
}

/** The kind of a period key: `2026-11` a natural month, `2026-Q4` a quarter; null for anything else. */
export function periodKindOf(period: string): PeriodKind | null {
  return MONTH_PATTERN.test(period) ? 'month' : QUARTER_PATTERN.test(period) ? 'quarter' : null;
}

/** `POST /api/admin/vod/bills/generate`: the period whose bills are computed (a month or a quarter). */
export const vodBillGenerateBody = z.object({
  period: z.string().trim().max(7).refine((value) => periodKindOf(value) !== null, { error: 'vod.badPeriod' }),
});
export type VodBillGenerateBody = z.infer<typeof vodBillGenerateBody>;

export interface VodBillGenerateAnswer {
  period: string;
  /** Projects of the period's kind active in it. */
  projects: number;
  created: number;
  /** Budget bills computed again. */
  updated: number;
  /** Bills past the budget stage, left as they are. */
  kept: number;
  /** Orders counted and their total (minor units) over the bills computed now. */
  orders: number;
  totalMinor: number;
}

/** One party's line of a bill (the account as it was when the bill was computed). */
export interface VodBillLine {
  accountId: number | null;
  name: string;
  bankName: string | null;
  bankAccount: string | null;
  /** Basis points of the total. */
  bp: number;
  amountMinor: number;
}
