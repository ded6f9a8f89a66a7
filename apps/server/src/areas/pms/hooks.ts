import type { PmsEvent } from '@htv/shared/areas/pms/protocol';
import type { Db } from '../../db/client.js';

/** A stay as the hooks see it. */
export interface StayRow {
  id: number;
  brandId: number;
  hotelId: number;
  roomNumber: string;
  guestName: string;
  reservation: string | null;
  groupCode: string | null;
}

/** One line of a check-out receipt: what an area removed with the stay (`key`: a catalogue key, `count` fills it). */
export interface ReceiptItem {
  area: string;
  key: string;
  count: number;
  /** What exactly (MACs, ids), for the audit. */
  items?: readonly (string | number)[];
}

/**
 * Removes what an area tied to a stay (messages, wake-ups, paired phones…) inside the check-out's
 * transaction, and says what it removed: the receipt is their list. A handler that throws rolls the
 * whole check-out back.
 */
export type CheckOutHandler = (tx: Db, stay: StayRow) => Promise<ReceiptItem[]>;

/**
 * Of stays checked out together (a PMS request's check-outs), those an area has anything to remove
 * for, found in one statement for all: its handler then runs for these only. An area without one
 * runs its handler for every stay.
 */
export type CheckOutPending = (tx: Db, stays: readonly StayRow[]) => Promise<ReadonlySet<number>>;

/**
 * For a `CheckOutPending` query: the stays that an area's rows (found for several stays at once)
 * belong to, by their stay id when they carry one, else by their hotel and room.
 */
export function staysOfRows(stays: readonly StayRow[], rows: readonly { stayId?: number | null; hotelId: number | null; roomNumber: string | null }[]): Set<number> {
  const byRoom = new Map(stays.map((stay) => [`${stay.hotelId}:${stay.roomNumber}`, stay.id]));
  const ids = new Set(stays.map((stay) => stay.id));
  const found = new Set<number>();
  for (const row of rows) {
    const id = row.stayId != null ? row.stayId : byRoom.get(`${row.hotelId}:${row.roomNumber}`);
    if (id !== undefined && ids.has(id)) found.add(id);
  }
  return found;
}

interface CheckOutPart {
  handler: CheckOutHandler;
  pending?: CheckOutPending;
}

/** Each area's handlers, the one registered last on top (an area's part is one handler at a time). */
const checkOutHandlers = new Map<string, CheckOutPart[]>();

/**
 * Registers an area's part of the check-out, replacing the area's earlier one. An area whose handler
 * holds an app's own parts (its push hub, its file store) removes it when the app closes, with the
 * function answered, so the handler of an app still running takes over again (several apps in one
 * process: tests, tools). `pending`: which of several stays the handler has work for (see above).
 */
export function addCheckOutHandler(area: string, handler: CheckOutHandler, pending?: CheckOutPending): () => void {
  const stack = checkOutHandlers.get(area) ?? [];
  const part: CheckOutPart = { handler, pending };
  stack.push(part);
  checkOutHandlers.set(area, stack);
  return () => {
    const at = stack.lastIndexOf(part);
    if (at >= 0) stack.splice(at, 1);
  };
}

export async function runCheckOutHandlers(tx: Db, stay: StayRow): Promise<ReceiptItem[]> {
  return (await runCheckOutHandlersOf(tx, [stay])).get(stay.id)!;
}

/**
 * The areas' check-out handlers for several stays (of different rooms) in one transaction: area by
 * area, each stay's receipt in the areas' order, as one by one. An area with a `pending` query asks it
 * once and runs its handler for the stays it names only.
 */
export async function runCheckOutHandlersOf(tx: Db, stays: readonly StayRow[]): Promise<Map<number, ReceiptItem[]>> {
  const receipts = new Map(stays.map((stay) => [stay.id, [] as ReceiptItem[]]));
  for (const stack of checkOutHandlers.values()) {
    const part = stack.at(-1);
    if (!part) continue;
    const due = part.pending && stays.length > 1 ? await part.pending(tx, stays) : null;
    for (const stay of stays) if (!due || due.has(stay.id)) receipts.get(stay.id)!.push(...(await part.handler(tx, stay)));
  }
  return receipts;
}

/** The events other areas act on (wake-up calls, guest messages), with the room's in-house stay. */
export type GuestServiceEvent = Extract<PmsEvent, { type: 'wakeUpSet' | 'wakeUpClear' | 'messageWaiting' }>;
export type GuestServiceHandler = (tx: Db, event: GuestServiceEvent, stay: StayRow) => Promise<void>;

const guestServiceHandlers = new Map<GuestServiceEvent['type'], GuestServiceHandler>();

/**
 * The seam for the wake-up and messaging areas: the handler of an event type runs inside the event's
 * transaction. Until an area registers one, such events are only logged.
 */
export function setGuestServiceHandler(type: GuestServiceEvent['type'], handler: GuestServiceHandler): void {
  guestServiceHandlers.set(type, handler);
}

export function guestServiceHandler(type: GuestServiceEvent['type']): GuestServiceHandler | undefined {
  return guestServiceHandlers.get(type);
}

/**
 * Carries what an area tied to a stay's room (open wake-up calls, messages sent to the room) to the
 * stay's new room, inside the room move's transaction; `stay` is already in the new room. A handler
 * that throws rolls the whole move back. The TVs of both rooms are told after the commit.
 */
export type RoomMoveHandler = (tx: Db, stay: StayRow, fromRoom: string, toRoom: string) => Promise<void>;

const roomMoveHandlers = new Map<string, RoomMoveHandler>();

/** Registers an area's part of a room move (once per area and process). */
export function addRoomMoveHandler(area: string, handler: RoomMoveHandler): void {
  roomMoveHandlers.set(area, handler);
}

export async function runRoomMoveHandlers(tx: Db, stay: StayRow, fromRoom: string, toRoom: string): Promise<void> {
  for (const handler of roomMoveHandlers.values()) await handler(tx, stay, fromRoom, toRoom);
}
