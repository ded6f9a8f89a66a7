import type { Text } from '../../i18n/lang.js';

/** Messages of the picture frame (spread into `messages`). */
export const pictureFrameMessages = {
  'pictureFrame.clock': { 'zh-CN': '请输入 HH:MM 格式的时间', 'en-US': 'Enter a time as HH:MM' },
  'pictureFrame.exists': { 'zh-CN': '酒店已有电子相框设置，请修改现有设置', 'en-US': 'The hotel already has its picture frame; edit it instead' },
  'pictureFrame.bothTimes': { 'zh-CN': '开始和结束时间须同时填写或同时留空', 'en-US': 'Fill in both times or neither' },
} as const satisfies Record<string, Text>;
