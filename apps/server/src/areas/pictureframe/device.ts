import type { PictureFrameConfigPart } from '@htv/shared/areas/pictureframe/device';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { addRecordConfigPart, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';

/** Whether a file is a photo of the hotel's frame. */
async function isFramePhoto(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const f = recordTables.pictureFrame!;
  const rows = await db
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.hotelId, hotelId), sql`${f.photos} @> ${JSON.stringify([fileId])}::jsonb`))
    .limit(1);
  return rows.length > 0;
}

/** The frame's photos at addresses signed per terminal (docs/music.md "File addresses"). */
const frameFiles = signedDeviceFiles('pictureframe', isFramePhoto);

let installed = false;

/** The TVs' `pictureFrame` part (authorized TVs of a hotel with an enabled frame) and its photos' route. */
export function registerPictureFrameDevice(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  frameFiles.register(scope, db, runtime, storage, signingKey);
  if (installed) return;
  installed = true;
  addRecordConfigPart('pictureFrame', ['pictureFrame'], async (terminal, { db: partDb, runtime: partRuntime }): Promise<PictureFrameConfigPart | undefined> => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
    const urlOf = frameFiles.forTerminal(partRuntime, terminal.id);
    if (!urlOf) return undefined;
    const f = recordTables.pictureFrame!;
    const [frame] = await partDb.select().from(f).where(and(eq(f.hotelId, terminal.hotelId), eq(f.enabled, true))).limit(1);
    const photos = (frame?.photos as string[] | undefined) ?? [];
    if (!frame || !photos.length) return undefined;
    return {
      photos: photos.map(urlOf),
      intervalSeconds: frame.intervalSeconds as number,
      idleMinutes: frame.idleMinutes as number,
      from: (frame.fromTime as string | null) ?? null,
      to: (frame.toTime as string | null) ?? null,
    };
  });
}
