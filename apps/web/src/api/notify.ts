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
 * A loading toast is closed no sooner than this after it opened: a notice closed while its appear
 * motion runs can be left in the DOM for good (the motion never ends), so a fast answer waits for it.
 */
const LOADING_MIN_VISIBLE_MS = 600;

/**
 * A loading toast that stays until the returned function hides it. It is closed by its key on the
 * instance that showed it and on the current one (a session switch may register a new instance).
 */
export function toastLoading(text: string): () => void {
  const shownBy = instance;
  if (!shownBy) return () => {};
  const key = `loading-${++loadingToasts}`;
  const openedAt = Date.now();
  void shownBy.open({ key, type: 'loading', content: text, duration: 0 });
  return () => {
    const close = () => {
      shownBy.destroy(key);
      instance?.destroy(key);
    };
    setTimeout(close, Math.max(0, openedAt + LOADING_MIN_VISIBLE_MS - Date.now()));
  };
}
