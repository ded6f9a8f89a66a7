import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publishReceipts, recordTables } from '../../db/schema/index.js';
import { demoHotelRooms } from '../publishing/demo.js';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The demo hotel's guest messages: one to every room of the hotel and one to three rooms, published, with
 * the receipts of the first rooms' TVs (some read), and a draft not yet published.
 */
export async function seedDemoGuestMessages(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const terminals = recordTables.terminal!;
  const tvs = await tx
    .select({ id: terminals.id, mac: terminals.mac, roomNumber: terminals.roomNumber })
    .from(terminals)
    .where(and(eq(terminals.hotelId, hotelId), eq(terminals.authorization, 'authorized'), isNotNull(terminals.roomNumber)))
    .orderBy(terminals.roomNumber)
    .limit(6);
  const rooms = [...new Set(tvs.map((tv) => tv.roomNumber as string))].slice(0, 3);
  const table = recordTables.guestMessage!;
  const base = { brandId, hotelId, createdBy: userId, source: 'console' };
  const everyRoom = await demoHotelRooms(tx, hotelId);
  const [toAll, toRooms] = await tx
    .insert(table)
    .values([
      { ...base, content: '尊敬的宾客：今晚19:00-21:00大堂酒廊有免费品酒会，欢迎光临。 Dear guest, join our free wine tasting in the lobby lounge tonight, 19:00-21:00.', publishMethod: 'rooms', rooms: everyRoom, publishState: 'published', publishedAt: minutesAgo(90).toISOString() },
      { ...base, content: '您的干洗衣物已送回房间，请查收。 Your dry cleaning has been returned to your room.', publishMethod: 'rooms', rooms: rooms.join(', '), publishState: 'published', publishedAt: minutesAgo(30).toISOString() },
      { ...base, content: '明早7:00泳池维护，暂停开放一小时。 The pool closes for maintenance tomorrow 7:00-8:00.', publishMethod: 'all', publishState: 'unpublished' },
    ])
    .returning({ id: table.id });
  // The first TVs have both; the first two rooms have read the one to them, the first the hotel-wide one too.
  const receipts = tvs
    .filter((tv) => rooms.includes(tv.roomNumber as string))
    .flatMap((tv, i) => [
      { itemId: toAll!.id, read: i === 0 },
      { itemId: toRooms!.id, read: i < 2 },
    ].map(({ itemId, read }) => ({ kind: 'guestMessage', itemId, brandId, hotelId, terminalId: tv.id, mac: tv.mac as string, roomNumber: tv.roomNumber as string, deliveredAt: minutesAgo(20), readAt: read ? minutesAgo(10) : null })));
  if (receipts.length) await tx.insert(publishReceipts).values(receipts);
}
