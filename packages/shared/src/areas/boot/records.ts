import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, file, int, password, ref, text, ENABLED_STATES } from '../../record/fields.js';
import { MAC_LIST_PATTERN } from '../devices/protocol.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** When a changed boot policy reaches the rooms (docs/boot.md, "When a change reaches the rooms"). */
export const BOOT_APPLY_MODES = {
  nextBoot: t('下次开机生效', 'At the next start'),
  window: t('维护时段内生效', 'In the maintenance window'),
  now: t('立即生效', 'Now'),
} as const;
export type BootApplyMode = keyof typeof BOOT_APPLY_MODES;

/** The most MACs one policy names (TVs that need their own boot files). */
export const MAX_POLICY_MACS = 1000;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A boot policy (spec part 1 §3 "Boot policy"): what a TV shows while it starts. Owned by the level
 * that made it: the platform's active policy is everyone's default, a brand's applies to its hotels, a
 * hotel's to its own TVs, and a policy naming MACs to those TVs alone (docs/boot.md, "Resolution").
 * Every file is checked by content on upload (the boot rules of `uploads.ts`).
 */
export const bootPolicy = defineRecord({
  name: 'bootPolicy',
  path: 'boot-policies',
  label: t('开机策略', 'Boot policy'),
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'bootConfig',
  titleField: 'name',
  columns: ['active', 'macs', 'applyMode', 'operator', 'createdAt'],
  groups: [
    { key: 'basic', label: t('基本信息', 'Basics'), fields: ['name', 'icon', 'active', 'macs'] },
    { key: 'logo', label: t('开机Logo', 'Boot logo'), fields: ['logo', 'logoBitmap', 'logoT972'] },
    { key: 'video', label: t('开机视频', 'Boot video'), fields: ['video', 'videoIni'] },
    { key: 'animation', label: t('开机动画', 'Boot animation'), fields: ['animation', 'frontAnimation', 'backAnimation'] },
    { key: 'other', label: t('其他', 'Other'), fields: ['wifiName', 'castName', 'verticalVideo', 'welcomeVideo'] },
    { key: 'apply', label: t('生效方式', 'When it applies'), fields: ['applyMode', 'windowStart', 'windowEnd', 'jitterMinutes'] },
  ],
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 50, search: true, sort: true }),
    icon: file({ label: t('图标', 'Icon'), upload: 'bootIcon' }),
    active: bool({ label: t('在用', 'In use'), filter: true, states: { on: t('在用', 'In use'), off: t('未用', 'Not in use') }, help: t('同一层级只有一个在用的策略（指定MAC的除外）', 'One policy in use per level (policies naming MACs aside)') }),
    macs: text({
      label: t('指定MAC', 'Only these MACs'),
      max: MAX_POLICY_MACS * 13,
      multiline: true,
      pattern: { regex: MAC_LIST_PATTERN, message: 'terminal.macListFormat' },
      help: t('为空时用于本层级的全部终端；多个MAC用 | 分隔', 'Empty: every TV of this level; MACs separated by |'),
    }),
    logo: file({ label: t('开机Logo(jpg)', 'Boot logo (jpg)'), upload: 'bootLogo', help: t('1920*1080(推荐)或1280*720，1M以内', '1920*1080 (recommended) or 1280*720, within 1M') }),
    logoBitmap: file({ label: t('开机Logo(bmp/raw)', 'Boot logo (bmp/raw)'), upload: 'bootLogoBitmap', help: t('1920*1080或1280*720，8M以内', '1920*1080 or 1280*720, within 8M') }),
    logoT972: file({ label: t('972机型开机Logo', 'T972 boot logo'), upload: 'bootLogoBitmap', help: t('T972芯片机型使用的bmp/raw文件', 'The bmp/raw file of T972-chip models') }),
    video: file({ label: t('开机视频(ts)', 'Boot video (ts)'), upload: 'bootVideo', help: t('ts格式，2K以内，50M以内', 'ts, at most 2K, within 50M') }),
    videoIni: file({ label: t('视频配置(ts.ini)', 'Video settings (ts.ini)'), upload: 'bootIni', help: t('文件名须为ts.ini', 'The file must be named ts.ini') }),
    animation: file({ label: t('开机动画(zip)', 'Boot animation (zip)'), upload: 'bootAnimation', help: t('png帧的zip，每帧800K以内，zip 30M以内', 'A zip of png frames, each within 800K, the zip within 30M') }),
    frontAnimation: file({ label: t('前置动画', 'Front animation'), upload: 'bootAnimation' }),
    backAnimation: file({ label: t('后置动画', 'Back animation'), upload: 'bootAnimation' }),
    wifiName: text({ label: t('WiFi名称', 'WiFi name'), max: 32 }),
    castName: text({ label: t('投屏设备名称', 'Screen-casting device name'), max: 32 }),
    verticalVideo: file({ label: t('竖屏视频', 'Vertical video'), upload: 'verticalVideo' }),
    welcomeVideo: file({ label: t('欢迎视频', 'Welcome video'), upload: 'welcomeVideo' }),
    applyMode: choice({ label: t('生效方式', 'Applies'), options: BOOT_APPLY_MODES, default: 'nextBoot', filter: true }),
    windowStart: text({
      label: t('维护开始', 'Window start'),
      max: 5,
      pattern: { regex: TIME_PATTERN, message: 'boot.timeFormat' },
      requiredWhen: { field: 'applyMode', in: ['window'] },
      help: t('HH:mm，酒店当地时间', 'HH:mm, the hotel’s local time'),
    }),
    windowEnd: text({ label: t('维护结束', 'Window end'), max: 5, pattern: { regex: TIME_PATTERN, message: 'boot.timeFormat' }, requiredWhen: { field: 'applyMode', in: ['window'] } }),
    jitterMinutes: int({ label: t('随机分散(分钟)', 'Spread (minutes)'), min: 0, max: 720, default: 30, help: t('各终端在时段内随机错开，避免同时下载', 'TVs spread at random inside the window so they do not all download at once') }),
    operator: text({ label: t('操作人', 'Operator'), max: 100, readOnly: true }),
  },
});

/** Content modules a content-hiding rule can hide at boot (spec part 1 §2 /conhide/boots). */
export const HIDEABLE_MODULES = {
  vod: t('点播', 'VOD'),
  live: t('直播频道', 'Live TV'),
  shop: t('商城', 'Shop'),
  apps: t('应用', 'Apps'),
  music: t('音乐', 'Music'),
  introduction: t('信息介绍', 'Introductions'),
  ai: t('AI语音', 'AI voice'),
} as const;
export type HideableModule = keyof typeof HIDEABLE_MODULES;

/**
 * A platform rule hiding one content module at boot for the TVs it matches: every condition left
 * empty matches all; models and versions are `|` lists compared exactly (docs/boot.md).
 */
export const contentHideRule = defineRecord({
  name: 'contentHideRule',
  path: 'content-hide-rules',
  label: t('内容隐藏策略', 'Content-hiding rule'),
  scope: 'platform',
  userTypes: [1],
  permission: 'contentHide',
  titleField: 'name',
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 50, search: true }),
    module: choice({ label: t('隐藏内容', 'Hidden module'), options: HIDEABLE_MODULES, required: true, filter: true }),
    brandId: ref({ label: t('品牌', 'Brand'), record: 'brand', filter: true }),
    hotelId: ref({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true }),
    models: text({ label: t('终端型号', 'Terminal models'), max: 2000, help: t('多个型号用 | 分隔；为空表示全部', 'Separate models with |; empty: all') }),
    versions: text({ label: t('软件版本', 'Software versions'), max: 2000, help: t('多个版本用 | 分隔；为空表示全部', 'Separate versions with |; empty: all') }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true, states: ENABLED_STATES }),
  },
});

/** System settings a guest may open from the TV (spec part 1 §2 /startlogo/hotel_tv_menu). */
export const TV_MENU_SETTINGS = ['network', 'display', 'sound', 'language', 'datetime', 'apps', 'reset'] as const;
export type TvMenuSetting = (typeof TV_MENU_SETTINGS)[number];

const setting = (zh: string, en: string, on = false) => bool({ label: t(zh, en), default: on });

/** A hotel's advanced (installer) TV menu: one row per hotel, delivered in the TV's `boot` part. */
export const hotelTvMenu = defineRecord({
  name: 'hotelTvMenu',
  path: 'hotel-tv-menus',
  label: t('高级菜单', 'Advanced TV menu'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'hotelTvMenu',
  titleField: 'name',
  groups: [
    { key: 'guest', label: t('客人可打开的系统设置', 'System settings a guest may open'), fields: ['name', 'network', 'display', 'sound', 'language', 'datetime', 'apps', 'reset'] },
    { key: 'installer', label: t('高级菜单', 'Advanced menu'), fields: ['password', 'entries'] },
  ],
  fields: {
    name: text({ label: t('名称', 'Name'), max: 30, default: '高级菜单' }),
    network: setting('网络设置', 'Network'),
    display: setting('显示设置', 'Display', true),
    sound: setting('声音设置', 'Sound', true),
    language: setting('语言设置', 'Language', true),
    datetime: setting('日期时间', 'Date and time'),
    apps: setting('应用管理', 'Apps'),
    reset: setting('恢复出厂设置', 'Factory reset'),
    // Write-only: never answered to the console (the TVs get it in their configuration); required on create (the area's hook).
    password: password({ label: t('高级菜单密码', 'Advanced menu password'), min: 4, max: 8, pattern: { regex: /^\d{4,8}$/, message: 'boot.menuPassword' } }),
    entries: text({ label: t('菜单项', 'Menu entries'), max: 2000, multiline: true, help: t('每行一项', 'One entry a line') }),
  },
});

/** An item of the platform's boot-logo library (spec §3 "Boot-logo library item"): brands and hotels pick from it. */
export const bootLogoLib = defineRecord({
  name: 'bootLogoLib',
  path: 'boot-logo-library',
  label: t('开机素材', 'Boot logo'),
  scope: 'platform',
  userTypes: [1],
  permission: 'startLogo',
  titleField: 'title',
  fields: {
    title: text({ label: t('标题', 'Title'), required: true, min: 2, max: 32, search: true, sort: true }),
    logo: file({ label: t('开机Logo(jpg)', 'Boot logo (jpg)'), upload: 'bootLogo', required: true }),
    logoBitmap: file({ label: t('开机Logo(bmp/raw)', 'Boot logo (bmp/raw)'), upload: 'bootLogoBitmap' }),
  },
});
