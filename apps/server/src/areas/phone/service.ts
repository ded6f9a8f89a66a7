import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { staysOfRows, type ReceiptItem, type StayRow } from '../pms/hooks.js';
import { phoneBindings, phoneCasts, phonePairCodes } from './schema.js';

/** How long a pairing code on the TV's screen binds a phone (the TV draws a new one before). */
export const PAIR_CODE_TTL_MS = 2 * 60_000;
/** The longest a binding lasts, stay or not: the guest scans again after it. */
export const BINDING_TTL_MS = 24 * 60 * 60_000;
/** Phones bound to one TV at once; one more ends the oldest binding. */
export const PHONES_PER_TV = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** 128 random bits, base64url: a pairing code or a phone's token. */
const secret = () => randomBytes(16).toString('base64url');

const terminals = () => recordTables.terminal!;
const stays = () => recordTables.stay!;

/** The TV a pairing code is drawn for: the device API's terminal. */
export interface PairingTerminal {
  id: number;
  brandId: number | null;
  hotelId: number | null;
}

/**
 * A new pairing code for the TV's QR code. The code it replaces on the screen still binds until it
 * expires (a guest who scanned it just before is not refused); used and expired codes stay until the
 * sweep, so their use is told apart from a forgery.
 */
export async function newPairCode(db: Db, terminal: PairingTerminal): Promise<{ code: string; expiresAt: Date }> {
  if (terminal.hotelId === null || terminal.brandId === null) throw new AppError('conflict', 'phone.noHotel');
  const code = secret();
  const expiresAt = new Date(Date.now() + PAIR_CODE_TTL_MS);
  await db.insert(phonePairCodes).values({ codeHash: sha256(code), terminalId: terminal.id, brandId: terminal.brandId, hotelId: terminal.hotelId, expiresAt });
  return { code, expiresAt };
}

/** Why a code does not bind: used, expired, or never issued (a changed or forged code). */
async function refusedCode(db: Db, code: string): Promise<AppError> {
  const [row] = await db.select({ usedAt: phonePairCodes.usedAt, expiresAt: phonePairCodes.expiresAt }).from(phonePairCodes).where(eq(phonePairCodes.codeHash, sha256(code)));
  if (!row) return new AppError('validation', 'phone.badCode');
  if (row.usedAt) return new AppError('conflict', 'phone.codeUsed');
  return new AppError('validation', 'phone.codeExpired');
}

/** Where a TV is now: its hotel's name and its room, while it is still in the hotel the code or binding names. */
async function placeOf(db: Db, terminalId: number, hotelId: number) {
  const t = terminals();
  const [row] = await db
    .select({ roomNumber: t.roomNumber, hotelName: hotels.name })
    .from(t)
    .innerJoin(hotels, eq(hotels.id, t.hotelId))
    .where(and(eq(t.id, terminalId), eq(t.hotelId, hotelId)));
  return row ? { hotelName: row.hotelName as string, roomNumber: (row.roomNumber as string | null) ?? null } : null;
}

/** What the bind page shows before the guest confirms: the hotel and room of a valid, unused code. */
export async function pairInfo(db: Db, code: string): Promise<{ hotel: string; roomNumber: string | null }> {
  const [row] = await db
    .select({ terminalId: phonePairCodes.terminalId, hotelId: phonePairCodes.hotelId })
    .from(phonePairCodes)
    .where(and(eq(phonePairCodes.codeHash, sha256(code)), isNull(phonePairCodes.usedAt), gt(phonePairCodes.expiresAt, sql`now()`)));
  if (!row) throw await refusedCode(db, code);
  const place = await placeOf(db, row.terminalId, row.hotelId);
  if (!place) throw new AppError('validation', 'phone.badCode');
  return { hotel: place.hotelName, roomNumber: place.roomNumber };
}

/** The room's in-house stay id (null: no guest, or a TV without a room). */
async function stayIdOf(db: Db, hotelId: number, roomNumber: string | null): Promise<number | null> {
  if (!roomNumber) return null;
  const s = stays();
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.hotelId, hotelId), eq(s.roomNumber, roomNumber), eq(s.state, 'inHouse')))
    .limit(1);
  return (row?.id as number | undefined) ?? null;
}

export interface Bound {
  terminalId: number;
  token: string;
  hotel: string;
  roomNumber: string | null;
  expiresAt: string;
}

/**
 * Binds a phone with a pairing code: the code is spent in the same statement that checks it (two phones
 * scanning one code: one binds, the other is told it was used), the binding takes the room's stay, and
 * a TV with PHONES_PER_TV phones already lets go of its oldest.
 */
export async function bindPhone(db: Db, code: string): Promise<Bound> {
  const result = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(phonePairCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(phonePairCodes.codeHash, sha256(code)), isNull(phonePairCodes.usedAt), gt(phonePairCodes.expiresAt, sql`now()`)))
      .returning({ terminalId: phonePairCodes.terminalId, brandId: phonePairCodes.brandId, hotelId: phonePairCodes.hotelId });
    if (!spent) return null;
    const place = await placeOf(tx, spent.terminalId, spent.hotelId);
    if (!place) throw new AppError('validation', 'phone.badCode');
    const token = secret();
    const expiresAt = new Date(Date.now() + BINDING_TTL_MS);
    const stayId = await stayIdOf(tx, spent.hotelId, place.roomNumber);
    await tx.insert(phoneBindings).values({ tokenHash: sha256(token), terminalId: spent.terminalId, brandId: spent.brandId, hotelId: spent.hotelId, roomNumber: place.roomNumber, stayId, expiresAt });
    const live = await tx
      .select({ id: phoneBindings.id })
      .from(phoneBindings)
      .where(and(eq(phoneBindings.terminalId, spent.terminalId), isNull(phoneBindings.revokedAt)))
      .orderBy(sql`${phoneBindings.id} desc`)
      .offset(PHONES_PER_TV);
    if (live.length) await revoke(tx, inArray(phoneBindings.id, live.map((b) => b.id)), 'replaced');
    return { terminalId: spent.terminalId, token, hotel: place.hotelName, roomNumber: place.roomNumber, expiresAt: expiresAt.toISOString() };
  });
  if (!result) throw await refusedCode(db, code);
  return result;
}

/** A live binding: the phone's TV, hotel and room. */
export interface Binding {
  id: number;
  terminalId: number;
  brandId: number;
  hotelId: number;
  roomNumber: string | null;
}

/**
 * The binding of a phone's token, while it holds: not revoked, not expired, its TV still in the hotel
 * and room it was bound in, and the room's in-house stay still the one it was bound in (a phone bound
 * while the room was empty stops when a guest checks in). Otherwise 401 `phone.bindingEnded`.
 */
export async function bindingOf(db: Db, token: string | undefined): Promise<Binding> {
  if (!token || token.length > 64) throw new AppError('unauthenticated', 'phone.bindingEnded');
  const t = terminals();
  const s = stays();
  const [row] = await db
    .select({ id: phoneBindings.id, terminalId: phoneBindings.terminalId, brandId: phoneBindings.brandId, hotelId: phoneBindings.hotelId, roomNumber: phoneBindings.roomNumber, stayId: phoneBindings.stayId, currentStay: s.id })
    .from(phoneBindings)
    .innerJoin(t, and(eq(t.id, phoneBindings.terminalId), eq(t.hotelId, phoneBindings.hotelId), sql`${t.roomNumber} is not distinct from ${phoneBindings.roomNumber}`))
    .leftJoin(s, and(eq(s.hotelId, phoneBindings.hotelId), eq(s.roomNumber, phoneBindings.roomNumber), eq(s.state, 'inHouse')))
    .where(and(eq(phoneBindings.tokenHash, sha256(token)), isNull(phoneBindings.revokedAt), gt(phoneBindings.expiresAt, sql`now()`)))
    .limit(1);
  if (!row || (row.stayId ?? null) !== ((row.currentStay as number | null) ?? null)) throw new AppError('unauthenticated', 'phone.bindingEnded');
  return { id: row.id, terminalId: row.terminalId, brandId: row.brandId, hotelId: row.hotelId, roomNumber: row.roomNumber };
}

type Condition = ReturnType<typeof and>;

/** Revokes the live bindings the condition selects; answers them. */
async function revoke(db: Db, where: Condition, reason: 'unbound' | 'checkOut' | 'replaced'): Promise<{ id: number; terminalId: number }[]> {
  return db
    .update(phoneBindings)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(where, isNull(phoneBindings.revokedAt)))
    .returning({ id: phoneBindings.id, terminalId: phoneBindings.terminalId });
}

/** The guest unbinds the phone on its remote page. */
export async function unbindPhone(db: Db, binding: Binding): Promise<void> {
  await revoke(db, eq(phoneBindings.id, binding.id), 'unbound');
}

/** Check-out: the phones bound in the stay, or in the room while it had no guest, let go (receipt line). */
export async function revokeForStay(tx: Db, stay: StayRow): Promise<ReceiptItem[]> {
  const revoked = await revoke(
    tx,
    or(eq(phoneBindings.stayId, stay.id), and(eq(phoneBindings.hotelId, stay.hotelId), eq(phoneBindings.roomNumber, stay.roomNumber), isNull(phoneBindings.stayId))),
    'checkOut',
  );
  return revoked.length ? [{ area: 'phone', key: 'phone.receiptBindings', count: revoked.length, items: revoked.map((b) => b.id) }] : [];
}

/**
 * Of several stays checked out together, those with anything for `revokeForStay` or the casts'
 * check-out (a binding not revoked, a cast still shown or holding a file), in one statement.
 */
export async function staysWithPhones(tx: Db, stays: readonly StayRow[]): Promise<ReadonlySet<number>> {
  const of = (table: typeof phoneBindings | typeof phoneCasts) =>
    or(
      inArray(table.stayId, stays.map((stay) => stay.id)),
      and(inArray(table.hotelId, [...new Set(stays.map((stay) => stay.hotelId))]), inArray(table.roomNumber, stays.map((stay) => stay.roomNumber)), isNull(table.stayId)),
    );
  const rows = await tx
    .select({ stayId: phoneBindings.stayId, hotelId: phoneBindings.hotelId, roomNumber: phoneBindings.roomNumber })
    .from(phoneBindings)
    .where(and(of(phoneBindings), isNull(phoneBindings.revokedAt)))
    .unionAll(
      tx
        .select({ stayId: phoneCasts.stayId, hotelId: phoneCasts.hotelId, roomNumber: phoneCasts.roomNumber })
        .from(phoneCasts)
        .where(and(of(phoneCasts), or(isNull(phoneCasts.endedAt), isNotNull(phoneCasts.fileId)))),
    );
  return staysOfRows(stays, rows);
}

/** Forgets spent and expired pairing codes, and bindings ended more than a month ago (the sweep). */
export async function prunePhoneRows(db: Db): Promise<void> {
  await db.delete(phonePairCodes).where(lt(phonePairCodes.expiresAt, sql`now() - interval '1 hour'`));
  await db.delete(phoneBindings).where(or(lt(phoneBindings.revokedAt, sql`now() - interval '30 days'`), lt(phoneBindings.expiresAt, sql`now() - interval '30 days'`)));
}
