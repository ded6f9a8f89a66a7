import type { PostingState } from '@htv/shared/areas/shop/records';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
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
 * posting call), never call out, so a rolled-back delivery leaves nothing behind. It answers whether
 * the charge was queued (`pending`) or stays in the ledger. The sender then delivers and settles the
 * charge with `markPosted` or `markPostingFailed`.
 */
export interface RoomChargePoster {
  record(tx: Db, charge: RoomCharge): Promise<'pending' | 'ledger'>;
}

/** Until a PMS adapter is installed, charges stay in the ledger (the hotel's folio export reads them). */
let poster: RoomChargePoster = { record: async () => 'ledger' };

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
  const state = await poster.record(tx, { ...charge, area: charge.area ?? 'shop', id: written.id });
  await setPosting(tx, written.id, { posting: state });
  return true;
}

const orderTable = (area: string) => (area === 'vod' ? recordTables.vodOrder! : recordTables.shopOrder!);

/**
 * Moves a charge's posting on, in the ledger and on its order (the order list shows and filters it),
 * unless it is already posted: a posted charge is final (a late answer, a second PA, changes nothing).
 * Answers the charge when it changed.
 */
async function setPosting(db: Db, chargeId: number, values: { posting: PostingState; postingError?: string | null; postedAt?: Date; pmsReference?: string }) {
  const [charge] = await db
    .update(roomCharges)
    .set({ postingError: null, ...values })
    .where(and(eq(roomCharges.id, chargeId), ne(roomCharges.posting, 'posted')))
    .returning({ id: roomCharges.id, area: roomCharges.area, orderId: roomCharges.orderId, hotelId: roomCharges.hotelId });
  if (!charge) return null;
  const o = orderTable(charge.area);
  await db.update(o).set({ posting: values.posting, postingError: values.postingError ?? null }).where(eq(o.id, charge.orderId));
  return charge;
}

/** The PMS adapter's acknowledgement: the charge reached the folio under `reference` (once: a repeat changes nothing). */
export async function markPosted(db: Db, chargeId: number, reference: string): Promise<boolean> {
  return !!(await setPosting(db, chargeId, { posting: 'posted', postedAt: new Date(), pmsReference: reference.slice(0, 64) }));
}

/** The PMS refused the charge or could not be reached: the hotel sees why and may retry. */
export async function markPostingFailed(db: Db, chargeId: number, reason: string): Promise<boolean> {
  return !!(await setPosting(db, chargeId, { posting: 'failed', postingError: reason.slice(0, 200) }));
}

/** A failed charge sent again (the hotel's retry): back to pending. */
export async function markPostingPending(db: Db, chargeId: number): Promise<boolean> {
  return !!(await setPosting(db, chargeId, { posting: 'pending' }));
}
