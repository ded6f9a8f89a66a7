import { WAKE_UP_CONFIG_DEFAULTS, type WakeUpConfigInput, type WakeUpConfigView } from '@htv/shared/areas/wakeup/config';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { wakeupConfigs } from './schema.js';

export type WakeUpConfig = Omit<WakeUpConfigView, 'callbackSecret'> & { callbackSecret: string | null };

/** A hotel's wake-up settings: its row, or the defaults while it has none. */
export async function configOf(db: Db, hotelId: number): Promise<WakeUpConfig> {
  const [row] = await db.select().from(wakeupConfigs).where(eq(wakeupConfigs.hotelId, hotelId)).limit(1);
  if (!row) return { ...WAKE_UP_CONFIG_DEFAULTS, callbackSecret: null };
  const { hotelId: _h, brandId: _b, updatedAt: _u, ...config } = row;
  return config;
}

/** Whether a song is one of the hotel's own (the TVs play only their hotel's music). */
export async function isHotelSong(db: Db, hotelId: number, songId: number): Promise<boolean> {
  const songs = recordTables.musicSong!;
  const [song] = await db.select({ id: songs.id }).from(songs).where(and(eq(songs.id, songId), eq(songs.hotelId, hotelId))).limit(1);
  return !!song;
}

/** Saves a hotel's settings (the callback secret is kept: it is drawn once, by the database). */
export async function saveConfig(db: Db, hotelId: number, input: WakeUpConfigInput): Promise<void> {
  const defaultMusic = input.defaultMusic ?? 0;
  if (defaultMusic !== 0 && !(await isHotelSong(db, hotelId, defaultMusic))) throw invalidFields({ defaultMusic: { key: 'wakeup.songNotHotel' } });
  const [hotel] = await db.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotelId));
  const values = { ...input, defaultMusic, callbackUrl: input.callbackUrl ?? null, updatedAt: new Date() };
  await db
    .insert(wakeupConfigs)
    .values({ hotelId, brandId: hotel!.brandId, ...values })
    .onConflictDoUpdate({ target: wakeupConfigs.hotelId, set: values });
}
