import type { Text } from '../../i18n/lang.js';

/**
 * What may use a material: the kind of each row of the usage table, named in the "in use" message.
 * A new user of materials (boot settings, content) adds its kind here.
 */
export const MATERIAL_USER_KINDS = {
  theme: { 'zh-CN': '主题', 'en-US': 'theme' },
  bootSetting: { 'zh-CN': '开机设置', 'en-US': 'boot setting' },
  content: { 'zh-CN': '内容', 'en-US': 'content' },
} as const satisfies Record<string, Text>;

export type MaterialUserKind = keyof typeof MATERIAL_USER_KINDS;

/** Messages of the material library (spread into `messages`). */
export const materialMessages = {
  'material.inUse': {
    'zh-CN': '素材「{name}」正在被{users}使用，不能删除',
    'en-US': 'The material "{name}" is used by {users} and cannot be deleted',
  },
  'material.unreadableMedia': {
    'zh-CN': '无法读取该文件的时长或画面尺寸，请检查文件是否完整',
    'en-US': "The file's length or picture size cannot be read; check that the file is complete",
  },
} as const satisfies Record<string, Text>;
