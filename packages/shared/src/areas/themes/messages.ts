import type { Text } from '../../i18n/lang.js';

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

/** Lifecycle actions: the states each is allowed from and its permission string. */
export const THEME_ACTIONS = {
  publish: { from: ['unpublished', 'published'], permission: 'theme.publish', label: { 'zh-CN': '发布', 'en-US': 'published' } },
  cancelPublish: { from: ['published'], permission: 'theme.publish', label: { 'zh-CN': '取消发布', 'en-US': 'unpublished' } },
  lock: { from: ['unpublished', 'published', 'sentAll', 'sentPart'], permission: 'theme.lock', label: { 'zh-CN': '锁定', 'en-US': 'locked' } },
  unlock: { from: ['unpublished', 'published', 'sentAll', 'sentPart'], permission: 'theme.lock', label: { 'zh-CN': '解锁', 'en-US': 'unlocked' } },
} as const satisfies Record<string, { from: readonly ThemeStatus[]; permission: string; label: Text }>;
export type ThemeActionName = keyof typeof THEME_ACTIONS;
