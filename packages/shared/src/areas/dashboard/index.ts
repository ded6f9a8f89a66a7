import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';

/**
 * The home dashboard: what `GET /api/dashboard` answers, inside the caller's reach (platform: the
 * whole fleet, a brand: its own and its hotels' terminals, a hotel: its own).
 */

/** Periods the dashboard offers, in days. */
export const DASHBOARD_PERIODS = [1, 7, 30] as const;

export const dashboardQuery = z.object({ days: z.coerce.number().int().min(1).max(30).default(7) });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Terminals online, offline and unauthorized at one moment (an hourly snapshot, or now). */
export interface PresencePoint {
  at: string;
  online: number;
  offline: number;
  unauthorized: number;
}

export interface DashboardAnswer {
  counts: { total: number; online: number; offline: number; unauthorized: number; authorized: number; disabled: number };
  /** Hourly snapshots of the period, oldest first, ending with the live counts. */
  presence: PresencePoint[];
  /** Per stats day of the period: terminals heard and terminals registered. */
  daily: { day: string; active: number; registered: number }[];
  /** Terminals per software version, most common first (null: not reported); the tail is summed in `others`. */
  versions: { items: { version: string | null; count: number }[]; others: number };
  /** Hotels with the most offline terminals (null for a hotel user, who is one hotel). */
  offlineHotels: { hotelId: number; hotelName: string; brandName: string | null; offline: number; total: number }[] | null;
  /** Open alarms: how many, and the latest. */
  alarms: { open: number; recent: { id: number; kind: string; mac: string; hotelName: string | null; roomNumber: string | null; hits: number; lastAt: string }[] };
}

/** Versions shown one by one; the rest are "others". */
export const DASHBOARD_TOP_VERSIONS = 8;
/** Hotels in the offline ranking. */
export const DASHBOARD_TOP_HOTELS = 10;
/** Latest alarms listed. */
export const DASHBOARD_RECENT_ALARMS = 5;

/** The dashboard's texts (spread into the message catalogue). */
export const dashboardMessages = {
  'dashboard.title': { 'zh-CN': '终端概览', 'en-US': 'Terminal overview' },
  'dashboard.period': { 'zh-CN': '最近 {days} 天', 'en-US': 'Last {days} days' },
  'dashboard.today': { 'zh-CN': '今天', 'en-US': 'Today' },
  'dashboard.total': { 'zh-CN': '终端总数', 'en-US': 'Terminals' },
  'dashboard.online': { 'zh-CN': '在线', 'en-US': 'Online' },
  'dashboard.offline': { 'zh-CN': '离线', 'en-US': 'Offline' },
  'dashboard.unauthorized': { 'zh-CN': '未授权', 'en-US': 'Unauthorized' },
  'dashboard.disabled': { 'zh-CN': '已禁用', 'en-US': 'Disabled' },
  'dashboard.openAlarms': { 'zh-CN': '未处理告警', 'en-US': 'Open alarms' },
  'dashboard.presenceTitle': { 'zh-CN': '终端在线趋势', 'en-US': 'Terminals over time' },
  'dashboard.registrationsTitle': { 'zh-CN': '每日注册与活跃', 'en-US': 'Registrations and active terminals per day' },
  'dashboard.registered': { 'zh-CN': '新注册', 'en-US': 'Registered' },
  'dashboard.active': { 'zh-CN': '活跃', 'en-US': 'Active' },
  'dashboard.versionsTitle': { 'zh-CN': '软件版本分布', 'en-US': 'Software versions' },
  'dashboard.versionUnknown': { 'zh-CN': '未上报', 'en-US': 'Not reported' },
  'dashboard.versionOthers': { 'zh-CN': '其他', 'en-US': 'Others' },
  'dashboard.terminals': { 'zh-CN': '终端数', 'en-US': 'Terminals' },
  'dashboard.offlineHotelsTitle': { 'zh-CN': '离线终端最多的酒店', 'en-US': 'Hotels with the most offline terminals' },
  'dashboard.offlineOfTotal': { 'zh-CN': '离线 / 总数', 'en-US': 'Offline / total' },
  'dashboard.alarmsTitle': { 'zh-CN': '最近告警', 'en-US': 'Recent alarms' },
  'dashboard.hits': { 'zh-CN': '{hits} 次', 'en-US': '{hits} times' },
  'dashboard.viewAll': { 'zh-CN': '查看全部', 'en-US': 'View all' },
  'dashboard.noTerminals': { 'zh-CN': '还没有终端。电视开机联网并用安装码注册后，这里会显示统计。', 'en-US': 'No terminals yet. Figures appear here once TVs register with an install code.' },
  'dashboard.noData': { 'zh-CN': '暂无数据', 'en-US': 'No data yet' },
  'dashboard.noOffline': { 'zh-CN': '没有离线终端', 'en-US': 'No offline terminals' },
  'dashboard.noAlarms': { 'zh-CN': '没有未处理的告警', 'en-US': 'No open alarms' },
} as const satisfies Record<string, Text>;
