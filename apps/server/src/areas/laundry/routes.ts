import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import { idSchema } from '@htv/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addConfigPart, deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { sharedRateLimit, type RateLimit } from '../devices/limits.js';
import { FeedbackTokens, guestPlace } from '../feedback/service.js';
import { laundryProvider } from './providers.js';
import { bookingOfRoom, claimMachine, freeMachines, laundryPart, roomBookings, started, startFailed, type GuestRoom } from './service.js';

const tags = ['laundry'];
const tokenQuery = z.object({ token: z.string().max(200) });

/** Guests' calls per address: a hotel's guests may share one (its NAT), so the limit is generous. */
const GUEST_CALLS = { limit: 120, windowMs: 60_000 };
const BOOKS = { limit: 20, windowMs: 10 * 60_000 };

/** The public laundry page a TV's laundry QR code opens: `LAUNDRY_URL`, else the console's on the host the TV reached. */
function guestUrl(request: FastifyRequest, token: string): string {
  const url = new URL(process.env.LAUNDRY_URL || `${request.protocol}://${request.host}/new-frontend/h5_washing`);
  url.searchParams.set('token', token);
  return url.toString();
}

const spend = (limit: RateLimit, key: string) => {
  if (limit.retryAfterMs(key) > 0) throw new AppError('rateLimited', 'laundry.rateLimited');
  limit.hit(key);
};

let partInstalled = false;
/** The TVs' `laundry` part: the washes of the TV's room (one registration a process; tests run several apps). */
function installLaundryPart() {
  if (partInstalled) return;
  partInstalled = true;
  addConfigPart('laundry', (terminal, ctx) => (terminal.hotelId !== null && terminal.roomNumber ? laundryPart(ctx.db, terminal.hotelId, terminal.roomNumber) : null));
}

/**
 * The laundry (docs/laundry.md): the guests' public pages by the signed token of their room TV's QR
 * code (the free machines of that hotel, booking one for that room, the booking's end), the TV's QR
 * code and its `laundry` part (the room's running washes).
 */
export async function registerLaundry(app: FastifyInstance, db: Db, runtime: DeviceRuntime, signingKey: string) {
  const tokens = new FeedbackTokens(signingKey, 'laundry-token');
  const calls = sharedRateLimit(app.bus, 'laundry.calls', GUEST_CALLS.limit, GUEST_CALLS.windowMs);
  const books = sharedRateLimit(app.bus, 'laundry.books', BOOKS.limit, BOOKS.windowMs);
  const roomOf = async (request: FastifyRequest): Promise<GuestRoom> => {
    spend(calls, request.ip);
    return guestPlace(db, tokens.read((request.query as { token: string }).token), 'laundry.badToken');
  };
  const open = { auth: { public: true } };
  const guest = (summary: string, extra: Record<string, unknown> = {}) => ({ schema: { querystring: tokenQuery, tags, summary, security: [], ...extra }, config: open });

  app.get('/api/laundry/guest', guest("The free machines of the token's hotel and the room's bookings"), async (request) => {
    const room = await roomOf(request);
    return ok({ hotel: room.hotelName, roomNumber: room.roomNumber, machines: await freeMachines(db, room.hotelId), bookings: await roomBookings(db, room) });
  });

  app.post('/api/laundry/guest/book', guest("Book and start a free machine for the token's room", { body: z.strictObject({ machineId: idSchema }) }), async (request) => {
    const room = await roomOf(request);
    spend(books, request.ip);
    const provider = laundryProvider(room.hotelId);
    if (!provider) throw new AppError('conflict', 'laundry.providerFailed');
    const machineId = (request.body as { machineId: number }).machineId;
    const claim = await claimMachine(db, room, machineId);
    let endsAt: Date;
    try {
      endsAt = new Date((await provider.start(claim.thirdPartyId)).endsAt);
    } catch (error) {
      request.log.warn({ err: error, machineId }, 'laundry provider refused to start a machine');
      await startFailed(db, claim.bookingId, machineId);
      throw new AppError('conflict', 'laundry.providerFailed');
    }
    await started(db, room, claim.bookingId, machineId, endsAt);
    return ok({ bookingId: claim.bookingId, number: claim.number, endsAt: endsAt.toISOString() });
  });

  const bookingParams = z.object({ id: idSchema });
  app.get('/api/laundry/guest/bookings/:id', guest("A booking of the token's room", { params: bookingParams }), async (request) => {
    const { thirdPartyId: _id, machineId: _machine, ...booking } = await bookingOfRoom(db, await roomOf(request), (request.params as { id: number }).id);
    return ok(booking);
  });

  app.post('/api/laundry/guest/bookings/:id/unloaded', guest('The guest took the laundry out: the machine is released', { params: bookingParams }), async (request) => {
    const room = await roomOf(request);
    const booking = await bookingOfRoom(db, room, (request.params as { id: number }).id);
    if (booking.state === 'finished') await laundryProvider(room.hotelId)?.release(booking.thirdPartyId);
    return ok({ released: booking.state === 'finished' });
  });

  installLaundryPart();

  await app.register(
    async (scope) => {
      scope.decorateRequest('deviceTerminal', null);
      scope.get(
        '/laundry/qr',
        { schema: { tags, summary: "The laundry page's QR code for this TV (hotel and room bound by a signed token)" }, config: open, preHandler: deviceAuthHook(runtime) },
        async (request) => {
          const terminal = request.deviceTerminal!;
          if (terminal.hotelId === null) throw new AppError('validation', 'laundry.badToken');
          const url = guestUrl(request, tokens.sign({ terminalId: terminal.id, hotelId: terminal.hotelId }));
          return ok({ url, qr: await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' }) });
        },
      );
    },
    { prefix: DEVICE_API_BASE, logLevel: 'warn' },
  );
}
