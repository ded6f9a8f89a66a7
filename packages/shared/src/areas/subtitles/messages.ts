import type { Text } from '../../i18n/lang.js';

/** Messages of scrolling subtitles (spread into `messages`). */
export const subtitleMessages = {
  'subtitles.contentRequired': { 'zh-CN': '请至少填写一种语言的字幕内容', 'en-US': 'Fill in the subtitle in at least one language' },
  'subtitles.time': { 'zh-CN': '请输入 时:分，如 08:00', 'en-US': 'Enter hours and minutes, e.g. 08:00' },
  'subtitles.colour': { 'zh-CN': '请输入颜色，如 #FFFFFF', 'en-US': 'Enter a colour such as #FFFFFF' },
  'subtitles.endBeforeStart': { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'The end date cannot be before the start date' },
  'subtitles.endTimeBeforeStart': { 'zh-CN': '每日结束时间须晚于开始时间', 'en-US': 'The daily end time must be after the start time' },
} as const satisfies Record<string, Text>;
