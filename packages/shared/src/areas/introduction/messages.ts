import type { Text } from '../../i18n/lang.js';

/** Messages of the introduction area (spread into `messages`). */
export const introductionMessages = {
  'introduction.parentNotFirstLevel': {
    'zh-CN': '上级类型须为一级类型',
    'en-US': 'The parent type must be a first-level type',
  },
  'introduction.typeHasChildren': {
    'zh-CN': '该类型下有子类型，不能再设上级类型',
    'en-US': 'This type has types under it and cannot get a parent type',
  },
  'introduction.qrUrl': {
    'zh-CN': '请输入以 http:// 或 https:// 开头的链接',
    'en-US': 'Please enter an address starting with http:// or https://',
  },
  'introduction.pictureCount': {
    'zh-CN': '{field}须为 {count} 张（切片数 × 图组数）',
    'en-US': '{field} must be {count} pictures (slices × image groups)',
  },
} as const satisfies Record<string, Text>;
