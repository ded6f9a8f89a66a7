import type { Text } from '../../i18n/lang.js';

/** Messages of the music area (spread into `messages`). */
export const musicMessages = {
  'music.unreadableAudio': {
    'zh-CN': '无法读取该音乐文件的时长，请检查文件是否完整',
    'en-US': "The music file's length cannot be read; check that the file is complete",
  },
} as const satisfies Record<string, Text>;
