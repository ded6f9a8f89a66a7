import { formatMinor, isOpen, toMinor, type ShopOrderOnTv, type ShopOrderRequest } from '@htv/shared/areas/shop/device';
import type { OrderPayment } from '@htv/shared/areas/shop/records';
import { translate } from '@htv/shared';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import type { Row } from '../../records/engine.js';
import { writeOpLog } from '../oplog/log.js';
import { invalidateConfig } from '../devices/plugin.js';
import { addCheckOutHandler } from '../pms/hooks.js';
import { chargeToRoom } from './charges.js';

const orders = () => recordTables.shopOrder!;
const goodsTable = () => recordTables.shopGoods!;
const OPEN_STATES = ['new', 'confirmed'];

/** The terminal an order comes from: its hotel and room decide everything, never the request. */
export interface OrderingTerminal {
  id: number;
  brandId: number;
  hotelId: number;
  roomNumber: string;
}

export interface StayInfo {
  id: number;
  noPost: boolean;
  reservation: string | null;
}

/** The room's in-house stay, or null. */
export async function currentStay(db: Db, hotelId: number, roomNumber: string): Promise<StayInfo | null> {
  const s = recordTables.stay!;
  const [row] = await db
    .select({ id: s.id, noPost: s.noPost, reservation: s.reservation })
    .from(s)
    .where(and(eq(s.hotelId, hotelId), eq(s.roomNumber, roomNumber), eq(s.state, 'inHouse')))
    .limit(1);
  return (row as StayInfo | undefined) ?? null;
}

/** Why a room charge is refused for the stay (a catalogue key), or null when it is allowed. */
export function roomChargeRefusal(stay: StayInfo | null): 'shop.noStayForRoomCharge' | 'shop.noPost' | null {
  if (!stay) return 'shop.noStayForRoomCharge';
  return stay.noPost ? 'shop.noPost' : null;
}

/** How the room may pay now: the TV offers these. */
export async function roomPayments(db: Db, hotelId: number, roomNumber: string | null): Promise<OrderPayment[]> {
  if (!roomNumber) return ['delivery'];
  return roomChargeRefusal(await currentStay(db, hotelId, roomNumber)) ? ['delivery'] : ['room', 'delivery'];
}

/** The hotel's local time of day as HH:mm (the server's time zone: docs/shop.md "Opening hours"). */
const localHhmm = (now: Date) => `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;

const ORDER_COLUMNS = () => {
  const o = orders();
  return { id: o.id, number: o.number, state: o.state, payment: o.payment, amountMinor: o.amountMinor, summary: o.summary, cancelReason: o.cancelReason, createdAt: o.createdAt };
};

const onTv = (row: Record<string, unknown>): ShopOrderOnTv => ({
  id: row.id as number,
  number: row.number as string,
  state: row.state as ShopOrderOnTv['state'],
  payment: row.payment as OrderPayment,
  amountMinor: row.amountMinor as number,
  summary: row.summary as string,
  cancelReason: (row.cancelReason as string | null) ?? null,
  createdAt: new Date(row.createdAt as string | Date).toISOString(),
});

/** An order's number: its day (YYMMDD, UTC) and its id, so it sorts and reads on the phone to the desk. */
export const orderNumber = (id: number, at: Date) => `${at.toISOString().slice(2, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;

/** Merges lines of the same goods (a basket may add an item twice). */
function mergedLines(items: ShopOrderRequest['items']): Map<number, number> {
  const lines = new Map<number, number>();
  for (const item of items) lines.set(item.goodsId, (lines.get(item.goodsId) ?? 0) + item.quantity);
  return lines;
}

/**
 * Places a guest's order from a terminal (docs/shop.md "Orders"): the goods of the terminal's hotel at
 * their current price, stock taken atomically, the category's hours respected, the payment allowed by
 * the room's stay. A request key already used by the terminal answers that order (created false).
 */
export async function placeOrder(db: Db, terminal: OrderingTerminal, request: ShopOrderRequest, now = new Date(), source: 'tv' | 'phone' = 'tv'): Promise<{ order: ShopOrderOnTv; created: boolean }> {
  const o = orders();
  const existing = async () => {
    const [row] = await db.select(ORDER_COLUMNS()).from(o).where(and(eq(o.terminalId, terminal.id), eq(o.requestKey, request.requestKey))).limit(1);
    return row ? { order: onTv(row), created: false } : null;
  };
  const found = await existing();
  if (found) return found;
  try {
    const order = await db.transaction(async (tx) => {
      const lines = mergedLines(request.items);
      const g = goodsTable();
      const c = recordTables.shopCategory!;
      const rows = await tx
        .select({ id: g.id, name: g.name, nameEn: g.nameEn, price: g.price, stock: g.stock, opensAt: c.opensAt, closesAt: c.closesAt, categoryName: c.name })
        .from(g)
        .innerJoin(c, eq(c.id, g.categoryId))
        .where(and(eq(g.hotelId, terminal.hotelId), inArray(g.id, [...lines.keys()])));
      if (rows.length !== lines.size) throw invalidFields({ items: { key: 'shop.goodsUnknown' } });
      const hhmm = localHhmm(now);
      for (const row of rows) {
        if (!isOpen(row as { opensAt: string | null; closesAt: string | null }, hhmm)) {
          throw invalidFields({ items: { key: 'shop.closed', params: { name: row.categoryName, from: row.opensAt, to: row.closesAt } } });
        }
      }
      const stay = await currentStay(tx, terminal.hotelId, terminal.roomNumber);
      if (request.payment === 'room') {
        const refusal = roomChargeRefusal(stay);
        if (refusal) throw invalidFields({ payment: { key: refusal } });
      }
      const items = rows.map((row) => ({ goodsId: row.id as number, name: row.name as string, nameEn: (row.nameEn as string | null) ?? null, priceMinor: toMinor(row.price as number), quantity: lines.get(row.id as number)! }));
      const amountMinor = items.reduce((sum, item) => sum + item.priceMinor * item.quantity, 0);
      const summary = items.map((item) => `${item.name} ×${item.quantity}`).join('，').slice(0, 500);
      const [inserted] = await tx
        .insert(o)
        .values({
          brandId: terminal.brandId,
          hotelId: terminal.hotelId,
          number: '',
          roomNumber: terminal.roomNumber,
          stayId: stay?.id ?? null,
          terminalId: terminal.id,
          requestKey: request.requestKey,
          summary,
          items,
          amount: formatMinor(amountMinor),
          amountMinor,
          payment: request.payment,
          state: 'new',
          source,
        })
        .returning({ id: o.id, createdAt: o.createdAt });
      const [row] = await tx.update(o).set({ number: orderNumber(inserted!.id, now) }).where(eq(o.id, inserted!.id)).returning(ORDER_COLUMNS());
      // Stock is taken last, by one conditional update per stocked goods: concurrent orders never
      // oversell, and a goods' row stays locked only from here to the commit (a hot item serialises
      // the orders that take it for as short a time as it can).
      for (const goodsRow of [...rows].sort((a, b) => (a.id as number) - (b.id as number))) {
        if (goodsRow.stock === null) continue;
        const quantity = lines.get(goodsRow.id as number)!;
        const [taken] = await tx
          .update(g)
          .set({ stock: sql`${g.stock} - ${quantity}` })
          .where(and(eq(g.id, goodsRow.id), sql`${g.stock} >= ${quantity}`))
          .returning({ id: g.id });
        if (!taken) {
          const [left] = await tx.select({ stock: g.stock }).from(g).where(eq(g.id, goodsRow.id));
          throw invalidFields({ items: { key: 'shop.outOfStock', params: { name: goodsRow.name, stock: left?.stock ?? 0 } } });
        }
      }
      return onTv(row!);
    });
    await pushToRoom(db, terminal.hotelId, terminal.roomNumber);
    return { order, created: true };
  } catch (error) {
    // The same key sent twice at once: the other request placed it.
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      const again = await existing();
      if (again) return again;
    }
    throw error;
  }
}

/** The orders a room's TV shows: the current stay's, else the room's stay-less orders of the last day. */
export async function roomOrders(db: Db, hotelId: number, roomNumber: string, now = new Date()): Promise<ShopOrderOnTv[]> {
  const o = orders();
  const stay = await currentStay(db, hotelId, roomNumber);
  const mine = stay ? eq(o.stayId, stay.id) : and(isNull(o.stayId), gt(o.createdAt, new Date(now.getTime() - 86_400_000)));
  const rows = await db
    .select(ORDER_COLUMNS())
    .from(o)
    .where(and(eq(o.hotelId, hotelId), eq(o.roomNumber, roomNumber), mine))
    .orderBy(desc(o.id))
    .limit(20);
  return rows.map(onTv);
}

/** Tells a room's TVs that its orders changed (their `shop` part is built again and pushed). */
async function pushToRoom(db: Db, hotelId: number, roomNumber: string): Promise<void> {
  const t = recordTables.terminal!;
  const rows = await db.select({ id: t.id }).from(t).where(and(eq(t.hotelId, hotelId), eq(t.roomNumber, roomNumber)));
  if (rows.length) invalidateConfig({ terminalIds: rows.map((row) => row.id as number) });
}

/** Gives an order's stocked goods back (a cancelled order). */
async function restock(tx: Db, items: { goodsId: number; quantity: number }[]): Promise<void> {
  const g = goodsTable();
  for (const item of [...items].sort((a, b) => a.goodsId - b.goodsId)) {
    await tx.update(g).set({ stock: sql`${g.stock} + ${item.quantity}` }).where(and(eq(g.id, item.goodsId), sql`${g.stock} is not null`));
  }
}

/**
 * Cancels an open order of the actor's hotel with a reason (the generic `cancel` action carries none
 * and is refused). Another hotel's order is a 404; a delivered or cancelled one is refused.
 */
export async function cancelOrder(db: Db, actor: Actor, id: number, reason: string, ip?: string): Promise<void> {
  const o = orders();
  if (actor.hotelId === null) throw notFound();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(o).where(and(eq(o.id, id), eq(o.hotelId, actor.hotelId!))).for('update');
    if (!before) throw notFound();
    if (!OPEN_STATES.includes(before.state as string)) throw new AppError('conflict', 'error.invalidAction');
    const [after] = await tx.update(o).set({ state: 'cancelled', cancelReason: reason, cancelledAt: new Date().toISOString(), updatedAt: new Date() }).where(eq(o.id, id)).returning();
    await restock(tx, before.items as { goodsId: number; quantity: number }[]);
    await writeOpLog(tx, actor, { action: 'cancel', recordType: 'shopOrder', recordId: id, before, after }, ip);
    return after!;
  });
  await pushToRoom(db, row.hotelId as number, row.roomNumber as string);
}

/** Cancels a stay's open orders at check-out (docs/shop.md "Check-out"): they are never delivered, so never charged. */
async function cancelOpenOrdersOfStay(tx: Db, stayId: number): Promise<string[]> {
  const o = orders();
  const reason = `${translate('shop.checkOutReason', 'zh-CN')} / ${translate('shop.checkOutReason', 'en-US')}`;
  const open = await tx.select({ id: o.id, number: o.number, items: o.items }).from(o).where(and(eq(o.stayId, stayId), inArray(o.state, OPEN_STATES))).for('update');
  if (!open.length) return [];
  await tx.update(o).set({ state: 'cancelled', cancelReason: reason, cancelledAt: new Date().toISOString(), updatedAt: new Date() }).where(inArray(o.id, open.map((row) => row.id)));
  for (const row of open) await restock(tx, row.items as { goodsId: number; quantity: number }[]);
  return open.map((row) => row.number as string);
}

let installed = false;

/** The order workflow's hooks: state action rules, the charge at delivery, pushes to the room, the check-out. */
export function registerShopOrderHooks(): void {
  if (installed) return;
  installed = true;
  addRecordHooks('shopOrder', {
    async beforeAction(ctx, row, action) {
      const o = orders();
      if (action === 'cancel') throw invalidFields({ cancelReason: { key: 'shop.cancelReasonRequired' } });
      if (action === 'confirm') await ctx.db.update(o).set({ confirmedAt: new Date().toISOString() }).where(eq(o.id, row.id));
      if (action !== 'deliver') return;
      if (row.payment === 'room') await chargeDelivered(ctx.db, row);
      await ctx.db.update(o).set({ deliveredAt: new Date().toISOString() }).where(eq(o.id, row.id));
    },
    async afterCommit(ctx, { rows }) {
      for (const row of rows) await pushToRoom(ctx.db, row.hotelId as number, row.roomNumber as string);
    },
  });
  addCheckOutHandler('shop', async (tx, stay) => {
    const cancelled = await cancelOpenOrdersOfStay(tx, stay.id);
    return cancelled.length ? [{ area: 'shop', key: 'shop.receiptOpenOrders', count: cancelled.length, items: cancelled }] : [];
  });
}

/**
 * Charges a delivered order to its stay: the stay must still be in house and allow charges (the
 * no-post flag can be set after the order). Idempotent by the order (the ledger's unique order id).
 */
async function chargeDelivered(tx: Db, row: Row): Promise<void> {
  const s = recordTables.stay!;
  const [stay] = row.stayId
    ? await tx.select({ id: s.id, noPost: s.noPost, reservation: s.reservation, state: s.state }).from(s).where(eq(s.id, row.stayId as number))
    : [];
  const refusal = roomChargeRefusal(stay && stay.state === 'inHouse' ? (stay as StayInfo) : null);
  if (refusal) throw new AppError('conflict', refusal);
  await chargeToRoom(tx, {
    brandId: row.brandId as number,
    hotelId: row.hotelId as number,
    orderId: row.id,
    stayId: stay!.id as number,
    roomNumber: row.roomNumber as string,
    reservation: (stay!.reservation as string | null) ?? null,
    amountMinor: row.amountMinor as number,
    description: `Shop ${row.number as string}`,
  });
}

/** The hotel's open orders: the console's badge and its sound for a new one (polled). */
export async function openOrderCounts(db: Db, hotelId: number): Promise<{ new: number; confirmed: number; latestId: number }> {
  const o = orders();
  const [counts, [latest]] = await Promise.all([
    db.select({ state: o.state, n: sql<number>`count(*)::int` }).from(o).where(and(eq(o.hotelId, hotelId), inArray(o.state, OPEN_STATES))).groupBy(o.state),
    db.select({ id: o.id }).from(o).where(eq(o.hotelId, hotelId)).orderBy(desc(o.id)).limit(1),
  ]);
  const of = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
  return { new: of('new'), confirmed: of('confirmed'), latestId: (latest?.id as number | undefined) ?? 0 };
}
