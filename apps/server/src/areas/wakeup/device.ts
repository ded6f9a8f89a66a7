import type { WakeUpCallOnTv, WakeUpConfigPart, WakeUpRingOnTv } from '@htv/shared/areas/wakeup/device';
import { WAKE_UP_TIME_PATTERN } from '@htv/shared/areas/wakeup/records';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addConfigPart, type ConfigTerminal, type DeviceRuntime } from '../devices/plugin.js';
import { rateLimit } from '../devices/limits.js';
import { songUrlForTerminal } from '../music/device.js';
import { tuneWav, type Tune } from '../music/tone.js';
import { cancelCall, changeCall, reportRing } from './actions.js';
import { calls, insertCall, OPEN_STATES, pushRooms } from './calls.js';
import { configOf } from './config.js';
import { tellPms, wakeUpRecord } from './outbound.js';

/** Reports and guest changes a terminal may make a minute (a remote's keys, a guest trying times). */
const REQUESTS_PER_MINUTE = 30;
/** The built-in tone: a rising chime, long enough to loop without a seam being heard. */
const C5 = 523, E5 = 659, G5 = 784, C6 = 1047;
const CHIME: Tune = [[C5, 1], [E5, 1], [G5, 1], [C6, 2], [0, 1], [C5, 1], [E5, 1], [G5, 1], [C6, 2], [0, 2]];
let toneFile: Buffer | undefined;

/** Each app's signing key (tests run several apps in one process). */
const keys = new WeakMap<DeviceRuntime, Buffer>();
const sign = (key: Buffer, what: string) => createHmac('sha256', key).update(what).digest().subarray(0, 18).toString('base64url');
const sameSignature = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const BASE = '/api/device/v1/wakeup';
const callUrl = (key: Buffer, terminalId: number, callId: number) => `${BASE}/calls/${terminalId}/${callId}/${sign(key, `wakeup:${terminalId}:${callId}`)}`;
const setUrl = (key: Buffer, terminalId: number) => `${BASE}/rooms/${terminalId}/${sign(key, `wakeup-room:${terminalId}`)}`;

/**
 * The room's wake-up as its TV gets it: the call ringing now (its words, music and the time) and the
 * coming calls for the guest's page, each with the terminal's signed address to report or change it.
 */
async function wakeUpPart(db: Db, runtime: DeviceRuntime, key: Buffer, terminal: ConfigTerminal): Promise<WakeUpConfigPart | undefined> {
  if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return undefined;
  const c = calls();
  const rows = await db
    .select()
    .from(c)
    .where(and(eq(c.hotelId, terminal.hotelId), eq(c.roomNumber, terminal.roomNumber), inArray(c.state, [...OPEN_STATES])))
    .orderBy(asc(c.dueAt))
    .limit(20);
  const ringing = rows.find((row) => row.state === 'ringing');
  let ring: WakeUpRingOnTv | null = null;
  if (ringing) {
    const config = await configOf(db, terminal.hotelId);
    const songId = ringing.music === 'song' ? (ringing.songId as number | null) : ringing.music === 'default' && config.defaultMusic ? config.defaultMusic : null;
    const song = songId ? await songUrlForTerminal(db, runtime, terminal.id, songId) : null;
    ring = {
      callId: ringing.id as number,
      attempt: ringing.attempts as number,
      time: ringing.time as string,
      guest: terminal.guest,
      wordsZh: (ringing.wordsZh as string | null) ?? '',
      wordsEn: (ringing.wordsEn as string | null) ?? '',
      music: song ?? `${BASE}/tone.wav`,
      snoozesLeft: Math.max(0, config.snoozeCount - (ringing.snoozes as number)),
      until: new Date(ringing.dueAt as string).toISOString(),
      reportUrl: callUrl(key, terminal.id, ringing.id as number),
    };
  }
  const upcoming: WakeUpCallOnTv[] = rows.map((row) => ({
    id: row.id as number,
    date: row.date as string,
    time: row.time as string,
    repeat: row.repeat as 'once' | 'daily',
    days: row.days as number,
    state: row.state as string,
    url: callUrl(key, terminal.id, row.id as number),
  }));
  return { ring, calls: upcoming, setUrl: setUrl(key, terminal.id) };
}

/** The authorized terminal of a signed address, with its room; null for any other. */
async function terminalOf(db: Db, terminalId: number) {
  const result = await db.execute(sql`select id, brand_id, hotel_id, room_number from terminals where id = ${terminalId} and "authorization" = 'authorized' and hotel_id is not null and room_number is not null`);
  const [row] = (result as unknown as { rows: unknown[] }).rows as {
    id: number;
    brand_id: number;
    hotel_id: number;
    room_number: string;
  }[];
  return row ?? null;
}

let installed = false;

/**
 * The TVs' `wakeup` configuration part and the device calls it names (under /api/device/v1): the
 * built-in tone, a ring's report (answer, snooze), and the guest's own calls (set, change, cancel).
 * The calls' addresses are signed for the terminal (and the call): they come only in the
 * terminal's own configuration; every request also checks the terminal is authorized and the call
 * is its room's. Rate limited per terminal and address.
 */
export function registerWakeUpDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, signingKey: string): void {
  keys.set(runtime, createHmac('sha256', signingKey).update('wakeup-calls').digest());
  if (!installed) {
    installed = true;
    addConfigPart('wakeup', (terminal, ctx) => {
      const key = keys.get(ctx.runtime);
      return key ? wakeUpPart(ctx.db, ctx.runtime, key, terminal) : undefined;
    });
  }
  const key = () => keys.get(runtime)!;
  const limit = rateLimit(REQUESTS_PER_MINUTE, 60_000);
  const tags = ['device API v1'];
  const checkLimit = (id: string) => {
    const wait = limit.retryAfterMs(id);
    if (wait > 0) throw new AppError('rateLimited', 'wakeup.rateLimited', { seconds: Math.max(1, Math.ceil(wait / 1000)) });
    limit.hit(id);
  };
  const int = z.coerce.number().int().positive().max(2_147_483_647);

  scope.get('/wakeup/tone.wav', { schema: { tags, summary: 'The built-in wake-up tone (WAV)' }, config: { auth: { public: true } } }, async (_request, reply) => {
    toneFile ??= tuneWav(CHIME, 0.25).data;
    return reply.header('cache-control', 'public, max-age=86400').type('audio/wav').send(toneFile);
  });

  const callParams = z.object({ terminalId: int, callId: int, signature: z.string().max(64) });
  const callBody = z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('answer'), attempt: z.number().int().min(1).max(1000) }),
    z.strictObject({ action: z.literal('snooze'), attempt: z.number().int().min(1).max(1000) }),
    z.strictObject({ action: z.literal('cancel') }),
    z.strictObject({ action: z.literal('change'), date: z.iso.date(), time: z.string().regex(WAKE_UP_TIME_PATTERN) }),
  ]);
  scope.post(
    '/wakeup/calls/:terminalId/:callId/:signature',
    { schema: { tags, params: callParams, body: callBody, summary: "A ring's answer or snooze, or the guest's change or cancel of a call (signed address from the wakeup part)" }, config: { auth: { public: true } } },
    async (request) => {
      const { terminalId, callId, signature } = request.params as z.infer<typeof callParams>;
      checkLimit(`${request.ip}:${terminalId}`);
      if (!sameSignature(signature, sign(key(), `wakeup:${terminalId}:${callId}`))) throw notFound();
      const terminal = await terminalOf(db, terminalId);
      if (!terminal) throw notFound();
      const room = { hotelId: terminal.hotel_id, roomNumber: terminal.room_number };
      const body = request.body as z.infer<typeof callBody>;
      const state =
        body.action === 'answer' || body.action === 'snooze'
          ? await reportRing(db, room, callId, body.action, body.attempt)
          : body.action === 'cancel'
            ? await cancelCall(db, room, callId)
            : await changeCall(db, room, callId, body.date, body.time);
      await pushRooms(db, [room]);
      return ok({ state });
    },
  );

  const roomParams = z.object({ terminalId: int, signature: z.string().max(64) });
  const setBody = z.strictObject({ date: z.iso.date(), time: z.string().regex(WAKE_UP_TIME_PATTERN), repeat: z.enum(['once', 'daily']).optional(), days: z.number().int().min(1).max(30).optional() });
  scope.post(
    '/wakeup/rooms/:terminalId/:signature',
    { schema: { tags, params: roomParams, body: setBody, summary: 'The guest sets a wake-up call of the room (signed address from the wakeup part)' }, config: { auth: { public: true } } },
    async (request) => {
      const { terminalId, signature } = request.params as z.infer<typeof roomParams>;
      checkLimit(`${request.ip}:${terminalId}`);
      if (!sameSignature(signature, sign(key(), `wakeup-room:${terminalId}`))) throw notFound();
      const terminal = await terminalOf(db, terminalId);
      if (!terminal) throw notFound();
      const body = request.body as z.infer<typeof setBody>;
      const [hotel] = await db.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, terminal.hotel_id));
      const row = await db.transaction(async (tx) => {

        const created = await insertCall(tx, { brandId: hotel!.brandId, hotelId: terminal.hotel_id }, { roomNumber: terminal.room_number, ...body }, 'guest');
        // The PMS hears of it as of a call set at the front desk (a WR of a FIAS hotel).
        await tellPms(tx, terminal.hotel_id, wakeUpRecord('wakeUpSet', created));
        return created;
      });
      await pushRooms(db, [{ hotelId: terminal.hotel_id, roomNumber: terminal.room_number }]);
      return ok({ id: row.id, state: row.state });
    },
  );
}
