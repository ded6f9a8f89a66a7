import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import type { ArchiveLimits } from '../../record/uploads.js';
import { BLOCK_COMMON_KEYS, blockSchemaOf } from './document.js';

const MB = 1024 * 1024;

/**
 * Moving themes between tenants and systems (docs/themes.md, "Copy, backup, export and import", "The
 * template market", "Quick settings"): the export format, the import limits and the attributes quick
 * settings may change.
 */

/** Name of the format in `theme.json`; `version` changes when the document changes incompatibly. */
export const THEME_EXPORT_FORMAT = 'htv-theme';
export const THEME_EXPORT_VERSION = 1;

/** One asset of an export: the material id the document uses, and where its bytes are. */
export const exportAsset = z.strictObject({
  /** The material id as the exported document names it. */
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  /** At most a material's size (the material upload rule). */
  size: z.number().int().min(1).max(200 * MB),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Path inside the zip (`assets/<sha256>`), or an http(s) address in a remote JSON. */
  path: z.string().min(1).max(500),
});
export type ExportAsset = z.infer<typeof exportAsset>;

/** `manifest.json` of an export zip, and the `assets` of a remote JSON. */
export const exportManifest = z.strictObject({ assets: z.array(exportAsset).max(200) });

/** `theme.json` of an export zip; a remote JSON is the same object with `assets` beside the document. */
export const exportEnvelope = z.object({
  format: z.literal(THEME_EXPORT_FORMAT),
  version: z.literal(THEME_EXPORT_VERSION),
  /** Checked by `themeDocument` on import, so its messages carry the document's paths. */
  document: z.unknown(),
  assets: z.array(exportAsset).max(200).optional(),
});

/** What an import may be: the zip as uploaded, what it unpacks to, and a remote JSON. */
export const THEME_IMPORT_LIMITS = {
  zipBytes: 200 * MB,
  archive: { maxEntries: 202, maxEntryBytes: 200 * MB, maxTotalBytes: 400 * MB, maxRatio: 100 } satisfies ArchiveLimits,
  /** theme.json and manifest.json, and a remote JSON document. */
  jsonBytes: 2 * MB,
  /** Seconds a remote address has to answer completely. */
  remoteTimeoutSeconds: 15,
} as const;

/** Quick settings change a container's name and nothing else of it (its place is the layout). */
export const CONTAINER_QUICK_SET_KEYS: readonly string[] = ['name'];

/**
 * The attributes quick settings may change on a tagged block: its type's own properties (the text of a
 * text block, the pictures of an image block, the address of a web page), never the place, size,
 * style or events every block shares.
 */
export function blockQuickSetKeys(type: string): string[] {
  const schema = blockSchemaOf(type);
  return schema ? Object.keys(schema.shape).filter((name) => !BLOCK_COMMON_KEYS.includes(name)) : [];
}

/** Messages of copy, backup, export, import, market and quick settings (spread into `messages`). */
export const themeTransferMessages = {
  'theme.copyName': { 'zh-CN': '{name}-副本', 'en-US': '{name} copy' },
  'theme.backupName': { 'zh-CN': '{name}-备份{at}', 'en-US': '{name} backup {at}' },
  'theme.importFile': { 'zh-CN': '请上传模板导出的zip文件', 'en-US': 'Upload a zip file exported from a template' },
  'theme.importFormat': { 'zh-CN': '不是模板导出文件：缺少或无法读取{name}', 'en-US': 'Not a template export: {name} is missing or unreadable' },
  'theme.importAssetMissing': { 'zh-CN': '素材文件{name}缺失或与清单不符', 'en-US': 'The asset {name} is missing or does not match the manifest' },
  'theme.importAssetUnlisted': { 'zh-CN': '素材{id}不在导出清单中', 'en-US': 'Material {id} is not in the export manifest' },
  'theme.importTooLarge': { 'zh-CN': '{name}超过{max}', 'en-US': '{name} is larger than {max}' },
  'theme.remoteRefused': { 'zh-CN': '不允许访问该地址（内网、本机或链路本地地址）', 'en-US': 'This address may not be fetched (private, loopback or link-local)' },
  'theme.remoteFailed': { 'zh-CN': '无法获取该地址的内容', 'en-US': 'The address could not be fetched' },
  'theme.remoteStatus': { 'zh-CN': '远程地址返回了状态{status}', 'en-US': 'The address answered with status {status}' },
  'theme.remoteTimeout': { 'zh-CN': '远程地址在{seconds}秒内未响应完毕', 'en-US': 'The address did not answer within {seconds} seconds' },
  'theme.remoteTooManyRedirects': { 'zh-CN': '远程地址重定向次数过多', 'en-US': 'The address redirected too many times' },
  'theme.notInMarket': { 'zh-CN': '模板市场中没有该模板', 'en-US': 'This template is not in the template market' },
  'theme.notTagged': { 'zh-CN': '「{key}」没有快捷设置标签，不能在这里修改', 'en-US': '"{key}" has no quick-settings tag and cannot be changed here' },
  'theme.notQuickSettable': { 'zh-CN': '「{attr}」不能通过快捷设置修改', 'en-US': '"{attr}" cannot be changed in quick settings' },
  'theme.partMissing': { 'zh-CN': '模板中没有「{key}」', 'en-US': 'The template has no part "{key}"' },
  'theme.layoutFixed': {
    'zh-CN': '这是品牌模板的快捷设置，只能修改带快捷设置标签的属性',
    'en-US': "These are quick settings of a brand's template: only attributes with a quick-settings tag can be changed",
  },
  'theme.baseThemeFixed': { 'zh-CN': '不能修改所基于的品牌模板', 'en-US': 'The brand template this follows cannot be changed' },
} as const satisfies Record<string, Text>;

/** Operation-log names of the transfer actions (OPLOG_ACTIONS gathers them). */
export const THEME_TRANSFER_LOG_ACTIONS = {
  theme_copy: { 'zh-CN': '复制模板', 'en-US': 'Copy template' },
  theme_backup: { 'zh-CN': '备份模板', 'en-US': 'Back up template' },
  theme_import: { 'zh-CN': '导入模板', 'en-US': 'Import template' },
  theme_market_use: { 'zh-CN': '使用市场模板', 'en-US': 'Use market template' },
  theme_quick_set: { 'zh-CN': '快捷设置', 'en-US': 'Quick settings' },
} as const satisfies Record<string, Text>;
