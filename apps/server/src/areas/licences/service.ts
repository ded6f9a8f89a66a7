import { translate, type Lang } from '@htv/shared';
import type { LicenceState } from '@htv/shared/areas/licences/messages';
import { LICENCE_FORMAT, type LicenceConfigPart, type LicenceFile, type LicencePayload } from '@htv/shared/areas/licences/part';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { createHmac, createPrivateKey, createPublicKey, randomInt, sign, type KeyObject } from 'node:crypto';
import type { Secrets } from '../../config.js';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';

/** The keys of one server: its Ed25519 pair and the secret of the old HMAC. */
export interface LicenceKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  hmacKey: Buffer;
}

export function licenceKeys(secrets: Secrets): LicenceKeys {
  const privateKey = createPrivateKey({ key: Buffer.from(secrets.licenceKey, 'base64'), format: 'der', type: 'pkcs8' });
  // Its own key for the old files: derived from the signing key, so no other signature verifies as one.
  const hmacKey = createHmac('sha256', secrets.signingKey).update('licence-file-hmac').digest();
  return { privateKey, publicKey: createPublicKey(privateKey), hmacKey };
}

/** The public key TVs verify licence files with (SPKI PEM). */
export const publicKeyPem = (keys: LicenceKeys) => keys.publicKey.export({ format: 'pem', type: 'spki' }).toString();

const KEY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A licence key: `LIC-` and four groups of four characters of the printable alphabet. */
export const newLicenceKey = () =>
  `LIC-${Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('')).join('-')}`;

type LicenceRow = Record<string, unknown> & { id: number };

/** Signs a licence row of a hotel into its file, with the row's encryption. */
export function licenceFile(keys: LicenceKeys, row: LicenceRow, hotel: { publicId: string; name: string }, now = new Date()): LicenceFile {
  const payload: LicencePayload = {
    key: row.licenceKey as string,
    hotel: { publicId: hotel.publicId, name: hotel.name },
    type: row.type as string,
    terminalLimit: row.terminalLimit as number,
    effectiveOn: row.effectiveOn as string,
    expiresOn: row.expiresOn as string,
    issuedAt: now.toISOString(),
  };
  const bytes = Buffer.from(JSON.stringify(payload));
  const old = row.encryption === 'old';
  const signature = old ? createHmac('sha256', keys.hmacKey).update(bytes).digest() : sign(null, bytes, keys.privateKey);
  return { format: LICENCE_FORMAT, algorithm: old ? 'HMAC-SHA256' : 'Ed25519', payload: bytes.toString('base64url'), signature: signature.toString('base64url') };
}

/** Today's date (UTC) as the licences' dates are written. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** Where a hotel's licences stand on a day: the ones in force and what the hotel may run. */
export interface HotelLicences {
  rows: LicenceRow[];
  inForce: LicenceRow[];
  /** Terminals the licences in force allow together (0 when none is). */
  limit: number;
  /** The hotel's state when no licence is in force; `valid` otherwise. */
  state: Exclude<LicenceState, 'overLimit'>;
  /** The licence a TV carries: the one in force that runs longest, else the latest. */
  current: LicenceRow | null;
}

export async function hotelLicences(db: Db, hotelId: number, day = today()): Promise<HotelLicences | null> {
  const table = recordTables.licence!;
  const rows = (await db.select().from(table).where(eq(table.hotelId, hotelId)).orderBy(asc(table.expiresOn), asc(table.id))) as LicenceRow[];
  if (!rows.length) return null;
  const enabled = rows.filter((r) => r.status === 'enabled');
  const inForce = enabled.filter((r) => (r.effectiveOn as string) <= day && day <= (r.expiresOn as string));
  const state = inForce.length ? 'valid' : enabled.some((r) => (r.effectiveOn as string) > day) ? 'notYetValid' : enabled.length ? 'expired' : 'disabled';
  const limit = inForce.reduce((sum, r) => sum + (r.terminalLimit as number), 0);
  return { rows, inForce, limit, state, current: inForce.at(-1) ?? rows.at(-1)! };
}

/**
 * Authorized terminals of the hotel authorized before this one (by authorization time, then id): a
 * terminal is within the licence while that count is below the limit, so the latest ones are over it.
 */
export async function authorizedBefore(db: Db, hotelId: number, terminalId: number): Promise<number> {
  const t = recordTables.terminal!;
  const [mine] = await db.select({ at: t.authorizedAt }).from(t).where(eq(t.id, terminalId));
  const at = (mine?.at as string | null) ?? null;
  const earlier = at === null ? sql`${t.authorizedAt} is not null` : or(sql`${t.authorizedAt} < ${at}`, and(sql`${t.authorizedAt} = ${at}`, sql`${t.id} < ${terminalId}`));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.hotelId, hotelId), eq(t.authorization, 'authorized'), sql`${t.id} <> ${terminalId}`, earlier));
  return row?.n ?? 0;
}

/** The licence part of a terminal of a hotel with licences (undefined: the hotel has none). */
export async function licencePart(db: Db, keys: LicenceKeys, terminal: { id: number; hotelId: number | null; authorization: string; hotel: { publicId: string; name: string } | null }, lang: Lang): Promise<LicenceConfigPart | undefined> {
  if (terminal.hotelId === null || !terminal.hotel) return undefined;
  const licences = await hotelLicences(db, terminal.hotelId);
  if (!licences) return undefined;
  let state: LicenceState = licences.state;
  if (state === 'valid' && terminal.authorization === 'authorized' && (await authorizedBefore(db, terminal.hotelId, terminal.id)) >= licences.limit) state = 'overLimit';
  const current = licences.current!;
  return {
    state,
    message: translate(`licences.${state}`, lang, { limit: licences.limit }),
    key: current.licenceKey as string,
    type: current.type as string,
    terminalLimit: licences.limit || (current.terminalLimit as number),
    effectiveOn: current.effectiveOn as string,
    expiresOn: current.expiresOn as string,
    file: licenceFile(keys, current, terminal.hotel),
  };
}

/** The hotel authorization page (/hotelauth/info): its licences, what they allow and what is used. */
export async function hotelAuthInfo(db: Db, hotelId: number) {
  const t = recordTables.terminal!;
  const [hotel] = await db.select({ publicId: hotels.publicId, name: hotels.name }).from(hotels).where(eq(hotels.id, hotelId));
  const licences = await hotelLicences(db, hotelId);
  const [counts] = await db
    .select({
      authorized: sql<number>`count(*) filter (where ${t.authorization} = 'authorized')::int`,
      unauthorized: sql<number>`count(*) filter (where ${t.authorization} = 'unauthorized')::int`,
      disabled: sql<number>`count(*) filter (where ${t.authorization} = 'disabled')::int`,
    })
    .from(t)
    .where(eq(t.hotelId, hotelId));
  const day = today();
  return {
    hotel: hotel ?? null,
    state: licences?.state ?? null,
    limit: licences?.limit ?? null,
    used: counts?.authorized ?? 0,
    unauthorized: counts?.unauthorized ?? 0,
    disabled: counts?.disabled ?? 0,
    overLimit: licences ? Math.max(0, (counts?.authorized ?? 0) - licences.limit) : 0,
    licences: (licences?.rows ?? []).map((r) => ({
      id: r.id,
      key: r.licenceKey as string,
      type: r.type as string,
      terminalLimit: r.terminalLimit as number,
      effectiveOn: r.effectiveOn as string,
      expiresOn: r.expiresOn as string,
      status: r.status as string,
      inForce: r.status === 'enabled' && (r.effectiveOn as string) <= day && day <= (r.expiresOn as string),
    })),
  };
}
