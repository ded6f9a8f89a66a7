import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import type { ThemeAsset, ThemeDocument, ThemePayload } from '@htv/shared/areas/themes/index';
import { eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { Owner } from '../../tenancy/scope.js';
import { materialsUsableBy } from '../material/service.js';
import { materialsOf } from './check.js';
import { themes, themeVersions } from './schema.js';

/** The immutable address of a version's payload: it changes with its content, so TVs cache it for good. */
export const versionUrl = (versionId: number, sha256: string) => `${DEVICE_API_BASE}/theme-versions/${versionId}/${sha256}`;
/** A material file of a version, for TVs (served only while it is one of that version's assets). */
export const assetUrl = (versionId: number, fileId: string) => `${DEVICE_API_BASE}/theme-versions/${versionId}/files/${fileId}`;

/** The assets of a document: the files of the materials it uses that the theme's owner may use. */
async function assetsOf(db: Db, versionId: number, owner: Owner, document: ThemeDocument): Promise<ThemeAsset[]> {
  const ids = materialsOf(document);
  if (!ids.length) return [];
  const { usable } = await materialsUsableBy(db, owner, ids);
  const fileIds = usable.map((m) => m.url.slice('/api/files/'.length));
  const hashes = new Map((await db.select({ id: files.id, sha256: files.sha256 }).from(files).where(inArray(files.id, fileIds))).map((f) => [f.id, f.sha256]));
  return usable
    .map((m) => {
      const fileId = m.url.slice('/api/files/'.length);
      return { materialId: m.id, fileId, url: assetUrl(versionId, fileId), mime: m.mime, size: m.size, sha256: hashes.get(fileId) ?? '' };
    })
    .sort((a, b) => a.materialId - b.materialId);
}

/**
 * Freezes what TVs download for a version: its document and asset list as exact JSON text and the
 * text's SHA-256. Called when the version is written; a version older than the payload column is
 * frozen the first time a TV needs it.
 */
export async function freezeVersion(db: Db, versionId: number): Promise<{ payload: string; sha256: string } | null> {
  const [row] = await db
    .select({ version: themeVersions, brandId: themes.brandId, hotelId: themes.hotelId, name: themes.name, equipmentType: themes.equipmentType })
    .from(themeVersions)
    .innerJoin(themes, eq(themes.id, themeVersions.themeId))
    .where(eq(themeVersions.id, versionId));
  if (!row) return null;
  const { version } = row;
  if (version.payload && version.payloadSha256) return { payload: version.payload, sha256: version.payloadSha256 };
  const document = version.document as ThemeDocument;
  const assets = await assetsOf(db, version.id, { brandId: row.brandId, hotelId: row.hotelId }, document);
  const content: ThemePayload = { themeId: version.themeId, versionId: version.id, version: version.number, name: row.name, equipmentType: row.equipmentType, document, assets };
  const payload = JSON.stringify(content);
  const sha256 = createHash('sha256').update(payload).digest('hex');
  await db.update(themeVersions).set({ payload, payloadSha256: sha256 }).where(eq(themeVersions.id, version.id));
  return { payload, sha256 };
}
