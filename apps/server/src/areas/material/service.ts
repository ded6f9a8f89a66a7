import { records, type Text } from '@htv/shared';
import { MATERIAL_USER_KINDS, type MaterialUserKind } from '@htv/shared/areas/material/messages';
import type { MaterialKind } from '@htv/shared/areas/material/records';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { recordTables, type RecordTable } from '../../db/schema/index.js';
import { readerAt, readerOf, type Reader } from '../../files/access.js';
import { FILE_URL_PATTERN, isUuid } from '../../files/storage.js';
import type { Owner } from '../../tenancy/scope.js';
import { materialUsages } from './schema.js';

const table = (): RecordTable => recordTables.material!;

/** What `getinfo` and the theme's publish check know of a material. */
export interface MaterialInfo {
  id: number;
  name: string;
  kind: MaterialKind;
  /** `/api/files/<id>`: how themes and TVs address the material. */
  url: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  thumbnailUrl: string | null;
  folder: string | null;
  tags: string | null;
  brandId: number | null;
  hotelId: number | null;
}

/** A material named by its id, or by its address (`/api/files/<uuid>`, with or without a host before it). */
export type MaterialRef = number | string;

/** A user of materials: a theme (later a boot setting or content item), named in the "in use" refusal. */
export interface MaterialUser {
  kind: MaterialUserKind;
  id: number;
  name: string;
}

const fileUrl = (id: string | null) => (id ? `/api/files/${id}` : null);
const FILE_URL = new RegExp(`${FILE_URL_PATTERN}$`);

/**
 * Materials usable at a reader's level, sharing downward: the platform uses every material; a brand
 * the platform's and its brand's (its own and its hotels'); a hotel the platform's, its brand's at
 * brand level, and its own hotel's. Never a sibling hotel's or another brand's.
 */
export function usableMaterials(reader: Reader, t: RecordTable = table()): SQL | undefined {
  if (reader.level === 'platform') return undefined;
  const platform = isNull(t.brandId);
  if (reader.brandId === null) return platform;
  if (reader.level === 'brand') return or(platform, eq(t.brandId, reader.brandId));
  const parts: SQL[] = [platform, and(eq(t.brandId, reader.brandId), isNull(t.hotelId))!];
  if (reader.hotelId !== null) parts.push(eq(t.hotelId, reader.hotelId));
  return or(...parts);
}

/**
 * Materials a row owned at `owner` may use: those every reader of the row may read. A platform row
 * (shown to every brand and hotel) uses the platform's materials only.
 */
function usableByRowOf(owner: Owner, t: RecordTable): SQL | undefined {
  return owner.brandId === null ? isNull(t.brandId) : usableMaterials(readerAt(owner), t);
}

function toInfo(row: Record<string, unknown> & { mime: string }): MaterialInfo {
  return {
    id: row.id as number,
    name: row.name as string,
    kind: row.kind as MaterialKind,
    url: fileUrl(row.fileId as string)!,
    mime: row.mime,
    size: row.size as number,
    width: (row.width as number | null) ?? null,
    height: (row.height as number | null) ?? null,
    durationMs: (row.durationMs as number | null) ?? null,
    thumbnailUrl: fileUrl(row.thumbnailId as string | null),
    folder: (row.folder as string | null) ?? null,
    tags: (row.tags as string | null) ?? null,
    brandId: (row.brandId as number | null) ?? null,
    hotelId: (row.hotelId as number | null) ?? null,
  };
}

const isActor = (by: Actor | Owner): by is Actor => 'userType' in by;

/**
 * The materials `refs` names that `by` may use: an actor at its own level, or a row's owner (a theme
 * of a hotel may use the platform's, its brand's and its hotel's materials; a platform theme only
 * the platform's). `missing` keeps the refs,
 * as given, that name no material or one outside that reach: the same answer for both, so nothing
 * is learnt of other tenants' materials.
 */
export async function materialsUsableBy(db: Db, by: Actor | Owner, refs: readonly MaterialRef[]): Promise<{ usable: MaterialInfo[]; missing: MaterialRef[] }> {
  const ids = new Set<number>();
  const fileIds = new Set<string>();
  const keyOf = (ref: MaterialRef): string | null => {
    if (typeof ref === 'number') return Number.isSafeInteger(ref) && ref > 0 && ref <= 2_147_483_647 ? `id:${ref}` : null;
    const fileId = FILE_URL.exec(ref)?.[1] ?? (isUuid(ref) ? ref : undefined);
    return fileId ? `file:${fileId}` : null;
  };
  for (const ref of refs) {
    const key = keyOf(ref);
    if (key?.startsWith('id:')) ids.add(Number(key.slice(3)));
    else if (key) fileIds.add(key.slice(5));
  }
  const t = table();
  const named = [ids.size ? inArray(t.id, [...ids]) : undefined, fileIds.size ? inArray(t.fileId, [...fileIds]) : undefined].filter(Boolean) as SQL[];
  const rows = named.length
    ? await db
        .select({ row: t, mime: sql<string>`coalesce((select mime from files where files.id::text = ${t.fileId}), '')` })
        .from(t)
        .where(and(or(...named), isActor(by) ? usableMaterials(readerOf(by), t) : usableByRowOf(by, t)))
    : [];
  const usable = rows.map(({ row, mime }) => toInfo({ ...row, mime }));
  const byKey = new Map<string, MaterialInfo>();
  for (const info of usable) {
    byKey.set(`id:${info.id}`, info);
    byKey.set(`file:${info.url.slice('/api/files/'.length)}`, info);
  }
  const missing = refs.filter((ref) => {
    const key = keyOf(ref);
    return !key || !byKey.has(key);
  });
  return { usable, missing };
}

/**
 * Records which materials one user uses, replacing what it used before: call it in the user's save
 * transaction with the ids `materialsUsableBy` answered, and with none when the user is deleted.
 */
export async function setMaterialUsage(db: Db, user: MaterialUser, materialIds: readonly number[]): Promise<void> {
  await db.delete(materialUsages).where(and(eq(materialUsages.userKind, user.kind), eq(materialUsages.userId, user.id)));
  const unique = [...new Set(materialIds)];
  if (unique.length) await db.insert(materialUsages).values(unique.map((materialId) => ({ materialId, userKind: user.kind, userId: user.id, userName: user.name })));
}

/** How many users an "in use" refusal names before it counts the rest. */
const NAMED_USERS = 5;

/** The users of each of the given materials, for the "in use" refusal: 'theme "Lobby", theme "Spa"'. */
export async function materialUsers(db: Db, materialIds: readonly number[]): Promise<Map<number, Text>> {
  const rows = materialIds.length ? await db.select().from(materialUsages).where(inArray(materialUsages.materialId, [...materialIds])) : [];
  const grouped = new Map<number, (typeof rows)[number][]>();
  for (const row of rows) grouped.set(row.materialId, [...(grouped.get(row.materialId) ?? []), row]);
  const named = new Map<number, Text>();
  for (const [materialId, users] of grouped) {
    const label = (kind: string) => MATERIAL_USER_KINDS[kind as MaterialUserKind] ?? records.material.label;
    const shown = users.slice(0, NAMED_USERS);
    const rest = users.length - shown.length;
    named.set(materialId, {
      'zh-CN': shown.map((u) => `${label(u.userKind)['zh-CN']}「${u.userName}」`).join('、') + (rest ? `等${users.length}处` : ''),
      'en-US': shown.map((u) => `${label(u.userKind)['en-US']} "${u.userName}"`).join(', ') + (rest ? ` and ${rest} more` : ''),
    });
  }
  return named;
}
