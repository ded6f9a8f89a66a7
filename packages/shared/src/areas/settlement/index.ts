import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import { idSchema } from '../../record/fields.js';

/**
 * Settlement (/settlement/list, /settlement/active): activations (terminals first authorized) per
 * hotel and brand, per natural month or quarter, each period's state, the settle action and the list
 * of activated terminals.
 */

export const PERIOD_KINDS = ['month', 'quarter'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const SETTLEMENT_STATES = ['notUpToStandard', 'upToStandard', 'settled'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

export const SETTLEMENT_STATE_OPTIONS = {
  notUpToStandard: { 'zh-CN': '未达标', 'en-US': 'Not up to standard' },
  upToStandard: { 'zh-CN': '已达标', 'en-US': 'Up to standard' },
  settled: { 'zh-CN': '已结算', 'en-US': 'Settled' },
} as const satisfies Record<SettlementState, Text>;

/** A month `2026-11` or a quarter `2026-Q4`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const QUARTER_PATTERN = /^\d{4}-Q[1-4]$/;

/** The first and the day after the last day of a period (YYYY-MM-DD), or null when it is not one of `kind`. */
export function periodBounds(kind: PeriodKind, period: string): { start: string; end: string } | null {
  const pattern = kind === 'month' ? MONTH_PATTERN : QUARTER_PATTERN;
  if (!pattern.test(period)) return null;
  const year = Number(period.slice(0, 4));
  const first = kind === 'month' ? Number(period.slice(5, 7)) : (Number(period.slice(6)) - 1) * 3 + 1;
  const months = kind === 'month' ? 1 : 3;
  const iso = (y: number, m: number) => `${y + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}-01`;
  return { start: iso(year, first), end: iso(year, first + months) };
}

/** `GET /api/settlement/periods`: the periods of a range (`from`, `to`: periods of `kind`). */
export const settlementQuery = z.object({
  kind: z.enum(PERIOD_KINDS).default('month'),
  from: z.string().max(7),
  to: z.string().max(7),
  brandId: idSchema.optional(),
  hotelId: idSchema.optional(),
  state: z.enum(SETTLEMENT_STATES).optional(),
});
export type SettlementQuery = z.infer<typeof settlementQuery>;

export interface SettlementRow {
  brandId: number | null;
  brandName: string | null;
  hotelId: number;
  hotelName: string;
  kind: PeriodKind;
  period: string;
  activations: number;
  state: SettlementState;
  settledAt: string | null;
  /** The period has not ended yet: it cannot be settled. */
  open: boolean;
}

export interface SettlementAnswer {
  /** Activations a hotel needs in a period to be up to standard. */
  standard: number;
  items: SettlementRow[];
}

/** `POST /api/settlement/settle`. */
export const settleRequest = z.strictObject({ hotelId: idSchema, kind: z.enum(PERIOD_KINDS), period: z.string().max(7) });
export type SettleRequest = z.infer<typeof settleRequest>;

/** `GET /api/settlement/activations`: activated terminals over a date range. */
export const activationsQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  brandId: idSchema.optional(),
  hotelId: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pagesize: z.coerce.number().int().min(1).max(200).default(20),
});
export type ActivationsQuery = z.infer<typeof activationsQuery>;

export interface ActivationRow {
  terminalId: number;
  mac: string;
  brandName: string | null;
  hotelName: string | null;
  activatedAt: string;
}

export const settlementMessages = {
  'settlement.badPeriod': { 'zh-CN': '结算周期格式错误（月：2026-01，季度：2026-Q1）', 'en-US': 'Invalid period (month: 2026-01, quarter: 2026-Q1)' },
  'settlement.badRange': { 'zh-CN': '结束周期不能早于开始周期，且跨度不超过两年', 'en-US': 'The last period must not precede the first and the range is at most two years' },
  'settlement.periodOpen': { 'zh-CN': '结算周期尚未结束，不能结算', 'en-US': 'The period has not ended yet and cannot be settled' },
  'settlement.notUpToStandard': { 'zh-CN': '激活数未达标，不能结算', 'en-US': 'The activations are not up to standard: the period cannot be settled' },
  'settlement.alreadySettled': { 'zh-CN': '该周期已结算', 'en-US': 'This period is already settled' },
  'settlement.listTitle': { 'zh-CN': '结算统计', 'en-US': 'Settlement statistics' },
  'settlement.activationsTitle': { 'zh-CN': '激活统计', 'en-US': 'Activation statistics' },
  'settlement.period': { 'zh-CN': '周期', 'en-US': 'Period' },
  'settlement.brand': { 'zh-CN': '品牌', 'en-US': 'Brand' },
  'settlement.hotel': { 'zh-CN': '酒店', 'en-US': 'Hotel' },
  'settlement.activations': { 'zh-CN': '激活数', 'en-US': 'Activations' },
  'settlement.state': { 'zh-CN': '状态', 'en-US': 'State' },
  'settlement.settledAt': { 'zh-CN': '结算时间', 'en-US': 'Settled at' },
  'settlement.mac': { 'zh-CN': 'MAC地址', 'en-US': 'MAC' },
  'settlement.activatedAt': { 'zh-CN': '激活时间', 'en-US': 'Activated at' },
  'settlement.kind_month': { 'zh-CN': '按自然月', 'en-US': 'Per month' },
  'settlement.kind_quarter': { 'zh-CN': '按季度', 'en-US': 'Per quarter' },
  'settlement.standard': { 'zh-CN': '达标标准：每周期 {count} 台激活', 'en-US': 'Standard: {count} activations per period' },
  'settlement.settle': { 'zh-CN': '结算', 'en-US': 'Settle' },
  'settlement.settleConfirm': { 'zh-CN': '确定结算该周期吗？结算后不能撤销。', 'en-US': 'Settle this period? This cannot be undone.' },
  'settlement.settled': { 'zh-CN': '已结算', 'en-US': 'Settled' },
  'settlement.periodRunning': { 'zh-CN': '周期未结束', 'en-US': 'Period not over' },
  'settlement.allStates': { 'zh-CN': '全部状态', 'en-US': 'All states' },
  'settlement.export': { 'zh-CN': '导出', 'en-US': 'Export' },
  'settlement.search': { 'zh-CN': '查询', 'en-US': 'Search' },
} as const satisfies Record<string, Text>;
