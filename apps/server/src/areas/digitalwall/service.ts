import { DIGITAL_WALL_DEFAULTS, wallMacs, type DigitalWallConfig } from '@htv/shared/areas/digitalwall/records';
import type { DigitalWallPart } from '@htv/shared/areas/digitalwall/device';
import { SCENE_EQUIPMENT } from '@htv/shared/areas/themes/index';
import { and, desc, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, hotels, recordTables } from '../../db/schema/index.js';
import type { ConfigTerminal } from '../devices/plugin.js';
import { digitalWallConfigs } from './schema.js';

/** A hotel's wall settings: its row, or the defaults while it has none. */
export async function wallConfigOf(db: Db, hotelId: number): Promise<DigitalWallConfig> {
  const [row] = await db.select().from(digitalWallConfigs).where(eq(digitalWallConfigs.hotelId, hotelId)).limit(1);
  return row ? { enabled: row.enabled, loop: row.loop, macs: row.macs } : { ...DIGITAL_WALL_DEFAULTS };
}

export async function saveWallConfig(db: Db, hotelId: number, input: DigitalWallConfig): Promise<void> {
  const macs = wallMacs(input.macs);
  const values = { enabled: input.enabled, loop: input.loop, macs: macs.length ? macs.join(',') : null, updatedAt: new Date() };
  const [hotel] = await db.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotelId));
  await db
    .insert(digitalWallConfigs)
    .values({ hotelId, brandId: hotel!.brandId, ...values })
    .onConflictDoUpdate({ target: digitalWallConfigs.hotelId, set: values });
}

/** Whether the terminal is a public-area TV (its scene mode shows public templates). */
export const isPublicTv = (terminal: Pick<ConfigTerminal, 'sceneMode'>) => SCENE_EQUIPMENT[terminal.sceneMode] === 'public';

/** The hotel's enabled items in play order, with their files' types. */
export async function wallItems(db: Db, hotelId: number): Promise<{ row: Record<string, unknown>; mime: string | null }[]> {
  const items = recordTables.digitalWallItem!;
  const rows = (await db
    .select()
    .from(items)
    .where(and(eq(items.hotelId, hotelId), eq(items.enabled, true)))
    .orderBy(desc(items.sort), asc(items.id))) as Record<string, unknown>[];
  const ids = [...new Set(rows.map((row) => row.media as string).filter(Boolean))];
  const found = ids.length ? await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, ids)) : [];
  const mimes = new Map(found.map((file) => [file.id, file.mime]));
  return rows.map((row) => ({ row, mime: mimes.get(row.media as string) ?? null }));
}

/** Whether a file is one of the hotel's wall items' (the signed file route's check). */
export async function isHotelWallFile(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const items = recordTables.digitalWallItem!;
  const [row] = await db.select({ id: items.id }).from(items).where(and(eq(items.hotelId, hotelId), eq(items.media, fileId))).limit(1);
  return !!row;
}

/**
 * The `digitalWall` part of a terminal: only an authorized public-area TV of a hotel whose wall is
 * enabled (and, when the settings list MACs, one of them); room and meeting TVs never get it.
 */
export async function wallPart(db: Db, terminal: ConfigTerminal, urlOf: (fileId: string) => string): Promise<DigitalWallPart | undefined> {
  if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !isPublicTv(terminal)) return undefined;
  const config = await wallConfigOf(db, terminal.hotelId);
  if (!config.enabled) return undefined;
  const macs = wallMacs(config.macs);
  if (macs.length && !macs.includes(terminal.mac)) return undefined;
  const rows = await wallItems(db, terminal.hotelId);
  return {
    loop: config.loop,
    items: rows
      .filter((entry): entry is { row: Record<string, unknown>; mime: string } => entry.mime !== null)
      .map(({ row, mime }) => ({
        id: row.id as number,
        title: row.title as string,
        gestureTitle: (row.gestureTitle as string | null) ?? null,
        kind: mime.startsWith('video/') ? ('video' as const) : ('image' as const),
        url: urlOf(row.media as string),
        playCount: (row.playCount as number | null) ?? 1,
        playInterval: (row.playInterval as number | null) ?? 10,
        switchStart: (row.switchStart as string | null) ?? null,
        switchEnd: (row.switchEnd as string | null) ?? null,
      })),
  };
}

/** The hotel's terminals to push a changed wall to: its public-area TVs. */
export async function publicTvIds(db: Db, hotelId: number): Promise<number[]> {
  const terminals = recordTables.terminal!;
  const modes = Object.entries(SCENE_EQUIPMENT).filter(([, type]) => type === 'public').map(([mode]) => mode);
  const rows = await db.select({ id: terminals.id }).from(terminals).where(and(eq(terminals.hotelId, hotelId), inArray(terminals.sceneMode, modes)));
  return rows.map((row) => row.id as number);
}
