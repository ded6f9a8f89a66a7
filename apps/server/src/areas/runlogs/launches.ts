import { translate, type Lang } from '@htv/shared';
import { DEVICE_API_BASE, normalizeMac } from '@htv/shared/areas/devices/protocol';
import { appLaunchesRequest, type AppLaunchesRequest } from '@htv/shared/areas/runlogs/index';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { hotels, type RecordTable } from '../../db/schema/index.js';
import { ok } from '../../http/reply.js';
import { titleSql } from '../../records/engine.js';
import { BatchWriter } from '../../system/batch.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { LOG_CAP } from './service.js';
import { appLaunches } from './schema.js';

export type AppLaunchRow = typeof appLaunches.$inferInsert;

export interface LaunchOptions {
  /** Launch batches one terminal may send per minute (0: no limit). */
  batchesPerMinute: number;
  /** Launches waiting to be written before the route answers 503 busy. */
  maxPending: number;
  /** The writer flushes at least this often. */
  intervalMs: number;
}

const DEFAULTS: LaunchOptions = { batchesPerMinute: 6, maxPending: 100_000, intervalMs: 1000 };

/** DEVICE_APP_LAUNCH_BATCHES_PER_MIN: launch batches one terminal may send per minute (default 6; 0: no limit). */
function optionsFromEnv(env: NodeJS.ProcessEnv): Partial<LaunchOptions> {
  const value = Number(env.DEVICE_APP_LAUNCH_BATCHES_PER_MIN);
  return env.DEVICE_APP_LAUNCH_BATCHES_PER_MIN !== undefined && Number.isInteger(value) && value >= 0 ? { batchesPerMinute: value } : {};
}

/**
 * `POST /api/device/v1/app-launches` (device token, a per-terminal rate limit): the launches are
 * queued and written in batches like heartbeats and tracked events (one insert per flush).
 */
export async function registerAppLaunchDeviceApi(app: FastifyInstance, db: Db, runtime: DeviceRuntime, overrides: Partial<LaunchOptions> = {}): Promise<void> {
  const options = { ...DEFAULTS, ...optionsFromEnv(process.env), ...overrides };
  const writer = new BatchWriter<AppLaunchRow>({
    maxBatch: 2000,
    intervalMs: options.intervalMs,
    write: async (items) => {
      await db.insert(appLaunches).values([...items]);
    },
    onError: (error, items, attempt) => app.log.error({ err: error, count: items.length, attempt }, 'app launch batch failed; it is kept and written again'),
    onDrop: (items) => app.log.error({ count: items.length }, 'app launches given up at shutdown'),
  }).attachTo(app);
  app.decorate('appLaunches', writer);
  const perTerminal = rateLimit(options.batchesPerMinute, 60_000);
  await app.register(
    async (scope) => {
      if (!scope.hasRequestDecorator('deviceTerminal')) scope.decorateRequest('deviceTerminal', null);
      scope.post(
        '/app-launches',
        {
          schema: { body: appLaunchesRequest, tags: ['device API v1'], summary: 'A batch of app launches (package, name, version, time) for the app launch log' },
          config: { auth: { public: true } },
          logLevel: 'warn',
          // The limit counts before validation: invalid bodies spend the terminal's budget too.
          preValidation: [deviceAuthHook(runtime), perTerminalLimit(perTerminal, 'runlogs.launchesLimited')],
        },
        async (request, reply) => {
          if (writer.size >= options.maxPending) {
            return reply.code(503).header('retry-after', '5').send({ code: '-1', errkey: 'device.busy', errmsg: translate('device.busy', request.lang) });
          }
          const terminal = request.deviceTerminal!;
          const now = Date.now();
          const { launches } = request.body as AppLaunchesRequest;
          for (const launch of launches) {
            const at = launch.at ? Date.parse(launch.at) : now;
            // A TV clock far off is not trusted (like boots and tracked events).
            const trusted = at <= now + 5 * 60_000 && at >= now - 7 * 86_400_000;
            writer.add({
              terminalId: terminal.id,
              mac: terminal.mac,
              brandId: terminal.brandId,
              hotelId: terminal.hotelId,
              package: launch.package,
              appName: launch.appName || null,
              versionName: launch.versionName || null,
              at: new Date(trusted ? at : now),
            });
          }
          return ok({ accepted: launches.length });
        },
      );
    },
    { prefix: DEVICE_API_BASE },
  );
}

export interface LaunchQuery {
  page: number;
  pagesize: number;
  mac?: string;
  package?: string;
  hotelId?: number;
  from?: string;
  to?: string;
}

/** The app launch log (/runlog/app and its detail) in the actor's reach (by the owner when reported), newest first. */
export async function launchLog(db: Db, actor: Actor, query: LaunchQuery, lang?: Lang) {
  const l = appLaunches;
  const where = and(
    tenantFilter({ scope: 'tenant' }, l as unknown as RecordTable, actor),
    query.mac ? eq(l.mac, normalizeMac(query.mac)) : undefined,
    query.package ? eq(l.package, query.package) : undefined,
    query.hotelId ? eq(l.hotelId, query.hotelId) : undefined,
    query.from ? gte(l.at, new Date(query.from)) : undefined,
    query.to ? lte(l.at, new Date(query.to)) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({ id: l.id, at: l.at, mac: l.mac, hotelId: l.hotelId, hotelName: titleSql('hotel', lang), hotelPublicId: hotels.publicId, package: l.package, appName: l.appName, versionName: l.versionName })
      .from(l)
      .leftJoin(hotels, eq(hotels.id, l.hotelId))
      .where(where)
      .orderBy(desc(l.at), desc(l.id))
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize),
    db.select({ total: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(l).where(where).limit(LOG_CAP + 1).as('c')),
  ]);
  const total = count?.total ?? 0;
  return { items, total: Math.min(total, LOG_CAP), page: query.page, pagesize: query.pagesize, ...(total > LOG_CAP ? { capped: true } : {}) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The writer of reported app launches (flushed when the app closes; tests flush it). */
    appLaunches: BatchWriter<AppLaunchRow>;
  }
}
