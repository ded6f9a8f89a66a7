import type { PmsRefusal } from '@htv/shared/areas/pms/messages';
import { PMS_MAX_SKEW_S, PMS_SIGNATURE_HEADER, PMS_TIMESTAMP_HEADER, pmsBatch, type PmsEventAnswer } from '@htv/shared/areas/pms/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { parseBoundedJson, unstorableTextPath } from '../../http/request-data.js';
import { sharedRateLimit } from '../devices/limits.js';
import { handleEvent, handleEvents, refuseRaw, type EventOrigin } from './events.js';
import { pmsHotelByPublicId, type PmsHotel } from './link.js';

/**
 * Refused requests a minute per hotel and sender address (an unknown hotel, a bad or stale signature,
 * the wrong protocol, an unreadable body): what an unsigned flood gets before it is held back.
 */
export const PMS_REQUESTS_PER_MIN = 120;
/**
 * Signed requests a minute per hotel and sender address (a batch holds up to 100 events): room for a
 * PMS sending each event on its own at the noon check-out (800 in a minute), still a ceiling.
 */
export const PMS_SIGNED_REQUESTS_PER_MIN = 6_000;
const BODY_LIMIT = 512 * 1024;

/** The status each refusal of a whole request answers with. */
const REFUSAL_KIND: Record<PmsRefusal, 'unauthenticated' | 'forbidden' | 'badRequest' | 'notFound' | 'conflict'> = {
  badSignature: 'unauthenticated',
  staleTimestamp: 'unauthenticated',
  malformed: 'badRequest',
  brokenFrame: 'badRequest',
  addressNotAllowed: 'forbidden',
  unknownRoom: 'notFound',
  noStay: 'conflict',
  roomOccupied: 'conflict',
  wrongProtocol: 'conflict',
};

const refuse = (reason: PmsRefusal) => new AppError(REFUSAL_KIND[reason], `pms.${reason}`);

/** HMAC-SHA256 of `${timestamp}.${body}` with the hotel's secret, hex: what the PMS signs a request with. */
export function signPmsRequest(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Why a request's signature headers do not hold, or null when they do. */
function signatureRefusal(hotel: PmsHotel, request: FastifyRequest, body: string, now = Date.now()): PmsRefusal | null {
  const timestamp = String(request.headers[PMS_TIMESTAMP_HEADER] ?? '');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > PMS_MAX_SKEW_S) return 'staleTimestamp';
  const given = Buffer.from(String(request.headers[PMS_SIGNATURE_HEADER] ?? ''), 'utf8');
  const expected = Buffer.from(signPmsRequest(hotel.secret, timestamp, body), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'badSignature';
}

/** The signed body as JSON; unreadable, nested too deeply or holding text the database cannot store: malformed. */
function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  const value = parseBoundedJson(body);
  return value === undefined || unstorableTextPath(value) ? { ok: false } : { ok: true, value };
}

const params = z.object({ hotel: z.string().regex(/^\d{7}$/) });

/**
 * The PMS's HTTP interface: `POST /api/pms/v1/hotels/{publicId}/events`, one event or `{events: [...]}`,
 * signed with the hotel's secret (docs/pms.md). Public (the signature is the credential), registered
 * before the console's plugins; the body is read as text, so the signature covers the bytes sent.
 */
export async function registerPmsHttp(scope: FastifyInstance, db: Db): Promise<void> {
  const limit = sharedRateLimit(scope.bus, 'pms', PMS_REQUESTS_PER_MIN, 60_000);
  const signedLimit = sharedRateLimit(scope.bus, 'pms-signed', PMS_SIGNED_REQUESTS_PER_MIN, 60_000);
  const limited = (reply: FastifyReply, wait: number) => {
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    reply.header('retry-after', String(seconds));
    return new AppError('rateLimited', 'pms.rateLimited', { seconds });
  };
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  scope.post(
    '/hotels/:hotel/events',
    {
      schema: { params, tags: ['pms'], summary: "A hotel PMS's events (signed; one event or a batch)", security: [] },
      config: { auth: { public: true } },
    },
    async (request, reply) => {
      const { hotel: publicId } = request.params as { hotel: string };
      const key = `${publicId}|${request.ip}`;
      // Refused requests spend the small budget, signed ones the large one: an address that spent
      // the small budget is held back whatever it sends next.
      const wait = limit.retryAfterMs(key);
      if (wait > 0) throw limited(reply, wait);
      const hotel = await pmsHotelByPublicId(db, publicId);
      if (!hotel) {
        limit.hit(key);
        throw notFound();
      }
      const origin: EventOrigin = { source: 'http', address: request.ip };
      const body = typeof request.body === 'string' ? request.body : '';
      const refusal = hotel.protocol !== 'http' ? 'wrongProtocol' : signatureRefusal(hotel, request, body);
      if (refusal) {
        limit.hit(key);
        // Nothing of an unsigned body is believed: the log row says only that a request was refused.
        await refuseRaw(db, hotel, origin, null, refusal, request.lang);
        throw refuse(refusal);
      }
      const signedWait = signedLimit.retryAfterMs(key);
      if (signedWait > 0) throw limited(reply, signedWait);
      signedLimit.hit(key);
      const json = parseJson(body);
      if (!json.ok) {
        await refuseRaw(db, hotel, origin, null, 'malformed', request.lang);
        throw refuse('malformed');
      }
      const batch = pmsBatch.safeParse(json.value);
      if (!batch.success) {
        const answer = await handleEvent(db, hotel, origin, json.value, request.lang);
        if (answer.result === 'refused') throw refuse(answer.errkey!.slice('pms.'.length) as PmsRefusal);
        return ok(answer);
      }
      // One transaction for the whole batch, each event applied or refused on its own (docs/pms.md).
      const results: PmsEventAnswer[] = await handleEvents(db, hotel, origin, batch.data.events, request.lang);
      return ok({ results });
    },
  );
}
