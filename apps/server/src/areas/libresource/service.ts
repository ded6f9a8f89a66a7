import { introductionFileIds } from '@htv/shared/areas/introduction/device';
import type { LibrarySnapshot } from '@htv/shared/areas/libresource/schemas';
import { and, desc, eq, exists, inArray, lte, or, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/core.js';
import { recordTables } from '../../db/schema/index.js';
import { invalidateConfig } from '../devices/plugin.js';
import { introReviews, resourceFileRefs, resourceLibraries, resourceVersionHotels, resourceVersions } from './schema.js';

type Row = Record<string, unknown>;

/** A row as JSON keeps it (times as ISO strings): what a snapshot holds. */
const plain = (rows: unknown[]): Row[] => JSON.parse(JSON.stringify(rows)) as Row[];

/** A hotel's own introductions and music, as rows: what a library copies. */
export async function snapshotOfHotel(db: Db, hotelId: number): Promise<LibrarySnapshot> {
  const tables = [recordTables.introType!, recordTables.introItem!, recordTables.introCustom!, recordTables.musicAlbum!, recordTables.musicSong!];
  const [introTypes, introItems, introPages, musicAlbums, musicSongs] = await Promise.all(tables.map((table) => db.select().from(table).where(eq(table.hotelId, hotelId)).orderBy(table.id)));
  return { introTypes: plain(introTypes!), introItems: plain(introItems!), introPages: plain(introPages!), musicAlbums: plain(musicAlbums!), musicSongs: plain(musicSongs!) };
}

/** Every upload a snapshot names (icons, backgrounds, videos, pictures, covers, songs). */
export function snapshotFileIds(snapshot: LibrarySnapshot): string[] {
  const ids = introductionFileIds(snapshot.introTypes as never, snapshot.introItems as never, snapshot.introPages as never);
  for (const album of snapshot.musicAlbums) if (typeof album.coverId === 'string') ids.add(album.coverId);
  for (const song of snapshot.musicSongs) if (typeof song.fileId === 'string') ids.add(song.fileId);
  return [...ids];
}

/** Replaces the uploads one owner (a library, a reviewed item) keeps. */
export async function keepFiles(db: Db, kind: 'library' | 'review', ownerId: number, fileIds: readonly string[]): Promise<void> {
  await db.delete(resourceFileRefs).where(and(eq(resourceFileRefs.kind, kind), eq(resourceFileRefs.ownerId, ownerId)));
  if (fileIds.length) await db.insert(resourceFileRefs).values(fileIds.map((fileId) => ({ kind, ownerId, fileId }))).onConflictDoNothing();
}

/** The published version a hotel holds (the newest published one sent to it), with its library's snapshot. */
export async function heldVersion(db: Db, hotelId: number): Promise<{ id: number; name: string | null; libraryId: number; title: string; publishedAt: Date | null; snapshot: LibrarySnapshot } | null> {
  const [hotel] = await db.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) return null;
  const v = resourceVersions;
  const vh = resourceVersionHotels;
  const [row] = await db
    .select({ id: v.id, name: v.name, libraryId: v.libraryId, title: resourceLibraries.title, publishedAt: v.publishedAt, snapshot: resourceLibraries.snapshot })
    .from(v)
    .innerJoin(resourceLibraries, eq(resourceLibraries.id, v.libraryId))
    .where(
      and(
        eq(v.brandId, hotel.brandId),
        eq(v.state, 'published'),
        or(eq(v.target, 'all'), exists(db.select({ one: sql`1` }).from(vh).where(and(eq(vh.versionId, v.id), eq(vh.hotelId, hotelId))))),
      ),
    )
    .orderBy(desc(v.publishedAt), desc(v.id))
    .limit(1);
  return row ? { ...row, snapshot: row.snapshot as LibrarySnapshot } : null;
}

export async function hotelSettings(db: Db, hotelId: number) {
  const [hotel] = await db.select({ brandId: hotels.brandId, introSource: hotels.introSource, reviewRequired: hotels.reviewRequired }).from(hotels).where(eq(hotels.id, hotelId));
  return hotel ?? null;
}

/**
 * The snapshot a hotel's TVs show instead of its own rows: its brand's held version when its
 * introduction source is the brand and a version was sent to it; else null (its own rows).
 */
export async function brandSnapshotFor(db: Db, hotelId: number): Promise<LibrarySnapshot | null> {
  const hotel = await hotelSettings(db, hotelId);
  if (!hotel || hotel.introSource !== 'brand') return null;
  return (await heldVersion(db, hotelId))?.snapshot ?? null;
}

/**
 * A hotel's introduction items as its TVs show them when it requires review: an item under review
 * shows its last passed content (the on/off switch is the hotel's own and applies at once), one never
 * passed is left out; items without a review (written while no review was required) are shown as they are.
 */
export async function reviewedItems(db: Db, hotelId: number, items: readonly Row[]): Promise<Row[]> {
  const reviews = await db.select({ itemId: introReviews.itemId, passed: introReviews.passed }).from(introReviews).where(eq(introReviews.hotelId, hotelId));
  const byItem = new Map(reviews.map((review) => [review.itemId, review.passed as Row | null]));
  const shown: Row[] = [];
  for (const item of items) {
    if (!byItem.has(item.id as number)) shown.push(item);
    else {
      const passed = byItem.get(item.id as number);
      if (passed) shown.push({ ...passed, id: item.id, enabled: item.enabled });
    }
  }
  return shown;
}

/**
 * Above this many hotels a version tells its brand's TVs at once rather than each hotel's: one
 * generation instead of one per hotel (each stored, published to the other processes and matched
 * against every cached terminal). The brand's other TVs refetch a configuration that did not change:
 * answered 304 by its ETag.
 */
export const BRAND_WIDE_PUSH_HOTELS = 50;

/** Tells the TVs of the hotels a version reaches that their content changed. */
export async function pushVersion(db: Db, version: { id: number; brandId: number; target: string }): Promise<void> {
  if (version.target === 'all') {
    invalidateConfig({ brandId: version.brandId });
    return;
  }
  const targets = await db.select({ hotelId: resourceVersionHotels.hotelId }).from(resourceVersionHotels).where(eq(resourceVersionHotels.versionId, version.id));
  if (targets.length > BRAND_WIDE_PUSH_HOTELS) invalidateConfig({ brandId: version.brandId });
  else for (const { hotelId } of targets) invalidateConfig({ hotelId });
}

/**
 * Publishes the timed versions whose time has come (each claimed once, across processes, by the
 * update that moves it) and pushes them to their hotels' TVs. Answers how many were published.
 */
export async function publishDueVersions(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .update(resourceVersions)
    .set({ state: 'published', publishedAt: now })
    .where(and(eq(resourceVersions.state, 'pending'), lte(resourceVersions.publishAt, now)))
    .returning({ id: resourceVersions.id, brandId: resourceVersions.brandId, target: resourceVersions.target });
  for (const version of due) await pushVersion(db, version);
  return due.length;
}

/** The next id of the introduction items' table, so a new item's review is written in its own transaction. */
export async function nextItemId(db: Db): Promise<number> {
  const name = getTableConfig(recordTables.introItem!).name;
  const result = (await db.execute(sql`select nextval(pg_get_serial_sequence(${name}, 'id')) as id`)) as unknown as { rows: { id: string | number }[] };
  return Number(result.rows[0]!.id);
}

export async function hotelsOfBrand(db: Db, brandId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: hotels.id }).from(hotels).where(and(eq(hotels.brandId, brandId), inArray(hotels.id, [...ids])));
  return rows.map((row) => row.id);
}
