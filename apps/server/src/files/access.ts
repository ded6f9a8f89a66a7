import type { FieldDef, MessageKey, RecordDef } from '@htv/shared';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { invalidFields, notFound } from '../http/errors.js';
import type { Owner } from '../tenancy/scope.js';
import { FILE_URL_PATTERN, isUuid } from './storage.js';

/** Who reads a file: the platform, a brand, or a hotel (of a brand). */
export type Reader = { level: 'platform' } | { level: 'brand'; brandId: number | null } | { level: 'hotel'; brandId: number | null; hotelId: number | null };

export function readerOf(actor: Actor): Reader {
  if (actor.userType === 1) return { level: 'platform' };
  if (actor.userType === 2) return { level: 'brand', brandId: actor.brandId };
  return { level: 'hotel', brandId: actor.brandId, hotelId: actor.hotelId };
}

/** The readers of a row owned at `owner`'s level (a record's brand or hotel, or the platform). */
export function readerAt(owner: Owner): Reader {
  if (owner.brandId === null) return { level: 'platform' };
  if (owner.hotelId === null) return { level: 'brand', brandId: owner.brandId };
  return { level: 'hotel', brandId: owner.brandId, hotelId: owner.hotelId };
}

/**
 * Files a reader may fetch: every file for the platform; for a brand, the platform's files and its
 * brand's (at brand level or of any of its hotels); for a hotel, the platform's, its brand's at brand
 * level, and its own hotel's.
 */
export function canReadFile(reader: Reader, file: Owner): boolean {
  if (reader.level === 'platform' || file.brandId === null) return true;
  if (reader.level === 'brand') return reader.brandId !== null && file.brandId === reader.brandId;
  if (file.hotelId === null) return reader.brandId !== null && file.brandId === reader.brandId;
  return reader.hotelId !== null && file.hotelId === reader.hotelId;
}

/** `canReadFile` as a condition on the files table (undefined: no restriction). */
export function readableFiles(reader: Reader): SQL | undefined {
  if (reader.level === 'platform') return undefined;
  const platform = isNull(files.brandId);
  if (reader.level === 'brand') return reader.brandId === null ? platform : or(platform, eq(files.brandId, reader.brandId));
  const parts: SQL[] = [platform];
  if (reader.brandId !== null) parts.push(and(eq(files.brandId, reader.brandId), isNull(files.hotelId))!);
  if (reader.hotelId !== null) parts.push(eq(files.hotelId, reader.hotelId));
  return or(...parts) ?? sql`false`;
}

/** Kinds whose values name stored files: ids, lists of ids, and rich text with pictures or video of ours. */
const FILE_KINDS = new Set(['file', 'files', 'richText']);

function idsOf(field: FieldDef, value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  if (field.kind === 'richText') return typeof value === 'string' ? [...value.matchAll(new RegExp(FILE_URL_PATTERN, 'g'))].map((match) => match[1]) : [];
  return field.kind === 'files' && Array.isArray(value) ? value : [value];
}

/**
 * Every `file` / `files` value in `values`, and every file a `richText` value shows, must be the id of
 * a stored file the writer can read, and that was uploaded under the field's `upload` rule if it has one. With `owner` (the row's brand and hotel), the file
 * must also be readable at the row's own level, so the row's readers can fetch it. Throws a 422 naming
 * the bad fields. Only fields present in `values` are checked (partial updates).
 */
export async function checkFileRefs(db: Db, actor: Actor, def: Pick<RecordDef, 'fields'>, values: Record<string, unknown>, owner?: Owner): Promise<void> {
  const wanted: { name: string; field: FieldDef; ids: unknown[] }[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (!FILE_KINDS.has(field.kind) || !(name in values)) continue;
    const ids = idsOf(field, values[name]);
    if (ids.length) wanted.push({ name, field, ids });
  }
  if (!wanted.length) return;
  const all = wanted.flatMap((w) => w.ids);
  // A malformed, missing or unreadable id is outside the writer's reach: "not found", like any foreign id.
  if (!all.every(isUuid)) throw notFound();
  const lookup = [...new Set(all as string[])];
  const readable = await db
    .select({ id: files.id, rule: files.rule })
    .from(files)
    .where(and(inArray(files.id, lookup), readableFiles(readerOf(actor))));
  if (readable.length !== lookup.length) throw notFound();
  const rules = new Map(readable.map((row) => [row.id, row.rule]));
  const atOwner = owner
    ? new Set((await db.select({ id: files.id }).from(files).where(and(inArray(files.id, lookup), readableFiles(readerAt(owner))))).map((row) => row.id))
    : undefined;
  // A file of the wrong kind, or one the row's own readers could not fetch, is a field error.
  const bad: Record<string, { key: MessageKey; params: Record<string, unknown> }> = {};
  for (const { name, field, ids } of wanted) {
    if (ids.some((id) => (field.upload && rules.get(id as string) !== field.upload) || (atOwner && !atOwner.has(id as string)))) bad[name] = { key: 'upload.badRef', params: { field: field.label } };
  }
  if (Object.keys(bad).length) throw invalidFields(bad);
}
