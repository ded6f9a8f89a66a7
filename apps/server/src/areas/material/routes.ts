import { idSchema, records, type FieldDef } from '@htv/shared';
import type { MaterialKind } from '@htv/shared/areas/material/records';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { readerOf } from '../../files/access.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { conflict, forbidden, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks, type RecordHooks } from '../../records/hooks.js';
import type { Row, WriteContext } from '../../records/engine.js';
import { setRowAccess } from '../../tenancy/scope.js';
import { makeThumbnail, probeMedia } from './media.js';
import { materialsUsableBy, materialUsers, usableMaterials } from './service.js';

const tags = ['material'];

/** The kind of a material, from the MIME type its content was detected as. */
function kindOf(mime: string): MaterialKind | null {
  const top = mime.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' || top === 'font' ? top : null;
}

/**
 * Rows the actor changes: those of its own reach (a brand's and its hotels', a hotel's own). Rows
 * shared from above (the platform's, a hotel's brand's) are used, never changed, from below.
 */
function owns(actor: Actor, row: Row): boolean {
  if (actor.userType === 1) return true;
  if (actor.userType === 2) return actor.brandId !== null && row.brandId === actor.brandId;
  return actor.hotelId !== null && row.hotelId === actor.hotelId;
}

/**
 * The facts of a material come from its file: kind, size, pixel size, duration and a thumbnail (of
 * pictures), computed when the file is set or replaced; a client's values for them are ignored.
 */
async function describe(ctx: WriteContext, storage: Storage, fileId: string): Promise<Record<string, unknown>> {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  const kind = file && kindOf(file.mime);
  if (!file || !kind) throw invalidFields({ fileId: { key: 'upload.badRef', params: { field: records.material.fields.fileId.label } } });
  const facts = { kind, size: file.size, width: file.width, height: file.height, durationMs: null as number | null, thumbnailId: null as string | null };
  if (kind === 'video' || kind === 'audio') {
    const media = await probeMedia(storage, file.storageKey, file.size).catch(() => null);
    // A video needs a picture size and a length, audio a length: a file without them is not playable.
    if (!media?.durationMs || (kind === 'video' && !(media.width && media.height))) throw invalidFields({ fileId: { key: 'material.unreadableMedia' } });
    Object.assign(facts, kind === 'video' ? media : { durationMs: media.durationMs });
  }
  if (kind === 'image') facts.thumbnailId = await storeThumbnail(ctx, storage, file);
  return facts;
}

/** Stores a picture's thumbnail as a file of the picture's own owner, so whoever reads one reads both. */
async function storeThumbnail(ctx: WriteContext, storage: Storage, source: typeof files.$inferSelect): Promise<string> {
  const thumbnail = await makeThumbnail(storage, source.storageKey).catch(() => {
    throw invalidFields({ fileId: { key: 'upload.badType', params: { types: 'jpeg, png, webp, gif, bmp' } } });
  });
  return storeGeneratedFile(ctx.db, storage, {
    ...thumbnail,
    name: `${source.name.replace(/\.[^.]*$/, '')}.webp`,
    mime: 'image/webp',
    rule: 'materialThumbnail',
    brandId: source.brandId,
    hotelId: source.hotelId,
    uploadedBy: ctx.actor.userId,
  });
}

/** The storage of the write's app (a material's facts are read from its file). */
function storageOf(ctx: WriteContext): Storage {
  if (!ctx.storage) throw new Error('a material write needs the storage of its files');
  return ctx.storage;
}

const materialHooks: RecordHooks = {
  async beforeWrite(ctx, values, existing) {
    if (existing && !owns(ctx.actor, existing)) throw forbidden();
    const { kind: _kind, size: _size, width: _width, height: _height, durationMs: _duration, thumbnailId: _thumbnail, ...rest } = values;
    const fileId = rest.fileId as string | undefined;
    if (fileId === undefined || fileId === existing?.fileId) return rest;
    return { ...rest, ...(await describe(ctx, storageOf(ctx), fileId)) };
  },
  async beforeDelete(ctx, rows) {
    if (rows.some((row) => !owns(ctx.actor, row))) throw forbidden();
    const users = await materialUsers(ctx.db, rows.map((row) => row.id as number));
    const used = rows.find((row) => users.has(row.id as number));
    if (used) throw conflict('material.inUse', { name: used.name, users: users.get(used.id as number) });
  },
};

let hooksRegistered = false;

/** Loose field declarations that name request fields in validation messages. */
const FIELDS: Record<string, FieldDef> = {
  material_urls: { kind: 'text', required: true, schema: z.unknown(), label: { 'zh-CN': '素材地址', 'en-US': 'Material URLs' } },
  material_ids: { kind: 'text', required: false, schema: z.unknown(), label: { 'zh-CN': '素材编号', 'en-US': 'Material ids' } },
};

/** Most materials one `getinfo` answers about (a theme uses far fewer). */
export const GETINFO_MAX = 500;

/** Addresses (the spec's call), or ids (a theme document names its materials by id); 500 in all at most. */
const getinfoBody = z.object({
  material_urls: z.array(z.string().max(300)).max(GETINFO_MAX).default([]),
  material_ids: z.array(idSchema).max(GETINFO_MAX).default([]),
});

/** The material library: its record hooks, sharing downward, and the metadata call themes use. */
export function registerMaterial(app: FastifyInstance, db: Db): void {
  if (!hooksRegistered) {
    hooksRegistered = true;
    addRecordHooks('material', materialHooks);
    // Lists, options and references see the materials shared from above; writes stay within `owns`.
    setRowAccess('material', (table, actor) => usableMaterials(readerOf(actor), table));
  }

  app.post(
    '/api/admin/material/getinfo',
    {
      schema: { body: getinfoBody, tags, summary: 'Metadata of the given materials (by address) that the caller may use; others are left out' },
      // Any console user: the theme editor asks too, and the answer never leaves the caller's reach.
      config: { auth: { userTypes: [1, 2, 3] }, fields: FIELDS },
    },
    async (request) => {
      const { material_urls: urls, material_ids: ids } = request.body as z.infer<typeof getinfoBody>;
      if (urls.length + ids.length > GETINFO_MAX) throw invalidFields({ material_urls: { key: 'validation.maxItems', params: { field: FIELDS.material_urls!.label, max: GETINFO_MAX } } });
      const { usable } = await materialsUsableBy(db, actorOf(request), [...urls, ...ids]);
      return ok(usable);
    },
  );
}
