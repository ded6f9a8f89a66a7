import { z } from 'zod';

/**
 * Bodies of the resource-library calls (docs/libresource.md). Lengths are checked by the server with
 * the area's own messages (a title of 2-32, a source hotel id of exactly 7 characters), so the
 * schemas only bound the types.
 */
export const libraryInput = z.strictObject({
  title: z.string().max(200),
  sourceHotelId: z.string().max(50),
});
export type LibraryInput = z.infer<typeof libraryInput>;

export const versionInput = z.strictObject({
  libraryId: z.number().int().min(1).max(2_147_483_647),
  name: z.string().max(100).optional(),
  /** `all`: every hotel of the brand; `hotels`: the hotels named in `hotelIds`. */
  target: z.enum(['all', 'hotels']).optional(),
  hotelIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(10_000).optional(),
  /** Absent: published at once; an ISO time: published then. */
  publishAt: z.string().datetime({ offset: true }).optional(),
});
export type VersionInput = z.infer<typeof versionInput>;

export const reviewFailInput = z.strictObject({ reason: z.string().max(500).optional() });

/** What `GET /api/web/hotel_lib_resource` lists, by its `type`. */
export const LIB_RESOURCE_TYPES = ['intro_type', 'intro', 'intro_custom', 'music_album', 'music'] as const;
export type LibResourceType = (typeof LIB_RESOURCE_TYPES)[number];

/** A library's snapshot: the rows of the source hotel's content at the time it was copied. */
export interface LibrarySnapshot {
  introTypes: Record<string, unknown>[];
  introItems: Record<string, unknown>[];
  introPages: Record<string, unknown>[];
  musicAlbums: Record<string, unknown>[];
  musicSongs: Record<string, unknown>[];
}
