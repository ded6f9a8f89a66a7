import { FIAS_DEFAULT_UTC_OFFSET, PMS_SIGNATURE_HEADER, PMS_TIMESTAMP_HEADER, type PmsEvent, type StayLanguage } from '@htv/shared/areas/pms/protocol';
import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { JsonClient } from '../simulator/http.js';

/**
 * A hotel's PMS, simulated (docs/pms.md "Simulator"): it plays a day of the hotel — arrivals, room
 * moves, wake-ups, messages, check-outs — over either interface: signed HTTP events or a FIAS link.
 */

/** Where the events go: one call a PMS event. */
export interface PmsLink {
  send(event: PmsEvent): Promise<void>;
  close(): void;
}

/** The HTTP interface: each event posted and signed with the hotel's secret. */
export class HttpPmsLink implements PmsLink {
  private readonly client: JsonClient;

  constructor(
    url: string,
    private readonly publicId: string,
    private readonly secret: string,
    private readonly onAnswer: (event: PmsEvent, status: number, answer: unknown) => void = () => undefined,
  ) {
    this.client = new JsonClient(url, { maxSockets: 2 });
  }

  async send(event: PmsEvent): Promise<void> {
    const body = JSON.stringify(event);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex');
    const res = await this.client.request('POST', `/api/pms/v1/hotels/${this.publicId}/events`, {
      body: event,
      headers: { [PMS_TIMESTAMP_HEADER]: timestamp, [PMS_SIGNATURE_HEADER]: signature },
    });
    this.onAnswer(event, res.status, res.body);
  }

  close(): void {
    this.client.close();
  }
}

const two = (n: number) => String(n).padStart(2, '0');
const fiasDate = (iso: string) => iso.slice(2, 10).replaceAll('-', '');
const nowFields = () => {
  const d = new Date();
  return { DA: `${two(d.getFullYear() % 100)}${two(d.getMonth() + 1)}${two(d.getDate())}`, TI: `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}` };
};
const FIAS_OFFSET_MINUTES = (() => {
  const m = (process.env.FIAS_UTC_OFFSET ?? FIAS_DEFAULT_UTC_OFFSET).match(/^([+-])(\d{2}):(\d{2})$/);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
})();
/** A moment as FIAS DA (YYMMDD) and TI (HHMM) in the hotel's local time. */
const hotelClock = (at: Date) => {
  const d = new Date(at.getTime() + FIAS_OFFSET_MINUTES * 60_000);
  return { DA: `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`, TI: `${two(d.getUTCHours())}${two(d.getUTCMinutes())}` };
};
/** The last FIAS message number (MI) sent. */
let messageNumber = 0;
const FIAS_LANGUAGE: Record<StayLanguage, string> = { 'zh-CN': 'ZH', 'zh-TW': 'TW', en: 'EN', ja: 'JA', ko: 'KO' };

/** A PMS event as the FIAS record that carries it. */
export function fiasRecordOf(event: PmsEvent): { type: string; fields: Record<string, string> } {
  const base: Record<string, string> = { RN: event.room, ...(event.reservation ? { 'G#': event.reservation } : {}), ...nowFields() };
  switch (event.type) {
    case 'checkIn':
    case 'guestChange': {
      const guest = event.guest ?? {};
      const fields: Record<string, string> = { ...base };
      if (guest.name) fields.GN = guest.name;
      if (guest.title) fields.GT = guest.title;
      if (guest.language) fields.GL = FIAS_LANGUAGE[guest.language];
      if (event.group) fields.GG = event.group;
      if (event.arrival) fields.GA = fiasDate(event.arrival);
      if (event.departure) fields.GD = fiasDate(event.departure);
      if (event.vip !== undefined) fields.GV = event.vip ? '1' : '0';
      if (event.noPost !== undefined) fields.NP = event.noPost ? 'Y' : 'N';
      return { type: event.type === 'checkIn' ? 'GI' : 'GC', fields };
    }
    case 'roomMove':
      return { type: 'GC', fields: { ...base, RN: event.toRoom, RO: event.room } };
    case 'checkOut':
      return { type: 'GO', fields: base };
    case 'wakeUpSet':
    case 'wakeUpClear': {
      // DA/TI name the call itself (in the hotel's local time); a WC without them clears every call.
      const type = event.type === 'wakeUpSet' ? 'WR' : 'WC';
      return { type, fields: event.at ? { ...base, ...hotelClock(new Date(event.at)) } : base };
    }
    case 'messageWaiting':
      // MI numbers each message, as a PMS does: two like messages to a room in one second are two events.
      return event.count === 0 ? { type: 'XD', fields: base } : { type: 'XL', fields: { ...base, MI: String(++messageNumber), ...(event.text ? { MT: event.text } : {}) } };
  }
}

export function encodeFias(type: string, fields: Record<string, string> = {}): Buffer {
  const body = `${type}|${Object.entries(fields)
    .map(([id, value]) => `${id}${value.replace(/[|\x02\x03]/g, ' ')}|`)
    .join('')}`;
  return Buffer.concat([Buffer.from([0x02]), Buffer.from(body, 'utf8'), Buffer.from([0x03])]);
}

/** Reads FIAS records (`STX type|IDvalue|… ETX`) out of a byte stream; anything else is skipped. */
export class FiasReader {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): { type: string; fields: Map<string, string> }[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const out: { type: string; fields: Map<string, string> }[] = [];
    for (;;) {
      const start = this.buffer.indexOf(0x02);
      const end = start < 0 ? -1 : this.buffer.indexOf(0x03, start);
      if (end < 0) {
        if (start > 0) this.buffer = this.buffer.subarray(start);
        return out;
      }
      const [type, ...parts] = this.buffer.subarray(start + 1, end).toString('utf8').split('|');
      this.buffer = this.buffer.subarray(end + 1);
      if (!type) continue;
      out.push({ type, fields: new Map(parts.filter(Boolean).map((part) => [part.slice(0, 2), part.slice(2)])) });
    }
  }
}

/** A charge the simulated PMS put on a guest's folio. */
export interface FolioPosting {
  sequence: string;
  room: string;
  reservation?: string;
  amountMinor: number;
  text: string;
}

/**
 * The simulated PMS's folios: it takes a PS (posting simple) once per posting sequence (P#) and
 * answers a PA: `OK`, or the refusal set for the room (`NP` no post by default). A sequence already
 * posted answers OK again and is not posted twice.
 */
export class SimulatedFolios {
  readonly postings = new Map<string, FolioPosting>();
  private readonly refused = new Map<string, { code: string; text: string }>();
  /** PS records whose answer is lost (the PMS posts them, the PA never leaves): the test of a lost link. */
  loseAnswers = 0;

  /** Refuses the room's postings from now on (`NP` no post, `NG` no guest…), with the PMS's text. */
  refuseRoom(room: string, code = 'NP', text = 'No post allowed'): void {
    this.refused.set(room, { code, text });
  }

  allowRoom(room: string): void {
    this.refused.delete(room);
  }

  /** A PS: the PA's fields, or null when the answer is lost. */
  post(fields: Map<string, string>): Record<string, string> | null {
    const sequence = fields.get('P#') ?? '';
    const room = fields.get('RN') ?? '';
    const base = { RN: room, 'P#': sequence };
    const refusal = this.postings.has(sequence) ? undefined : this.refused.get(room);
    if (refusal) return { ...base, AS: refusal.code, CT: refusal.text, ...nowFields() };
    if (!this.postings.has(sequence)) {
      const reservation = fields.get('G#');
      this.postings.set(sequence, { sequence, room, ...(reservation ? { reservation } : {}), amountMinor: Number(fields.get('TA') ?? 0), text: fields.get('CT') ?? '' });
    }
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      return null;
    }
    return { ...base, AS: 'OK', ...nowFields() };
  }
}

/**
 * A FIAS link to the server's listener: starts with LS, keeps alive with LA, reconnects after a
 * failure; records sent while the link is down wait for it (FIAS buffers what must not be lost). The
 * server's postings (PS) are answered with PA by the folios.
 */
export class FiasPmsLink implements PmsLink {
  private socket: Socket | null = null;
  private readonly pending: Buffer[] = [];
  private alive: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  readonly folios: SimulatedFolios;
  private readonly reconnectMs: number;
  private readonly onPosting: (posting: Record<string, string>, answer: Record<string, string> | null) => void;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly onState: (state: 'up' | 'down') => void = () => undefined,
    private readonly aliveMs = 30_000,
    options: { folios?: SimulatedFolios; reconnectMs?: number; onPosting?: (posting: Record<string, string>, answer: Record<string, string> | null) => void } = {},
  ) {
    this.folios = options.folios ?? new SimulatedFolios();
    this.reconnectMs = options.reconnectMs ?? 10_000;
    this.onPosting = options.onPosting ?? (() => undefined);
    this.open();
  }

  private open() {
    if (this.closed) return;
    const socket = connect(this.port, this.host);
    const reader = new FiasReader();
    socket.on('connect', () => {
      this.socket = socket;
      this.onState('up');
      socket.write(encodeFias('LS', nowFields()));
      for (const record of this.pending.splice(0)) socket.write(record);
      this.alive = setInterval(() => socket.write(encodeFias('LA', nowFields())), this.aliveMs);
      this.alive.unref();
    });
    socket.on('data', (chunk) => {
      for (const record of reader.push(chunk)) {
        if (record.type !== 'PS') continue;
        const answer = this.folios.post(record.fields);
        if (answer && socket.writable) socket.write(encodeFias('PA', answer));
        this.onPosting(Object.fromEntries(record.fields), answer);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(this.alive);
      if (this.socket === socket) this.onState('down');
      this.socket = null;
      if (!this.closed) {
        this.retry = setTimeout(() => this.open(), this.reconnectMs);
        this.retry.unref();
      }
    });
  }

  async send(event: PmsEvent): Promise<void> {
    const { type, fields } = fiasRecordOf(event);
    const record = encodeFias(type, fields);
    if (this.socket?.writable) this.socket.write(record);
    else if (this.pending.length < 1000) this.pending.push(record);
  }

  /** The link breaks (no LE): it connects again after `reconnectMs`. */
  drop(): void {
    this.socket?.destroy();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.alive);
    this.socket?.end(encodeFias('LE', nowFields()));
  }
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', 'Smith', 'Tanaka', 'Kim', 'Müller', 'Brown'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', 'John', 'Yuki', 'Minjun', 'Anna', 'Emma'];
const TITLES = ['先生', '女士', 'Mr', 'Ms', 'Dr'];
const LANGUAGES: StayLanguage[] = ['zh-CN', 'zh-CN', 'zh-CN', 'zh-TW', 'en', 'en', 'ja', 'ko'];

const pick = <T>(list: readonly T[], random: () => number) => list[Math.floor(random() * list.length)]!;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A hotel's day: which rooms are taken, and the next event a PMS would send. `occupancy` is the share
 * of rooms the day aims at; arrivals fill free rooms towards it, departures free them, and guests in
 * house move rooms, set wake-ups, change their stay and receive messages.
 */
export class HotelDay {
  private readonly inHouse = new Map<string, { reservation: string; name: string; wakeUps: string[]; departures: string[] }>();
  private counter = 0;

  constructor(
    readonly publicId: string,
    readonly rooms: readonly string[],
    private readonly options: { occupancy?: number; group?: string; random?: () => number } = {},
  ) {}

  private get random() {
    return this.options.random ?? Math.random;
  }

  private id(kind: string) {
    return `${this.publicId}-${Date.now().toString(36)}-${(++this.counter).toString(36)}-${kind}`;
  }

  /** Rooms with a guest now. */
  occupied(): string[] {
    return [...this.inHouse.keys()];
  }

  private arrival(room: string): PmsEvent {
    const name = `${pick(SURNAMES, this.random)}${pick(GIVEN, this.random)}`;
    const reservation = `R${Date.now().toString(36).slice(-5)}${this.counter}`;
    const departure = isoDay(1 + Math.floor(this.random() * 4));
    this.inHouse.set(room, { reservation, name, wakeUps: [], departures: [departure] });
    const group = this.options.group && this.random() < 0.3 ? this.options.group : undefined;
    return {
      id: this.id('in'),
      type: 'checkIn',
      room,
      reservation,
      guest: { name, title: pick(TITLES, this.random), language: pick(LANGUAGES, this.random) },
      ...(group ? { group } : {}),
      arrival: isoDay(0),
      departure,
      vip: this.random() < 0.1,
      noPost: this.random() < 0.05,
    };
  }

  /** Check-ins up to the occupancy at once (the hotel in the morning). */
  fill(): PmsEvent[] {
    const target = Math.round(this.rooms.length * (this.options.occupancy ?? 0.6));
    return this.rooms.filter((room) => !this.inHouse.has(room)).slice(0, Math.max(0, target - this.inHouse.size)).map((room) => this.arrival(room));
  }

  /** The next event of the day. */
  next(): PmsEvent {
    const free = this.rooms.filter((room) => !this.inHouse.has(room));
    const taken = this.occupied();
    const target = this.rooms.length * (this.options.occupancy ?? 0.6);
    const roll = this.random();
    if (!taken.length || (free.length && taken.length < target && roll < 0.35)) return this.arrival(pick(free, this.random));
    const room = pick(taken, this.random);
    const stay = this.inHouse.get(room)!;
    const base = { room, reservation: stay.reservation };
    if (roll < 0.5) {
      this.inHouse.delete(room);
      return { ...base, id: this.id('out'), type: 'checkOut' };
    }
    if (roll < 0.58 && free.length) {
      const toRoom = pick(free, this.random);
      this.inHouse.delete(room);
      this.inHouse.set(toRoom, stay);
      return { ...base, id: this.id('mv'), type: 'roomMove', toRoom };
    }
    if (roll < 0.75) {
      const at = new Date(Date.now() + (6 + this.random() * 12) * 3_600_000);
      at.setMinutes(this.random() < 0.5 ? 0 : 30, 0, 0);
      // A guest asks for a call once a time: the PMS sends no second WR for a time already set.
      if (!stay.wakeUps.includes(at.toISOString())) {
        stay.wakeUps.push(at.toISOString());
        return { ...base, id: this.id('wr'), type: 'wakeUpSet', at: at.toISOString() };
      }
    }
    // A clear names a call that was set (two clears of one call would be one FIAS record sent twice).
    if (roll < 0.8 && stay.wakeUps.length) return { ...base, id: this.id('wc'), type: 'wakeUpClear', at: stay.wakeUps.shift()! };
    // A stay is extended to a date it never had: a PMS sends no change that changes nothing, and two
    // like GC records in one second would be one FIAS record sent twice.
    const later = [2, 3, 4, 5].map(isoDay).filter((day) => !stay.departures.includes(day));
    if (roll < 0.92 || !later.length) return { ...base, id: this.id('xl'), type: 'messageWaiting', count: 1, text: '前台有您的包裹 / A parcel is waiting at the front desk' };
    const departure = pick(later, this.random);
    stay.departures.push(departure);
    return { ...base, id: this.id('gc'), type: 'guestChange', departure };
  }
}

/** Plays a hotel's day on a link: fills the hotel, then one event every `everyMs` (with some jitter). */
export function playDay(day: HotelDay, link: PmsLink, everyMs: number, onError: (error: unknown) => void = () => undefined): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void link.send(day.next()).catch(onError).finally(schedule), everyMs * (0.5 + Math.random()));
    timer.unref();
  };
  void (async () => {
    for (const event of day.fill()) await link.send(event).catch(onError);
    schedule();
  })();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      link.close();
    },
  };
}
