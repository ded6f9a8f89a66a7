import type { Text } from '../../i18n/lang.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

// Apart from the schemas (index.ts): the TVs' release installer needs the final states, not zod.
/** Per-terminal action states. The final ones end the action; `failed` with retries left goes back to pending. */
export const ACTION_STATES = {
  pending: t('待升级', 'Pending'),
  downloading: t('下载中', 'Downloading'),
  downloaded: t('已下载', 'Downloaded'),
  installing: t('安装中', 'Installing'),
  success: t('已升级', 'Upgraded'),
  failed: t('失败', 'Failed'),
  cancelled: t('已取消', 'Cancelled'),
  alreadyInstalled: t('已是该版本', 'Already installed'),
  incompatible: t('不兼容', 'Incompatible'),
} as const;
export type ActionState = keyof typeof ACTION_STATES;
export const FINAL_ACTION_STATES: readonly ActionState[] = ['success', 'failed', 'cancelled', 'alreadyInstalled', 'incompatible'];
