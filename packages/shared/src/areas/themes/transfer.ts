import { z } from 'zod';
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
