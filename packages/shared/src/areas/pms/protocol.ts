import { z } from 'zod';
import { bool, idSchema, int, text } from '../../record/fields.js';
import { ROOM_NUMBER_MAX, ROOM_NUMBER_PATTERN } from '../tenants/records.js';

/**
 * The PMS interface's events (docs/pms.md): what a hotel's PMS tells the server, over HTTP (JSON,
 * signed) or FIAS (TCP records mapped to the same events). One shape for both, handled in one place.
 */

/** The languages a stay may carry (the guest's language, chosen by the PMS). */
export const STAY_LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko'] as const;
export type StayLanguage = (typeof STAY_LANGUAGES)[number];

export const PMS_EVENT_TYPES = ['checkIn', 'guestChange', 'roomMove', 'checkOut', 'wakeUpSet', 'wakeUpClear', 'messageWaiting'] as const;
export type PmsEventType = (typeof PMS_EVENT_TYPES)[number];

/** Where an event came from. */
export const PMS_SOURCES = ['http', 'fias', 'console'] as const;
export type PmsSource = (typeof PMS_SOURCES)[number];

/** The protocols a PMS vendor speaks (the vendor record's `protocol`). */
export const PMS_PROTOCOLS = ['http', 'fias'] as const;
export type PmsProtocol = (typeof PMS_PROTOCOLS)[number];

/** A tour group's code: letters, digits, `-` and `_`. */
export const GROUP_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const GROUP_CODE_MAX = 20;
export const GUEST_NAME_MAX = 40;
export const GUEST_TITLE_MAX = 20;

/** HTTP headers of a signed request: seconds since the epoch, and hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const PMS_TIMESTAMP_HEADER = 'x-pms-timestamp';
export const PMS_SIGNATURE_HEADER = 'x-pms-signature';
/** A request whose timestamp is further than this from the server's clock is refused. */
export const PMS_MAX_SKEW_S = 300;
/** Events of one request at most. */
export const PMS_MAX_BATCH = 100;
/** FIAS dates and times are the hotel's local time; this offset unless `FIAS_UTC_OFFSET` says another. */
export const FIAS_DEFAULT_UTC_OFFSET = '+08:00';

const room = z.string().trim().min(1).max(ROOM_NUMBER_MAX).regex(ROOM_NUMBER_PATTERN);
const eventId = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._:-]+$/);
const reservation = z.string().trim().min(1).max(32).optional();
const day = z.iso.date();
const group = z.string().trim().min(1).max(GROUP_CODE_MAX).regex(GROUP_CODE_PATTERN);
const guest = z.strictObject({
  name: z.string().trim().min(1).max(GUEST_NAME_MAX),
  title: z.string().trim().max(GUEST_TITLE_MAX).optional(),
  language: z.enum(STAY_LANGUAGES).optional(),
});
const base = { id: eventId, room, reservation };
const stayFacts = { group: group.nullable().optional(), arrival: day.optional(), departure: day.optional(), vip: z.boolean().optional(), noPost: z.boolean().optional() };

export const pmsEvent = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('checkIn'), guest, ...stayFacts }),
  z.strictObject({ ...base, type: z.literal('guestChange'), guest: guest.partial().optional(), ...stayFacts }),
  z.strictObject({ ...base, type: z.literal('roomMove'), toRoom: room }),
  z.strictObject({ ...base, type: z.literal('checkOut') }),
  z.strictObject({ ...base, type: z.literal('wakeUpSet'), at: z.iso.datetime({ offset: true }) }),
  z.strictObject({ ...base, type: z.literal('wakeUpClear'), at: z.iso.datetime({ offset: true }).optional() }),
  z.strictObject({ ...base, type: z.literal('messageWaiting'), count: z.number().int().min(0).max(99).optional(), text: z.string().trim().max(500).optional() }),
]);
export type PmsEvent = z.infer<typeof pmsEvent>;

/** A request body: one event, or `{events: [...]}`. */
export const pmsBatch = z.strictObject({ events: z.array(z.unknown()).min(1).max(PMS_MAX_BATCH) });

export type PmsResult = 'applied' | 'duplicate' | 'refused';

/** The answer for one event: the same for a replay as for the first delivery. */
export interface PmsEventAnswer {
  id: string | null;
  result: 'applied' | 'refused';
  /** The refusal's catalogue key (`pms.<reason>`) and its text in the request's language. */
  errkey?: string;
  errmsg?: string;
  /** The stay the event concerned. */
  stayId?: number;
}

/** The `stay` part of a TV's configuration: the room's guest while a stay is in house, else null. */
export interface StayConfigPart {
  id: number;
  guestName: string;
  title: string | null;
  language: StayLanguage | null;
  group: string | null;
  arrival: string | null;
  departure: string | null;
  vip: boolean;
}

const label = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The FIAS link of a hotel as its console form edits it (the server runs the same rules). */
export const PMS_INTERFACE_FIELDS = {
  fiasEnabled: bool({ label: label('启用FIAS连接', 'FIAS link enabled') }),
  fiasPort: int({ label: label('FIAS端口', 'FIAS port'), min: 1024, max: 65535, help: label('本服务器为该酒店监听的TCP端口', 'The TCP port this server listens on for the hotel') }),
  fiasAllowed: text({
    label: label('允许连接的地址', 'Addresses allowed to connect'),
    max: 2000,
    multiline: true,
    pattern: { regex: /^[0-9A-Fa-f.:]+(\s*[,，\n]\s*[0-9A-Fa-f.:]+)*$/, message: 'pms.addressList' },
    help: label('PMS服务器的IP地址，用逗号或换行分隔', "The PMS server's IP addresses, separated by commas or new lines"),
  }),
};

export const pmsInterfaceUpdate = z.strictObject({
  hotel_id: idSchema.optional(),
  fiasEnabled: PMS_INTERFACE_FIELDS.fiasEnabled.schema,
  fiasPort: PMS_INTERFACE_FIELDS.fiasPort.schema,
  fiasAllowed: PMS_INTERFACE_FIELDS.fiasAllowed.schema,
});
export type PmsInterfaceUpdate = z.infer<typeof pmsInterfaceUpdate>;

/** The hotel's PMS interface as the console shows it (`GET /api/pms/interface`). */
export interface PmsInterfaceView {
  hotelId: number;
  protocol: PmsProtocol | null;
  /** The path the PMS posts its events to (below the server's address). */
  endpoint: string;
  secret: string;
  fiasEnabled: boolean;
  fiasPort: number | null;
  fiasAllowed: string;
}
