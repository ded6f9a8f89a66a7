import { HOTEL_SETTINGS } from '@htv/shared/areas/tenants/records';
import type { ScreensaverConfigPart } from '@htv/shared/areas/screensaver/device';
import { SCREENSAVER_MAX_PHOTOS } from '@htv/shared/areas/screensaver/records';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { addRecordConfigPart, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';

/** Whether a file is one of the hotel's screensaver photos. */
async function isScreensaverPhoto(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const photos = recordTables.screensaverPhoto!;
  const [row] = await db.select({ id: photos.id }).from(photos).where(and(eq(photos.hotelId, hotelId), eq(photos.pictureId, fileId))).limit(1);
  return !!row;
}

/** The photos named by the part: signed per terminal (docs/music.md "File addresses"). */
const screensaverFiles = signedDeviceFiles('screensaver', isScreensaverPhoto);

const setting = (settings: unknown, key: 'screensaver_idle_minutes' | 'screensaver_interval'): number => {
  const value = (settings as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : HOTEL_SETTINGS[key].default;
};

/** The hotel's screensaver for one terminal: null without photos or with the idle time 0 (never). */
export async function screensaverOfHotel(db: Db, hotelId: number, urlOf: (fileId: string) => string): Promise<ScreensaverConfigPart | null> {
  const photos = recordTables.screensaverPhoto!;
  const [[hotel], rows] = await Promise.all([
    db.select({ settings: hotels.settings }).from(hotels).where(eq(hotels.id, hotelId)).limit(1),
    db.select({ id: photos.id, pictureId: photos.pictureId }).from(photos).where(eq(photos.hotelId, hotelId)).orderBy(desc(photos.sort), asc(photos.id)).limit(SCREENSAVER_MAX_PHOTOS),
  ]);
  const idleMinutes = setting(hotel?.settings, 'screensaver_idle_minutes');
  if (!rows.length || idleMinutes === 0) return null;
  return {
    idleSeconds: idleMinutes * 60,
    intervalSeconds: setting(hotel?.settings, 'screensaver_interval'),
    photos: rows.map((row) => ({ id: row.id as number, url: urlOf(row.pictureId as string) })),
  };
}

let installed = false;

/**
 * The TVs' `screensaver` part (authorized TVs: the hotel's photos in order and its idle time and
 * interval), sent again when a photo is written; a setting changed by key tells the hotel's TVs too
 * (`set_hotel_info_by_key`). The photos are served at signed addresses.
 */
export function registerScreensaverDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  screensaverFiles.register(scope, db, runtime, storage, signingKey);
  if (installed) return;
  installed = true;
  addRecordConfigPart('screensaver', ['screensaverPhoto'], async (terminal, { db: partDb, runtime: partRuntime }) => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
    const urlOf = screensaverFiles.forTerminal(partRuntime, terminal.id);
    return urlOf ? screensaverOfHotel(partDb, terminal.hotelId, urlOf) : undefined;
  });
}
