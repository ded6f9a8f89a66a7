import { HOME_COUNTRY, normalizeMac, type AuthorizationState, type RegisterRequest, type RegisterResponse } from '@htv/shared/areas/devices/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { hotels, recordTables, terminalAlarms, terminalDailyStats, terminalPresence, terminalTokens } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { logStates, type StateEvent } from './logs.js';
import { firstMatch } from './rules.js';
import { hashToken, newToken, type DeviceRuntime } from './runtime.js';
import { plainIp } from './whitelist.js';
import { terminalQuotaAllows } from '../tenants/quota.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DEFAULT_LANG, translate, type Lang, type MessageKey } from '@htv/shared';

export interface InstallHotel {
  id: number;
  brandId: number;
  publicId: string;
  name: string;
}

/** An install code as TVs send it: the hotel's 7-character public id, a dash and the hotel's secret. */
const INSTALL_CODE = /^([A-Za-z0-9]{7})-(\d{8})$/;

/** The hotel part of an install code (what the per-code rate limit counts), or the code itself when it has none. */
export const installCodeHotel = (code: string) => code.trim().slice(0, 7).toUpperCase();

/**
 * Resolves a hotel install code, `<publicId>-<secret>`; a code without the hotel's current secret (a
 * bare public id, a guessed or rotated secret) is not valid. The secret is compared in constant time.
 */
export async function resolveInstallCode(db: Db, code: string): Promise<InstallHotel | null> {
  const match = INSTALL_CODE.exec(code.trim());
  if (!match) return null;
  const [row] = await db
    .select({ id: hotels.id, brandId: hotels.brandId, publicId: hotels.publicId, name: hotels.name, secret: hotels.installSecret })
    .from(hotels)
    .where(eq(hotels.publicId, match[1]!))
    .limit(1);
  const given = Buffer.from(match[2]!);
  if (!row || row.secret.length !== given.length || !timingSafeEqual(Buffer.from(row.secret), given)) return null;
  return { id: row.id, brandId: row.brandId, publicId: row.publicId, name: row.name };
}

type Row = Record<string, unknown> & { id: number };

/** What a registration extension decides for a TV that would register unauthorized (an installation batch). */
export interface RegistrationGrant {
  /** Authorize the terminal (the brand's terminal limit still applies). */
  authorize: boolean;
  /** The state history's detail of the authorization. */
  detail: string;
  /** Catalogue key (and its parameters) telling the TV why it stays unauthorized. */
  reason?: { key: MessageKey; params?: Record<string, string | number> };
  /** Runs in the registration's transaction once this grant authorized the terminal. */
  granted?: (tx: Db, terminalId: number) => Promise<void>;
}

/**
 * Another area's say in a registration, inside its transaction: called for a TV that neither holds
 * an authorization nor matches a rule. It may throw an `AppError` (a wrong code of its own).
 */
export type RegistrationExtension = (tx: Db, attempt: { input: RegisterRequest; hotel: InstallHotel | null }) => Promise<RegistrationGrant | null>;

const extensions: RegistrationExtension[] = [];

/** Adds a registration extension (once per process). */
export function addRegistrationExtension(extension: RegistrationExtension): void {
  if (!extensions.includes(extension)) extensions.push(extension);
}

async function extensionGrant(tx: Db, attempt: { input: RegisterRequest; hotel: InstallHotel | null }): Promise<RegistrationGrant | null> {
  for (const extension of extensions) {
    const grant = await extension(tx, attempt);
    if (grant) return grant;
  }
  return null;
}

/** The reported fields a registration sets; on re-registration only those sent replace stored ones. */
function reported(input: RegisterRequest, publicIp: string) {
  const value = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const country = input.country?.toUpperCase();
  return {
    wifiMac: input.wifiMac ? normalizeMac(input.wifiMac) : value(input.wifiMac),
    sn: input.sn.toUpperCase(),
    model: value(input.model),
    size: value(input.size),
    vendor: value(input.vendor),
    clientType: value(input.clientType),
    launcher: value(input.launcher),
    softwareVersion: value(input.softwareVersion),
    otaVersion: value(input.otaVersion),
    controlVersion: value(input.controlVersion),
    ip: value(input.ip),
    region: value(input.region),
    city: value(input.city),
    country,
    overseas: country === undefined ? undefined : country !== HOME_COUNTRY,
    publicIp: plainIp(publicIp),
  };
}

const defined = <T extends Record<string, unknown>>(values: T) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Opens (or counts again) an alarm of a terminal: one row per terminal, kind and owner. `owner` is the
 * tenant the alarm is shown to when it is not the terminal's current one.
 */
async function raiseAlarm(db: Db, alarm: { terminalId: number; kind: string; ip: string | null; detail: string; owner?: { brandId: number; hotelId: number } }) {
  const detail = alarm.detail.slice(0, 200);
  await db
    .insert(terminalAlarms)
    .values({ terminalId: alarm.terminalId, kind: alarm.kind, brandId: alarm.owner?.brandId ?? null, hotelId: alarm.owner?.hotelId ?? null, ip: alarm.ip, detail, hits: 1 })
    .onConflictDoUpdate({
      target: [terminalAlarms.terminalId, terminalAlarms.kind, terminalAlarms.hotelId],
      set: { ip: alarm.ip, detail, hits: sql`${terminalAlarms.hits} + 1`, lastAt: sql`now()`, resolvedAt: null, resolvedBy: null },
    });
}

/**
 * Refuses (409 `device.pendingLimit`) a terminal joining a hotel unauthorized when the hotel already
 * holds `cap` unauthorized terminals (0: no cap). Locks the hotel row, so concurrent registrations
 * count one after another.
 */
async function assertPendingRoom(tx: Db, hotelId: number, cap: number): Promise<void> {
  if (cap <= 0) return;
  const t = recordTables.terminal!;
  await tx.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, hotelId)).for('no key update');
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.hotelId, hotelId), eq(t.authorization, 'unauthorized')));
  if ((pending?.n ?? 0) >= cap) throw new AppError('conflict', 'device.pendingLimit', { limit: cap });
}

/**
 * Registers a TV, or re-registers one already known by its MAC: the reported fields are stored, a
 * new token replaces any previous one, the hotel of a valid install code (resolved by the caller) is
 * assigned with the room, and an unauthorized terminal that an authorization rule matches becomes
 * authorized while its brand's terminal limit has room. An authorization never crosses tenants: a
 * terminal registering into another hotel starts there unauthorized, and the hotel it left gets a
 * `movedOut` alarm. A hotel holds at most `maxPendingPerHotel` unauthorized terminals. Everything
 * happens in one transaction; the state history records registered / assigned / authorized.
 */
export async function registerTerminal(runtime: DeviceRuntime, input: RegisterRequest, hotel: InstallHotel | null, remoteIp: string, lang: Lang = DEFAULT_LANG): Promise<RegisterResponse> {
  const db = runtime.db;
  const mac = normalizeMac(input.mac);
  const values = reported(input, remoteIp);
  const token = newToken();
  const tokenHash = hashToken(token);
  const table = recordTables.terminal!;
  const rules = await runtime.rules.rules();

  // A registered MAC presented with another SN is a clone or a swapped device: refused (and an alarm
  // raised) until the console unbinds the terminal, so nobody takes over a terminal by its MAC alone.
  const [known] = await db.select({ id: table.id, sn: table.sn, registered: table.registered }).from(table).where(eq(table.mac, mac));
  if (known && known.registered && known.sn !== values.sn) {
    await raiseAlarm(db, { terminalId: known.id as number, kind: 'snChanged', ip: values.publicIp, detail: `${known.sn} -> ${values.sn}` });
    throw new AppError('conflict', 'device.snMismatch');
  }

  let refusal: RegistrationGrant['reason'];
  const attempt = () =>
    db.transaction(async (tx) => {
      refusal = undefined;
      const [existing] = (await tx.select().from(table).where(eq(table.mac, mac)).for('update')) as Row[];
      const events: Omit<StateEvent, 'terminalId' | 'mac' | 'brandId' | 'hotelId'>[] = [];
      const now = new Date().toISOString();
      let row: Row | undefined;
      const moved = !!existing && hotel !== null && hotel.id !== existing.hotelId;
      const current = existing && !moved ? (existing.authorization as AuthorizationState) : 'unauthorized';
      const brandId = hotel?.brandId ?? (existing?.brandId as number | null | undefined) ?? null;
      const subject = { mac, sn: values.sn, launcher: values.launcher ?? (existing?.launcher as string), clientType: values.clientType ?? (existing?.clientType as string), vendor: values.vendor ?? (existing?.vendor as string), size: values.size ?? (existing?.size as string) };
      let rule = current === 'unauthorized' ? firstMatch(rules, subject) : undefined;
      // A brand at its terminal limit: the rule waits, the TV registers unauthorized (the console may authorize once there is room).
      if (rule && brandId !== null && !(await terminalQuotaAllows(tx, brandId))) rule = undefined;
      let grant = !rule && current === 'unauthorized' ? await extensionGrant(tx, { input, hotel }) : null;
      if (grant?.authorize && brandId !== null && !(await terminalQuotaAllows(tx, brandId))) grant = { authorize: false, detail: grant.detail, reason: { key: 'batches.brandLimit' } };
      if (grant && !grant.authorize) refusal = grant.reason;
      const granted = grant?.authorize ? grant : null;
      if (hotel && !rule && !granted && (!existing || moved)) await assertPendingRoom(tx, hotel.id, runtime.options.maxPendingPerHotel);
      const authorization = rule || granted
        ? { authorization: 'authorized', authorizedAt: now, disabledTip: null }
        : moved
          ? { authorization: 'unauthorized', authorizedAt: null, disabledTip: null }
          : {};
      if (!existing) {
        [row] = (await tx
          .insert(table)
          .values({
            ...values,
            mac,
            brandId: hotel?.brandId ?? null,
            hotelId: hotel?.id ?? null,
            roomNumber: input.roomNumber || null,
            registered: true,
            registeredAt: now,
            online: false,
            authorization: 'unauthorized',
            ...authorization,
          })
          .returning()) as Row[];
        await tx.insert(terminalPresence).values({ terminalId: row!.id });
        events.push({ state: 'registered' });
        if (hotel) events.push({ state: 'assigned', detail: `${hotel.publicId} ${hotel.name}` });
      } else {
        const placement = hotel
          ? { brandId: hotel.brandId, hotelId: hotel.id, roomNumber: input.roomNumber || (moved ? null : (existing.roomNumber as string | null)) }
          : input.roomNumber
            ? { roomNumber: input.roomNumber }
            : {};
        [row] = (await tx
          .update(table)
          .set({ ...defined(values), ...placement, registered: true, registeredAt: now, ...authorization, updatedAt: new Date() })
          .where(eq(table.id, existing.id))
          .returning()) as Row[];
        await tx.insert(terminalPresence).values({ terminalId: existing.id }).onConflictDoNothing();
        events.push({ state: 'registered', detail: existing.registered ? 're-registered' : 'registered again' });
        if (moved) events.push({ state: 'assigned', detail: `${hotel.publicId} ${hotel.name}` });
        // The hotel it left sees where its authorization went: an alarm of its own (not the new hotel's).
        if (moved && existing.hotelId !== null) {
          await raiseAlarm(tx, {
            terminalId: existing.id,
            kind: 'movedOut',
            ip: values.publicIp,
            detail: `${existing.authorization as string} -> unauthorized`,
            owner: { brandId: existing.brandId as number, hotelId: existing.hotelId as number },
          });
        }
      }
      if (rule) {
        events.push({ state: 'authorized', detail: `rule #${rule.id}` });
        const ruleTable = recordTables.terminalAuthRule!;
        await tx.update(ruleTable).set({ matched: sql`${ruleTable.matched} + 1` }).where(eq(ruleTable.id, rule.id));
      }
      const saved = row as Row;
      if (granted) {
        events.push({ state: 'authorized', detail: granted.detail });
        await granted.granted?.(tx, saved.id);
      }
      await tx
        .insert(terminalTokens)
        .values({ terminalId: saved.id, tokenHash })
        .onConflictDoUpdate({ target: terminalTokens.terminalId, set: { tokenHash, issuedAt: new Date() } });
      await logStates(
        tx,
        events.map((e) => ({ ...e, terminalId: saved.id, mac, brandId: (saved.brandId as number | null) ?? null, hotelId: (saved.hotelId as number | null) ?? null })),
      );
      return Object.assign(saved, { created: !existing });
    });

  let row: Row & { created: boolean };
  try {
    row = await attempt();
  } catch (error) {
    // Two first registrations of one MAC at once: the loser of the unique index retries as a re-registration.
    if (!isUniqueViolation(error)) throw error;
    row = await attempt();
  }
  runtime.forget(row.id);
  if (row.created) {
    // Counted after the commit: inside the transaction every registration of a hotel would wait on this row.
    await db
      .insert(terminalDailyStats)
      .values({ day: runtime.today(), brandId: (row.brandId as number | null) ?? 0, hotelId: (row.hotelId as number | null) ?? 0, registered: 1 })
      .onConflictDoUpdate({ target: [terminalDailyStats.day, terminalDailyStats.brandId, terminalDailyStats.hotelId], set: { registered: sql`${terminalDailyStats.registered} + 1` } });
  }

  let assigned: { publicId: string; name: string } | null = hotel ? { publicId: hotel.publicId, name: hotel.name } : null;
  if (!hotel && row.hotelId) {
    const [h] = await db.select({ publicId: hotels.publicId, name: hotels.name }).from(hotels).where(eq(hotels.id, row.hotelId as number));
    assigned = h ?? null;
  }
  return {
    token,
    terminalId: row.id,
    mac,
    authorization: row.authorization as AuthorizationState,
    hotel: assigned,
    roomNumber: (row.roomNumber as string | null) ?? null,
    interval: runtime.options.heartbeatIntervalS,
    ...(refusal && row.authorization === 'unauthorized' ? { reason: { key: refusal.key, message: translate(refusal.key, lang, refusal.params) } } : {}),
  };
}
