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

/** Each area's handlers, the one registered last on top (an area's part is one handler at a time). */
const checkOutHandlers = new Map<string, CheckOutHandler[]>();

/**
 * Registers an area's part of the check-out, replacing the area's earlier one. An area whose handler
 * holds an app's own parts (its push hub, its file store) removes it when the app closes, with the
 * function answered, so the handler of an app still running takes over again (several apps in one
 * process: tests, tools).
 */
export function addCheckOutHandler(area: string, handler: CheckOutHandler): () => void {
  const stack = checkOutHandlers.get(area) ?? [];
  stack.push(handler);
  checkOutHandlers.set(area, stack);
  return () => {
    const at = stack.lastIndexOf(handler);
    if (at >= 0) stack.splice(at, 1);
  };
}

export async function runCheckOutHandlers(tx: Db, stay: StayRow): Promise<ReceiptItem[]> {
  const receipt: ReceiptItem[] = [];
  for (const stack of checkOutHandlers.values()) {
    const handler = stack.at(-1);
    if (handler) receipt.push(...(await handler(tx, stay)));
  }
  return receipt;
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
