import { interpolate, type Lang, type Text } from './lang.js';
import { isMessageKey, messages, type MessageKey } from './messages.js';

/** Translates a catalogue key; params that are themselves Text are resolved in the same language. */
export function translate(key: MessageKey | string, lang: Lang, params?: Record<string, unknown>): string {
  const template = isMessageKey(key) ? messages[key][lang] : key;
  if (!params) return template;
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) resolved[name] = isText(value) ? value[lang] : value;
  return interpolate(template, resolved);
}

export function isText(value: unknown): value is Text {
  return typeof value === 'object' && value !== null && 'zh-CN' in value && 'en-US' in value;
}
