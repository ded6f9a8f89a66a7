import type { ControlLinkConfigPart, ControlLinkMaterial } from '@htv/shared/areas/rcu/device';
import { CONTROL_LINK_MAX_PER_SCENE, type ControlLinkScene } from '@htv/shared/areas/rcu/records';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { files, recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { addRecordConfigPart, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';
import { rcuEnabled } from './service.js';

/** Whether a file is one of the hotel's enabled control-link materials. */
async function isControlLinkMedia(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const materials = recordTables.controlLinkMaterial!;
  const [row] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.hotelId, hotelId), eq(materials.media, fileId), eq(materials.enabled, true)))
    .limit(1);
  return !!row;
}

/** The materials named by the part: signed per terminal (docs/music.md "File addresses"). */
const controlLinkFiles = signedDeviceFiles('control-link', isControlLinkMedia);

/**
 * The hotel's enabled control-link materials by scene, each scene's first ones by sort (larger first,
 * then older first); null without any.
 */
export async function controlLinkOfHotel(db: Db, hotelId: number, urlOf: (fileId: string) => string): Promise<ControlLinkConfigPart | null> {
  const materials = recordTables.controlLinkMaterial!;
  const rows = await db
    .select({ id: materials.id, scene: materials.scene, media: materials.media, seconds: materials.seconds })
    .from(materials)
    .where(and(eq(materials.hotelId, hotelId), eq(materials.enabled, true)))
    .orderBy(desc(materials.sort), asc(materials.id));
  if (!rows.length) return null;
  const ids = [...new Set(rows.map((row) => row.media as string))];
  const mimes = new Map((await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, ids))).map((file) => [file.id, file.mime]));
  const scenes: ControlLinkConfigPart['scenes'] = {};
  for (const row of rows) {
    const mime = mimes.get(row.media as string);
    if (!mime) continue;
    const list = (scenes[row.scene as ControlLinkScene] ??= []);
    if (list.length >= CONTROL_LINK_MAX_PER_SCENE) continue;
    list.push({ id: row.id as number, kind: mime.startsWith('video/') ? 'video' : 'image', url: urlOf(row.media as string), seconds: row.seconds as number } satisfies ControlLinkMaterial);
  }
  return Object.keys(scenes).length ? { scenes } : null;
}

let installed = false;

/**
 * The TVs' `controlLink` part (docs/rcu.md "Control-link materials"): an authorized TV of a room
 * whose hotel's gateway is enabled gets the hotel's materials by scene, sent again when a material
 * is written (saving the gateway tells the hotel's TVs too). The files are served at signed addresses.
 */
export function registerControlLinkDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  controlLinkFiles.register(scope, db, runtime, storage, signingKey);
  if (installed) return;
  installed = true;
  addRecordConfigPart('controlLink', ['controlLinkMaterial'], async (terminal, { db: partDb, runtime: partRuntime }) => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return null;
    if (!(await rcuEnabled(partDb, terminal.hotelId))) return null;
    const urlOf = controlLinkFiles.forTerminal(partRuntime, terminal.id);
    return urlOf ? controlLinkOfHotel(partDb, terminal.hotelId, urlOf) : undefined;
  });
}
