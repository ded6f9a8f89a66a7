import { DEFAULT_WAKE_WORDS } from '@htv/shared/areas/wakeup/device';
import type { WakeUpTransition } from '@htv/shared/areas/wakeup/config';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { invalidateConfig } from '../devices/plugin.js';
import { inHouseStayView } from '../pms/stays.js';
import { wakeNow } from './clock.js';
import { configOf, isHotelSong } from './config.js';
import { wakeupEvents } from './schema.js';
import { localDateTime, localMoment } from './time.js';

export const calls = () => recordTables.wakeUpCall!;

/** What moved a call: the console, the PMS, the guest's TV, the server's scheduler, a check-out. */
export type TransitionBy = 'console' | 'pms' | 'tv' | 'server' | 'checkOut';

/** States a call may still ring from (cancel and check-out end them). */
export const OPEN_STATES = ['scheduled', 'ringing', 'snoozed'] as const;

/** The values of a call that say when and how it rings, as written (console, PMS, TV, group). */
export interface CallTiming {
  roomNumber: string;
  date: string;
  time: string;
  repeat?: 'once' | 'daily' | null;
  days?: number | null;
  music?: 'default' | 'tone' | 'song' | null;
  songId?: number | null;
  wordsZh?: string | null;
  wordsEn?: string | null;
}

/**
 * The rules of a call and what the server derives from them: the room is the hotel's, the song the
 * hotel's, the first ring not in the past (the current minute still counts); the first ring, the
 * days left after it, and the guest's name of the room's stay. Field errors name the field.
 */
export async function prepareCall(db: Db, hotelId: number, call: CallTiming): Promise<Record<string, unknown>> {
  const rooms = recordTables.room!;
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.hotelId, hotelId), eq(rooms.number, call.roomNumber))).limit(1);
  if (!room) throw invalidFields({ roomNumber: { key: 'wakeup.unknownRoom' } });
  if (call.music === 'song' && call.songId && !(await isHotelSong(db, hotelId, call.songId))) throw invalidFields({ songId: { key: 'wakeup.songNotHotel' } });
  const config = await configOf(db, hotelId);
  const due = localMoment(call.date, call.time, config.utcOffset);
  if (due.getTime() <= wakeNow().getTime() - 60_000) throw invalidFields({ time: { key: 'wakeup.inPast' } });
  const repeat = call.repeat ?? 'once';
  const days = repeat === 'daily' ? (call.days ?? 1) : 1;
  const stay = await inHouseStayView(db, hotelId, call.roomNumber);
  return {
    repeat,
    days,
    music: call.music ?? 'default',
    songId: call.music === 'song' ? (call.songId ?? null) : null,
    wordsZh: call.wordsZh ?? DEFAULT_WAKE_WORDS.zh,
    wordsEn: call.wordsEn ?? DEFAULT_WAKE_WORDS.en,
    guestName: stay?.guestName ?? null,
    dueAt: due.toISOString(),
    daysLeft: days - 1,
    state: 'scheduled',
    attempts: 0,
    snoozes: 0,
  };
}

/** A call the server sets itself (PMS, the guest's TV, a group), by the same rules as the console's. */
export async function insertCall(db: Db, owner: { brandId: number; hotelId: number }, call: CallTiming, source: 'pms' | 'guest' | 'group', groupId: number | null = null): Promise<Record<string, unknown>> {
  const prepared = await prepareCall(db, owner.hotelId, call);
  const [row] = await db
    .insert(calls())
    .values({ ...call, ...prepared, ...owner, source, groupId })
    .returning();
  return row as Record<string, unknown>;
}

/** Writes transitions of calls (the history). */
export async function logTransitions(db: Db, entries: readonly { callId: number; hotelId: number; state: string; by: TransitionBy; note?: string | null }[]): Promise<void> {
  if (entries.length) await db.insert(wakeupEvents).values(entries.map((e) => ({ ...e, note: e.note ?? null })));
}

/**
 * Ends a room's open calls (cancelled): all of them, or those ringing first at `at` (a PMS clear of
 * one call). Answers the ids ended.
 */
export async function cancelRoomCalls(db: Db, hotelId: number, roomNumber: string, by: TransitionBy, at?: Date): Promise<number[]> {
  const c = calls();
  const ended = await db
    .update(c)
    .set({ state: 'cancelled', updatedAt: new Date() })
    .where(and(eq(c.hotelId, hotelId), eq(c.roomNumber, roomNumber), inArray(c.state, [...OPEN_STATES]), at ? await atLocal(db, hotelId, at) : undefined))
    .returning({ id: c.id });
  const ids = ended.map((row) => row.id as number);
  await logTransitions(db, ids.map((callId) => ({ callId, hotelId, state: 'cancelled', by })));
  return ids;
}

/** Whether a room has an open call ringing first at a local date and minute. */
export async function openCallAt(db: Db, hotelId: number, roomNumber: string, date: string, time: string): Promise<boolean> {
  const c = calls();
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.hotelId, hotelId), eq(c.roomNumber, roomNumber), inArray(c.state, [...OPEN_STATES]), eq(c.date, date), eq(c.time, time)))
    .limit(1);
  return Boolean(row);
}

/** The calls of a room that ring first at a moment (its local date and minute). */
async function atLocal(db: Db, hotelId: number, at: Date) {
  const { date, time } = localDateTime(at, (await configOf(db, hotelId)).utcOffset);
  return and(eq(calls().date, date), eq(calls().time, time));
}

/** A call's history: its creation, then every transition, oldest first. */
export async function historyOf(db: Db, call: { id: number; createdAt: unknown; source: unknown }): Promise<WakeUpTransition[]> {
  const rows = await db.select().from(wakeupEvents).where(eq(wakeupEvents.callId, call.id)).orderBy(asc(wakeupEvents.id));
  const created: WakeUpTransition = { state: 'scheduled', at: new Date(call.createdAt as string).toISOString(), by: call.source === 'guest' ? 'tv' : call.source === 'pms' ? 'pms' : 'console', note: null };
  return [created, ...rows.map((row) => ({ state: row.state, at: row.at.toISOString(), by: row.by, note: row.note }))];
}

/** Tells the TVs of rooms that their wake-up part changed (pushed at once). */
export async function pushRooms(db: Db, rooms: readonly { hotelId: number; roomNumber: string }[]): Promise<void> {
  if (!rooms.length) return;
  const t = recordTables.terminal!;
  const keys = [...new Set(rooms.map((r) => `${r.hotelId}\u0000${r.roomNumber}`))];
  const ids: number[] = [];
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500).map((key) => key.split('\u0000') as [string, string]);
    const found = await db
      .select({ id: t.id })
      .from(t)
      .where(sql`(${t.hotelId}, ${t.roomNumber}) in (${sql.join(part.map(([hotelId, room]) => sql`(${Number(hotelId)}, ${room})`), sql`, `)})`);
    ids.push(...found.map((row) => row.id as number));
  }
  if (ids.length) invalidateConfig({ terminalIds: ids });
}

/** Refuses a change of a call that no longer waits to ring. */
export function assertEditable(state: unknown): void {
  if (state !== 'scheduled') throw new AppError('conflict', 'wakeup.notEditable');
}
