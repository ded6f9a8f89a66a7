import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';

/**
 * The demo hotel's rooms as a publish target (`rooms`): the demo's items for "every room" name its
 * rooms rather than all TVs, so a TV set up in a room of its own (a browser TV on a new room number)
 * starts without a message waiting for it.
 */
export async function demoHotelRooms(tx: Db, hotelId: number): Promise<string> {
  const rooms = recordTables.room!;
  const numbers = await tx.select({ number: rooms.number }).from(rooms).where(eq(rooms.hotelId, hotelId)).orderBy(asc(rooms.number));
  return numbers.map((row) => row.number as string).join(', ');
}
