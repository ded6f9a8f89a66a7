import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsOutbox, recordTables, roomCharges } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { markPosted, markPostingFailed, markPostingPending, setRoomChargePoster, type RoomCharge } from '../shop/charges.js';
import { configOf } from '../wakeup/config.js';
import { FIAS_UTC_OFFSET } from './fias/events.js';
import { pmsHotelById } from './link.js';

/**
 * Charges to the room posted to the hotel's PMS (docs/pms.md "Posting charges"). The ledger's
 * transaction queues one `posting` record in `pms_outbox` per charge; a FIAS hotel's link sends it as
 * a PS and settles the charge on the PMS's PA, an HTTP hotel's sender POSTs it to the hotel's callback
 * URL (posting-http.ts). The charge id is the posting sequence (FIAS `P#`, the HTTP body's
 * `postingSequence`): a PMS that sees a sequence twice posts it once.
 */

/** The outbox's posting record, protocol-neutral. */
export interface PostingRecord {
  type: 'posting';
  /** `fias`: the hotel's FIAS link; `postingHttp`: a POST to the hotel's callback URL. */
  channel: 'fias' | 'postingHttp';
  chargeId: number;
  area: 'shop' | 'vod';
  room: string;
  reservation: string | null;
  amountMinor: number;
  description: string;
  /** When the charge was made (ISO). */
  at: string;
}

/** FIAS sales outlets (`SO`) of the areas that charge rooms: what the PMS's interface maps to revenue codes. */
export const FIAS_SALES_OUTLETS: Record<PostingRecord['area'], string> = { shop: '1', vod: '2' };

/** PA answers that mean "try again later" (retry, busy, night audit): sent again after `RETRY_S`. */
const RETRY_ANSWERS = new Set(['RY', 'BY', 'NA']);
const RETRY_S = 60;

/** The channel a hotel's postings take now, or null when nothing posts them (they stay in the ledger). */
async function postingChannel(db: Db, hotelId: number): Promise<PostingRecord['channel'] | null> {
  const hotel = await pmsHotelById(db, hotelId);
  if (hotel?.protocol === 'fias') return 'fias';
  if (hotel?.protocol === 'http' && (await configOf(db, hotelId)).callbackUrl) return 'postingHttp';
  return null;
}

/**
 * The poster (inside the ledger's transaction): one outbox record for the hotel's PMS link, or
 * nothing when the hotel has none (a FIAS hotel's records wait for its link like its wake-up answers).
 */
export async function queuePosting(tx: Db, charge: RoomCharge): Promise<'pending' | 'ledger'> {
  const channel = await postingChannel(tx, charge.hotelId);
  if (!channel) return 'ledger';
  const record: PostingRecord = {
    type: 'posting',
    channel,
    chargeId: charge.id,
    area: charge.area ?? 'shop',
    room: charge.roomNumber,
    reservation: charge.reservation,
    amountMinor: charge.amountMinor,
    description: charge.description,
    at: new Date().toISOString(),
  };
  await tx.insert(pmsOutbox).values({ hotelId: charge.hotelId, record });
  return 'pending';
}

let installed = false;

/** Installs the PMS poster of room charges (once per process). */
export function installRoomChargePoster(): void {
  if (installed) return;
  installed = true;
  setRoomChargePoster({ record: queuePosting });
}

const two = (n: number) => String(n).padStart(2, '0');

/** A moment as FIAS DA (YYMMDD) and TI (HHMMSS) in the hotel's local time (`FIAS_UTC_OFFSET`). */
export function fiasStamp(at: Date): { DA: string; TI: string } {
  const m = FIAS_UTC_OFFSET.match(/^([+-])(\d{2}):(\d{2})$/);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const d = new Date(at.getTime() + minutes * 60_000);
  return { DA: `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`, TI: `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}` };
}

/**
 * A posting record as FIAS PS (posting simple): RN room, G# reservation (when the stay has one), TA
 * total in minor units, P# posting sequence (the charge id), PT `C` (direct charge), SO sales outlet,
 * CT the folio text, DA/TI when it was charged. Null for a record missing what a PS needs.
 */
export function fiasPostingRecord(record: Partial<PostingRecord>): { type: string; fields: Record<string, string> } | null {
  if (typeof record.room !== 'string' || !Number.isInteger(record.chargeId) || !Number.isInteger(record.amountMinor) || typeof record.at !== 'string') return null;
  return {
    type: 'PS',
    fields: {
      RN: record.room,
      ...(record.reservation ? { 'G#': record.reservation } : {}),
      TA: String(record.amountMinor),
      'P#': String(record.chargeId),
      PT: 'C',
      SO: FIAS_SALES_OUTLETS[record.area ?? 'shop'] ?? '1',
      CT: (record.description ?? '').slice(0, 40),
      ...fiasStamp(new Date(record.at)),
    },
  };
}

/** The hotel's charge a posting sequence names (another hotel's sequence is unknown). */
async function chargeOfSequence(db: Db, hotelId: number, sequence: string | undefined) {
  if (!sequence || !/^\d{1,9}$/.test(sequence)) return null;
  const [charge] = await db
    .select({ id: roomCharges.id, posting: roomCharges.posting })
    .from(roomCharges)
    .where(and(eq(roomCharges.id, Number(sequence)), eq(roomCharges.hotelId, hotelId)));
  return charge ?? null;
}

const postingRows = (hotelId: number, chargeId: number) =>
  and(eq(pmsOutbox.hotelId, hotelId), sql`${pmsOutbox.record}->>'type' = 'posting'`, sql`(${pmsOutbox.record}->>'chargeId')::int = ${chargeId}`);

/**
 * The PMS's PA (posting answer) to a PS: `AS` OK posts the charge (reference `P#<sequence>`, or the
 * PMS's own in `RF` when it sends one); RY, BY, NA send it again after a minute; any other answer
 * fails it with the answer code and the PMS's text (`CT`). A PA for a posted charge changes nothing.
 * Answers false for a PA naming no charge of the hotel (the link logs it as a broken record).
 */
export async function answerPosting(db: Db, hotelId: number, fields: Map<string, string>): Promise<boolean> {
  const charge = await chargeOfSequence(db, hotelId, fields.get('P#')?.trim());
  if (!charge) return false;
  const answer = (fields.get('AS') ?? '').trim().toUpperCase();
  const text = (fields.get('CT') ?? '').trim();
  if (answer === 'OK') {
    await markPosted(db, charge.id, fields.get('RF')?.trim() || `P#${charge.id}`);
  } else if (RETRY_ANSWERS.has(answer)) {
    if (charge.posting !== 'pending') return true;
    await db
      .update(pmsOutbox)
      .set({ sentAt: null, record: sql`${pmsOutbox.record} || jsonb_build_object('nextAt', now() + make_interval(secs => ${RETRY_S}))` })
      .where(postingRows(hotelId, charge.id));
  } else {
    await markPostingFailed(db, charge.id, [answer || '??', text].filter(Boolean).join(' '));
  }
  return true;
}

/**
 * A FIAS link (re)started: the PS records sent on an earlier connection and not yet answered are sent
 * again (the PMS knows them by their sequence and posts each once).
 */
export async function resendUnansweredPostings(db: Db, hotelId: number): Promise<number> {
  const pending = db
    .select({ id: roomCharges.id })
    .from(roomCharges)
    .where(and(eq(roomCharges.hotelId, hotelId), eq(roomCharges.posting, 'pending')));
  const rows = await db
    .update(pmsOutbox)
    .set({ sentAt: null })
    .where(
      and(
        eq(pmsOutbox.hotelId, hotelId),
        sql`${pmsOutbox.sentAt} is not null`,
        sql`${pmsOutbox.record}->>'type' = 'posting'`,
        sql`${pmsOutbox.record}->>'channel' = 'fias'`,
        inArray(sql`(${pmsOutbox.record}->>'chargeId')::int`, pending),
      ),
    )
    .returning({ id: pmsOutbox.id });
  return rows.length;
}

/**
 * The hotel retries a failed posting (the order list's action): the charge is pending again and its
 * record queued again on the hotel's channel now, with the same sequence. Another hotel's order is a
 * 404; an order whose charge did not fail, or a hotel without a PMS link that posts, a 409.
 */
export async function retryPosting(db: Db, hotelId: number, area: 'shop' | 'vod', orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [charge] = await tx
      .select()
      .from(roomCharges)
      .where(and(eq(roomCharges.area, area), eq(roomCharges.orderId, orderId), eq(roomCharges.hotelId, hotelId)))
      .for('update');
    if (!charge) {
      // An order of the hotel that was never charged to the room: nothing to post.
      const orders = recordTables[area === 'vod' ? 'vodOrder' : 'shopOrder']!;
      const [order] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.hotelId, hotelId)));
      if (!order) throw notFound();
      throw new AppError('conflict', 'error.invalidAction');
    }
    if (charge.posting !== 'failed') throw new AppError('conflict', 'error.invalidAction');
    const channel = await postingChannel(tx, hotelId);
    if (!channel) throw new AppError('conflict', 'pms.postingNoLink');
    const again = await tx
      .update(pmsOutbox)
      .set({ sentAt: null, record: sql`(${pmsOutbox.record} - 'attempts' - 'nextAt' - 'failed') || jsonb_build_object('channel', ${channel}::text)` })
      .where(postingRows(hotelId, charge.id))
      .returning({ id: pmsOutbox.id });
    if (!again.length) await queuePosting(tx, { ...charge, area: charge.area as 'shop' | 'vod' });
    await markPostingPending(tx, charge.id);
  });
}
