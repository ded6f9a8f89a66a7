import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import { uploadRules } from '@htv/shared';
import { castUrlBody, PHONE_TOKEN_HEADER, remoteBody, type CastUrlBody, type RemoteBody } from '@htv/shared/areas/phone/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { ReceiveUpload } from '../../files/routes.js';
import type { Storage } from '../../files/storage.js';
import { runsJobs } from '../../system/workers.js';
import { signedDeviceFiles } from '../devices/signed-files.js';
import { deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { rateLimit, type RateLimit } from '../devices/limits.js';
import { addCheckOutHandler } from '../pms/hooks.js';
import { CastFiles, isShownCastFile, startCast, stopCast } from './cast.js';
import { pushToTv, listenForPhoneCommands } from './push.js';
import { bindingOf, bindPhone, newPairCode, pairInfo, prunePhoneRows, revokeForStay, staysWithPhones, unbindPhone, type Binding } from './service.js';

const tags = ['phone'];
const codeSchema = z.string({ error: 'phone.badCode' }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'phone.badCode' });

/** Limits of the public phone calls (docs/phone.md); the bind limit is per address (a hotel's guests may share one). */
export interface PhoneLimits {
  /** Pairing looks and binds per address and 10 minutes (PHONE_BIND_LIMIT). */
  bindsPerAddress: number;
  /** Remote presses per phone and second, with as many at once. */
  pressesPerSecond: number;
  /** Pairing codes a TV draws per minute. */
  codesPerMinute: number;
  /** Casts (pictures, videos, web addresses) a phone sends per minute (PHONE_CAST_LIMIT). */
  castsPerMinute: number;
}

export const phoneLimitsFromEnv = (env: NodeJS.ProcessEnv = process.env): PhoneLimits => ({
  bindsPerAddress: Number(env.PHONE_BIND_LIMIT ?? 60),
  pressesPerSecond: 15,
  codesPerMinute: 20,
  castsPerMinute: Number(env.PHONE_CAST_LIMIT ?? 10),
});

/** The files a TV's cast names, served by a signed address while the cast is shown (docs/phone.md). */
const castFiles = signedDeviceFiles('cast', isShownCastFile);

/** What the phone area needs of the rest of the server for casting: the upload checks, storage and the signing key. */
export interface PhoneServices {
  receive: ReceiveUpload;
  storage: Storage;
  signingKey: string;
}

/** The public page the TV's QR code opens: `PHONE_URL`, else the console's on the host the TV reached. */
function bindUrl(request: FastifyRequest, code: string): string {
  const url = new URL(process.env.PHONE_URL || `${request.protocol}://${request.host}/new-frontend/h5_bind_tv`);
  url.searchParams.set('code', code);
  return url.toString();
}

const spend = (limit: RateLimit, key: string) => {
  const wait = limit.retryAfterMs(key);
  if (wait > 0) throw new AppError('rateLimited', 'phone.rateLimited', { seconds: Math.max(1, Math.ceil(wait / 1000)) });
  limit.hit(key);
};

/**
 * The guest's phone (docs/phone.md): the public pairing look and bind by the TV's code, the bound
 * phone's remote and unbind (its token in `x-phone-token`), and the revocation at check-out.
 */
export async function registerPhone(app: FastifyInstance, db: Db, runtime: DeviceRuntime, services: PhoneServices, limits: PhoneLimits = phoneLimitsFromEnv()) {
  const binds = rateLimit(limits.bindsPerAddress, 10 * 60_000);
  const presses = rateLimit(limits.pressesPerSecond, 1000);
  const codes = rateLimit(limits.codesPerMinute, 60_000);
  const casts = rateLimit(limits.castsPerMinute, 60_000);
  const uploading = new Set<number>();
  const unlisten = listenForPhoneCommands(runtime);
  const castStore = new CastFiles(db, services.storage);
  // Check-out: the stay's phones let go, and what they cast is removed with its files and taken off the TV's screen.
  // The handler holds this app's push hub and file store: it goes when the app closes.
  const removeCheckOut = addCheckOutHandler('phone', async (tx, stay) => {
    const released = await revokeForStay(tx, stay);
    const { receipt, shownOn } = await castStore.forStay(tx, stay);
    for (const terminalId of shownOn) pushToTv(runtime, terminalId, { castStop: null });
    return [...released, ...receipt];
  }, staysWithPhones);
  app.addHook('onClose', async () => removeCheckOut());
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!runsJobs()) return;
    const run = () => void Promise.all([prunePhoneRows(db), castStore.prune()]).catch((error: unknown) => app.log.error({ err: error }, 'phone rows not pruned'));
    sweep = setInterval(run, 3_600_000);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    unlisten();
    clearInterval(sweep);
  });

  const open = { auth: { public: true } };
  /** The bound phone's binding (401 `phone.bindingEnded` otherwise), within its press limit. */
  const bound = async (request: FastifyRequest): Promise<Binding> => {
    const binding = await bindingOf(db, request.headers[PHONE_TOKEN_HEADER] as string | undefined);
    spend(presses, String(binding.id));
    return binding;
  };

  app.get(
    '/api/phone/pair',
    { schema: { querystring: z.object({ code: codeSchema }), tags, summary: 'The hotel and room a TV pairing code names (the code is not spent)', security: [] }, config: open },
    async (request) => {
      spend(binds, request.ip);
      return ok(await pairInfo(db, (request.query as { code: string }).code));
    },
  );
  app.post(
    '/api/phone/bind',
    { schema: { body: z.strictObject({ code: codeSchema }), tags, summary: "Bind this phone to the TV whose QR code it scanned: answers the phone's token", security: [] }, config: open },
    async (request) => {
      spend(binds, request.ip);
      const { terminalId, ...bound } = await bindPhone(db, (request.body as { code: string }).code);
      // The TV hides its pairing code and says a phone is connected.
      pushToTv(runtime, terminalId, { paired: true });
      return ok(bound);
    },
  );
  app.get('/api/phone/me', { schema: { tags, summary: "The bound phone's TV: hotel and room", security: [] }, config: open }, async (request) => {
    const binding = await bound(request);
    return ok({ roomNumber: binding.roomNumber });
  });
  app.delete('/api/phone/bind', { schema: { tags, summary: 'Unbind this phone from its TV', security: [] }, config: open }, async (request) => {
    await unbindPhone(db, await bound(request));
    return ok({ unbound: true });
  });
  app.post(
    '/api/phone/remote',
    { schema: { body: remoteBody, tags, summary: 'A key of the phone remote, sent to the bound TV on the push channel', security: [] }, config: open },
    async (request) => {
      const binding = await bound(request);
      const { key, text } = request.body as RemoteBody;
      pushToTv(runtime, binding.terminalId, key === 'text' ? { key, text } : { key });
      return ok({ sent: true });
    },
  );

  const castLimit = z.object({ kind: z.enum(['image', 'video'], { error: 'phone.castKind' }) });
  app.post(
    '/api/phone/cast',
    {
      schema: { querystring: castLimit, tags, summary: 'Cast a picture or a video (multipart `file`, checked by content) to the bound TV', security: [] },
      config: open,
    },
    async (request) => {
      const binding = await bindingOf(db, request.headers[PHONE_TOKEN_HEADER] as string | undefined);
      spend(casts, String(binding.id));
      if (uploading.has(binding.id)) throw new AppError('rateLimited', 'phone.castBusy');
      uploading.add(binding.id);
      try {
        const { kind } = request.query as { kind: 'image' | 'video' };
        const ruleName = kind === 'image' ? 'castImage' : 'castVideo';
        const stored = await services.receive(request, { brandId: binding.brandId, hotelId: binding.hotelId }, null, ruleName, uploadRules[ruleName]);
        const cast = await startCast(db, binding, kind, { fileId: stored.id });
        const address = castFiles.forTerminal(runtime, binding.terminalId)!(stored.id);
        pushToTv(runtime, binding.terminalId, { cast: { id: cast.id, kind, url: address } });
        return ok({ id: cast.id, kind, name: stored.name, size: stored.size });
      } finally {
        uploading.delete(binding.id);
      }
    },
  );
  app.post(
    '/api/phone/cast/url',
    { schema: { body: castUrlBody, tags, summary: 'Cast a web address (http or https) to the bound TV: shown in a sandboxed frame with its QR code', security: [] }, config: open },
    async (request) => {
      const binding = await bindingOf(db, request.headers[PHONE_TOKEN_HEADER] as string | undefined);
      spend(casts, String(binding.id));
      const { url } = request.body as CastUrlBody;
      const cast = await startCast(db, binding, 'url', { url });
      const qr = await QRCode.toDataURL(url, { width: 200, margin: 1, errorCorrectionLevel: 'L' });
      pushToTv(runtime, binding.terminalId, { cast: { id: cast.id, kind: 'url', url, qr } });
      return ok({ id: cast.id, kind: 'url' });
    },
  );
  app.delete('/api/phone/cast', { schema: { tags, summary: 'Stop what is cast on the bound TV', security: [] }, config: open }, async (request) => {
    const binding = await bound(request);
    const id = await stopCast(db, binding.terminalId);
    pushToTv(runtime, binding.terminalId, { castStop: id });
    return ok({ stopped: id !== null });
  });

  await app.register(
    async (scope) => {
      castFiles.register(scope, db, runtime, services.storage, services.signingKey);
      scope.decorateRequest('deviceTerminal', null);
      scope.get(
        '/phone/pair',
        {
          schema: { tags, summary: "The phone pairing QR code for this TV: a short-lived single-use code, drawn anew before it expires" },
          config: open,
          preHandler: deviceAuthHook(runtime),
        },
        async (request) => {
          const terminal = request.deviceTerminal!;
          spend(codes, String(terminal.id));
          const { code, expiresAt } = await newPairCode(db, terminal);
          const url = bindUrl(request, code);
          return ok({ url, qr: await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' }), expiresAt: expiresAt.toISOString() });
        },
      );
    },
    { prefix: DEVICE_API_BASE, logLevel: 'warn' },
  );
}
