import type { Text } from '../../i18n/lang.js';
import type { EQUIPMENT_TYPES } from './document.js';

/** Messages of themes: lifecycle refusals and the publish check's findings (spread into `messages`). */
export const themeMessages = {
  'theme.typeHasTemplates': { 'zh-CN': '该分类下有模板，不能删除', 'en-US': 'This category contains templates and cannot be deleted' },
  'theme.locked': { 'zh-CN': '模板「{name}」已锁定，不能修改或删除', 'en-US': 'The template "{name}" is locked and cannot be changed or deleted' },
  'theme.wrongState': { 'zh-CN': '模板当前状态为「{state}」，不能{action}', 'en-US': 'The template is {state}: it cannot be {action}' },
  'theme.staleDraft': {
    'zh-CN': '草稿已被{name}于{at}保存，请重新加载后再修改',
    'en-US': 'The draft was saved by {name} at {at}; reload it before changing it',
  },
  'theme.inUse': { 'zh-CN': '模板「{name}」正在使用中，不能删除', 'en-US': 'The template "{name}" is in use and cannot be deleted' },
  'theme.documentInvalid': { 'zh-CN': '模板内容有{count}处问题，请修改后再发布', 'en-US': 'The template has {count} problem(s); fix them before publishing' },
  'theme.versionNotPending': { 'zh-CN': '只能取消尚未发布的定时版本', 'en-US': 'Only a timed version not yet published can be cancelled' },
  'theme.publishAtPast': { 'zh-CN': '定时发布时间必须晚于当前时间', 'en-US': 'The timed publishing time must be in the future' },
  'theme.materialUnusable': { 'zh-CN': '素材{id}不存在或无权使用', 'en-US': 'Material {id} does not exist or may not be used' },
  'theme.pageMissing': { 'zh-CN': '跳转的页面「{page}」不存在', 'en-US': 'The page "{page}" this action opens does not exist' },
  'theme.layoutParentMissing': { 'zh-CN': '上级布局「{layout}」不存在', 'en-US': 'The parent layout "{layout}" does not exist' },
  'theme.duplicateKey': { 'zh-CN': '标识「{key}」重复', 'en-US': 'The key "{key}" is used twice' },
  'theme.outsideStage': { 'zh-CN': '超出画布（{width}×{height}）', 'en-US': 'Outside the stage ({width}×{height})' },
  'theme.navTargetMissing': { 'zh-CN': '遥控器移动的目标「{block}」不存在', 'en-US': 'The block "{block}" this remote move goes to does not exist' },
  'theme.typeMissing': { 'zh-CN': '模板分类不存在', 'en-US': 'The template category does not exist' },
  'theme.allSendTaken': {
    'zh-CN': '模板「{name}」已全部下发，同一时间只能有一个模板全部下发，请先取消其下发',
    'en-US': 'The template "{name}" is already sent to all; only one template may be sent to all, so cancel its send first',
  },
  'theme.sendAllPlatformOnly': { 'zh-CN': '只有平台的模板可以全部下发', 'en-US': 'Only a platform template can be sent to all' },
  'theme.sendTargetRequired': { 'zh-CN': '请至少选择一个下发对象', 'en-US': 'Choose at least one target to send to' },
  'theme.sendTargetKind': { 'zh-CN': '当前账号不能按此方式下发', 'en-US': 'Your account cannot send to this kind of target' },
  'theme.sendNoTerminal': { 'zh-CN': '没有找到可下发的终端', 'en-US': 'None of these MACs is a terminal you can send to' },
  'theme.noLiveSends': { 'zh-CN': '没有可取消的下发', 'en-US': 'There is no send of yours to cancel' },
} as const satisfies Record<string, Text>;

/** Theme states (spec §4) and the words the refusals use. */
export const THEME_STATES = {
  unpublished: { 'zh-CN': '未发布', 'en-US': 'unpublished' },
  published: { 'zh-CN': '已发布', 'en-US': 'published' },
  sentAll: { 'zh-CN': '已全部下发', 'en-US': 'sent to all' },
  sentPart: { 'zh-CN': '已部分下发', 'en-US': 'sent to part' },
  locked: { 'zh-CN': '已锁定', 'en-US': 'locked' },
} as const satisfies Record<string, Text>;
export type ThemeStatus = Exclude<keyof typeof THEME_STATES, 'locked'>;

export const VERSION_STATES = {
  pending: { 'zh-CN': '未发布', 'en-US': 'not yet published' },
  published: { 'zh-CN': '已发布', 'en-US': 'published' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'cancelled' },
} as const satisfies Record<string, Text>;
export type VersionState = keyof typeof VERSION_STATES;

/**
 * Lifecycle actions: the states each is allowed from and its permission string. A sent theme can be
 * published again (its TVs move to the new version); it is unpublished only once no send is live.
 */
export const THEME_ACTIONS = {
  publish: { from: ['unpublished', 'published', 'sentAll', 'sentPart'], permission: 'theme.publish', label: { 'zh-CN': '发布', 'en-US': 'published' } },
  cancelPublish: { from: ['published'], permission: 'theme.publish', label: { 'zh-CN': '取消发布', 'en-US': 'unpublished' } },
  send: { from: ['published', 'sentAll', 'sentPart'], permission: 'theme.send', label: { 'zh-CN': '下发', 'en-US': 'sent' } },
  cancelSend: { from: ['sentAll', 'sentPart'], permission: 'theme.send', label: { 'zh-CN': '取消下发', 'en-US': 'withdrawn' } },
  lock: { from: ['unpublished', 'published', 'sentAll', 'sentPart'], permission: 'theme.lock', label: { 'zh-CN': '锁定', 'en-US': 'locked' } },
  unlock: { from: ['unpublished', 'published', 'sentAll', 'sentPart'], permission: 'theme.lock', label: { 'zh-CN': '解锁', 'en-US': 'unlocked' } },
} as const satisfies Record<string, { from: readonly ThemeStatus[]; permission: string; label: Text }>;
export type ThemeActionName = keyof typeof THEME_ACTIONS;

/** Kinds of send targets, lowest rank first: the rank decides between sends reaching one terminal (docs/themes.md). */
export const SEND_TARGETS = ['all', 'brand', 'hotel', 'terminal'] as const;
export type SendTarget = (typeof SEND_TARGETS)[number];
export const SEND_TARGET_NAMES = {
  all: { 'zh-CN': '全部', 'en-US': 'All terminals' },
  brand: { 'zh-CN': '品牌', 'en-US': 'Brand' },
  hotel: { 'zh-CN': '酒店', 'en-US': 'Hotel' },
  terminal: { 'zh-CN': '终端（MAC）', 'en-US': 'Terminal (MAC)' },
} as const satisfies Record<SendTarget, Text>;

/** Longest show duration of a send (ten years), in seconds. */
export const MAX_SEND_SECONDS = 3650 * 86_400;

/**
 * Which equipment type of theme a terminal shows, by its scene mode: hotel rooms show room themes,
 * information-release screens public-area ones, office screens meeting-room ones; the consumer UI none.
 */
export const SCENE_EQUIPMENT: Record<string, (typeof EQUIPMENT_TYPES)[number] | null> = { hotel: 'room', infoRelease: 'public', office: 'meeting', default: null };

/** Messages of copy, backup, export, import, market and quick settings (spread into `messages`; kept
 * here, apart from the transfer schemas, so the first load's catalogue brings no zod schema). */
export const themeTransferMessages = {
  'theme.copyName': { 'zh-CN': '{name}-副本', 'en-US': '{name} copy' },
  'theme.backupName': { 'zh-CN': '{name}-备份{at}', 'en-US': '{name} backup {at}' },
  'theme.importFile': { 'zh-CN': '请上传模板导出的zip文件', 'en-US': 'Upload a zip file exported from a template' },
  'theme.importFormat': { 'zh-CN': '不是模板导出文件：缺少或无法读取{name}', 'en-US': 'Not a template export: {name} is missing or unreadable' },
  'theme.importAssetMissing': { 'zh-CN': '素材文件{name}缺失或与清单不符', 'en-US': 'The asset {name} is missing or does not match the manifest' },
  'theme.importAssetUnlisted': { 'zh-CN': '素材{id}不在导出清单中', 'en-US': 'Material {id} is not in the export manifest' },
  'theme.importTooLarge': { 'zh-CN': '{name}超过{max}', 'en-US': '{name} is larger than {max}' },
  'theme.remoteRefused': { 'zh-CN': '不允许访问该地址（内网、本机或链路本地地址）', 'en-US': 'This address may not be fetched (private, loopback or link-local)' },
  'theme.remoteFailed': { 'zh-CN': '无法获取该地址的内容', 'en-US': 'The address could not be fetched' },
  'theme.remoteStatus': { 'zh-CN': '远程地址返回了状态{status}', 'en-US': 'The address answered with status {status}' },
  'theme.remoteTimeout': { 'zh-CN': '远程地址在{seconds}秒内未响应完毕', 'en-US': 'The address did not answer within {seconds} seconds' },
  'theme.remoteTooManyRedirects': { 'zh-CN': '远程地址重定向次数过多', 'en-US': 'The address redirected too many times' },
  'theme.notInMarket': { 'zh-CN': '模板市场中没有该模板', 'en-US': 'This template is not in the template market' },
  'theme.notTagged': { 'zh-CN': '「{key}」没有快捷设置标签，不能在这里修改', 'en-US': '"{key}" has no quick-settings tag and cannot be changed here' },
  'theme.notQuickSettable': { 'zh-CN': '「{attr}」不能通过快捷设置修改', 'en-US': '"{attr}" cannot be changed in quick settings' },
  'theme.partMissing': { 'zh-CN': '模板中没有「{key}」', 'en-US': 'The template has no part "{key}"' },
  'theme.layoutFixed': {
    'zh-CN': '这是品牌模板的快捷设置，只能修改带快捷设置标签的属性',
    'en-US': "These are quick settings of a brand's template: only attributes with a quick-settings tag can be changed",
  },
  'theme.baseThemeFixed': { 'zh-CN': '不能修改所基于的品牌模板', 'en-US': 'The brand template this follows cannot be changed' },
  'theme.kindFixed': { 'zh-CN': '模板的种类（主页或欢迎页）创建后不能修改', 'en-US': 'A template’s kind (launcher or welcome) cannot change after it is made' },
} as const satisfies Record<string, Text>;

/** Operation-log names of the transfer actions (OPLOG_ACTIONS gathers them). */
export const THEME_TRANSFER_LOG_ACTIONS = {
  theme_copy: { 'zh-CN': '复制模板', 'en-US': 'Copy template' },
  theme_backup: { 'zh-CN': '备份模板', 'en-US': 'Back up template' },
  theme_import: { 'zh-CN': '导入模板', 'en-US': 'Import template' },
  theme_market_use: { 'zh-CN': '使用市场模板', 'en-US': 'Use market template' },
  theme_quick_set: { 'zh-CN': '快捷设置', 'en-US': 'Quick settings' },
} as const satisfies Record<string, Text>;
