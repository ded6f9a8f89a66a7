import type { ImageMessagesPart } from '@htv/shared/areas/imagemessages/device';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { addRecordConfigPart, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';
import { addPublishable, liveForRoom } from '../publishing/service.js';

const KIND = 'imageMessage';

/** Whether a file is a picture (icon, QR image or image) of one of the hotel's image messages. */
async function isMessagePicture(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const m = recordTables.imageMessage!;
  const rows = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.hotelId, hotelId), or(eq(m.iconId, fileId), eq(m.qrCodeId, fileId), sql`${m.imageIds} @> ${JSON.stringify([fileId])}::jsonb`)))
    .limit(1);
  return rows.length > 0;
}

/** The messages' pictures as the part names them: signed per terminal (docs/music.md "File addresses"). */
const messageFiles = signedDeviceFiles('image-messages', isMessagePicture);

/** The messages live for the TV's room, newest first, with their pictures' addresses (null: none). */
async function messagesOf(db: Db, runtime: DeviceRuntime, terminal: { id: number; hotelId: number; roomNumber: string }): Promise<ImageMessagesPart | null | undefined> {
  const urlOf = messageFiles.forTerminal(runtime, terminal.id);
  if (!urlOf) return undefined;
  const rows = await liveForRoom(db, KIND, terminal.hotelId, terminal.roomNumber);
  if (!rows.length) return null;
  const url = (id: unknown) => (typeof id === 'string' && id ? urlOf(id) : null);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      publishedAt: row.publishedAt,
      read: row.read,
      title: row.title as string,
      subtitle: (row.subtitle as string | null) ?? null,
      content: (row.content as string | null) ?? null,
      icon: url(row.iconId),
      qrCode: url(row.qrCodeId),
      images: ((row.imageIds as string[] | null) ?? []).map((id) => urlOf(id)),
    })),
  };
}

let installed = false;

/**
 * Image-text messages (docs/publishing.md): publishable by all, room or tour group, and the TVs'
 * `imageMessages` part (null without messages) with the pictures it names (signed addresses).
 */
export function registerImageMessageDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  messageFiles.register(scope, db, runtime, storage, signingKey);
  if (installed) return;
  installed = true;
  addPublishable(KIND, 'targets');
  addRecordConfigPart('imageMessages', [KIND], (terminal, { db: partDb, runtime: partRuntime }) => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return null;
    return messagesOf(partDb, partRuntime, { id: terminal.id, hotelId: terminal.hotelId, roomNumber: terminal.roomNumber });
  });
}
