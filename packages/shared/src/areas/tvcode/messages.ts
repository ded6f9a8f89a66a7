import type { Text } from '../../i18n/lang.js';

/** Messages of the hotel's remote commands (spread into `messages`). */
export const tvCodeMessages = {
  'tvcode.codeChars': { 'zh-CN': '指令只能包含字母、数字和“_ : . -”', 'en-US': 'Use letters, digits and "_ : . -" only' },
} as const satisfies Record<string, Text>;
