import { idSchema, records, uploadRules, type FieldDef } from '@htv/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import { FailureThrottle } from '../../auth/throttle.js';
import type { Db } from '../../db/client.js';
import type { ReceiveUpload } from '../../files/routes.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { closeFeedback, FeedbackTokens, guestPlace, submitFeedback, type FeedbackInput } from './service.js';

const tags = ['feedback'];
const fields = records.feedback.fields;
const TYPES = Object.keys(fields.type.options!) as [string, ...string[]];

/** The form's body (spec §5): a type, a description (required), a suggestion, up to 3 pictures, a contact. */
const feedbackBody = z.strictObject({
  type: z.enum(TYPES, { error: 'validation.choice' }).default('question'),
  description: z.string({ error: 'feedback.descriptionRequired' }).trim().min(1, { error: 'feedback.descriptionRequired' }).max(500),
  suggestion: z.string().trim().max(500).optional(),
  images: z.array(z.string().regex(/^[0-9a-f-]{36}$/, { error: 'feedback.badImage' })).max(3).optional(),
  contact: z.string().trim().max(50).optional(),
});
const FIELDS = { type: fields.type, description: fields.description, suggestion: fields.suggestion, images: fields.images, contact: fields.contact } as unknown as Record<string, FieldDef>;
const tokenQuery = z.object({ token: z.string().max(200) });
const noteBody = z.strictObject({ note: z.string({ error: 'feedback.noteRequired' }).trim().min(1, { error: 'feedback.noteRequired' }).max(200) });

/** One feedback a minute per sender (a console user, a guest's TV); guests' addresses a few more uploads and sends. */
const SENDS = { limit: 1, windowMs: 60_000 };
const GUEST_ADDRESS = { limit: 20, windowMs: 10 * 60_000 };

/** The public feedback page a guest's QR code opens: `FEEDBACK_URL`, else the console's on the request's host. */
function guestUrl(request: FastifyRequest, token: string): string {
  const url = new URL(process.env.FEEDBACK_URL || `${request.protocol}://${request.host}/new-frontend/fb/index`);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Feedback: the console users' form (header link, types 2 and 3 with `feedback.create`), the guests'
 * public form bound to a TV by a signed token (its picture upload included), the platform's handle and
 * ignore with a note, and the TVs' QR code.
 */
export function registerFeedback(app: FastifyInstance, db: Db, signingKey: string, receive: ReceiveUpload) {
  const tokens = new FeedbackTokens(signingKey);
  const senders = new FailureThrottle(SENDS.limit, SENDS.windowMs);
  const addresses = new FailureThrottle(GUEST_ADDRESS.limit, GUEST_ADDRESS.windowMs);
  /** Refuses a sender who sent within the interval (429, the spec's message); a stored feedback counts. */
  const throttled = async <T>(key: string, send: () => Promise<T>): Promise<T> => {
    if (senders.retryAfterMs(key) > 0) throw new AppError('rateLimited', 'feedback.frequent');
    const result = await send();
    senders.fail(key);
    return result;
  };
  const guardAddress = (request: FastifyRequest) => {
    if (addresses.retryAfterMs(request.ip) > 0) throw new AppError('rateLimited', 'feedback.frequent');
    addresses.fail(request.ip);
  };

  app.post(
    '/api/fb',
    { schema: { body: feedbackBody, tags, summary: 'Send feedback (brand and hotel users)' }, config: { auth: { userTypes: [2, 3], permission: 'feedback.create' }, fields: FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const hotelId = actor.userType === 3 ? actor.hotelId : null;
      const sender = { actor, brandId: actor.brandId, hotelId, roomNumber: null, name: actor.name, source: 'console' as const };
      return ok(await throttled(`user:${actor.userId}`, () => submitFeedback(db, request.body as FeedbackInput, sender, request.ip)));
    },
  );

  const guestOptions = (summary: string) => ({ schema: { querystring: tokenQuery, tags, summary, security: [] }, config: { auth: { public: true }, fields: FIELDS } });
  app.get('/api/fb/guest', guestOptions('The hotel and room a guest feedback token names'), async (request) => {
    const place = await guestPlace(db, tokens.read((request.query as { token: string }).token));
    return ok({ hotel: place.hotelName, roomNumber: place.roomNumber });
  });
  app.post('/api/fb/guest/images', guestOptions("Upload a guest feedback picture (multipart `file`; JPG or PNG, at most 3 MB, checked by content)"), async (request) => {
    guardAddress(request);
    const place = await guestPlace(db, tokens.read((request.query as { token: string }).token));
    return ok(await receive(request, { brandId: place.brandId, hotelId: place.hotelId }, null, 'feedbackImage', uploadRules.feedbackImage));
  });
  const sendSummary = 'Send feedback as a guest, from the QR code of the TV';
  app.post('/api/fb/guest', { ...guestOptions(sendSummary), schema: { querystring: tokenQuery, body: feedbackBody, tags, summary: sendSummary, security: [] } }, async (request) => {
    guardAddress(request);
    const place = await guestPlace(db, tokens.read((request.query as { token: string }).token));
    const name = place.roomNumber ? `${place.hotelName} ${place.roomNumber}` : place.hotelName;
    const sender = { actor: null, brandId: place.brandId, hotelId: place.hotelId, roomNumber: place.roomNumber, name, source: 'guest' as const };
    return ok(await throttled(`tv:${place.terminalId}`, () => submitFeedback(db, request.body as FeedbackInput, sender, request.ip)));
  });

  for (const action of ['handle', 'ignore'] as const) {
    app.post(
      `/api/feedback/:id/${action}`,
      {
        schema: { params: z.object({ id: idSchema }), body: noteBody, tags, summary: `${action === 'handle' ? 'Handle' : 'Ignore'} a feedback with a note; the sender is told in the message center` },
        config: { auth: { userTypes: [1], permission: 'feedback.handle' }, fields: { note: fields.handlingNote as unknown as FieldDef } },
      },
      async (request) => ok(await closeFeedback(db, actorOf(request), (request.params as { id: number }).id, action, (request.body as { note: string }).note, request.ip)),
    );
  }
}

/** The TV's feedback QR code (device token): the guest page's URL with the TV's signed token, as a PNG data URL. */
export function registerFeedbackDeviceRoutes(scope: FastifyInstance, runtime: DeviceRuntime, signingKey: string) {
  const tokens = new FeedbackTokens(signingKey);
  scope.decorateRequest('deviceTerminal', null);
  scope.get(
    '/feedback-qr',
    { schema: { tags, summary: "The guest feedback page's QR code for this TV (hotel and room bound by a signed token)" }, config: { auth: { public: true } }, preHandler: deviceAuthHook(runtime) },
    async (request) => {
      const terminal = (request as FastifyRequest & { deviceTerminal: { id: number; hotelId: number | null } }).deviceTerminal;
      if (terminal.hotelId === null) throw new AppError('validation', 'feedback.badToken');
      const url = guestUrl(request, tokens.sign({ terminalId: terminal.id, hotelId: terminal.hotelId }));
      return ok({ url, qr: await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' }) });
    },
  );
}
