import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roomCharges } from './schema.js';

/** A charge as the ledger holds it and a PMS adapter posts it. */
export interface RoomCharge {
  id: number;
  hotelId: number;
  /** The area whose order is charged (default `shop`): an order is unique within its area. */
  area?: 'shop' | 'vod';
  orderId: number;
  stayId: number;
  roomNumber: string;
  /** The stay's reservation (FIAS G#), when the PMS gave one: OHIP posts against a reservation, not a room. */
  reservation: string | null;
  amountMinor: number;
  description: string;
}

/**
 * Where a room charge goes after the ledger (docs/shop.md "Charges to the room"). `record` runs inside
 * the transaction that wrote the ledger row, once per charge (the ledger's unique order id guarantees
 * it): it must only write rows (an outbox record for the hotel's PMS link: FIAS PS/PA, an HTTP PMS's
 * posting call), never call out, so a rolled-back delivery leaves nothing behind. The sender then
 * delivers and sets `postedAt` / `pmsReference` with `markPosted`.
 */
export interface RoomChargePoster {
  record(tx: Db, charge: RoomCharge): Promise<void>;
}

/** Until a PMS adapter is installed, charges stay in the ledger (the hotel's folio export reads them). */
let poster: RoomChargePoster = { record: async () => {} };

/** Installs the PMS adapter (one per process). */
export function setRoomChargePoster(next: RoomChargePoster): void {
  poster = next;
}

/**
 * Charges an order to its stay, once: a second call for the same order changes nothing and answers
 * false. Call inside the transaction that delivers the order.
 */
export async function chargeToRoom(tx: Db, charge: Omit<RoomCharge, 'id'> & { brandId: number }): Promise<boolean> {
  const [written] = await tx.insert(roomCharges).values(charge).onConflictDoNothing({ target: [roomCharges.area, roomCharges.orderId] }).returning({ id: roomCharges.id });
  if (!written) return false;
  await poster.record(tx, { ...charge, area: charge.area ?? 'shop', id: written.id });
  return true;
}

/** The PMS adapter's acknowledgement: the charge reached the folio under `reference`. */
export async function markPosted(db: Db, chargeId: number, reference: string): Promise<void> {
  await db.update(roomCharges).set({ postedAt: new Date(), pmsReference: reference }).where(and(eq(roomCharges.id, chargeId)));
}
