import type { Text } from '../../i18n/lang.js';

/** Messages of message notices (spread into `messages`). */
export const noticeMessages = {
  'notices.contentRequired': { 'zh-CN': '请至少填写一种语言的通知内容', 'en-US': 'Fill in the content in at least one language' },
} as const satisfies Record<string, Text>;
