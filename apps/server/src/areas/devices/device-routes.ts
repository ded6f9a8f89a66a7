import { records, translate, type FieldDef, type Lang } from '@htv/shared';
import {
  bootRequest,
  commandsQuery,
  heartbeatRequest,
  REGISTER_KEY_HEADER,
  registerRequest,
  type BootRequest,
  type DeviceConfig,
  type HeartbeatRequest,
  type RegisterRequest,
} from '@htv/shared/areas/devices/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { CachedTerminal } from './cache.js';
import { configParts, type ConfigTerminal } from './config.js';
import { sharedRateLimit } from './limits.js';
import { installCodeHotel, registerTerminal, resolveInstallCode, type InstallHotel } from './register.js';
import { mqttPushPart } from './mqtt.js';
import type { DeviceRuntime } from './runtime.js';
import { plainIp } from './whitelist.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The terminal of a device-API call, set by the device token check. */
    deviceTerminal: CachedTerminal | null;
  }
}

const tags = ['device API v1'];
const terminalDef = records.terminal;
const unregistered = () => new AppError('unauthenticated', 'device.unregistered');
/** The window of the registration limits (per address, per install code). */
const REGISTER_WINDOW_MS = 10 * 60_000;
/** The content type Fastify gives serialised objects, for answers sent as JSON text. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Labels for validation messages of the registration body. */
const REGISTER_FIELDS: Record<string, FieldDef> = {
  ...(terminalDef.fields as unknown as Record<string, FieldDef>),
  installCode: { kind: 'text', required: false, label: { 'zh-CN': '安装码', 'en-US': 'Install code' }, schema: z.string() },
  batchCode: { kind: 'text', required: false, label: { 'zh-CN': '批次授权码', 'en-US': 'Batch auth code' }, schema: z.string() },
};

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || header.length < 8) return undefined;
  // TVs send "Bearer " as written; other spellings take the slower case-insensitive check.
  if (!header.startsWith('Bearer ') && header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  return header.slice(7).trim() || undefined;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}` || t === '*';
  });
}

/** The terminal of the request's token: from the cache at once, or a promise of one read on a miss. */
const terminalOfRequest = (runtime: DeviceRuntime, request: FastifyRequest) => {
  const token = bearer(request);
  return token ? runtime.resolve(token) : null;
};

/**
 * The token check of device calls (a scope using it decorates `deviceTerminal`): the terminal in
 * `request.deviceTerminal`, or 401 `device.unregistered`. A cache hit answers from memory.
 */
export function deviceAuthHook(runtime: DeviceRuntime): preHandlerHookHandler {
  return (request, _reply, done) => {
    const settle = (entry: CachedTerminal | null) => {
      if (!entry) return done(unregistered());
      request.deviceTerminal = entry;
      done();
    };
    const found = terminalOfRequest(runtime, request);
    if (found instanceof Promise) found.then(settle, done);
    else settle(found);
  };
}

/** The terminal row and hotel a configuration is built from. */
async function loadConfigTerminal(runtime: DeviceRuntime, id: number): Promise<(ConfigTerminal & { disabledTip: string | null }) | null> {
  const result = await runtime.db.execute(sql`
    select t.id, t.mac, t.sn, t.brand_id, t.hotel_id, t.room_number, t.scene_mode, t.authorization, t.disabled_tip,
           t.launcher, t.client_type, t.model, t.size, t.vendor, t.software_version, t.ota_version, t.control_version,
           t.tags, t."group", t.guest, h.public_id as hotel_public_id, h.name as hotel_name
      from terminals t left join hotels h on h.id = t.hotel_id
     where t.id = ${id}`);
  const r = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!r) return null;
  const s = (key: string) => (r[key] as string | null) ?? null;
  return {
    id: r.id as number,
    mac: r.mac as string,
    sn: r.sn as string,
    brandId: (r.brand_id as number | null) ?? null,
    hotelId: (r.hotel_id as number | null) ?? null,
    hotel: r.hotel_id ? { id: r.hotel_id as number, publicId: r.hotel_public_id as string, name: r.hotel_name as string } : null,
    roomNumber: s('room_number'),
    sceneMode: r.scene_mode as string,
    authorization: r.authorization as string,
    disabledTip: s('disabled_tip'),
    launcher: s('launcher'),
    clientType: s('client_type'),
    model: s('model'),
    size: s('size'),
    vendor: s('vendor'),
    softwareVersion: s('software_version'),
    otaVersion: s('ota_version'),
    controlVersion: s('control_version'),
    tags: s('tags'),
    group: s('group'),
    guest: s('guest'),
  };
}

/** The configuration without its stamp: the core parts, then every registered part in order. */
async function buildConfig(runtime: DeviceRuntime, entry: CachedTerminal, lang: Lang, stamp: string): Promise<Omit<DeviceConfig, 'stamp'> | null> {
  const terminal = await loadConfigTerminal(runtime, entry.id);
  if (!terminal) return null;
  const disabled = terminal.authorization === 'disabled';
  const config: Record<string, unknown> = {
    authorization: { state: terminal.authorization, tip: disabled ? (terminal.disabledTip ?? translate('terminal.defaultDisabledTip', lang)) : null },
    hotel: terminal.hotel ? { publicId: terminal.hotel.publicId, name: terminal.hotel.name } : null,
    roomNumber: terminal.roomNumber,
    sceneMode: terminal.sceneMode,
    interval: runtime.options.heartbeatIntervalS,
  };
  // Where the TV's MQTT push channel is, with its credentials (absent: long-poll only).
  if (runtime.mqtt) config.push = await mqttPushPart(runtime.db, runtime.mqtt.settings, terminal.id);
  for (const [name, build] of configParts()) {
    const value = await build(terminal, { db: runtime.db, runtime, lang, stamp });
    if (value !== undefined) config[name] = value;
  }
  return config as Omit<DeviceConfig, 'stamp'>;
}

/**
 * The device API, mounted under /api/device/v1. Registration is open (or needs the fleet key);
 * every other call carries the terminal's token (`Authorization: Bearer …`), checked here from the
 * in-memory cache. The console's session check skips these routes (`auth.public`).
 */
export function registerDeviceRoutes(scope: FastifyInstance, runtime: DeviceRuntime, registerLogLevel = 'info') {
  scope.decorateRequest('deviceTerminal', null);
  // Fastify makes a child logger per request; one given its own level (these routes log at `warn`)
  // rebuilds its log methods every time. A child of a logger already at that level keeps the request id
  // binding without that cost.
  const atLevel = new Map<string, FastifyBaseLogger>();
  scope.setChildLoggerFactory((logger, bindings, options) => {
    const { level, ...rest } = options;
    if (!level) return logger.child(bindings, options);
    let parent = atLevel.get(level);
    if (!parent) atLevel.set(level, (parent = logger.child({}, { level })));
    return rest.serializers ? parent.child(bindings, rest) : parent.child(bindings);
  });
  const registerKey = runtime.options.registerKey ? Buffer.from(runtime.options.registerKey) : undefined;
  const open = { auth: { public: true } } as const;

  const terminalOf = (request: FastifyRequest) => terminalOfRequest(runtime, request);
  const deviceAuth = deviceAuthHook(runtime);

  // Registration is the anonymous entry: every attempt counts against the client's address (before
  // validation, so bodies with invalid fields count too), wrong install codes against the hotel they name.
  // Both are counted by every server process, so N processes do not allow N times the rate.
  const perAddress = sharedRateLimit(runtime.bus, 'device-register.address', runtime.options.registerPerIp, REGISTER_WINDOW_MS);
  const perCode = sharedRateLimit(runtime.bus, 'device-register.code', runtime.options.registerFailuresPerCode, REGISTER_WINDOW_MS);
  const limited = (reply: FastifyReply, waitMs: number) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(seconds));
    return new AppError('rateLimited', 'device.registerLimited', { seconds });
  };

  scope.post(
    '/register',
    {
      schema: { body: registerRequest, tags, summary: 'Register a TV (or register it again): answers its token', security: [] },
      config: { ...open, fields: REGISTER_FIELDS },
      logLevel: registerLogLevel as 'info',
      preValidation: (request, reply, done) => {
        const wait = perAddress.retryAfterMs(request.ip);
        if (wait > 0) return done(limited(reply, wait));
        perAddress.hit(request.ip);
        done();
      },
    },
    async (request, reply) => {
      if (registerKey) {
        const given = Buffer.from(String(request.headers[REGISTER_KEY_HEADER] ?? ''));
        if (given.length !== registerKey.length || !timingSafeEqual(given, registerKey)) throw new AppError('unauthenticated', 'device.registerKey');
      }
      const body = request.body as RegisterRequest;
      let hotel: InstallHotel | null = null;
      if (body.installCode) {
        const codeKey = installCodeHotel(body.installCode);
        const wait = perCode.retryAfterMs(codeKey);
        if (wait > 0) throw limited(reply, wait);
        hotel = await resolveInstallCode(runtime.db, body.installCode);
        if (!hotel) {
          perCode.hit(codeKey);
          throw invalidFields({ installCode: { key: 'terminal.badInstallCode' } });
        }
      }
      return ok(await registerTerminal(runtime, body, hotel, request.ip, request.lang));
    },
  );

  /** 503 `device.busy`: the writer holds as many acknowledged items as it may. */
  const answerBusy = (request: FastifyRequest, reply: FastifyReply) => {
    runtime.metrics.rejected++;
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ code: '-1', errkey: 'device.busy', errmsg: translate('device.busy', request.lang) });
  };

  /** Sends the heartbeat's answer (JSON text: the common answer is serialised once per stamp). */
  const answerHeartbeat = (request: FastifyRequest, reply: FastifyReply, entry: CachedTerminal) => {
    if (runtime.full(runtime.heartbeats)) return answerBusy(request, reply);
    return reply.type(JSON_TYPE).send(runtime.heartbeat(entry, request.body as HeartbeatRequest, request.ip));
  };

  scope.post(
    '/heartbeat',
    {
      schema: { body: heartbeatRequest, tags, summary: 'Heartbeat: state and versions; answers the interval, the config stamp and pending commands' },
      config: { ...open, fields: terminalDef.fields as unknown as Record<string, FieldDef> },
    },
    // The token check without deviceAuth's hook: a hook costs more than the check on the hottest route.
    (request: FastifyRequest, reply: FastifyReply) => {
      const answer = (entry: CachedTerminal | null) => (entry ? answerHeartbeat(request, reply, entry) : reply.send(unregistered()));
      const found = terminalOf(request);
      // A cache miss reads once; a failed read rejects, and Fastify answers the error.
      return found instanceof Promise ? found.then((entry) => void answer(entry)) : answer(found);
    },
  );

  scope.get(
    '/config',
    {
      schema: { querystring: z.object({ lang: z.string().max(10).optional() }), tags, summary: 'Configuration (ETag / If-None-Match answers 304 when unchanged)' },
      config: open,
      preHandler: deviceAuth,
    },
    async (request, reply) => {
      const entry = request.deviceTerminal!;
      const stamp = runtime.stamp(entry);
      const key = `${stamp}|${request.lang}`;
      const ifNoneMatch = request.headers['if-none-match'];
      reply.header('x-config-stamp', stamp).header('cache-control', 'no-cache');
      if (entry.etag && entry.etagKey === key) {
        reply.header('etag', entry.etag);
        if (matchesEtag(ifNoneMatch, entry.etag)) return reply.code(304).send();
      }
      const config = await buildConfig(runtime, entry, request.lang, stamp);
      if (!config) throw unregistered();
      const etag = `"${createHash('sha1').update(JSON.stringify(config)).digest('base64url')}"`;
      entry.etag = etag;
      entry.etagKey = key;
      reply.header('etag', etag);
      if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
      return ok({ stamp, ...config });
    },
  );

  scope.post(
    '/boot',
    {
      schema: { body: bootRequest, tags, summary: 'The TV was switched on (boot record)' },
      config: open,
      preHandler: deviceAuth,
    },
    async (request, reply) => {
      if (runtime.full(runtime.boots)) return answerBusy(request, reply);
      const body = (request.body ?? {}) as BootRequest;
      const now = Date.now();
      const at = body.at ? Date.parse(body.at) : now;
      // A TV clock far off is not trusted.
      const ms = at > now + 5 * 60_000 || at < now - 7 * 86_400_000 ? now : at;
      runtime.boot(request.deviceTerminal!, { ms, ip: body.ip ?? null, publicIp: plainIp(request.ip), softwareVersion: body.softwareVersion ?? null, launcher: body.launcher ?? null });
      return ok({ recorded: true });
    },
  );

  scope.get(
    '/commands',
    {
      schema: { querystring: commandsQuery, tags, summary: 'Push channel: long-poll for commands (answers at once when some are queued)' },
      config: open,
      preHandler: deviceAuth,
    },
    (request, reply) => {
      const entry = request.deviceTerminal!;
      const { wait } = request.query as { wait: number };
      const queued = runtime.hub.take(entry.id);
      if (queued.length || wait === 0) return reply.send(ok({ commands: queued }));
      let done = false;
      const finish = (commands: unknown[]) => {
        if (done) return;
        done = true;
        if (!reply.raw.destroyed) void reply.send(ok({ commands }));
      };
      const cancel = runtime.hub.wait(entry.id, wait * 1000, finish);
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) {
          cancel();
          done = true;
        }
      });
      return reply;
    },
  );
}
