import { formatMinor, toMinor } from '@htv/shared/areas/shop/device';
import type { VodOrderRequest, VodRentalOnTv } from '@htv/shared/areas/vod/device';
import type { VodOrderState, VodPayment } from '@htv/shared/areas/vod/records';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import type { Row } from '../../records/engine.js';
import { invalidateConfig } from '../devices/plugin.js';
import { addCheckOutHandler } from '../pms/hooks.js';
import { chargeToRoom } from '../shop/charges.js';
import { currentStay, orderNumber, roomChargeRefusal, type StayInfo } from '../shop/orders.js';

const orders = () => recordTables.vodOrder!;

/** The terminal a purchase comes from: its hotel and room decide everything, never the request. */
export interface BuyingTerminal {
  id: number;
  mac: string;
  brandId: number;
  hotelId: number;
  roomNumber: string;
}

/** What the hotel chose for a room that cannot be charged: `refuse` (default) or pay at the desk. */
async function unpaidChoice(db: Db, hotelId: number): Promise<'refuse' | 'delivery'> {
  const s = recordTables.vodHotelSetting!;
  const [row] = await db.select({ unpaid: s.unpaid }).from(s).where(eq(s.hotelId, hotelId)).limit(1);
  return row?.unpaid === 'delivery' ? 'delivery' : 'refuse';
}

/** Whether the room can buy now: a stay allowing room charges, or the hotel's pay at the desk. */
export async function roomCanBuy(db: Db, hotelId: number, roomNumber: string | null): Promise<boolean> {
  if (!roomNumber) return false;
  if (!roomChargeRefusal(await currentStay(db, hotelId, roomNumber))) return true;
  return (await unpaidChoice(db, hotelId)) === 'delivery';
}

const RENTAL_COLUMNS = () => {
  const o = orders();
  return { id: o.id, movieId: o.movieId, state: o.state, payment: o.payment, endsAt: o.endsAt };
};

const onTv = (row: Record<string, unknown>): VodRentalOnTv => ({
  orderId: row.id as number,
  movieId: row.movieId as number,
  state: row.state as VodOrderState,
  payment: row.payment as VodPayment,
  endsAt: new Date(row.endsAt as string).toISOString(),
});

/** The room's films watchable now: delivered orders whose viewing has not ended, newest first. */
export async function roomRentals(db: Db, hotelId: number, roomNumber: string, now = new Date()): Promise<VodRentalOnTv[]> {
  const o = orders();
  const rows = await db
    .select(RENTAL_COLUMNS())
    .from(o)
    .where(and(eq(o.hotelId, hotelId), eq(o.roomNumber, roomNumber), eq(o.state, 'shipmentComplete'), gt(o.endsAt, now.toISOString())))
    .orderBy(desc(o.id))
    .limit(50);
  return rows.map(onTv);
}

/** Tells a room's TVs that its purchases changed (their `vod` part is built again and pushed). */
async function pushToRoom(db: Db, hotelId: number, roomNumber: string): Promise<void> {
  const t = recordTables.terminal!;
  const rows = await db.select({ id: t.id }).from(t).where(and(eq(t.hotelId, hotelId), eq(t.roomNumber, roomNumber)));
  if (rows.length) invalidateConfig({ terminalIds: rows.map((row) => row.id as number) });
}

/**
 * Charges an order to its stay inside a savepoint: a PMS outbox that refuses the charge leaves the
 * order pending shipment (delivery failed) with the reason, never half a charge. Answers the failure.
 */
async function charge(tx: Db, row: Row, stay: StayInfo): Promise<string | null> {
  try {
    await tx.transaction(async (inner) => {
      await chargeToRoom(inner, {
        area: 'vod',
        brandId: row.brandId as number,
        hotelId: row.hotelId as number,
        orderId: row.id,
        stayId: stay.id,
        roomNumber: row.roomNumber as string,
        reservation: stay.reservation,
        amountMinor: row.amountMinor as number,
        description: `VOD ${row.number as string}`,
      });
    });
    return null;
  } catch (error) {
    return (error as Error).message.slice(0, 200) || 'error';
  }
}

/**
 * Buys a film from a terminal (docs/vod.md "Buying"): the film must be one its resolved libraries
 * offer (`offered`), at its current price. The order is written pending payment, then in the same
 * transaction: a free film is delivered; else it is charged to the room's stay when the stay allows it
 * (delivered, or pending shipment when the charge failed); else the hotel's choice: pay at the desk
 * (delivered) or refused. A request key already used by the terminal answers that order.
 */
export async function buyMovie(db: Db, terminal: BuyingTerminal, request: VodOrderRequest, offered: ReadonlySet<number>, now = new Date()): Promise<{ order: VodRentalOnTv & { number: string; amountMinor: number }; created: boolean }> {
  const o = orders();
  const columns = { ...RENTAL_COLUMNS(), number: o.number, amountMinor: o.amountMinor };
  const existing = async () => {
    const [row] = await db.select(columns).from(o).where(and(eq(o.terminalId, terminal.id), eq(o.requestKey, request.requestKey))).limit(1);
    return row ? { order: { ...onTv(row), number: row.number as string, amountMinor: row.amountMinor as number }, created: false } : null;
  };
  const found = await existing();
  if (found) return found;
  const m = recordTables.vodMovie!;
  const [movie] = await db.select({ id: m.id, title: m.title, price: m.price, rentalHours: m.rentalHours, active: m.active }).from(m).where(eq(m.id, request.movieId)).limit(1);
  if (!movie || !movie.active || !offered.has(movie.id as number)) throw invalidFields({ movieId: { key: 'vod.movieUnknown' } });
  const amountMinor = toMinor(movie.price as number);
  try {
    const row = await db.transaction(async (tx) => {
      const stay = await currentStay(tx, terminal.hotelId, terminal.roomNumber);
      const refusal = roomChargeRefusal(stay);
      let payment: VodPayment = amountMinor === 0 ? 'free' : refusal ? 'delivery' : 'room';
      if (payment === 'delivery' && (await unpaidChoice(tx, terminal.hotelId)) === 'refuse') throw new AppError('conflict', 'vod.roomChargeRefused');
      const endsAt = new Date(now.getTime() + (movie.rentalHours as number) * 3_600_000).toISOString();
      const [inserted] = await tx
        .insert(o)
        .values({
          brandId: terminal.brandId,
          hotelId: terminal.hotelId,
          number: '',
          roomNumber: terminal.roomNumber,
          terminalId: terminal.id,
          terminalMac: terminal.mac,
          stayId: stay?.id ?? null,
          requestKey: request.requestKey,
          movieId: movie.id,
          movieTitle: (movie.title as string).slice(0, 100),
          amount: formatMinor(amountMinor),
          amountMinor,
          payment,
          state: 'pendingPayment',
          endsAt,
        })
        .returning();
      const number = orderNumber(inserted!.id, now);
      let state: VodOrderState = 'shipmentComplete';
      let failure: string | null = null;
      if (payment === 'room') {
        failure = await charge(tx, { ...(inserted as Row), number }, stay!);
        if (failure) state = 'pendingShipment';
      }
      const [after] = await tx.update(o).set({ number, state, failure, payment }).where(eq(o.id, inserted!.id)).returning(columns);
      payment = after!.payment as VodPayment;
      return after!;
    });
    await pushToRoom(db, terminal.hotelId, terminal.roomNumber);
    return { order: { ...onTv(row), number: row.number as string, amountMinor: row.amountMinor as number }, created: true };
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      const again = await existing();
      if (again) return again;
    }
    throw error;
  }
}

/** Ends the viewing of a stay's films at check-out (docs/vod.md "Check-out"). */
async function endRentalsOfStay(tx: Db, stayId: number, now = new Date()): Promise<string[]> {
  const o = orders();
  const ended = await tx
    .update(o)
    .set({ endsAt: now.toISOString(), updatedAt: now })
    .where(and(eq(o.stayId, stayId), inArray(o.state, ['shipmentComplete', 'pendingShipment', 'pendingPayment']), gt(o.endsAt, now.toISOString())))
    .returning({ number: o.number });
  return ended.map((row) => row.number as string);
}

let installed = false;

/** The order workflow: retry (charge again) and refund, pushes to the room, the check-out. */
export function registerVodOrderHooks(): void {
  if (installed) return;
  installed = true;
  addRecordHooks('vodOrder', {
    async beforeAction(ctx, row, action) {
      if (action === 'refund') return { refundedAt: new Date().toISOString(), endsAt: new Date().toISOString() };
      if (action !== 'retry') return;
      const s = recordTables.stay!;
      const [stay] = row.stayId ? await ctx.db.select({ id: s.id, noPost: s.noPost, reservation: s.reservation, state: s.state }).from(s).where(eq(s.id, row.stayId as number)) : [];
      const refusal = roomChargeRefusal(stay && stay.state === 'inHouse' ? (stay as StayInfo) : null);
      if (refusal || row.payment !== 'room') throw new AppError('conflict', 'vod.roomChargeRefused');
      const failure = await charge(ctx.db, row, stay as StayInfo);
      if (failure) throw new AppError('conflict', 'vod.chargeFailed', { reason: failure });
      return { failure: null };
    },
    async afterCommit(ctx, { rows }) {
      for (const row of rows) await pushToRoom(ctx.db, row.hotelId as number, row.roomNumber as string);
    },
  });
  addCheckOutHandler('vod', async (tx, stay) => {
    const ended = await endRentalsOfStay(tx, stay.id);
    return ended.length ? [{ area: 'vod', key: 'vod.receiptRentals', count: ended.length, items: ended }] : [];
  });
}
