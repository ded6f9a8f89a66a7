import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { demoHotelRooms } from '../publishing/demo.js';

/** The demo hotel's notices: one live for every room of the hotel, one waiting for tomorrow morning, one cancelled. */
export async function seedDemoNotices(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  tomorrow.setUTCHours(0, 0, 0, 0);
  const base = { brandId, hotelId, createdBy: userId };
  const everyRoom = await demoHotelRooms(tx, hotelId);
  await tx.insert(recordTables.messageNotice!).values([
    {
      ...base,
      content: '外滩灯光秀今晚19:30开始，可在32楼观景台欣赏。',
      contentTw: '外灘燈光秀今晚19:30開始，可在32樓觀景台欣賞。',
      contentEn: 'The Bund light show starts at 19:30 tonight: watch it from the 32nd-floor terrace.',
      publishMethod: 'rooms',
      rooms: everyRoom,
      publishState: 'byRoom',
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    },
    { ...base, content: '明日早餐时间调整为6:30-10:30。', contentEn: 'Breakfast tomorrow: 6:30-10:30.', publishMethod: 'all', publishAt: tomorrow.toISOString(), publishState: 'scheduled' },
    { ...base, content: '健身房临时关闭。', contentEn: 'The gym is closed for the afternoon.', publishMethod: 'all', publishState: 'cancelled', publishedAt: new Date(Date.now() - 26 * 3_600_000).toISOString() },
  ]);
}
