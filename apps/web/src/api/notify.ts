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

/** A loading toast that stays until the returned function hides it. */
export function toastLoading(text: string): () => void {
  return instance ? instance.loading(text, 0) : () => {};
}
