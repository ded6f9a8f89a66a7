import { interpolate, type Text } from '@htv/shared';
import { useLang } from '../../locales';

/**
 * UI strings of the manufacturers' area (MAC search; the search panel's own are the terminal area's).
 * Each in both languages: a missing one fails to compile.
 */
const OEM_MESSAGES = {
  macSearch: { 'zh-CN': 'MAC查询', 'en-US': 'MAC search' },
  macSearchTitle: { 'zh-CN': '{name} · MAC查询', 'en-US': '{name} · MAC search' },
  macSearchHelp: { 'zh-CN': '查询哪些MAC是运行该厂商Launcher的终端', 'en-US': "Which MACs are terminals running one of this manufacturer's launchers" },
  launchers: { 'zh-CN': '厂商Launcher：{list}', 'en-US': 'Launchers: {list}' },
  noLaunchers: { 'zh-CN': '该厂商还没有Launcher，查询不会找到终端', 'en-US': 'The manufacturer has no launchers yet: a search finds no terminals' },
  hotel: { 'zh-CN': '酒店', 'en-US': 'Hotel' },
  online: { 'zh-CN': '在线', 'en-US': 'Online' },
  offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
} satisfies Record<string, Text>;

export type OemMessageKey = keyof typeof OEM_MESSAGES;

/** `m('key', {params})` in the current language. */
export function useOemText() {
  const lang = useLang();
  return (key: OemMessageKey, params?: Record<string, string | number>) => interpolate(OEM_MESSAGES[key][lang], params);
}
