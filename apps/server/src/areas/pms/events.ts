import { translate, type Lang } from '@htv/shared';
import type { PmsRefusal } from '@htv/shared/areas/pms/messages';
import { PMS_EVENT_TYPES, pmsEvent, type PmsEvent, type PmsEventAnswer, type PmsSource } from '@htv/shared/areas/pms/protocol';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsEventKeys, recordTables } from '../../db/schema/index.js';
import { unstorableTextPath } from '../../http/request-data.js';
import { notifyConfigChanged } from '../devices/service.js';
import { applyEvent, inHouseStayView, Refusal, type Hotel } from './stays.js';

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

/** Writes one PMS log row (every event lands there, refused ones too). */
export async function logEvent(db: Db, hotel: Hotel, origin: EventOrigin, row: LogRow): Promise<void> {
  await db.insert(recordTables.pmsLog!).values({ brandId: hotel.brandId, hotelId: hotel.id, source: origin.source, address: origin.address?.slice(0, 45) ?? null, ...row });
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
  // Text no column stores (NUL, a lone surrogate) is malformed; nothing of it is logged.
  if (unstorableTextPath(raw)) return refuseRaw(db, hotel, origin, null, 'malformed', lang);
  const parsed = pmsEvent.safeParse(raw);
  if (!parsed.success) return refuseRaw(db, hotel, origin, raw, 'malformed', lang);
  const event: PmsEvent = parsed.data;
  const logged = { roomNumber: event.room, event: event.type, eventId: event.id };
  try {
    const outcome = await db.transaction(async (tx) => {
      const [fresh] = await tx.insert(pmsEventKeys).values({ hotelId: hotel.id, eventId: event.id, answer: {} }).onConflictDoNothing().returning({ eventId: pmsEventKeys.eventId });
      if (!fresh) {
        const [first] = await tx.select({ answer: pmsEventKeys.answer }).from(pmsEventKeys).where(and(eq(pmsEventKeys.hotelId, hotel.id), eq(pmsEventKeys.eventId, event.id)));
        const answer = first!.answer as PmsEventAnswer;
        await logEvent(tx, hotel, origin, { ...logged, guestName: await guestNameOf(tx, hotel, event), result: 'duplicate', reason: null });
        return { answer, terminalIds: [] };
      }
      const applied = await applyEvent(tx, hotel, event);
      const answer: PmsEventAnswer = { id: event.id, result: 'applied', ...(applied.stay ? { stayId: applied.stay.id } : {}) };
      await tx.update(pmsEventKeys).set({ answer }).where(and(eq(pmsEventKeys.hotelId, hotel.id), eq(pmsEventKeys.eventId, event.id)));
      await logEvent(tx, hotel, origin, { ...logged, guestName: applied.stay?.guestName ?? null, result: 'applied', reason: null });
      return { answer, terminalIds: applied.terminalIds };
    });
    notifyConfigChanged(outcome.terminalIds);
    return outcome.answer;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await logEvent(db, hotel, origin, { ...logged, guestName: await guestNameOf(db, hotel, event), result: 'refused', reason: error.reason });
    return refusedAnswer(event.id, error.reason, lang);
  }
}
