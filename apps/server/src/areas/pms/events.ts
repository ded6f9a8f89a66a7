import { translate, type Lang } from '@htv/shared';
import type { PmsRefusal } from '@htv/shared/areas/pms/messages';
import { PMS_EVENT_TYPES, pmsEvent, type PmsEvent, type PmsEventAnswer, type PmsSource } from '@htv/shared/areas/pms/protocol';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsEventKeys, recordTables, rooms } from '../../db/schema/index.js';
import { unstorableTextPath } from '../../http/request-data.js';
import { notifyConfigChanged } from '../devices/service.js';
import type { StayRow } from './hooks.js';
import { applyEvent, checkOutStays, inHouseStayView, inHouseStaysLocked, Refusal, type Hotel, type KnownRooms } from './stays.js';

/** Where an event came from: the interface and the sender's address. */
export interface EventOrigin {
  source: PmsSource;
  address: string | null;
}

interface LogRow {
  roomNumber: string | null;
  guestName: string | null;
  event: string;
  result: 'applied' | 'duplicate' | 'refused';
  reason: PmsRefusal | null;
  eventId: string | null;
}

const logValues = (hotel: Hotel, origin: EventOrigin, row: LogRow) => ({ brandId: hotel.brandId, hotelId: hotel.id, source: origin.source, address: origin.address?.slice(0, 45) ?? null, ...row });

/** Writes PMS log rows, in order, in one statement (every event lands there, refused ones too). */
async function logEvents(db: Db, hotel: Hotel, origin: EventOrigin, rows: readonly LogRow[]): Promise<void> {
  if (rows.length) await db.insert(recordTables.pmsLog!).values(rows.map((row) => logValues(hotel, origin, row)));
}

/** Writes one PMS log row. */
export async function logEvent(db: Db, hotel: Hotel, origin: EventOrigin, row: LogRow): Promise<void> {
  await logEvents(db, hotel, origin, [row]);
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/** What the log can tell of a body that is not a valid event: its type, id and room when they read. */
function logFieldsOf(raw: unknown): Pick<LogRow, 'event' | 'eventId' | 'roomNumber' | 'guestName'> {
  const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const type = (PMS_EVENT_TYPES as readonly string[]).includes(body.type as string) ? (body.type as string) : 'unknown';
  const guest = body.guest && typeof body.guest === 'object' ? (body.guest as Record<string, unknown>) : {};
  return { event: type, eventId: text(body.id, 64), roomNumber: text(body.room, 16), guestName: text(guest.name, 40) };
}

/** The guest an event concerns, for its log row: the one it names, else the room's guest in house. */
async function guestNameOf(db: Db, hotel: Hotel, event: PmsEvent): Promise<string | null> {
  if (event.type === 'checkIn') return event.guest.name;
  return (await inHouseStayView(db, hotel.id, event.room))?.guestName ?? null;
}

export function refusedAnswer(id: string | null, reason: PmsRefusal, lang: Lang): PmsEventAnswer {
  return { id, result: 'refused', errkey: `pms.${reason}`, errmsg: translate(`pms.${reason}`, lang) };
}

/** Logs an event refused before it could be read (a broken body or frame, a bad signature) and answers it. */
export async function refuseRaw(db: Db, hotel: Hotel, origin: EventOrigin, raw: unknown, reason: PmsRefusal, lang: Lang): Promise<PmsEventAnswer> {
  const fields = logFieldsOf(raw);
  await logEvent(db, hotel, origin, { ...fields, result: 'refused', reason });
  return refusedAnswer(fields.eventId, reason, lang);
}

/**
 * The one place every PMS event is handled, whichever interface brought it: validated, applied in one
 * transaction with its idempotency key (a replay of an applied event changes nothing and answers as
 * the first time), logged, and the room's TVs told. A refusal writes nothing but its log row.
 */
export async function handleEvent(db: Db, hotel: Hotel, origin: EventOrigin, raw: unknown, lang: Lang): Promise<PmsEventAnswer> {
  return (await handleEvents(db, hotel, origin, [raw], lang))[0]!;
}

/** A read event: refused before it could be applied (with its log row), or valid. */
type Read = { refused: PmsEventAnswer; log: LogRow } | { event: PmsEvent };

function readEvent(raw: unknown, lang: Lang): Read {
  // Text no column stores (NUL, a lone surrogate) is malformed; nothing of it is logged.
  const unreadable = unstorableTextPath(raw);
  const parsed = unreadable ? null : pmsEvent.safeParse(raw);
  if (parsed?.success) return { event: parsed.data };
  const fields = logFieldsOf(unreadable ? null : raw);
  return { refused: refusedAnswer(fields.eventId, 'malformed', lang), log: { ...fields, result: 'refused', reason: 'malformed' } };
}

/** PostgreSQL's deadlock: two transactions waited on each other's rows; the one chosen rolled back. */
const isDeadlock = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) if (e.code === '40P01') return true;
  return false;
};

/**
 * A request's events (one or a batch), in order, in one transaction (docs/pms.md "Throughput"): the
 * idempotency keys claimed in one statement, the rooms and their terminals read once, each event
 * applied, the answers kept and the log rows written in one statement each, and the TVs of every room
 * touched told once after the commit. Each event is applied or refused on its own: the transaction
 * first runs without savepoints (the common case, nothing refused); when an event is refused it runs
 * again with a savepoint around each event, so a refusal rolls back its own event only. An error that is
 * not a refusal rolls the whole request back (the PMS sends it again; its applied events were not kept).
 */
export async function handleEvents(db: Db, hotel: Hotel, origin: EventOrigin, raws: readonly unknown[], lang: Lang): Promise<PmsEventAnswer[]> {
  const read = raws.map((raw) => readEvent(raw, lang));
  const events = read.flatMap((item) => ('event' in item ? [item.event] : []));
  if (!events.length) {
    await logEvents(db, hotel, origin, read.map((item) => ('log' in item ? item.log : null)).filter((row) => row !== null));
    return read.map((item) => ('refused' in item ? item.refused : null)!);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      let outcome: Outcome;
      try {
        outcome = await applyBatch(db, hotel, origin, read, lang, false);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        // One event refused: nothing to keep but its log row. Several: again, each in its savepoint.
        if (read.length === 1) return [await refuse(db, hotel, origin, events[0]!, error.reason, lang)];
        outcome = await applyBatch(db, hotel, origin, read, lang, true);
      }
      notifyConfigChanged([...outcome.terminalIds]);
      return outcome.answers;
    } catch (error) {
      // Two requests touching the same rooms in opposite orders: the one PostgreSQL rolled back runs again.
      if (attempt < 3 && isDeadlock(error)) continue;
      throw error;
    }
  }
}

/** Logs a valid event refused (the room's guest named when there is one) and answers it. */
async function refuse(db: Db, hotel: Hotel, origin: EventOrigin, event: PmsEvent, reason: PmsRefusal, lang: Lang): Promise<PmsEventAnswer> {
  await logEvent(db, hotel, origin, { roomNumber: event.room, event: event.type, eventId: event.id, guestName: await guestNameOf(db, hotel, event), result: 'refused', reason });
  return refusedAnswer(event.id, reason, lang);
}

interface Outcome {
  answers: PmsEventAnswer[];
  terminalIds: Set<number>;
}

/** The rooms the events name that exist, with their terminals: read once for the whole request. */
async function knownRooms(tx: Db, hotel: Hotel, events: readonly PmsEvent[]): Promise<KnownRooms> {
  const numbers = [...new Set(events.flatMap(roomsOf))];
  const t = recordTables.terminal!;
  const rows = await tx
    .select({ number: rooms.number, terminalId: t.id })
    .from(rooms)
    .leftJoin(t, and(eq(t.hotelId, rooms.hotelId), eq(t.roomNumber, rooms.number)))
    .where(and(eq(rooms.hotelId, hotel.id), inArray(rooms.number, numbers)));
  const terminals = new Map<string, number[]>();
  for (const row of rows) {
    const list = terminals.get(row.number) ?? [];
    if (row.terminalId !== null) list.push(row.terminalId as number);
    terminals.set(row.number, list);
  }
  return { numbers: new Set(numbers), terminals };
}

/** The rooms an event concerns. */
const roomsOf = (event: PmsEvent): string[] => (event.type === 'roomMove' ? [event.room, event.toRoom] : [event.room]);

async function applyBatch(db: Db, hotel: Hotel, origin: EventOrigin, read: readonly Read[], lang: Lang, isolate: boolean): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const events = read.flatMap((item) => ('event' in item ? [item.event] : []));
    // Claimed in a fixed order, so two requests sharing ids cannot wait on each other.
    const ids = [...new Set(events.map((event) => event.id))].sort();
    const claimed = await tx
      .insert(pmsEventKeys)
      .values(ids.map((eventId) => ({ hotelId: hotel.id, eventId, answer: {} })))
      .onConflictDoNothing()
      .returning({ eventId: pmsEventKeys.eventId });
    const fresh = new Set(claimed.map((row) => row.eventId));
    const stored = new Map<string, PmsEventAnswer>();
    const replayed = ids.filter((id) => !fresh.has(id));
    if (replayed.length) {
      const rows = await tx
        .select({ eventId: pmsEventKeys.eventId, answer: pmsEventKeys.answer })
        .from(pmsEventKeys)
        .where(and(eq(pmsEventKeys.hotelId, hotel.id), inArray(pmsEventKeys.eventId, replayed)));
      for (const row of rows) stored.set(row.eventId, row.answer as PmsEventAnswer);
    }
    const known = await knownRooms(tx, hotel, events);
    // Without savepoints the request's check-outs are carried out together, before any later event of
    // their rooms and at the end; with them (a refusal rolls back one event) each at once.
    const checkOuts: StayRow[] = [];
    if (!isolate) {
      // Without savepoints the request also keeps its rooms' stays (read and locked at once) and
      // writes the terminals' guest names once, before anything reads them.
      known.checkOuts = checkOuts;
      known.stays = await inHouseStaysLocked(tx, hotel.id, [...known.terminals.keys()]);
      known.guests = new Map();
    }
    const flush = () => checkOutStays(tx, hotel.id, checkOuts.splice(0), known);
    const answers: PmsEventAnswer[] = [];
    const logs: LogRow[] = [];
    const terminalIds = new Set<number>();
    /** The events of this request applied (their answers, to keep), and those refused (their keys let go). */
    const appliedHere = new Map<string, PmsEventAnswer>();
    const refusedHere = new Set<string>();
    for (const item of read) {
      if ('refused' in item) {
        answers.push(item.refused);
        logs.push(item.log);
        continue;
      }
      const { event } = item;
      if (checkOuts.length && roomsOf(event).some((room) => checkOuts.some((stay) => stay.roomNumber === room))) await flush();
      const logged = { roomNumber: event.room, event: event.type, eventId: event.id };
      const first = appliedHere.get(event.id) ?? (fresh.has(event.id) ? undefined : stored.get(event.id));
      if (first) {
        answers.push(first);
        logs.push({ ...logged, guestName: await guestNameOf(tx, hotel, event), result: 'duplicate', reason: null });
        continue;
      }
      try {
        const applied = isolate ? await tx.transaction((inner) => applyEvent(inner, hotel, event, known)) : await applyEvent(tx, hotel, event, known);
        const answer: PmsEventAnswer = { id: event.id, result: 'applied', ...(applied.stay ? { stayId: applied.stay.id } : {}) };
        appliedHere.set(event.id, answer);
        refusedHere.delete(event.id);
        answers.push(answer);
        logs.push({ ...logged, guestName: applied.stay?.guestName ?? null, result: 'applied', reason: null });
        for (const id of applied.terminalIds) terminalIds.add(id);
      } catch (error) {
        if (!(error instanceof Refusal) || !isolate) throw error;
        refusedHere.add(event.id);
        answers.push(refusedAnswer(event.id, error.reason, lang));
        logs.push({ ...logged, guestName: await guestNameOf(tx, hotel, event), result: 'refused', reason: error.reason });
      }
    }
    await flush();
    if (appliedHere.size) {
      const values = [...appliedHere].map(([id, answer]) => sql`(${id}, ${JSON.stringify(answer)})`);
      await tx.execute(sql`
        update pms_event_keys k set answer = v.answer::jsonb
          from (values ${sql.join(values, sql`, `)}) as v(event_id, answer)
         where k.hotel_id = ${hotel.id} and k.event_id = v.event_id`);
    }
    // A refused event is not remembered: the PMS may send it again, corrected, with its id.
    if (refusedHere.size) await tx.delete(pmsEventKeys).where(and(eq(pmsEventKeys.hotelId, hotel.id), inArray(pmsEventKeys.eventId, [...refusedHere])));
    await logEvents(tx, hotel, origin, logs);
    return { answers, terminalIds };
  });
}
