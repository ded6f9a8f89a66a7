import { z } from 'zod';
import type { Lang, Text } from '../../i18n/lang.js';
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
  /** Terminals placed in no province (or, in a province, no city): shown as "unknown". */
  unknown: number;
}

/** Suffixes of province names the TVs may report ("广东省", "广西壮族自治区"); the map names them without. */
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/** The short name of a province as the bundled boundaries name it ("广东省" → "广东"). */
export function provinceKey(name: string): string {
  return name.trim().replace(PROVINCE_SUFFIX, '');
}

/** The provinces of the bundled boundaries by short name, and their English names. */
const PROVINCE_NAMES_EN = {
  北京: 'Beijing', 天津: 'Tianjin', 河北: 'Hebei', 山西: 'Shanxi', 内蒙古: 'Inner Mongolia', 辽宁: 'Liaoning', 吉林: 'Jilin',
  黑龙江: 'Heilongjiang', 上海: 'Shanghai', 江苏: 'Jiangsu', 浙江: 'Zhejiang', 安徽: 'Anhui', 福建: 'Fujian', 江西: 'Jiangxi',
  山东: 'Shandong', 河南: 'Henan', 湖北: 'Hubei', 湖南: 'Hunan', 广东: 'Guangdong', 广西: 'Guangxi', 海南: 'Hainan',
  重庆: 'Chongqing', 四川: 'Sichuan', 贵州: 'Guizhou', 云南: 'Yunnan', 西藏: 'Tibet', 陕西: 'Shaanxi', 甘肃: 'Gansu',
  青海: 'Qinghai', 宁夏: 'Ningxia', 新疆: 'Xinjiang', 台湾: 'Taiwan', 香港: 'Hong Kong', 澳门: 'Macao',
} as const;
export type Province = keyof typeof PROVINCE_NAMES_EN;
export const PROVINCES = Object.keys(PROVINCE_NAMES_EN) as Province[];

/** A province (by short name) as the interface names it; anything else (a city) as it is. */
export function provinceName(name: string, lang: Lang): string {
  return lang === 'en-US' && name in PROVINCE_NAMES_EN ? PROVINCE_NAMES_EN[name as Province] : name;
}

/**
 * The province a Chinese address or city names at its start ("浙江省杭州市…" → "浙江", "上海市…" →
 * "上海"), or null. A TV is placed on the map by its hotel's address, then its hotel's city, then the
 * region the TV reports (docs/statistics.md).
 */
export function provinceOfAddress(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  return PROVINCES.find((province) => trimmed.startsWith(province)) ?? null;
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
  /** The hotel menu's eShow login (ESHOW_URL). */
  eshow: string | null;
  /** The AI open platform (X2B_URL), for hotels with open_xb only. */
  x2b: string | null;
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
