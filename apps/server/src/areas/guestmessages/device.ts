import type { GuestMessagesPart } from '@htv/shared/areas/guestmessages/device';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { addRecordConfigPart, type ConfigTerminal } from '../devices/plugin.js';
import { addCheckOutHandler, addRoomMoveHandler, setGuestServiceHandler } from '../pms/hooks.js';
import { addPublishable, liveForRoom, moveRoomTargets, withdrawFromRoom } from '../publishing/service.js';

const KIND = 'guestMessage';
/** What a PMS message-waiting without text says. */
const PMS_WAITING_TEXT = '前台有您的留言，请与前台联系。 A message is waiting for you at the front desk.';

/** The messages live for the TV's room (authorized TVs with a room only; null: none). */
async function guestMessagesOf(db: Db, terminal: ConfigTerminal): Promise<GuestMessagesPart | null> {
  if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return null;
  const rows = await liveForRoom(db, KIND, terminal.hotelId, terminal.roomNumber);
  if (!rows.length) return null;
  return { messages: rows.map((row) => ({ id: row.id, content: row.content as string, publishedAt: row.publishedAt, read: row.read })) };
}

let installed = false;

/**
 * Guest messages (docs/publishing.md): publishable, the TVs' `guestMessages` part, withdrawn from a
 * room at its guest's check-out (listed on the stay's receipt), and the PMS's message-waiting: XL/XM
 * publish one to the room, XD withdraws the PMS's from it; a room move carries the messages sent to the
 * guest's old room by number to the new room. Once per process.
 */
export function installGuestMessages(): void {
  if (installed) return;
  installed = true;
  addPublishable(KIND, 'published');
  addRecordConfigPart('guestMessages', [KIND], (terminal, { db }) => guestMessagesOf(db, terminal));
  addCheckOutHandler('guestmessages', async (tx, stay) => {
    const ids = await withdrawFromRoom(tx, KIND, stay.hotelId, stay.roomNumber, 'checkOut');
    return ids.length ? [{ area: 'guestmessages', key: 'publishing.receiptWithdrawn', count: ids.length, items: ids }] : [];
  });
  addRoomMoveHandler('guestmessages', async (tx, stay, fromRoom, toRoom) => {
    await moveRoomTargets(tx, KIND, stay.hotelId, fromRoom, toRoom);
  });
  setGuestServiceHandler('messageWaiting', async (tx, event, stay) => {
    if (event.type !== 'messageWaiting') return;
    const table = recordTables.guestMessage!;
    if ((event.count ?? 1) === 0) {
      await withdrawFromRoom(tx, KIND, stay.hotelId, stay.roomNumber, 'pms', eq(table.source, 'pms'));
      return;
    }
    const now = new Date();
    await tx.insert(table).values({
      brandId: stay.brandId,
      hotelId: stay.hotelId,
      content: (event.text?.trim() || PMS_WAITING_TEXT).slice(0, 1000),
      publishMethod: 'rooms',
      rooms: stay.roomNumber,
      publishState: 'published',
      publishedAt: now.toISOString(),
      source: 'pms',
    });
  });
}

/** The ids of a room's live guest messages (tests, the demo). */
export async function roomGuestMessageIds(db: Db, hotelId: number, room: string): Promise<number[]> {
  return (await liveForRoom(db, KIND, hotelId, room)).map((row) => row.id);
}
