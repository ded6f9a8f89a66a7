import { formatBytes, idSchema, records, translate, uploadRules, type Lang } from '@htv/shared';
import {
  exportEnvelope,
  exportManifest,
  THEME_EXPORT_FORMAT,
  THEME_EXPORT_VERSION,
  THEME_IMPORT_LIMITS,
  themeDocument,
  type ExportAsset,
  type ThemeDocument,
} from '@htv/shared/areas/themes/index';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { files, recordTables } from '../../db/schema/index.js';
import { readerOf } from '../../files/access.js';
import { ArchiveSpool, type Archive } from '../../files/archive.js';
import { UploadInspector, UploadRejected } from '../../files/check.js';
import { UploadQuota } from '../../files/quota.js';
import { fetchRemote, RemoteRefused, remoteStream } from '../../files/remote.js';
import { contentDisposition } from '../../files/routes.js';
import { storageKeyFor, type Storage } from '../../files/storage.js';
import { zipStream, type ZipEntry } from '../../files/zip-writer.js';
import { AppError, forbidden, invalidFields } from '../../http/errors.js';
import { parseBoundedJson, unstorableTextPath } from '../../http/request-data.js';
import { ok } from '../../http/reply.js';
import { createRow } from '../../records/engine.js';
import { ownLevel, type Owner } from '../../tenancy/scope.js';
import { writeOpLog } from '../oplog/log.js';
import { usableMaterials } from '../material/service.js';
import { materialUses, publishFindings } from './check.js';
import { themes } from './schema.js';
import { checkedDraft, findingErrors, ownerOf, owns, recordMaterialUsage, rowFields, visibleTheme, type ThemeRow } from './service.js';

const tags = ['themes'];
const ALL = [1, 2, 3] as const;
const auth = (permission: string) => ({ auth: { userTypes: ALL, permission } });
const idParams = z.object({ id: idSchema });
const nameBody = z.strictObject({ name: z.string().trim().min(1).max(30).optional() });
const urlBody = z.strictObject({ url: z.string().trim().min(1).max(2000) });

const FIELDS = {
  name: { kind: 'text' as const, required: false, min: 1, max: 30, schema: z.unknown(), label: { 'zh-CN': '模板名称', 'en-US': 'Template name' } },
  url: { kind: 'text' as const, required: true, max: 2000, schema: z.unknown(), label: { 'zh-CN': '远程地址', 'en-US': 'Remote address' } },
};

/** A template name that fits the 30 characters: the original name shortened, the wording kept. */
export function derivedName(key: 'theme.copyName' | 'theme.backupName', lang: Lang, name: string, params: Record<string, unknown> = {}): string {
  const room = 30 - [...translate(key, lang, { ...params, name: '' })].length;
  return translate(key, lang, { ...params, name: [...name].slice(0, Math.max(1, room)).join('') });
}

/** A document as a new, free theme: no link to a brand template, private until its owner shares it. */
export function freshDocument(doc: ThemeDocument, name?: string): ThemeDocument {
  const copy = structuredClone(doc);
  delete copy.theme.baseThemeId;
  copy.theme.visibility = 'private';
  if (name) copy.theme.name = name;
  return copy;
}

/** Inserts a theme whose draft is `doc`, owned by `owner`, with its material usage and a log row. */
export async function insertTheme(tx: Db, request: FastifyRequest, owner: Owner, doc: ThemeDocument, action: string, extra: { locked?: boolean; from?: number } = {}): Promise<ThemeRow> {
  const actor = actorOf(request);
  const [created] = await tx
    .insert(themes)
    .values({ ...rowFields(doc), ...owner, draft: doc, draftSavedBy: actor.name, locked: extra.locked ?? false })
    .returning();
  await recordMaterialUsage(tx, created!);
  await writeOpLog(tx, actor, { action, recordType: 'theme', recordId: created!.id, after: { name: created!.name, from: extra.from } }, request.ip);
  return created!;
}

/** What the calls that make a theme answer: the new theme. */
export const themeAnswer = (row: ThemeRow) => ({ id: row.id, name: row.name, status: row.status, locked: row.locked, brandId: row.brandId, hotelId: row.hotelId });

/** A time for backup names: 261125-0810 (UTC). */
const backupStamp = (at: Date) => at.toISOString().slice(2, 16).replace(/-/g, '').replace('T', '-').replace(':', '');

/** An asset of an import: what the manifest says of it, and how to read its bytes. */
interface IncomingAsset {
  asset: ExportAsset;
  open: () => AsyncIterable<Buffer>;
}

/** A 422 on `field` for a refused import source. */
function sourceFailure(error: unknown, field: string): unknown {
  if (error instanceof UploadRejected) return error.toAppError(field);
  if (error instanceof RemoteRefused) return invalidFields({ [field]: { key: error.key, params: error.params } });
  return error;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A file's JSON, or undefined when it is not JSON, nests too deeply or holds text the database cannot store. */
const json = (bytes: Buffer): unknown => {
  const value = parseBoundedJson(bytes.toString('utf8'));
  return unstorableTextPath(value) ? undefined : value;
};

export interface TransferOptions {
  quotaMb?: number;
}

/**
 * Copy, backup, export and import of themes (docs/themes.md, "Copy, backup, export and import"). An
 * import writes everything in one transaction (the theme, its new materials and their files); the bytes
 * it stored are removed again when anything fails.
 */
export function registerThemeTransfer(app: FastifyInstance, db: Db, storage: Storage, options: TransferOptions = {}): void {
  const quota = new UploadQuota(options.quotaMb);
  const importing = new Set<number>();

  app.post(
    '/api/admin/theme/:id/copy',
    { schema: { tags, params: idParams, body: nameBody, summary: "Copies a theme of the caller's reach into a new draft theme of the caller's level" }, config: { ...auth('theme.create'), fields: FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const source = await visibleTheme(db, actor, (request.params as { id: number }).id);
      const name = (request.body as { name?: string }).name ?? derivedName('theme.copyName', request.lang, source.name);
      const document = freshDocument(source.draft as ThemeDocument, name);
      const row = await db.transaction((tx) => insertTheme(tx, request, ownLevel(actor), document, 'theme_copy', { from: source.id }));
      return ok(themeAnswer(row));
    },
  );

  app.post(
    '/api/admin/theme/:id/backup',
    { schema: { tags, params: idParams, summary: 'Backs up a theme the caller changes: a locked copy beside it, named with the time' }, config: auth('theme.create') },
    async (request) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        const source = await visibleTheme(tx, actor, (request.params as { id: number }).id);
        if (!owns(actor, source)) throw forbidden();
        const document = freshDocument(source.draft as ThemeDocument, derivedName('theme.backupName', request.lang, source.name, { at: backupStamp(new Date()) }));
        return insertTheme(tx, request, ownerOf(source), document, 'theme_backup', { locked: true, from: source.id });
      });
      return ok(themeAnswer(row));
    },
  );

  app.get('/api/admin/theme/:id/export', { schema: { tags, params: idParams, summary: 'The theme as a zip: theme.json, manifest.json (sizes, sha256) and the asset files' }, config: auth('theme.read') }, async (request, reply) => {
    const actor = actorOf(request);
    const row = await visibleTheme(db, actor, (request.params as { id: number }).id);
    const findings = await publishFindings(db, ownerOf(row), row.draft);
    if (findings.length) throw new AppError('validation', 'theme.documentInvalid', { count: findings.length }, (lang) => findingErrors(findings, lang));
    const document = row.draft as ThemeDocument;
    const assets = await exportAssets(db, [...new Set(materialUses(document).map((use) => use.id))]);
    const manifest = { assets: assets.map(({ storageKey: _key, ...asset }) => asset) };
    const entries: ZipEntry[] = [
      { name: 'theme.json', data: Buffer.from(JSON.stringify({ format: THEME_EXPORT_FORMAT, version: THEME_EXPORT_VERSION, document }, null, 2)) },
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    ];
    const written = new Set<string>();
    for (const asset of assets) {
      if (written.has(asset.path)) continue;
      written.add(asset.path);
      entries.push({ name: asset.path, size: asset.size, open: () => storedBytes(storage, asset.storageKey) });
    }
    reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition('application/zip', `${row.name}.zip`));
    return reply.send(Readable.from(zipStream(entries)));
  });

  /** One import at a time per user: an import holds files and a transaction for a while. */
  async function oneAtATime<T>(actor: Actor, run: () => Promise<T>): Promise<T> {
    if (importing.has(actor.userId)) throw new AppError('rateLimited', 'upload.busy');
    importing.add(actor.userId);
    try {
      return await run();
    } finally {
      importing.delete(actor.userId);
    }
  }

  app.post('/api/admin/theme/import', { schema: { tags, summary: 'Imports an exported zip (multipart field `file`) as a new draft theme of the caller' }, config: auth('theme.create') }, async (request) => {
    const actor = actorOf(request);
    return oneAtATime(actor, async () => {
      if (!request.isMultipart()) throw invalidFields({ file: { key: 'theme.importFile' } });
      const part = await request.file({ limits: { files: 1, fileSize: THEME_IMPORT_LIMITS.zipBytes + 1 }, throwFileSizeLimit: false }).catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode) throw error;
        throw new AppError('badRequest', 'error.badRequest');
      });
      if (!part || part.fieldname !== 'file') throw invalidFields({ file: { key: 'theme.importFile' } });
      const spool = await ArchiveSpool.create();
      try {
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > THEME_IMPORT_LIMITS.zipBytes) {
            request.raw.unpipe();
            request.raw.resume();
            throw invalidFields({ file: { key: 'upload.tooLarge', params: { max: formatBytes(THEME_IMPORT_LIMITS.zipBytes) } } });
          }
          await spool.write(chunk);
        }
        const archive = await spool.read(THEME_IMPORT_LIMITS.archive).catch((error: unknown) => {
          throw sourceFailure(error, 'file');
        });
        const { document, assets } = await readExport(archive);
        return ok(themeAnswer(await importTheme(request, document, assets, 'file')));
      } finally {
        await spool.discard();
      }
    });
  });

  app.post(
    '/api/admin/theme/import-url',
    { schema: { tags, body: urlBody, summary: 'Imports a remote theme JSON (and the assets it lists) as a new draft theme of the caller' }, config: { ...auth('theme.create'), fields: FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const { url } = request.body as z.infer<typeof urlBody>;
      return oneAtATime(actor, async () => {
        const timeoutMs = THEME_IMPORT_LIMITS.remoteTimeoutSeconds * 1000;
        const bytes = await fetchRemote(url, { maxBytes: THEME_IMPORT_LIMITS.jsonBytes, timeoutMs }).catch((error: unknown) => {
          throw sourceFailure(error, 'url');
        });
        const envelope = exportEnvelope.safeParse(json(bytes));
        if (!envelope.success) throw invalidFields({ url: { key: 'theme.importFormat', params: { name: 'theme.json' } } });
        const assets = (envelope.data.assets ?? []).map((asset) => ({
          asset,
          open: () => remoteStream(new URL(asset.path, url).href, { maxBytes: asset.size, timeoutMs }),
        }));
        return ok(themeAnswer(await importTheme(request, envelope.data.document, assets, 'url')));
      });
    },
  );

  /** theme.json and manifest.json of an export zip, and how to read each listed asset from it. */
  async function readExport(archive: Archive): Promise<{ document: unknown; assets: IncomingAsset[] }> {
    const read = async (name: string) => {
      const entry = archive.entry(name);
      if (!entry) throw invalidFields({ file: { key: 'theme.importFormat', params: { name } } });
      if (entry.size > THEME_IMPORT_LIMITS.jsonBytes) throw invalidFields({ file: { key: 'theme.importTooLarge', params: { name, max: formatBytes(THEME_IMPORT_LIMITS.jsonBytes) } } });
      return json(await collect(archive.open(entry)).catch((error: unknown) => {
        throw sourceFailure(error, 'file');
      }));
    };
    const envelope = exportEnvelope.safeParse(await read('theme.json'));
    if (!envelope.success) throw invalidFields({ file: { key: 'theme.importFormat', params: { name: 'theme.json' } } });
    const manifest = exportManifest.safeParse(await read('manifest.json'));
    if (!manifest.success) throw invalidFields({ file: { key: 'theme.importFormat', params: { name: 'manifest.json' } } });
    const assets = manifest.data.assets.map((asset) => {
      const entry = archive.entry(asset.path);
      if (!entry || entry.size !== asset.size) throw invalidFields({ file: { key: 'theme.importAssetMissing', params: { name: asset.path } } });
      return { asset, open: () => archive.open(entry) };
    });
    return { document: envelope.data.document, assets };
  }

  /**
   * The import itself: the document checked by the shared schema (422 on its paths), every material it
   * uses found in the assets, each asset checked by content like a material upload and compared with
   * its sha256, reused when the importer already has a material with those bytes, and otherwise added
   * to the importer's library; then the theme, with its material ids rewritten, in one transaction.
   */
  async function importTheme(request: FastifyRequest, input: unknown, incoming: IncomingAsset[], sourceField: string): Promise<ThemeRow> {
    const actor = actorOf(request);
    const owner = ownLevel(actor);
    const document = freshDocument(await checkedDraft(db, await withKnownCategory(db, input)));
    const uses = materialUses(document);
    const byId = new Map(incoming.map((item) => [item.asset.id, item]));
    const unlisted = uses.filter((use) => !byId.has(use.id));
    if (unlisted.length) throw invalidFields(Object.fromEntries(unlisted.map((use) => [use.path, { key: 'theme.importAssetUnlisted', params: { id: use.id } }])));
    const needed = [...new Map(uses.map((use) => [use.id, byId.get(use.id)!])).values()];

    const existing = await existingMaterials(db, actor, needed.map((item) => item.asset.sha256));
    // Declared sizes bound what is fetched or unpacked before any byte is stored: the import's total and the quota.
    const adding = [...new Map(needed.filter((item) => !existing.has(item.asset.sha256)).map((item) => [item.asset.sha256, item.asset.size])).values()].reduce((sum, size) => sum + size, 0);
    const { maxTotalBytes } = THEME_IMPORT_LIMITS.archive;
    if (adding > maxTotalBytes) throw invalidFields({ [sourceField]: { key: 'theme.importTooLarge', params: { name: 'assets', max: formatBytes(maxTotalBytes) } } });
    const [limit, used] = await Promise.all([quota.limit(db, owner), quota.used(db, owner)]);
    if (limit !== null && used + adding > limit) throw invalidFields({ [sourceField]: { key: 'upload.quotaExceeded', params: { used: formatBytes(used), max: formatBytes(limit) } } });
    const stored: { id: string; key: string; item: IncomingAsset; mime: string; width: number | null; height: number | null }[] = [];
    const storedBySha = new Map<string, (typeof stored)[number]>();
    const cleanup: string[] = [];
    try {
      for (const item of needed) {
        if (existing.has(item.asset.sha256) || storedBySha.has(item.asset.sha256)) continue;
        const id = randomUUID();
        const key = storageKeyFor(id);
        const inspector = new UploadInspector(uploadRules.material);
        cleanup.push(key);
        try {
          await storage.put(key, pipeline(Readable.from(item.open()), inspector, () => undefined));
        } catch (error) {
          throw sourceFailure(error instanceof UploadRejected ? new UploadRejected('theme.importAssetMissing', { name: `${item.asset.name}: ${translate(error.key, request.lang, error.params)}` }) : error, sourceField);
        }
        const found = inspector.inspected;
        if (found.sha256 !== item.asset.sha256 || found.size !== item.asset.size) throw invalidFields({ [sourceField]: { key: 'theme.importAssetMissing', params: { name: item.asset.name } } });
        const entry = { id, key, item, mime: found.mime, width: found.width, height: found.height };
        stored.push(entry);
        storedBySha.set(found.sha256, entry);
      }
      return await db.transaction(async (tx) => {
        const mapping = new Map<number, number>();
        if (stored.length) {
          await quota.admit(tx, owner, stored.reduce((sum, s) => sum + s.item.asset.size, 0), (q) =>
            q.insert(files).values(
              stored.map((s) => ({
                id: s.id,
                storageKey: s.key,
                name: s.item.asset.name,
                mime: s.mime,
                size: s.item.asset.size,
                width: s.width,
                height: s.height,
                rule: 'material',
                sha256: s.item.asset.sha256,
                brandId: owner.brandId,
                hotelId: owner.hotelId,
                uploadedBy: actor.userId,
              })),
            ),
          );
        }
        for (const item of needed) {
          const reused = existing.get(item.asset.sha256);
          if (reused !== undefined) {
            mapping.set(item.asset.id, reused);
            continue;
          }
          const file = storedBySha.get(item.asset.sha256)!;
          const material = await createRow({ db: tx, actor, ip: request.ip, storage }, records.material, { name: item.asset.name, fileId: file.id, folder: document.theme.name });
          if (material.thumbnailId) cleanup.push(storageKeyFor(material.thumbnailId as string));
          existing.set(item.asset.sha256, material.id);
          mapping.set(item.asset.id, material.id);
        }
        return insertTheme(tx, request, owner, rewriteMaterials(document, mapping), 'theme_import');
      });
    } catch (error) {
      await Promise.all(cleanup.map((key) => storage.delete(key).catch((e: unknown) => request.log.error({ err: e, key }, 'could not remove a file of a failed import'))));
      throw error;
    }
  }
}

/** The bytes of a stored file, for the export's second reading. */
async function* storedBytes(storage: Storage, key: string): AsyncGenerator<Buffer> {
  const stored = await storage.get(key);
  if (!stored) throw new Error(`stored bytes missing: ${key}`);
  for await (const chunk of stored.stream) yield chunk as Buffer;
}

/** The manifest entries of the materials a theme uses (the publish check has resolved them already). */
async function exportAssets(db: Db, ids: number[]): Promise<(ExportAsset & { storageKey: string })[]> {
  if (!ids.length) return [];
  const materials = recordTables.material!;
  const rows = await db
    .select({ id: materials.id, name: materials.name, size: files.size, sha256: files.sha256, storageKey: files.storageKey })
    .from(materials)
    .innerJoin(files, sql`${files.id}::text = ${materials.fileId}`)
    .where(inArray(materials.id, ids));
  return rows.map((row) => ({ id: row.id as number, name: row.name as string, size: row.size, sha256: row.sha256, path: `assets/${row.sha256}`, storageKey: row.storageKey }));
}

/** Materials the actor may already use, by the sha256 of their file: an import reuses them. */
async function existingMaterials(db: Db, actor: Actor, hashes: string[]): Promise<Map<string, number>> {
  if (!hashes.length) return new Map();
  const materials = recordTables.material!;
  const rows = await db
    .select({ id: materials.id, sha256: files.sha256 })
    .from(materials)
    .innerJoin(files, sql`${files.id}::text = ${materials.fileId}`)
    .where(and(inArray(files.sha256, hashes), usableMaterials(readerOf(actor), materials)))
    .orderBy(materials.id);
  const found = new Map<string, number>();
  for (const row of rows) if (!found.has(row.sha256)) found.set(row.sha256, row.id as number);
  return found;
}

/** A category of another system is not this one's: an import keeps it only when it exists here. */
async function withKnownCategory(db: Db, input: unknown): Promise<unknown> {
  const typeId = (input as { theme?: { typeId?: unknown } } | null)?.theme?.typeId;
  if (typeof typeId !== 'number' || !Number.isSafeInteger(typeId) || typeId < 1 || typeId > 2_147_483_647) return input;
  const types = recordTables.themeType!;
  const [found] = await db.select({ id: types.id }).from(types).where(eq(types.id, typeId));
  if (found) return input;
  const copy = structuredClone(input) as { theme: Record<string, unknown> };
  copy.theme.typeId = null;
  return copy;
}

/**
 * The document with every material id replaced through `mapping`. Material references are the fields
 * named `materialId`, `materialIds` or ending in `MaterialId(s)` (the block registry's convention);
 * the result is checked against `materialUses`, so a block type that breaks the convention is caught.
 */
export function rewriteMaterials(doc: ThemeDocument, mapping: ReadonlyMap<number, number>): ThemeDocument {
  const isRef = (key: string) => /^(materialIds?|\w+MaterialIds?)$/.test(key);
  const map = (id: unknown) => (typeof id === 'number' ? (mapping.get(id) ?? id) : id);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isRef(key) ? (Array.isArray(item) ? item.map(map) : map(item)) : walk(item)]));
  };
  const rewritten = themeDocument.parse(walk(doc));
  const expected = materialUses(doc).map((use) => mapping.get(use.id) ?? use.id);
  const got = materialUses(rewritten).map((use) => use.id);
  if (JSON.stringify(expected) !== JSON.stringify(got)) throw new Error('a material reference does not follow the naming convention');
  return rewritten;
}
