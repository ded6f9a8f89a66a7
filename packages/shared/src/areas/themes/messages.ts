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
