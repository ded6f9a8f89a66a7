import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { hostname } from 'node:os';
import type { Db } from '../../../db/client.js';
import { pmsInterfaces } from '../../../db/schema/index.js';
import { handleEvent, refuseRaw, type EventOrigin } from '../events.js';
import { pmsHotelById, type PmsHotel } from '../link.js';
import { eventOfRecord, FIAS_EVENT_RECORDS } from './events.js';
import { drainFiasOutbox } from './outbox.js';
import { answerPosting, resendUnansweredPostings } from '../posting.js';
import { encodeRecord, FrameReader, type FiasRecord } from './frame.js';

export interface FiasOptions {
  /** Address the listeners bind to. */
  host: string;
  /** A connection that sends nothing this long is closed (a live PMS sends LA records). */
  idleMs: number;
  /** How often the links are matched to the hotels' settings and the leases renewed. */
  checkMs: number;
  /** How long a lease holds without renewal (a crashed holder's links move on after it). */
  leaseMs: number;
  /** How often the held links send what is queued for their PMS (`pms_outbox`); 0: only on `drain()`. */
  drainMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export const FIAS_DEFAULTS: Omit<FiasOptions, 'host'> = { idleMs: 120_000, checkMs: 10_000, leaseMs: 30_000, drainMs: 1_000 };

const yymmdd = (d: Date) => `${String(d.getFullYear() % 100).padStart(2, '0')}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
const hhmmss = (d: Date) => `${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}${String(d.getSeconds()).padStart(2, '0')}`;
const stamp = () => {
  const now = new Date();
  return { DA: yymmdd(now), TI: hhmmss(now) };
};

/** The records and fields this side asks the PMS for (the LR records answering a link start). */
const LINK_RECORDS: Record<string, string> = {
  GI: 'RNG#GNGFGTGLGGGAGDGVNPDATI',
  GC: 'RNROG#GNGFGTGLGGGAGDGVNPDATI',
  GO: 'RNG#DATI',
  WR: 'RNDATI',
  WC: 'RNDATI',
  XL: 'RNG#MIMTDATI',
  XD: 'RNG#MIDATI',
  PA: 'RNP#ASCTRFDATI',
};

const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

/**
 * One PMS connection: framing, the link records (LS → LD, LR…, LA; LA answered; LE ends it), guest,
 * wake-up and message records handed to the one event handler, in order. Broken frames are logged and
 * skipped.
 */
function serveConnection(db: Db, hotel: PmsHotel, socket: Socket, options: FiasOptions): void {
  const origin: EventOrigin = { source: 'fias', address: plainAddress(socket.remoteAddress) };
  const reader = new FrameReader();
  let queue = Promise.resolve();
  const send = (type: string, fields: Record<string, string> = {}) => socket.writable && socket.write(encodeRecord(type, fields));
  const onRecord = async (record: FiasRecord) => {
    switch (record.type) {
      case 'LS':
        send('LD', { ...stamp(), 'V#': '1.0', IF: 'HTV' });
        for (const [type, fields] of Object.entries(LINK_RECORDS)) send('LR', { RI: type, FL: fields });
        send('LR', { RI: 'PS', FL: 'RNG#TAP#PTSOCTDATI' });
        send('LA', stamp());
        // Charges sent on an earlier connection and never answered go again (the PMS posts a P# once).
        await resendUnansweredPostings(db, hotel.id);
        return;
      case 'LA':
        send('LA', stamp());
        return;
      case 'LE':
        send('LE', stamp());
        socket.end();
        return;
      case 'LD':
      case 'LR':
        return;
      case 'PA':
        if (!(await answerPosting(db, hotel.id, record.fields))) await refuseRaw(db, hotel, origin, null, 'brokenFrame', 'en-US');
        return;
    }
    if (FIAS_EVENT_RECORDS.has(record.type)) await handleEvent(db, hotel, origin, eventOfRecord(record), 'en-US');
    else await refuseRaw(db, hotel, origin, null, 'brokenFrame', 'en-US');
  };
  // Idle means nothing received and nothing left to handle: a slow database does not end the link.
  let pending = 0;
  const handle = (items: ReturnType<FrameReader['push']>) => {
    for (const item of items) {
      if (pending++ === 0) socket.setTimeout(0);
      queue = queue
        .then(() => ('record' in item ? onRecord(item.record) : refuseRaw(db, hotel, origin, null, 'brokenFrame', 'en-US').then(() => undefined)))
        .catch((error: unknown) => options.log?.warn({ err: error, hotelId: hotel.id }, 'FIAS record not handled'))
        .finally(() => {
          if (--pending === 0 && !socket.destroyed) socket.setTimeout(options.idleMs);
        });
    }
  };
  socket.on('timeout', () => socket.destroy());
  socket.setTimeout(options.idleMs);
  socket.on('data', (chunk) => handle(reader.push(chunk)));
  socket.on('end', () => handle(reader.end()));
  socket.on('error', () => undefined);
}

interface Link {
  port: number;
  allowed: string[];
  server: Server;
  sockets: Set<Socket>;
}

/**
 * The FIAS listeners of this process. Every `checkMs` it reads the hotels whose PMS speaks FIAS with
 * the link enabled, takes or renews each link's lease in the database (one process holds a link, so
 * with several processes or machines exactly one listens on each hotel's port), listens on the ports
 * it holds and lets go of the others.
 */
export class FiasLinks {
  private readonly links = new Map<number, Link>();
  private timer: NodeJS.Timeout | undefined;
  private drainTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private draining: Promise<void> = Promise.resolve();
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly db: Db,
    private readonly options: FiasOptions,
  ) {}

  start(): this {
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
    this.timer.unref();
    if (this.options.drainMs) {
      this.drainTimer = setInterval(() => void this.drain(), this.options.drainMs);
      this.drainTimer.unref();
    }
    void this.check();
    return this;
  }

  /**
   * Sends what is queued for the PMSs whose link this process holds, on the link's newest connection
   * (a hotel without a connected PMS keeps its records until one connects). Resolves when done.
   */
  drain(): Promise<void> {
    this.draining = this.draining
      .then(async () => {
        for (const [hotelId, link] of this.links) {
          const socket = [...link.sockets].at(-1);
          if (!socket) continue;
          await drainFiasOutbox(this.db, hotelId, ({ type, fields }) => socket.writable && (socket.write(encodeRecord(type, fields)), true));
        }
      })
      .catch((error: unknown) => this.options.log?.warn({ err: error }, 'FIAS records not sent'));
    return this.draining;
  }

  /** Matches the links to the settings now (also what the timer runs); resolves when done. */
  check(): Promise<void> {
    this.running = this.running.then(() => this.reconcile()).catch((error: unknown) => this.options.log?.warn({ err: error }, 'FIAS links not checked'));
    return this.running;
  }

  /** The hotels whose link this process holds, by port. */
  held(): Map<number, number> {
    return new Map([...this.links].map(([hotelId, link]) => [hotelId, link.port]));
  }

  private async reconcile(): Promise<void> {
    const wanted = await this.db
      .select({ hotelId: pmsInterfaces.hotelId })
      .from(pmsInterfaces)
      .where(and(eq(pmsInterfaces.fiasEnabled, true), isNotNull(pmsInterfaces.fiasPort)));
    const keep = new Set<number>();
    for (const { hotelId } of wanted) {
      const hotel = await pmsHotelById(this.db, hotelId);
      if (hotel?.protocol !== 'fias' || !hotel.fiasPort || !(await this.lease(hotelId))) continue;
      keep.add(hotelId);
      await this.listen(hotel);
    }
    for (const hotelId of [...this.links.keys()]) if (!keep.has(hotelId)) await this.drop(hotelId);
  }

  /** Takes or renews the hotel's lease; false while another process holds it. */
  private async lease(hotelId: number): Promise<boolean> {
    const until = sql`now() + make_interval(secs => ${this.options.leaseMs / 1000})`;
    const taken = await this.db
      .update(pmsInterfaces)
      .set({ fiasHolder: this.holder, fiasLeaseUntil: until })
      .where(and(eq(pmsInterfaces.hotelId, hotelId), or(sql`${pmsInterfaces.fiasHolder} is null`, eq(pmsInterfaces.fiasHolder, this.holder), lt(pmsInterfaces.fiasLeaseUntil, sql`now()`))))
      .returning({ hotelId: pmsInterfaces.hotelId });
    return taken.length > 0;
  }

  private async listen(hotel: PmsHotel): Promise<void> {
    const current = this.links.get(hotel.id);
    if (current?.port === hotel.fiasPort) {
      current.allowed = hotel.fiasAllowed;
      return;
    }
    if (current) await this.drop(hotel.id, false);
    const link: Link = { port: hotel.fiasPort!, allowed: hotel.fiasAllowed, sockets: new Set(), server: createServer() };
    link.server.on('connection', (socket) => {
      const address = plainAddress(socket.remoteAddress);
      if (!link.allowed.includes(address)) {
        socket.destroy();
        void refuseRaw(this.db, hotel, { source: 'fias', address }, null, 'addressNotAllowed', 'en-US').catch(() => undefined);
        return;
      }
      link.sockets.add(socket);
      socket.on('close', () => link.sockets.delete(socket));
      serveConnection(this.db, hotel, socket, this.options);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        link.server.once('error', reject);
        link.server.listen(link.port, this.options.host, () => resolve());
      });
    } catch (error) {
      this.options.log?.warn({ err: error, hotelId: hotel.id, port: link.port }, 'FIAS port not opened');
      await this.release(hotel.id);
      return;
    }
    this.links.set(hotel.id, link);
    this.options.log?.info({ hotelId: hotel.id, port: link.port }, 'FIAS link listening');
  }

  private async drop(hotelId: number, release = true): Promise<void> {
    const link = this.links.get(hotelId);
    this.links.delete(hotelId);
    if (link) {
      for (const socket of link.sockets) socket.destroy();
      await new Promise<void>((resolve) => link.server.close(() => resolve()));
    }
    if (release) await this.release(hotelId);
  }

  private async release(hotelId: number): Promise<void> {
    await this.db
      .update(pmsInterfaces)
      .set({ fiasHolder: null, fiasLeaseUntil: null })
      .where(and(eq(pmsInterfaces.hotelId, hotelId), eq(pmsInterfaces.fiasHolder, this.holder)));
  }

  /** Stops listening and lets every lease go (graceful shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.drainTimer);
    await this.running;
    await this.draining;
    for (const hotelId of [...this.links.keys()]) await this.drop(hotelId);
  }
}

