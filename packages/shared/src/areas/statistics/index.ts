import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import { idSchema } from '../../record/fields.js';

/**
 * Built-in statistics (/newdata/*): terminal share, the online map, terminal data by manufacturer and
 * by brand. Every figure is narrowed to the caller's reach.
 */

export const SHARE_DIMENSIONS = ['brand', 'model', 'version', 'launcher'] as const;
export type ShareDimension = (typeof SHARE_DIMENSIONS)[number];

export const shareQuery = z.object({ by: z.enum(SHARE_DIMENSIONS).default('brand') });
export type ShareQuery = z.infer<typeof shareQuery>;

/** Shares shown one by one; the rest are summed in `others`. */
export const SHARE_TOP = 10;

export interface ShareAnswer {
  total: number;
  /** Most common first; `key` null: not reported (or no brand). */
  items: { key: string | null; label: string | null; count: number }[];
  others: number;
}

export const mapQuery = z.object({ province: z.string().trim().min(1).max(40).optional() });
export type MapQuery = z.infer<typeof mapQuery>;

export interface MapAnswer {
  /** `province`: the country by province; `city`: one province by city. */
  level: 'province' | 'city';
  province: string | null;
  /** `name`: the province's short name (as the bundled boundaries name it) or the city. */
  items: { name: string; total: number; online: number }[];
  /** Terminals that reported no region (or no city). */
  unknown: number;
}

/** Suffixes of province names the TVs may report ("广东省", "广西壮族自治区"); the map names them without. */
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/** The short name of a province as the bundled boundaries name it ("广东省" → "广东"). */
export function provinceKey(name: string): string {
  return name.trim().replace(PROVINCE_SUFFIX, '');
}

export const TERMINAL_DATA_DIMENSIONS = ['manufacturer', 'brand'] as const;
export type TerminalDataDimension = (typeof TERMINAL_DATA_DIMENSIONS)[number];

/** `GET /api/statistics/terminals`: per manufacturer or brand over a date range (inclusive days). */
export const terminalDataQuery = z.object({
  by: z.enum(TERMINAL_DATA_DIMENSIONS).default('brand'),
  from: z.iso.date(),
  to: z.iso.date(),
  brandId: idSchema.optional(),
});
export type TerminalDataQuery = z.infer<typeof terminalDataQuery>;

export interface TerminalDataRow {
  key: string | null;
  label: string | null;
  /** Terminals now, online now. */
  total: number;
  online: number;
  /** Registered and activated (first authorized) within the range. */
  registered: number;
  activated: number;
}

/** The external menu entries and the URLs they open (configuration: VOD_PLATFORM_URL, OPERATION_PLATFORM_URL). */
export interface ExternalLinks {
  vod_platform: string | null;
  operation_platform: string | null;
}

export const statisticsMessages = {
  'statistics.badRange': { 'zh-CN': '结束日期不能早于开始日期，且跨度不超过一年', 'en-US': 'The end date must not precede the start and the range is at most a year' },
  'statistics.byManufacturer': { 'zh-CN': '厂商终端数据', 'en-US': 'Terminal data by manufacturer' },
  'statistics.byBrand': { 'zh-CN': '品牌终端数据', 'en-US': 'Terminal data by brand' },
  'statistics.manufacturer': { 'zh-CN': '厂商', 'en-US': 'Manufacturer' },
  'statistics.brand': { 'zh-CN': '品牌', 'en-US': 'Brand' },
  'statistics.total': { 'zh-CN': '终端总数', 'en-US': 'Terminals' },
  'statistics.online': { 'zh-CN': '在线', 'en-US': 'Online' },
  'statistics.registered': { 'zh-CN': '新注册', 'en-US': 'Registered' },
  'statistics.activated': { 'zh-CN': '新激活', 'en-US': 'Activated' },
  'statistics.unknown': { 'zh-CN': '未知', 'en-US': 'Unknown' },
  'statistics.others': { 'zh-CN': '其他', 'en-US': 'Others' },
  'statistics.shareTitle': { 'zh-CN': '终端占比', 'en-US': 'Terminal share' },
  'statistics.by_brand': { 'zh-CN': '按品牌', 'en-US': 'By brand' },
  'statistics.by_model': { 'zh-CN': '按型号', 'en-US': 'By model' },
  'statistics.by_version': { 'zh-CN': '按版本', 'en-US': 'By version' },
  'statistics.by_launcher': { 'zh-CN': '按Launcher', 'en-US': 'By launcher' },
  'statistics.label': { 'zh-CN': '名称', 'en-US': 'Name' },
  'statistics.count': { 'zh-CN': '终端数', 'en-US': 'Terminals' },
  'statistics.percent': { 'zh-CN': '占比', 'en-US': 'Share' },
  'statistics.mapTitle': { 'zh-CN': '终端在线地图', 'en-US': 'Terminal online map' },
  'statistics.province': { 'zh-CN': '省份', 'en-US': 'Province' },
  'statistics.city': { 'zh-CN': '城市', 'en-US': 'City' },
  'statistics.country': { 'zh-CN': '全国', 'en-US': 'Country' },
  'statistics.mapHint': { 'zh-CN': '点击省份查看城市分布', 'en-US': 'Click a province to see its cities' },
  'statistics.unknownRegion': { 'zh-CN': '{count} 台终端未上报地区', 'en-US': '{count} terminals reported no region' },
  'statistics.range': { 'zh-CN': '日期范围', 'en-US': 'Date range' },
  'statistics.export': { 'zh-CN': '导出', 'en-US': 'Export' },
  'statistics.empty': { 'zh-CN': '暂无终端', 'en-US': 'No terminals yet' },
} as const satisfies Record<string, Text>;
