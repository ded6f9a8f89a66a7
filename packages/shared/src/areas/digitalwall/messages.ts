import type { Text } from '../../i18n/lang.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** Messages of the digital wall (spread into `messages`). */
export const digitalWallMessages = {
  'digitalwall.time': t('请输入 时:分，如 08:00', 'Enter hours and minutes, e.g. 08:00'),
  'digitalwall.switchBoth': t('切换开始时间和结束时间须同时填写', 'Fill in both the switch start and end times'),
  'digitalwall.switchOrder': t('切换开始时间须早于结束时间', 'The switch start time must be before the end time'),
  'digitalwall.macFormat': t('MAC格式错误', 'MAC format error'),
  'digitalwall.mediaType': t('请选择图片或视频', 'Choose a picture or a video'),
} as const satisfies Record<string, Text>;
