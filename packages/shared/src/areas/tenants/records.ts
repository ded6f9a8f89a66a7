import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, datetime, decimal, email, int, json, password, ref, sortField, text, ENABLED_STATES } from '../../record/fields.js';
import { LOGIN_NAME_CHARS, PASSWORD_CHARS, PASSWORD_MAX, PASSWORD_MIN } from '../access/rules.js';
import { STAY_LANGUAGE_OPTIONS } from '../pms/messages.js';

/**
 * Tenancy data (spec part 1 §3, §5): brands, sub-brands, hotels (branches), rooms, OEM customers with
 * their accounts, launchers and brand shares, PMS vendors and manufacturers, tags. Brands, sub-brands,
 * hotels, rooms and OEM accounts are served from core tables (apps/server/src/db/schema/core.ts);
 * server rules live in apps/server/src/tenants/. Counts shown in lists (hotels of a brand, rooms and
 * terminals of a hotel, a room's terminals) are computed from the rows when read, never stored.
 */

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

// --- shared rules -------------------------------------------------------------------------------

/** Codes and keys: letters, digits, _ and -. */
export const CODE_CHARS = /^[A-Za-z0-9_-]+$/;
/** Room numbers: letters, digits and - (e.g. 1203, A-305, B1-01). */
export const ROOM_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;
export const ROOM_NUMBER_MAX = 16;
/** The most rooms one bulk creation (range or Excel) makes. */
export const MAX_BULK_ROOMS = 5000;
/** A range of rooms for bulk creation: floors floorFrom..floorTo, each with rooms roomFrom..roomTo. */
export interface RoomRange {
  prefix?: string | null;
  floorFrom: number;
  floorTo: number;
  roomFrom: number;
  roomTo: number;
  /** Digits of the room part, zero-padded (default 2). */
  roomDigits?: number | null;
}

/** How many rooms a range makes (0 when an end is below its start). */
export function roomRangeCount(range: RoomRange): number {
  return Math.max(0, range.floorTo - range.floorFrom + 1) * Math.max(0, range.roomTo - range.roomFrom + 1);
}

/** The numbers of a range floor by floor: prefix + floor + room zero-padded (e.g. 2-10 × 01-30 → 201 … 1030). */
export function roomNumbersOfRange(range: RoomRange): { floor: number; numbers: string[] }[] {
  const digits = range.roomDigits ?? 2;
  const out: { floor: number; numbers: string[] }[] = [];
  for (let floor = range.floorFrom; floor <= range.floorTo; floor++) {
    const numbers: string[] = [];
    for (let room = range.roomFrom; room <= range.roomTo; room++) numbers.push(`${range.prefix ?? ''}${floor}${String(room).padStart(digits, '0')}`);
    out.push({ floor, numbers });
  }
  return out;
}
/** AP hotspot password characters: letters and digits (the field bounds the length to 8-16). */
export const AP_PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;
/** Phone numbers: mainland mobile, landline with area code (and extension), 400 numbers, or +international. */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4}|\+\d{6,15})$/;

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(\\.${OCTET}){3}(\\/(3[0-2]|[12]?\\d))?`;
/** Loose IPv6 shape (the server checks each entry exactly). */
const IPV6 = '[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){2,7}(\\/\\d{1,3})?';
const IP_ENTRY = `(${IPV4}|${IPV6})`;
/** A server IP whitelist: IPv4 addresses or CIDR subnets (IPv6 too), separated by commas, `|`, `;` or white space. */
export const IP_WHITELIST_PATTERN = new RegExp(`^[\\s,;|]*${IP_ENTRY}([\\s,;|]+${IP_ENTRY})*[\\s,;|]*$`);

/** The entries of a whitelist as typed: split on commas, `|`, `;` and white space, unique, in order. */
export function splitWhitelist(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(/[\s,;|]+/).map((v) => v.trim()).filter(Boolean))];
}

/** Hotel system versions; from 3.0 on a hotel runs its own AP hotspot and needs its password. */
export const SYSTEM_VERSION_OPTIONS = {
  '2.0': t('2.x', '2.x'),
  '3.0': t('3.0', '3.0'),
  '3.5': t('3.5', '3.5'),
  '4.0': t('4.0', '4.0'),
} as const;
export type SystemVersion = keyof typeof SYSTEM_VERSION_OPTIONS;

/** Versions 3.0 and above: the hotel's AP password is required (the field's `requiredWhen`). */
const AP_PASSWORD_VERSIONS = (Object.keys(SYSTEM_VERSION_OPTIONS) as SystemVersion[]).filter((version) => Number.parseFloat(version) >= 3);

const SOURCE_OPTIONS = { brand: t('品牌', 'Brand'), hotel: t('酒店', 'Hotel') } as const;
/** Feature versions of a hotel (weather, boots, channel, cities): 0 off, 1 first generation, 2 current. */
const FEATURE_OPTIONS = { '0': t('关闭', 'Off'), '1': t('旧版', 'Version 1'), '2': t('新版', 'Version 2') };
const feature = (zh: string, en: string) => int({ label: t(zh, en), options: FEATURE_OPTIONS, default: 2, list: false });

/** Room authorization as rooms lists show it, derived from the room's terminals. */
export const ROOM_AUTHORIZATION_OPTIONS = { unauthorized: t('未授权', 'Unauthorized'), authorized: t('已授权', 'Authorized') } as const;

// --- brands -------------------------------------------------------------------------------------

/** Brands (customers: chains, manufacturers): the platform's /brand/list. Quotas are set here. */
export const brand = defineRecord({
  name: 'brand',
  label: t('品牌', 'Brand'),
  scope: 'platform',
  userTypes: [1],
  table: 'brands',
  titleField: 'name',
  columns: ['code', 'type', 'hotelCount', 'terminalCount', 'hotelLimit', 'terminalLimit', 'brandCustomer', 'createdAt'],
  fields: {
    code: text({
      label: t('品牌编码', 'Brand code'),
      required: true,
      min: 2,
      max: 32,
      unique: true,
      search: true,
      sort: true,
      pattern: { regex: CODE_CHARS, message: 'tenants.codeChars' },
    }),
    name: text({ label: t('品牌名称', 'Brand name'), required: true, min: 2, max: 20, search: true, sort: true }),
    type: choice({
      label: t('品牌类型', 'Type'),
      required: true,
      filter: true,
      options: {
        chain: t('连锁酒店集团', 'Hotel chain'),
        single: t('单体酒店', 'Independent hotel'),
        manufacturer: t('电视厂商', 'TV manufacturer'),
        agent: t('代理商', 'Agent'),
      },
    }),
    defaultResource: choice({
      label: t('默认资源', 'Default resource'),
      required: true,
      options: { standard: t('标准资源', 'Standard resources'), brand: t('品牌定制资源', 'Brand resources'), blank: t('空白资源', 'Blank') },
      help: t('新建酒店默认使用的资源', 'Resources new hotels of the brand start with'),
    }),
    brandCustomer: bool({ label: t('品牌客户', 'Brand customer'), filter: true }),
    qualityTesting: bool({ label: t('质检', 'Quality testing'), filter: true }),
    salesExperience: bool({ label: t('销售体验', 'Sales experience'), filter: true }),
    standardResources: bool({ label: t('标准资源', 'Standard resources'), list: false }),
    remarks: text({ label: t('备注', 'Remarks'), min: 2, max: 100, multiline: true, list: false }),
    hotelLimit: int({
      label: t('酒店数量上限', 'Hotel limit'),
      min: 0,
      max: 100_000,
      help: t('留空表示不限', 'Empty: no limit'),
    }),
    terminalLimit: int({
      label: t('终端数量上限', 'Terminal limit'),
      min: 0,
      max: 10_000_000,
      help: t('留空表示不限', 'Empty: no limit'),
    }),
    uploadQuotaMb: int({
      label: t('存储空间上限（MB）', 'Storage quota (MB)'),
      min: 1,
      max: 10_000_000,
      list: false,
      help: t('品牌及其每家酒店各自上传文件的上限；留空表示使用平台默认值', 'For the brand’s own uploads and for each of its hotels’; empty: the platform default'),
    }),
    hotelCount: int({ label: t('酒店数量', 'Hotels'), readOnly: true }),
    terminalCount: int({ label: t('终端数量', 'Terminals'), readOnly: true }),
  },
  groups: [
    { key: 'basic', label: t('基本信息', 'Basics'), fields: ['code', 'name', 'type', 'defaultResource', 'remarks'] },
    { key: 'flags', label: t('客户属性', 'Customer flags'), fields: ['brandCustomer', 'qualityTesting', 'salesExperience', 'standardResources'] },
    { key: 'quotas', label: t('配额', 'Quotas'), fields: ['hotelLimit', 'terminalLimit', 'uploadQuotaMb'] },
  ],
});

/** Sub-brands (hotel groups) of a brand: /hotelgroup/index. */
export const subBrand = defineRecord({
  name: 'subBrand',
  label: t('子品牌', 'Sub-brand'),
  scope: 'brand',
  userTypes: [1, 2],
  table: 'sub_brands',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: t('子品牌名称', 'Sub-brand name'), required: true, min: 2, max: 20, unique: true, search: true, sort: true }),
    nameEn: text({ label: t('英文名称', 'English name'), max: 60, search: true }),
    sort: sortField(9999),
    remark: text({ label: t('备注', 'Remark'), max: 100, list: false }),
    hotelCount: int({ label: t('酒店数量', 'Hotels'), readOnly: true }),
  },
});

// --- hotels -------------------------------------------------------------------------------------

/**
 * Hotels (branches): the brand's /hotel/lists and the platform's hotel list. `publicId` is the
 * generated 7-character id people and TVs use (install code, resource source hotel id). The IP
 * whitelist is kept with the hotel's device settings (one list for the form and the device side).
 */
export const hotel = defineRecord({
  name: 'hotel',
  label: t('酒店', 'Hotel'),
  scope: 'brand',
  userTypes: [1, 2],
  table: 'hotels',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  columns: ['publicId', 'brandId', 'roomCount', 'terminalCount', 'managerName', 'pmsVendorId', 'subBrandId', 'city', 'systemVersion'],
  fields: {
    publicId: text({ label: t('酒店ID', 'Hotel ID'), readOnly: true, max: 7, search: true, filter: true, filterMatch: 'exact', sort: true }),
    name: text({ label: t('酒店名称', 'Hotel name'), required: true, min: 2, max: 300, search: true, sort: true }),
    nameEn: text({ label: t('英文名称', 'English name'), min: 2, max: 300, search: true, list: false }),
    subBrandId: ref({ label: t('子品牌', 'Sub-brand'), record: 'subBrand', filter: true }),
    industry: choice({
      label: t('行业', 'Industry'),
      filter: true,
      default: 'hotel',
      options: {
        hotel: t('酒店', 'Hotel'),
        apartment: t('公寓', 'Serviced apartment'),
        resort: t('度假村', 'Resort'),
        hospital: t('医院/康养', 'Hospital / care'),
        office: t('办公', 'Office'),
        other: t('其他', 'Other'),
      },
    }),
    systemVersion: choice({ label: t('系统版本', 'System version'), options: SYSTEM_VERSION_OPTIONS, default: '3.0', filter: true }),
    city: text({ label: t('城市', 'City'), max: 40, filter: true, search: true }),
    address: text({ label: t('地址', 'Address'), max: 30, list: false }),
    ipWhitelist: text({
      label: t('服务器IP白名单', 'Server IP whitelist'),
      required: true,
      max: 2000,
      multiline: true,
      list: false,
      pattern: { regex: IP_WHITELIST_PATTERN, message: 'tenants.ipWhitelistFormat' },
      help: t('至少一项；IP地址或网段，用逗号或换行分隔', 'At least one entry: addresses or subnets separated by commas or new lines'),
    }),
    apSsid: text({ label: t('AP热点名称', 'AP hotspot name'), max: 32, list: false }),
    apPassword: text({
      label: t('AP热点密码', 'AP hotspot password'),
      min: 8,
      max: 16,
      list: false,
      pattern: { regex: AP_PASSWORD_PATTERN, message: 'tenants.apPasswordFormat' },
      requiredWhen: { field: 'systemVersion', in: AP_PASSWORD_VERSIONS, message: 'tenants.apPasswordRequired' },
      help: t('8-16位字母或数字；3.0及以上版本必填', '8-16 letters or digits; required from version 3.0 on'),
    }),
    themeSource: choice({ label: t('模板来源', 'Theme source'), options: SOURCE_OPTIONS, default: 'brand', list: false }),
    introSource: choice({ label: t('介绍来源', 'Introduction source'), options: SOURCE_OPTIONS, default: 'brand', list: false }),
    reviewRequired: bool({ label: t('介绍资源需审核', 'Review required'), list: false, help: t('酒店上传的介绍资源须经品牌审核', 'Introduction resources of the hotel need the brand’s review') }),
    authUser: bool({ label: t('授权用户', 'Auth user'), list: false }),
    pictureFrame: bool({ label: t('电子相框', 'Picture frame'), list: false }),
    pictureFrameInterval: int({ label: t('相框切换间隔（秒）', 'Picture frame interval (s)'), min: 3, max: 3600, default: 10, list: false }),
    pm25: bool({ label: t('支持PM2.5', 'PM2.5 support'), list: false }),
    aiVoice: bool({ label: t('AI语音', 'AI voice'), filter: true }),
    weatherVer: feature('天气', 'Weather'),
    bootsVer: feature('开机设置', 'Boot settings'),
    channelVer: feature('频道', 'Channels'),
    citysVer: feature('城市', 'Cities'),
    rcuConfig: json({ label: t('RCU配置', 'RCU configuration'), help: t('JSON格式', 'JSON') }),
    pmsVendorId: ref({ label: t('PMS', 'PMS vendor'), record: 'pmsVendor', filter: true, help: t('酒店使用的PMS，由平台设置', 'The PMS the hotel uses; set by the platform') }),
    roomCount: int({ label: t('房间数', 'Rooms'), readOnly: true }),
    terminalCount: int({ label: t('终端数', 'Terminals'), readOnly: true }),
    managerName: text({ label: t('负责人', 'Manager'), readOnly: true, max: 40 }),
  },
  groups: [
    { key: 'basic', label: t('基本信息', 'Basics'), fields: ['name', 'nameEn', 'subBrandId', 'industry', 'city', 'address', 'pmsVendorId'] },
    { key: 'network', label: t('系统与网络', 'System and network'), fields: ['systemVersion', 'apSsid', 'apPassword', 'ipWhitelist'] },
    {
      key: 'content',
      label: t('内容与功能', 'Content and features'),
      fields: ['themeSource', 'introSource', 'reviewRequired', 'authUser', 'aiVoice', 'pm25', 'pictureFrame', 'pictureFrameInterval'],
    },
    { key: 'versions', label: t('功能版本', 'Feature versions'), fields: ['weatherVer', 'bootsVer', 'channelVer', 'citysVer'] },
    { key: 'rcu', label: t('RCU', 'RCU'), fields: ['rcuConfig'] },
  ],
});

/**
 * Rooms of a hotel. The number is unique in the hotel. Terminal count, registration and authorization
 * are derived from the terminals that report the room number.
 */
export const room = defineRecord({
  name: 'room',
  label: t('房间', 'Room'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  table: 'rooms',
  titleField: 'number',
  defaultSort: { field: 'number', order: 'asc' },
  columns: ['hotelId', 'floor', 'building', 'roomType', 'terminalCount', 'guestName', 'guestSince', 'guestLanguage', 'guestGroup', 'authorization', 'authorizedAt'],
  fields: {
    number: text({
      label: t('房间号', 'Room number'),
      required: true,
      max: ROOM_NUMBER_MAX,
      unique: true,
      search: true,
      sort: true,
      pattern: { regex: ROOM_NUMBER_PATTERN, message: 'tenants.roomNumberChars' },
    }),
    floor: text({ label: t('楼层', 'Floor'), max: 10, filter: true, filterMatch: 'exact', sort: true }),
    building: text({ label: t('楼栋', 'Building'), max: 20, filter: true }),
    roomType: text({ label: t('房型', 'Room type'), max: 20, filter: true }),
    remark: text({ label: t('备注', 'Remark'), max: 100, list: false }),
    terminalCount: int({ label: t('终端数', 'Terminals'), readOnly: true }),
    registeredAt: datetime({ label: t('终端注册时间', 'Terminal registered at'), readOnly: true }),
    authorization: choice({ label: t('授权状态', 'Authorization'), options: ROOM_AUTHORIZATION_OPTIONS, readOnly: true }),
    authorizedAt: datetime({ label: t('授权时间', 'Authorized at'), readOnly: true }),
    // The room's in-house stay (the PMS area fills these when rooms are read).
    guestName: text({ label: t('住客', 'Guest'), readOnly: true, max: 40 }),
    guestSince: datetime({ label: t('入住时间', 'Guest since'), readOnly: true }),
    guestLanguage: choice({ label: t('住客语言', 'Guest language'), options: STAY_LANGUAGE_OPTIONS, readOnly: true }),
    guestGroup: text({ label: t('旅行团', 'Tour group'), readOnly: true, max: 20 }),
  },
});

// --- OEM customers ------------------------------------------------------------------------------

const phone = (label: Text) => text({ label, max: 20, pattern: { regex: PHONE_PATTERN, message: 'tenants.phoneFormat' } });

/** OEM customers (manufacturers): /customer_manage/customer. Their MAC search and vendor-client sign-in: apps/server/src/oem/. */
export const oemCustomer = defineRecord({
  name: 'oemCustomer',
  label: t('厂商', 'Manufacturer'),
  scope: 'platform',
  userTypes: [1],
  table: 'oem_customers',
  titleField: 'name',
  fields: {
    name: text({ label: t('厂商名称', 'Name'), required: true, min: 2, max: 20, search: true, sort: true }),
    pinyinKey: text({
      label: t('拼音标识', 'Pinyin key'),
      required: true,
      min: 2,
      max: 20,
      unique: true,
      search: true,
      pattern: { regex: CODE_CHARS, message: 'tenants.keyChars' },
    }),
    company: text({ label: t('公司', 'Company'), max: 50, search: true }),
    phone: phone(t('电话', 'Phone')),
    contactEmail: email({ label: t('联系邮箱', 'Contact e-mail') }),
    remark: text({ label: t('备注', 'Remark'), min: 2, max: 20 }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true, states: ENABLED_STATES, help: t('停用后该厂商的账号不能登录', 'Accounts of a disabled manufacturer cannot sign in') }),
  },
});

/** Manufacturer accounts (/customer_manage/user): sign-ins of the vendor (OEM) client. */
export const oemUser = defineRecord({
  name: 'oemUser',
  label: t('厂商账号', 'Manufacturer account'),
  scope: 'platform',
  userTypes: [1],
  table: 'oem_users',
  titleField: 'name',
  fields: {
    oemCustomerId: ref({ label: t('厂商', 'Manufacturer'), record: 'oemCustomer', required: true, filter: true }),
    loginName: text({
      label: t('登录名', 'Login name'),
      required: true,
      min: 3,
      max: 64,
      unique: true,
      search: true,
      pattern: { regex: LOGIN_NAME_CHARS, message: 'access.loginNameChars' },
    }),
    name: text({ label: t('姓名', 'Name'), required: true, min: 2, max: 20, search: true }),
    phone: phone(t('电话', 'Phone')),
    email: email({ label: t('邮箱', 'E-mail'), search: true }),
    password: password({
      label: t('密码', 'Password'),
      min: PASSWORD_MIN,
      max: PASSWORD_MAX,
      pattern: { regex: PASSWORD_CHARS, message: 'access.passwordChars' },
      help: t('编辑时留空则不修改', 'Leave empty to keep the current password'),
    }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true, states: ENABLED_STATES }),
  },
});

/** Launchers a manufacturer ships (/customer_manage/launcher). */
export const oemLauncher = defineRecord({
  name: 'oemLauncher',
  label: t('厂商Launcher', 'Manufacturer launcher'),
  scope: 'platform',
  userTypes: [1],
  table: 'oem_launchers',
  titleField: 'launcher',
  fields: {
    oemCustomerId: ref({ label: t('厂商', 'Manufacturer'), record: 'oemCustomer', required: true, filter: true }),
    launcher: text({ label: t('Launcher', 'Launcher'), required: true, min: 1, max: 20, unique: true, search: true }),
    packageName: text({ label: t('包名', 'Package name'), max: 100, search: true }),
    version: text({ label: t('版本', 'Version'), max: 40 }),
    remark: text({ label: t('备注', 'Remark'), max: 100, list: false }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true, states: ENABLED_STATES }),
  },
});

/** Brand shares of a manufacturer (settlement): the percentages of one manufacturer total at most 100%. */
export const oemBrandShare = defineRecord({
  name: 'oemBrandShare',
  label: t('品牌分成', 'Brand share'),
  scope: 'platform',
  userTypes: [1],
  table: 'oem_brand_shares',
  titleField: 'remark',
  fields: {
    oemCustomerId: ref({ label: t('厂商', 'Manufacturer'), record: 'oemCustomer', required: true, filter: true }),
    shareBrandId: ref({ label: t('品牌', 'Brand'), record: 'brand', required: true, filter: true }),
    percent: decimal({ label: t('分成比例（%）', 'Percentage (%)'), required: true, min: 0.01, max: 100, scale: 2, sort: true }),
    remark: text({ label: t('备注', 'Remark'), max: 50 }),
  },
});

// --- PMS ----------------------------------------------------------------------------------------

/** PMS manufacturers (/pms/customer): companies whose PMS the hotels use. */
export const pmsManufacturer = defineRecord({
  name: 'pmsManufacturer',
  label: t('PMS厂商', 'PMS manufacturer'),
  scope: 'platform',
  userTypes: [1],
  table: 'pms_manufacturers',
  titleField: 'name',
  fields: {
    name: text({ label: t('厂商名称', 'Name'), required: true, min: 2, max: 20, unique: true, search: true, sort: true }),
    contact: text({ label: t('联系人', 'Contact'), max: 20 }),
    phone: phone(t('电话', 'Phone')),
    email: email({ label: t('邮箱', 'E-mail') }),
    remark: text({ label: t('备注', 'Remark'), max: 100, list: false }),
  },
});

/** PMS vendors (/pms/list): the PMS interfaces hotels connect to, with their JSON parameters. */
export const pmsVendor = defineRecord({
  name: 'pmsVendor',
  label: t('PMS', 'PMS vendor'),
  scope: 'platform',
  userTypes: [1],
  table: 'pms_vendors',
  titleField: 'name',
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, min: 2, max: 20, search: true, sort: true }),
    key: text({
      label: t('标识', 'Key'),
      required: true,
      min: 2,
      max: 20,
      unique: true,
      search: true,
      pattern: { regex: CODE_CHARS, message: 'tenants.keyChars' },
    }),
    manufacturerId: ref({ label: t('PMS厂商', 'PMS manufacturer'), record: 'pmsManufacturer', filter: true }),
    protocol: choice({
      label: t('接口协议', 'Protocol'),
      options: { http: t('HTTP事件（签名）', 'HTTP events (signed)'), fias: t('FIAS（TCP）', 'FIAS (TCP)') },
      default: 'http',
      filter: true,
      help: t('酒店的PMS如何连接：HTTP事件或FIAS监听（docs/pms.md）', "How the hotels' PMS connects: HTTP events or the FIAS listener"),
    }),
    params: json({ label: t('参数', 'Parameters'), help: t('JSON对象，如 {"host": "…", "port": 8080}', 'A JSON object, e.g. {"host": "…", "port": 8080}') }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true, states: ENABLED_STATES }),
    remark: text({ label: t('备注', 'Remark'), max: 100, list: false }),
  },
});

// --- tags ---------------------------------------------------------------------------------------

export const TAG_TYPE_OPTIONS = {
  hotel: t('酒店标签', 'Hotel'),
  room: t('房间标签', 'Room'),
  terminal: t('终端标签', 'Terminal'),
  content: t('内容标签', 'Content'),
} as const;

/** Tags (/tags/tags_manage_list): names in both languages, a type, and whether lists offer it as a search. */
export const tag = defineRecord({
  name: 'tag',
  label: t('标签', 'Tag'),
  scope: 'platform',
  userTypes: [1],
  table: 'tags',
  titleField: 'nameZh',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    nameZh: text({ label: t('中文名称', 'Chinese name'), required: true, max: 20, search: true, sort: true }),
    nameEn: text({ label: t('英文名称', 'English name'), required: true, max: 40, search: true, sort: true }),
    type: choice({ label: t('类型', 'Type'), options: TAG_TYPE_OPTIONS, required: true, filter: true }),
    searchable: bool({ label: t('用于搜索', 'Search flag'), default: false, filter: true, help: t('在列表中作为搜索条件', 'Offered as a search condition in lists') }),
    sort: int({ label: t('排序', 'Sort'), min: 0, max: 9999, default: 0, sort: true }),
  },
});

/**
 * A hotel's terminal tags (/ht/manage): the names its terminals' tags are chosen from. Unique within
 * the hotel; a hotel manages its own, a brand and the platform those of the hotels in their reach.
 */
export const hotelTag = defineRecord({
  name: 'hotelTag',
  label: t('终端标签', 'Terminal tag'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'hotelTag',
  path: 'hotel-tags',
  table: 'hotel_tags',
  titleField: 'name',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: t('标签名称', 'Tag name'), required: true, max: 20, unique: true, search: true, sort: true }),
    remark: text({ label: t('备注', 'Remark'), max: 100 }),
    sort: sortField(9999),
  },
});

// --- hotel settings by key ----------------------------------------------------------------------

const LANG_CODES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'ru', 'fr', 'de', 'es', 'ar', 'th', 'vi'] as const;

export interface HotelSetting {
  schema: z.ZodType;
  /** The hotel column it is stored in; absent: the hotel's settings document. */
  column?: string;
  /** Permission prefix for hotel users (`<prefix>.read|update`); platform and brand users use `hotel.read|update`. */
  permission: string;
  /** User types that may change it (all read it). */
  writers: readonly (1 | 2 | 3)[];
  default: unknown;
}

const featureVersion = z.coerce.number().int().min(0).max(2);
const flag = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean());

/**
 * Per-hotel settings read and written one key at a time (`GET /api/web/get_hotel_info_by_key?key`,
 * `POST /api/web/set_hotel_info_by_key?key&value`). Only these keys exist; each value is checked by its
 * schema. Some are hotel columns (also on the hotel form), the rest live in the hotel's settings document.
 */
export const HOTEL_SETTINGS = {
  extended_language: { schema: z.array(z.enum(LANG_CODES)).max(LANG_CODES.length), permission: 'hotelInfo', writers: [1, 2, 3], default: [] },
  open_xb: { schema: flag, permission: 'hotelInfo', writers: [1, 2], default: false },
  welcome_text: { schema: z.string().trim().max(200), permission: 'hotelInfo', writers: [1, 2, 3], default: '' },
  service_phone: { schema: z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN)]), permission: 'hotelInfo', writers: [1, 2, 3], default: '' },
  check_out_time: { schema: z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)]), permission: 'hotelInfo', writers: [1, 2, 3], default: '' },
  wifi_ssid: { schema: z.string().trim().max(32), permission: 'hotelInfo', writers: [1, 2, 3], default: '' },
  wifi_password: { schema: z.string().trim().max(64), permission: 'hotelInfo', writers: [1, 2, 3], default: '' },
  pm25: { schema: flag, column: 'pm25', permission: 'pm25', writers: [1, 2, 3], default: false },
  ai_voice: { schema: flag, column: 'aiVoice', permission: 'hotelInfo', writers: [1, 2], default: false },
  /** Minutes a guest's service call may wait unprocessed before the hotel's users are told (docs/voice.md). */
  ai_call_escalate_minutes: { schema: z.coerce.number().int().min(1).max(1440), permission: 'hotelInfo', writers: [1, 2, 3], default: 10 },
  /** The accuracy (%) an intent set's test sentences must reach to be published. */
  ai_publish_threshold: { schema: z.coerce.number().int().min(0).max(100), permission: 'hotelInfo', writers: [1, 2], default: 90 },
  picture_frame: { schema: flag, column: 'pictureFrame', permission: 'pictureFrame', writers: [1, 2, 3], default: false },
  picture_frame_interval: { schema: z.coerce.number().int().min(3).max(3600), column: 'pictureFrameInterval', permission: 'pictureFrame', writers: [1, 2, 3], default: 10 },
  rcu_config: { schema: z.record(z.string(), z.json()), column: 'rcuConfig', permission: 'rcu', writers: [1, 2, 3], default: null },
  theme_source: { schema: z.enum(['brand', 'hotel']), column: 'themeSource', permission: 'hotelInfo', writers: [1, 2], default: 'brand' },
  intro_source: { schema: z.enum(['brand', 'hotel']), column: 'introSource', permission: 'hotelInfo', writers: [1, 2], default: 'brand' },
  review_required: { schema: flag, column: 'reviewRequired', permission: 'hotelInfo', writers: [1, 2], default: false },
  /** The currency the hotel's exchange rates are priced in (docs/exchange.md). */
  exchange_base_currency: { schema: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/), permission: 'exchangeRate', writers: [1, 2, 3], default: 'CNY' },
  /** Minutes without a key before the TV shows the screensaver photos; 0: never (docs/screensaver.md). */
  screensaver_idle_minutes: { schema: z.coerce.number().int().min(0).max(240), permission: 'screensaver', writers: [1, 2, 3], default: 10 },
  /** Seconds each screensaver photo stays on screen. */
  screensaver_interval: { schema: z.coerce.number().int().min(3).max(3600), permission: 'screensaver', writers: [1, 2, 3], default: 10 },
  weather_ver: { schema: featureVersion, column: 'weatherVer', permission: 'hotelInfo', writers: [1], default: 2 },
  boots_ver: { schema: featureVersion, column: 'bootsVer', permission: 'hotelInfo', writers: [1], default: 2 },
  channel_ver: { schema: featureVersion, column: 'channelVer', permission: 'hotelInfo', writers: [1], default: 2 },
  citys_ver: { schema: featureVersion, column: 'citysVer', permission: 'hotelInfo', writers: [1], default: 2 },
} as const satisfies Record<string, HotelSetting>;

export type HotelSettingKey = keyof typeof HOTEL_SETTINGS;

export function isHotelSettingKey(key: unknown): key is HotelSettingKey {
  return typeof key === 'string' && Object.hasOwn(HOTEL_SETTINGS, key);
}
