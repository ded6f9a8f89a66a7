import type { Lang } from '@htv/shared';
import { useLang } from '../../locales';

/** UI strings of the manufacturers' area (MAC search). Both languages are required: a missing key fails to compile. */
const zh = {
  macSearch: 'MAC查询',
  macSearchTitle: '{name} · MAC查询',
  macSearchHelp: '查询哪些MAC是运行该厂商Launcher的终端。每行一个，或用逗号、分号、空格分隔；也可上传 .txt 或 .xlsx 文件',
  launchers: '厂商Launcher：{list}',
  noLaunchers: '该厂商还没有Launcher，查询不会找到终端',
  macCount: '已输入 {count} 个MAC',
  macRequired: '请输入MAC',
  search: '查询',
  uploadFile: '上传 .txt / .xlsx',
  onlyTxtOrExcel: '只支持 .txt 或 .xlsx 文件',
  found: '找到 {count} 台',
  missing: '未找到 ({count})',
  invalid: '格式错误 ({count})',
  none: '无',
  hotel: '酒店',
  online: '在线',
  offline: '离线',
} as const;

type Messages = Record<keyof typeof zh, string>;

const en: Messages = {
  macSearch: 'MAC search',
  macSearchTitle: '{name} · MAC search',
  macSearchHelp: "Which MACs are terminals running one of this manufacturer's launchers. One per line, or separated by commas, semicolons or spaces; or upload a .txt or .xlsx file",
  launchers: 'Launchers: {list}',
  noLaunchers: 'The manufacturer has no launchers yet: a search finds no terminals',
  macCount: '{count} MACs entered',
  macRequired: 'Enter MACs',
  search: 'Search',
  uploadFile: 'Upload .txt / .xlsx',
  onlyTxtOrExcel: 'Only .txt or .xlsx files are supported',
  found: '{count} found',
  missing: 'Not found ({count})',
  invalid: 'Malformed ({count})',
  none: 'None',
  hotel: 'Hotel',
  online: 'Online',
  offline: 'Offline',
};

export const OEM_MESSAGES: Record<Lang, Messages> = { 'zh-CN': zh, 'en-US': en };

export type OemMessageKey = keyof Messages;

/** `m('key', {params})` in the current language. */
export function useOemText() {
  const lang = useLang();
  const messages = OEM_MESSAGES[lang];
  return (key: OemMessageKey, params?: Record<string, string | number>) =>
    messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}
