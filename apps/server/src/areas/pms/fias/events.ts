import { FIAS_DEFAULT_UTC_OFFSET, type StayLanguage } from '@htv/shared/areas/pms/protocol';
import { createHash, randomBytes } from 'node:crypto';
import type { FiasRecord } from './frame.js';

/**
 * FIAS guest, wake-up and message records as PMS events (the shape of the HTTP interface, so one
 * handler applies both). Dates are `YYMMDD`, times `HHMMSS` or `HHMM`, in the hotel's local time
 * (`FIAS_UTC_OFFSET`, China Standard Time by default).
 */

/** FIAS language codes (GL) and the stay language each means; our own codes are also accepted. */
const LANGUAGES: Record<string, StayLanguage> = {
  EN: 'en',
  EA: 'en',
  E: 'en',
  ZH: 'zh-CN',
  CN: 'zh-CN',
  CH: 'zh-CN',
  'ZH-CN': 'zh-CN',
  TW: 'zh-TW',
  HK: 'zh-TW',
  'ZH-TW': 'zh-TW',
  JA: 'ja',
  JP: 'ja',
  KO: 'ko',
  KR: 'ko',
};

export const FIAS_UTC_OFFSET = process.env.FIAS_UTC_OFFSET ?? FIAS_DEFAULT_UTC_OFFSET;

/** `YYMMDD` as an ISO date, or undefined when absent or not a date. */
function isoDate(value: string | undefined): string | undefined {
  const m = value?.match(/^(\d{2})(\d{2})(\d{2})$/);
  if (!m) return undefined;
  const iso = `20${m[1]}-${m[2]}-${m[3]}`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

/** DA + TI as an ISO date-time in the hotel's offset. */
function isoDateTime(day: string | undefined, time: string | undefined): string | undefined {
  const date = isoDate(day);
  const m = time?.match(/^(\d{2})(\d{2})(\d{2})?$/);
  if (!date || !m) return undefined;
  return `${date}T${m[1]}:${m[2]}:${m[3] ?? '00'}${FIAS_UTC_OFFSET}`;
}

const opt = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/**
 * A FIAS record has no id of its own: the same record sent again (a resend after the link came back)
 * is the same event, so its id is a hash of its text; DA/TI make records of different moments differ.
 * Wake-up records are the exception: their DA/TI name the call, not the moment sent, so a call set,
 * cleared and set again sends the same WR twice, and both must count. Their handlers are idempotent
 * (a WR for a call already open, a WC for none, change nothing), so each arrival is its own event.
 */
const STATE_RECORDS = new Set(['WR', 'WC']);
function eventId(record: FiasRecord): string {
  const hash = createHash('sha256').update(record.raw).digest('hex');
  return STATE_RECORDS.has(record.type) ? `fias-${hash.slice(0, 32)}-${randomBytes(4).toString('hex')}` : `fias-${hash.slice(0, 40)}`;
}

function guestOf(f: Map<string, string>) {
  const last = opt(f.get('GN'));
  const first = opt(f.get('GF'));
  const name = [first, last].filter(Boolean).join(' ') || undefined;
  const language = opt(f.get('GL'));
  return {
    ...(name ? { name } : {}),
    ...(opt(f.get('GT')) ? { title: opt(f.get('GT')) } : {}),
    ...(language && LANGUAGES[language.toUpperCase()] ? { language: LANGUAGES[language.toUpperCase()] } : {}),
  };
}

function stayFacts(f: Map<string, string>) {
  const vip = opt(f.get('GV'));
  const noPost = opt(f.get('NP'));
  return {
    ...(opt(f.get('GG')) ? { group: opt(f.get('GG')) } : {}),
    ...(isoDate(f.get('GA')) ? { arrival: isoDate(f.get('GA')) } : {}),
    ...(isoDate(f.get('GD')) ? { departure: isoDate(f.get('GD')) } : {}),
    ...(vip !== undefined ? { vip: vip !== '0' && vip.toUpperCase() !== 'N' } : {}),
    ...(noPost !== undefined ? { noPost: noPost.toUpperCase() === 'Y' || noPost === '1' } : {}),
  };
}

/** The record types the listener turns into events. */
export const FIAS_EVENT_RECORDS = new Set(['GI', 'GC', 'GO', 'WR', 'WC', 'XL', 'XM', 'XD']);

/**
 * The PMS event a guest, wake-up or message record means (validated by the one handler like any HTTP
 * event: a record missing its room or name is refused as malformed there).
 */
export function eventOfRecord(record: FiasRecord): Record<string, unknown> {
  const f = record.fields;
  const base = { id: eventId(record), room: opt(f.get('RN')), ...(opt(f.get('G#')) ? { reservation: opt(f.get('G#')) } : {}) };
  switch (record.type) {
    case 'GI':
      return { ...base, type: 'checkIn', guest: guestOf(f), ...stayFacts(f) };
    case 'GC': {
      // A guest change naming the old room (RO) is a room move.
      const from = opt(f.get('RO'));
      if (from && from !== base.room) return { ...base, type: 'roomMove', room: from, toRoom: base.room };
      const guest = guestOf(f);
      return { ...base, type: 'guestChange', ...(Object.keys(guest).length ? { guest } : {}), ...stayFacts(f) };
    }
    case 'GO':
      return { ...base, type: 'checkOut' };
    case 'WR':
      return { ...base, type: 'wakeUpSet', at: isoDateTime(f.get('DA'), f.get('TI')) };
    case 'WC':
      return { ...base, type: 'wakeUpClear', ...(isoDateTime(f.get('DA'), f.get('TI')) ? { at: isoDateTime(f.get('DA'), f.get('TI')) } : {}) };
    case 'XD':
      return { ...base, type: 'messageWaiting', count: 0 };
    default:
      // XL (a message online) and XM (a message waiting): the message light on, with the text when sent.
      return { ...base, type: 'messageWaiting', count: 1, ...(opt(f.get('MT')) ? { text: opt(f.get('MT'))!.slice(0, 500) } : {}) };
  }
}
