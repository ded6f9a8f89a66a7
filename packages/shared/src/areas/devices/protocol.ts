import { z } from 'zod';

/**
 * The device API contract (v1), shared by the server and the simulator. TVs call
 * `/api/device/v1/...` with their own per-terminal token; see docs/devices.md.
 */
export const DEVICE_API_BASE = '/api/device/v1';

/** A MAC is 12 letters or digits (no separators); stored upper-case. */
export const MAC_PATTERN = /^[A-Za-z0-9]{12}$/;
/** A serial number is 13-26 letters or digits. */
export const SN_PATTERN = /^[A-Za-z0-9]{13,26}$/;
/** Lists of an authorization rule: entries separated by `|` (spaces around them are ignored). */
export const MAC_LIST_PATTERN = /^\s*[A-Za-z0-9]{12}(\s*\|\s*[A-Za-z0-9]{12})*\s*$/;
export const SN_LIST_PATTERN = /^\s*[A-Za-z0-9]{13,26}(\s*\|\s*[A-Za-z0-9]{13,26})*\s*$/;
/** The most MACs one batch search (or one batch action) takes. */
export const MAX_MAC_SEARCH = 20_000;

/** A country is an ISO 3166-1 alpha-2 code; stored upper-case. */
export const COUNTRY_PATTERN = /^[A-Za-z]{2}$/;
/** The home market: a terminal reporting another country is an overseas terminal. */
export const HOME_COUNTRY = 'CN';

/** Normalises a MAC for storage and comparison: trimmed, separators removed, upper-case. */
export function normalizeMac(value: string): string {
  return value.trim().replace(/[:\-.\s]/g, '').toUpperCase();
}

/** Splits a `|`-separated (or newline / comma separated) list into trimmed, upper-cased, unique entries. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(/[|,;\s]+/)) {
    const entry = part.trim().toUpperCase();
    if (entry) seen.add(entry);
  }
  return [...seen];
}

/** Authorization state of a terminal. */
export const AUTHORIZATION_STATES = ['unauthorized', 'authorized', 'disabled'] as const;
export type AuthorizationState = (typeof AUTHORIZATION_STATES)[number];

/** Scene modes: the default consumer UI, hotel, office, information release. */
export const SCENE_MODES = ['default', 'hotel', 'office', 'infoRelease'] as const;
export type SceneMode = (typeof SCENE_MODES)[number];

const version = z.string().trim().max(40);
const shortText = (max: number) => z.string().trim().max(max);

/**
 * `POST /register`. The TV identifies itself by MAC; re-registering the same MAC answers a new token
 * (the old one stops working) and updates the reported fields.
 */
export const registerRequest = z.strictObject({
  mac: z.string().trim().regex(MAC_PATTERN, { error: 'terminal.macFormat' }),
  wifiMac: z.union([z.literal(''), z.string().trim().regex(MAC_PATTERN, { error: 'terminal.macFormat' })]).optional(),
  sn: z.string().trim().regex(SN_PATTERN, { error: 'terminal.snFormat' }),
  model: shortText(40).optional(),
  size: shortText(20).optional(),
  vendor: shortText(40).optional(),
  clientType: shortText(20).optional(),
  launcher: shortText(20).optional(),
  softwareVersion: version.optional(),
  otaVersion: version.optional(),
  controlVersion: version.optional(),
  /** The address the TV has on its network (the server also records the address it sees). */
  ip: shortText(45).optional(),
  region: shortText(40).optional(),
  city: shortText(40).optional(),
  /** Where the TV is (ISO 3166-1 alpha-2, e.g. `CN`, `SG`); any country but CN makes it an overseas terminal. */
  country: z.string().trim().regex(COUNTRY_PATTERN, { error: 'terminal.countryFormat' }).optional(),
  /** The hotel's install code: its 7-character public id, plus `-<PIN>` when the hotel has set one. */
  installCode: shortText(40).optional(),
  /** An installation batch's auth code, sent with the install code (the batch's QR sheet carries both). */
  batchCode: shortText(20).optional(),
  roomNumber: shortText(16).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export interface RegisterResponse {
  /** Send as `Authorization: Bearer <token>` on every other call. Shown once; only its hash is stored. */
  token: string;
  terminalId: number;
  mac: string;
  authorization: AuthorizationState;
  hotel: { publicId: string; name: string } | null;
  roomNumber: string | null;
  /** Seconds between heartbeats the server asks for. */
  interval: number;
  /** Why the TV stays unauthorized when the registration asked for more (a full installation batch). */
  reason?: { key: string; message: string };
}

/** Run states a TV reports. */
export const RUN_STATES = ['on', 'standby', 'playing', 'idle', 'upgrading'] as const;

/** `POST /heartbeat`: every field optional; unchanged values may be left out. */
export const heartbeatRequest = z.strictObject({
  state: shortText(20).optional(),
  softwareVersion: version.optional(),
  otaVersion: version.optional(),
  controlVersion: version.optional(),
  launcher: shortText(20).optional(),
  ip: shortText(45).optional(),
});
export type HeartbeatRequest = z.infer<typeof heartbeatRequest>;

/** A command for a terminal, delivered by the push channel or with a heartbeat answer. */
export interface DeviceCommand {
  id: number;
  /**
   * `config`: fetch the configuration again; `unbind`: the terminal was unbound (token revoked);
   * `task`: tasks wait for the terminal (`GET /tasks`, docs/tasks.md); `remote`: a key of the guest's
   * phone remote, or a cast to show or stop (`data`, docs/phone.md).
   */
  type: 'config' | 'unbind' | 'task' | 'remote';
  at: string;
  /** What the command carries (`remote`: the key or the cast); the other types carry nothing. */
  data?: unknown;
}

export interface HeartbeatResponse {
  /** Seconds until the next heartbeat. */
  interval: number;
  /** Configuration stamp: when it differs from the one the TV last fetched, GET /config again. */
  config: string;
  /** Pending commands, when the TV is not listening on the push channel. */
  commands?: DeviceCommand[];
}

/** `GET /config`: the core parts; other areas add parts under their own names. */
export interface DeviceConfig {
  stamp: string;
  authorization: { state: AuthorizationState; tip: string | null };
  hotel: { publicId: string; name: string } | null;
  roomNumber: string | null;
  sceneMode: SceneMode;
  /** Seconds between heartbeats. */
  interval: number;
  [part: string]: unknown;
}

/** `POST /boot`: the TV was switched on (tv_open_record). */
export const bootRequest = z.strictObject({
  /** When the TV booted, if it differs from now (ISO 8601). */
  at: z.iso.datetime({ offset: true }).optional(),
  softwareVersion: version.optional(),
  launcher: shortText(20).optional(),
  ip: shortText(45).optional(),
});
export type BootRequest = z.infer<typeof bootRequest>;

/** `GET /commands?wait=25`: long-poll push channel. */
export const commandsQuery = z.object({ wait: z.coerce.number().int().min(0).max(60).default(25) });
export interface CommandsResponse {
  commands: DeviceCommand[];
}

/** Header with the fleet registration key when the server requires one (DEVICE_REGISTER_KEY). */
export const REGISTER_KEY_HEADER = 'x-device-key';

/**
 * `POST /tv-auth`: an installer's phone, having scanned a TV-auth project's mini-program QR code,
 * asks for the TV with this MAC to be authorized; the phone's location goes along when it has one.
 * Public (no token): the project's random key is the credential.
 */
export const tvAuthRequest = z.strictObject({
  key: z.string().trim().min(1).max(64),
  mac: z.string().trim().regex(MAC_PATTERN, { error: 'terminal.macFormat' }),
  longitude: z.number().min(-180).max(180).optional(),
  latitude: z.number().min(-90).max(90).optional(),
});
export type TvAuthRequest = z.infer<typeof tvAuthRequest>;

export interface TvAuthResponse {
  mac: string;
  authorization: AuthorizationState;
  /** Metres between the phone and the project's address, when both are known. */
  distance: number | null;
  hotel: { publicId: string; name: string } | null;
}
