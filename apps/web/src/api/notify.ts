import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts for code outside React (the API client). The app shell registers antd's context-aware
 * message instance (message.useMessage) so toasts follow the theme and locale. Texts are passed as plain
 * strings: antd renders them as text, never as HTML.
 */
let instance: MessageInstance | null = null;

export function registerMessage(message: MessageInstance | null) {
  instance = message;
}

/** Error toasts stay 5 s (spec §9). */
export const ERROR_TOAST_SECONDS = 5;

export function toastError(text: string) {
  if (instance) void instance.error({ content: text, duration: ERROR_TOAST_SECONDS });
  else console.error(text);
}

export function toastSuccess(text: string) {
  if (instance) void instance.success(text);
}

let loadingToasts = 0;

/**
 * A loading toast that stays until the returned function hides it. It is closed by its key on the
 * instance that showed it and on the current one (a session switch may register a new instance).
 */
export function toastLoading(text: string): () => void {
  const shownBy = instance;
  if (!shownBy) return () => {};
  const key = `loading-${++loadingToasts}`;
  void shownBy.open({ key, type: 'loading', content: text, duration: 0 });
  return () => {
    shownBy.destroy(key);
    instance?.destroy(key);
  };
}
