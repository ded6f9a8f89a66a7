import { records, type RecordDef } from '@htv/shared';
import { LIVE_STATES, livePublishState, parseRooms, type PublishMethod, type PublishState, type PublishVocabulary } from '@htv/shared/areas/publishing/fields';
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables, rooms as roomsTable, type RecordTable } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import type { Row } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';
import { invalidateConfig } from '../devices/config.js';
import { publishReceipts, publishWithdrawals } from './schema.js';

/**
 * The one way items reach rooms (docs/publishing.md). A publishable record carries `publishFields`
 * and `publishActions` (packages/shared/src/areas/publishing/fields.ts); `addPublishable` gives it the
 * rules of its targets, the state its publish action leads to, and its share of the scheduler, the
 * receipts and the withdrawals. Its area builds its TV part from `liveForRoom`.
 */
export interface Publishable {
  /** The record's name: also the receipts' `kind`. */
  kind: string;
  def: RecordDef;
  vocabulary: PublishVocabulary;
}

const publishables = new Map<string, Publishable>();

export const publishableOf = (kind: string): Publishable | undefined => publishables.get(kind);
export const allPublishables = (): Publishable[] => [...publishables.values()];

const tableOfKind = (kind: string): RecordTable => recordTables[kind]!;
const tourGroups = () => recordTables.tourGroup!;

/** Splits a stored list of room numbers in SQL as `parseRooms` does. */
const ROOM_SPLIT = '[\\s,，]+';
const roomIn = (room: string, list: SQL | RecordTable[string]) => sql`${room} = any(regexp_split_to_array(coalesce(${list}, ''), ${ROOM_SPLIT}))`;

/** Rows of `table` whose target reaches `room` of `hotelId` (whatever their state). */
function reachesRoom(kind: string, table: RecordTable, hotelId: number, room: string): SQL {
  const groups = tourGroups();
  return and(
    eq(table.hotelId, hotelId),
    sql`(${table.publishMethod} = 'all'
      or (${table.publishMethod} = 'rooms' and ${roomIn(room, table.rooms)})
      or (${table.publishMethod} = 'group' and exists (select 1 from ${groups} where ${groups.id} = ${table.tourGroupId} and ${groups.hotelId} = ${hotelId} and ${roomIn(room, groups.rooms)})))`,
    sql`not exists (select 1 from ${publishWithdrawals} where ${publishWithdrawals.kind} = ${kind} and ${publishWithdrawals.itemId} = ${table.id} and ${publishWithdrawals.roomNumber} = ${room})`,
  )!;
}

/**
 * A stored time as ISO 8601: record tables read timestamps as the database's text
 * (`2026-11-28 07:41:05.123+00`), which `Date` does not read everywhere.
 */
export function isoOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(text).toISOString();
}

const isLive = (table: RecordTable) => inArray(table.publishState, LIVE_STATES as PublishState[]);

/**
 * The items of `kind` live for a room, newest published first, each with whether a TV of the room has
 * read it (TVs sharing a room share what was read). A TV's part is built from these.
 */
export async function liveForRoom(db: Db, kind: string, hotelId: number, room: string): Promise<(Row & { publishedAt: string; read: boolean })[]> {
  const table = tableOfKind(kind);
  const rows = (await db
    .select()
    .from(table)
    .where(and(isLive(table), reachesRoom(kind, table, hotelId, room)))
    .orderBy(sql`${table.publishedAt} desc`, sql`${table.id} desc`)
    .limit(200)) as (Row & { publishedAt: string })[];
  if (!rows.length) return [];
  const read = await db
    .selectDistinct({ itemId: publishReceipts.itemId })
    .from(publishReceipts)
    .where(and(eq(publishReceipts.kind, kind), eq(publishReceipts.hotelId, hotelId), eq(publishReceipts.roomNumber, room), isNotNull(publishReceipts.readAt), inArray(publishReceipts.itemId, rows.map((row) => row.id))));
  const readIds = new Set(read.map((row) => row.itemId));
  return rows.map((row) => ({ ...row, publishedAt: isoOf(row.publishedAt), read: readIds.has(row.id) }));
}

/** The room numbers an item's target names now: every room of the hotel, the chosen ones, or the group's. */
export async function targetRooms(db: Db, row: Row): Promise<string[]> {
  const hotelId = row.hotelId as number;
  if (row.publishMethod === 'rooms') return parseRooms(row.rooms as string | null);
  if (row.publishMethod === 'group') {
    const groups = tourGroups();
    const [group] = await db.select({ rooms: groups.rooms }).from(groups).where(and(eq(groups.id, row.tourGroupId as number), eq(groups.hotelId, hotelId)));
    return parseRooms(group?.rooms as string | null | undefined);
  }
  const all = await db.select({ number: roomsTable.number }).from(roomsTable).where(eq(roomsTable.hotelId, hotelId)).orderBy(roomsTable.number);
  return all.map((room) => room.number);
}

/** The write rules of a target: chosen rooms exist in the item's hotel, the tour group is the hotel's. */
async function checkTarget(db: Db, row: Record<string, unknown>): Promise<void> {
  const hotelId = row.hotelId as number;
  if (row.publishMethod === 'rooms') {
    const wanted = parseRooms(row.rooms as string | null);
    const found = wanted.length ? await db.select({ number: roomsTable.number }).from(roomsTable).where(and(eq(roomsTable.hotelId, hotelId), inArray(roomsTable.number, wanted))) : [];
    const missing = wanted.filter((room) => !found.some((f) => f.number === room));
    if (missing.length) throw invalidFields({ rooms: { key: 'publishing.unknownRooms', params: { rooms: missing.slice(0, 10).join(', ') } } });
  }
  if (row.publishMethod === 'group' && row.tourGroupId !== null && row.tourGroupId !== undefined) {
    const groups = tourGroups();
    const [group] = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.id, row.tourGroupId as number), eq(groups.hotelId, hotelId)));
    if (!group) throw invalidFields({ tourGroupId: { key: 'publishing.groupOfOtherHotel' } });
  }
}

/** Where the publish action leads: scheduled for a time to come, else live now with its target's state. */
export function publishNow(vocabulary: PublishVocabulary, row: Row, now = new Date()): { publishState: PublishState; publishedAt: string | null } {
  const at = row.publishAt ? new Date(isoOf(row.publishAt)) : null;
  if (at && at > now) return { publishState: 'scheduled', publishedAt: null };
  return { publishState: livePublishState(vocabulary, row.publishMethod as PublishMethod), publishedAt: now.toISOString() };
}

/** Tells a hotel's TVs that what is published to them changed (pushed within seconds). */
export const tellHotel = (hotelId: number) => invalidateConfig({ hotelId });

/**
 * Makes a record publishable (once per process): its target rules on every write, a live item's state
 * following a changed target, the publish action's state and time, and its receipts and withdrawals
 * deleted with it. The record's TV part (`addRecordConfigPart`) pushes each committed change.
 */
export function addPublishable(kind: string, vocabulary: PublishVocabulary): void {
  if (publishables.has(kind)) return;
  const def = records[kind as keyof typeof records] as RecordDef;
  publishables.set(kind, { kind, def, vocabulary });
  addRecordHooks(kind, {
    async beforeWrite(ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values };
      await checkTarget(ctx.db, merged);
      // A live item whose target changed shows the state of its new target.
      if (existing && LIVE_STATES.includes(existing.publishState as PublishState)) return { ...values, publishState: livePublishState(vocabulary, merged.publishMethod as PublishMethod) };
      return values;
    },
    beforeAction(_ctx, row, action) {
      if (action === 'publish') return publishNow(vocabulary, row);
      return undefined;
    },
    async beforeDelete(ctx, rows) {
      const ids = rows.map((row) => row.id);
      await ctx.db.delete(publishReceipts).where(and(eq(publishReceipts.kind, kind), inArray(publishReceipts.itemId, ids)));
      await ctx.db.delete(publishWithdrawals).where(and(eq(publishWithdrawals.kind, kind), inArray(publishWithdrawals.itemId, ids)));
    },
  });
}

/**
 * The scheduler's tick: publishes every scheduled item whose time has come and tells its hotel's TVs.
 * One UPDATE claims each item, so with several server processes each fires exactly once.
 */
export async function publishDue(db: Db, now = new Date()): Promise<number> {
  let fired = 0;
  for (const { kind, vocabulary } of publishables.values()) {
    const table = tableOfKind(kind);
    const live = (method: PublishMethod) => livePublishState(vocabulary, method);
    const claimed = await db
      .update(table)
      .set({ publishState: sql`case ${table.publishMethod} when 'rooms' then ${live('rooms')} when 'group' then ${live('group')} else ${live('all')} end`, publishedAt: now.toISOString(), updatedAt: now })
      .where(and(eq(table.publishState, 'scheduled'), lte(table.publishAt, now.toISOString())))
      .returning({ hotelId: table.hotelId });
    for (const hotelId of new Set(claimed.map((row) => row.hotelId as number))) tellHotel(hotelId);
    fired += claimed.length;
  }
  return fired;
}

/**
 * Takes live items of `kind` reaching a room back from that room (`reason`: `checkOut`, `pms`), only
 * those `only` selects when given. Runs inside the caller's transaction; answers the ids withdrawn.
 */
export async function withdrawFromRoom(tx: Db, kind: string, hotelId: number, room: string, reason: string, only?: SQL): Promise<number[]> {
  const table = tableOfKind(kind);
  const reached = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(isLive(table), reachesRoom(kind, table, hotelId, room), only));
  const ids = reached.map((row) => row.id as number);
  if (ids.length) await tx.insert(publishWithdrawals).values(ids.map((itemId) => ({ kind, itemId, hotelId, roomNumber: room, reason }))).onConflictDoNothing();
  return ids;
}

/**
 * A guest's room move for items of `kind` sent to rooms by number (live or scheduled, not withdrawn
 * from the old room): the old room's number in their list becomes the new room's, so the new room's
 * TVs receive them and the old room's stop. The old room's receipts stay as the item's history (its
 * detail lists the room as no longer targeted); a withdrawal of the new room left by an earlier guest
 * is lifted. Runs inside the caller's transaction; answers the ids moved.
 */
export async function moveRoomTargets(tx: Db, kind: string, hotelId: number, fromRoom: string, toRoom: string): Promise<number[]> {
  const table = tableOfKind(kind);
  const found = await tx
    .select({ id: table.id, rooms: table.rooms })
    .from(table)
    .where(
      and(
        inArray(table.publishState, [...LIVE_STATES, 'scheduled'] as PublishState[]),
        eq(table.publishMethod, 'rooms'),
        reachesRoom(kind, table, hotelId, fromRoom),
      ),
    )
    .for('update');
  const ids: number[] = [];
  for (const row of found) {
    const list = parseRooms(row.rooms as string | null).map((room) => (room === fromRoom ? toRoom : room));
    await tx.update(table).set({ rooms: [...new Set(list)].join(','), updatedAt: new Date() }).where(eq(table.id, row.id));
    ids.push(row.id as number);
  }
  if (ids.length) await tx.delete(publishWithdrawals).where(and(eq(publishWithdrawals.kind, kind), inArray(publishWithdrawals.itemId, ids), eq(publishWithdrawals.roomNumber, toRoom)));
  return ids;
}

/** The terminal a receipt comes from. */
export interface ReceiptTerminal {
  id: number;
  mac: string;
  brandId: number | null;
  hotelId: number | null;
  roomNumber: string | null;
}

/**
 * Records a terminal's receipts of items live for its room (others are ignored: an id of another
 * room or hotel changes nothing). Read implies delivered; each time is kept from its first report.
 * Answers whether a read was new, so the room's other TVs are told.
 */
export async function recordReceipts(db: Db, terminal: ReceiptTerminal, kind: string, ids: readonly number[], state: 'delivered' | 'read', now = new Date()): Promise<{ recorded: number; newlyRead: boolean }> {
  if (terminal.hotelId === null || terminal.brandId === null || !terminal.roomNumber || !publishables.has(kind)) return { recorded: 0, newlyRead: false };
  const table = tableOfKind(kind);
  const live = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, [...new Set(ids)]), isLive(table), reachesRoom(kind, table, terminal.hotelId, terminal.roomNumber)));
  if (!live.length) return { recorded: 0, newlyRead: false };
  const base = { kind, brandId: terminal.brandId, hotelId: terminal.hotelId, terminalId: terminal.id, mac: terminal.mac, roomNumber: terminal.roomNumber, deliveredAt: now };
  const values = live.map((row) => ({ ...base, itemId: row.id as number, readAt: state === 'read' ? now : null }));
  const written = await db
    .insert(publishReceipts)
    .values(values)
    .onConflictDoUpdate({
      target: [publishReceipts.kind, publishReceipts.itemId, publishReceipts.terminalId],
      set: { readAt: state === 'read' ? sql`coalesce(${publishReceipts.readAt}, ${now})` : sql`${publishReceipts.readAt}`, roomNumber: terminal.roomNumber },
      // Only a first read changes anything: a repeated receipt writes nothing.
      setWhere: state === 'read' ? sql`${publishReceipts.readAt} is null` : sql`false`,
    })
    .returning({ readAt: publishReceipts.readAt });
  return { recorded: live.length, newlyRead: state === 'read' && written.length > 0 };
}

export interface RoomReceipts {
  roomNumber: string;
  /** Whether the item's target names the room now. */
  targeted: boolean;
  withdrawnAt: string | null;
  terminals: { terminalId: number; mac: string; deliveredAt: string; readAt: string | null }[];
}

/** An item's receipts for its detail: per room and terminal, with the counts ("delivered 212 of 230 rooms, read 97"). */
export async function itemReceipts(db: Db, kind: string, row: Row) {
  const [target, receipts, withdrawals] = await Promise.all([
    targetRooms(db, row),
    db.select().from(publishReceipts).where(and(eq(publishReceipts.kind, kind), eq(publishReceipts.itemId, row.id), eq(publishReceipts.hotelId, row.hotelId as number))).orderBy(publishReceipts.roomNumber, publishReceipts.id),
    db.select().from(publishWithdrawals).where(and(eq(publishWithdrawals.kind, kind), eq(publishWithdrawals.itemId, row.id), eq(publishWithdrawals.hotelId, row.hotelId as number))),
  ]);
  const byRoom = new Map<string, RoomReceipts>();
  const roomOf = (roomNumber: string) => {
    let room = byRoom.get(roomNumber);
    if (!room) byRoom.set(roomNumber, (room = { roomNumber, targeted: false, withdrawnAt: null, terminals: [] }));
    return room;
  };
  for (const roomNumber of target) roomOf(roomNumber).targeted = true;
  for (const receipt of receipts) {
    roomOf(receipt.roomNumber).terminals.push({ terminalId: receipt.terminalId, mac: receipt.mac, deliveredAt: receipt.deliveredAt.toISOString(), readAt: receipt.readAt?.toISOString() ?? null });
  }
  for (const withdrawal of withdrawals) roomOf(withdrawal.roomNumber).withdrawnAt = withdrawal.withdrawnAt.toISOString();
  const list = [...byRoom.values()].sort((a, b) => a.roomNumber.localeCompare(b.roomNumber, undefined, { numeric: true }));
  return {
    targetRooms: target.length,
    deliveredRooms: list.filter((room) => room.terminals.length).length,
    readRooms: list.filter((room) => room.terminals.some((t) => t.readAt)).length,
    withdrawnRooms: list.filter((room) => room.withdrawnAt).length,
    rooms: list,
  };
}
