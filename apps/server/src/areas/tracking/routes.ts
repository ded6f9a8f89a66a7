import { translate } from '@htv/shared';
import {
  eventsRequest,
  TRACKED_EVENT_OPTIONS,
  trackingReportQuery,
  type EventsRequest,
  type TrackedEventName,
  type TrackingConfigPart,
  type TrackingReportQuery,
  type TrackingReportRow,
} from '@htv/shared/areas/tracking/index';
import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import type { RecordTable } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { sendXlsx, tableXlsx } from '../../records/export.js';
import { BatchWriter } from '../../system/batch.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { addConfigPart, deviceAuthHook, invalidateConfig, type DeviceRuntime } from '../devices/plugin.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { writeEventCounts, type EventCount } from './ingest.js';
import { trackedEventDays } from './schema.js';

export interface TrackingOptions {
  /** Event batches one terminal may send per minute (0: no limit). */
  batchesPerMinute: number;
  /** Counts waiting to be written before `POST /events` answers 503 busy. */
  maxPending: number;
  /** The writer flushes at least this often. */
  intervalMs: number;
}

const DEFAULTS: TrackingOptions = { batchesPerMinute: 30, maxPending: 200_000, intervalMs: 1000 };

/** DEVICE_EVENT_BATCHES_PER_MIN: event batches one terminal may send per minute (default 30; 0: no limit). */
export function trackingOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<TrackingOptions> {
  const value = Number(env.DEVICE_EVENT_BATCHES_PER_MIN);
  return env.DEVICE_EVENT_BATCHES_PER_MIN !== undefined && Number.isInteger(value) && value >= 0 ? { batchesPerMinute: value } : {};
}
/** The enabled events are read again at most this often (a change through the console drops them at once). */
const SETTINGS_TTL_MS = 30_000;
/** The longest report range, in days. */
const MAX_REPORT_DAYS = 366;

/** The enabled tracked events per database, read again after SETTINGS_TTL_MS or any change of the record. */
const settingsCache = new WeakMap<Db, { value: Promise<TrackingConfigPart>; at: number; generation: number }>();
let generation = 0;
let installed = false;

async function readTrackingPart(db: Db): Promise<TrackingConfigPart> {
  const result = await db.execute(sql`select event, sampling from tracked_events where enabled order by event`);
  return { events: (result as unknown as { rows: { event: TrackedEventName; sampling: number }[] }).rows };
}

/** The `tracking` configuration part: the enabled events and their sampling. */
export function trackingSettings(db: Db): Promise<TrackingConfigPart> {
  const cached = settingsCache.get(db);
  if (cached && cached.generation === generation && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.value;
  const value = readTrackingPart(db);
  settingsCache.set(db, { value, at: Date.now(), generation });
  value.catch(() => settingsCache.delete(db));
  return value;
}

/** The configuration part and the record hook (once per process: both are global registries). */
function installTracking() {
  if (installed) return;
  installed = true;
  addConfigPart('tracking', (_terminal, { db }) => trackingSettings(db));
  addRecordHooks('trackedEvent', {
    afterCommit() {
      generation++;
      invalidateConfig({ all: true });
    },
  });
}

/**
 * The device side of event tracking, under /api/device/v1 (registered with the other device routes,
 * before the console's plugins): `POST /events` (device token, a per-terminal rate limit; the events
 * are counted per day and event in memory and the counts written in batches like heartbeats), and
 * the `tracking` configuration part.
 */
export async function registerTrackingDeviceApi(app: FastifyInstance, db: Db, runtime: DeviceRuntime, overrides: Partial<TrackingOptions> = {}): Promise<void> {
  installTracking();
  const options = { ...DEFAULTS, ...trackingOptionsFromEnv(process.env), ...overrides };
  const writer = new BatchWriter<EventCount>({
    maxBatch: 5000,
    intervalMs: options.intervalMs,
    write: (items) => writeEventCounts(db, items),
    onError: (error, items, attempt) => app.log.error({ err: error, count: items.length, attempt }, 'event batch failed; it is kept and written again'),
    onDrop: (items) => app.log.error({ count: items.length }, 'event counts given up at shutdown'),
  }).attachTo(app);
  app.decorate('trackedEvents', writer);
  await app.register(async (scope) => trackingDeviceRoutes(scope, db, runtime, writer, options), { prefix: DEVICE_API_BASE });
}

function trackingDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, writer: BatchWriter<EventCount>, options: TrackingOptions) {

  const perTerminal = rateLimit(options.batchesPerMinute, 60_000);
  scope.decorateRequest('deviceTerminal', null);
  scope.post(
    '/events',
    {
      schema: { body: eventsRequest, tags: ['device API v1'], summary: 'A batch of tracked events (sampled on the TV); counted per event and day' },
      config: { auth: { public: true } },
      logLevel: 'warn',
      // The limit counts before validation: invalid bodies spend the terminal's budget too.
      preValidation: [
        deviceAuthHook(runtime),
        perTerminalLimit(perTerminal, 'tracking.eventsLimited'),
      ],
    },
    async (request, reply) => {
      if (writer.size >= options.maxPending) {
        return reply.code(503).header('retry-after', '5').send({ code: '-1', errkey: 'device.busy', errmsg: translate('device.busy', request.lang) });
      }
      const terminal = request.deviceTerminal!;
      const tracked = new Set((await trackingSettings(db)).events.map((e) => e.event));
      const now = Date.now();
      const counts = new Map<string, EventCount>();
      let accepted = 0;
      for (const item of (request.body as EventsRequest).events) {
        if (!tracked.has(item.event)) continue;
        const at = item.at ? Date.parse(item.at) : now;
        // A TV clock far off is not trusted (like boots).
        const day = runtime.today(at > now + 5 * 60_000 || at < now - 7 * 86_400_000 ? now : at);
        const key = `${day}|${item.event}`;
        const count = counts.get(key);
        if (count) count.n++;
        else counts.set(key, { day, event: item.event, brandId: terminal.brandId ?? 0, hotelId: terminal.hotelId ?? 0, n: 1 });
        accepted++;
      }
      for (const count of counts.values()) writer.add(count);
      return ok({ accepted });
    },
  );
}

/** The console's report of tracked events (`GET /api/tracking/report`, and its export). */
export function registerTrackingConsole(app: FastifyInstance, db: Db) {
  const reportAuth = { auth: { userTypes: [1, 2, 3], permission: 'eventTrack.read' } } as const;
  app.get(
    '/api/tracking/report',
    { schema: { querystring: trackingReportQuery, tags: ['tracking'], summary: 'Tracked events per event and day in the caller’s reach' }, config: reportAuth },
    async (request) => ok({ items: await trackingReport(db, actorOf(request), request.query as TrackingReportQuery) }),
  );
  app.get(
    '/api/tracking/report/export',
    { schema: { querystring: trackingReportQuery, tags: ['tracking'], summary: 'The report as .xlsx' }, config: reportAuth },
    async (request, reply) => {
      const lang = request.lang;
      const rows = await trackingReport(db, actorOf(request), request.query as TrackingReportQuery);
      const title = translate('tracking.reportTitle', lang);
      const file = await tableXlsx(
        title,
        [
          { key: 'day', header: translate('tracking.day', lang), width: 14 },
          { key: 'event', header: translate('tracking.event', lang), width: 20 },
          { key: 'count', header: translate('tracking.count', lang), width: 12 },
        ],
        rows.map((r) => ({ ...r, event: TRACKED_EVENT_OPTIONS[r.event][lang] })),
      );
      return sendXlsx(reply, file, 'tracking-report', title);
    },
  );
}

/** Inclusive day range of a report: the end not before the start, at most a year. */
export function checkRange(from: string, to: string, field = 'to'): void {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!(days >= 0 && days < MAX_REPORT_DAYS)) throw invalidFields({ [field]: { key: 'tracking.badRange' } });
}

/** Counts per day and event in the actor's reach (0 owners: only the platform's). */
export async function trackingReport(db: Db, actor: Actor, query: TrackingReportQuery): Promise<TrackingReportRow[]> {
  checkRange(query.from, query.to);
  const e = trackedEventDays;
  const rows = await db
    .select({ day: e.day, event: e.event, count: sql<number>`sum(${e.count})::int` })
    .from(e)
    .where(
      and(
        tenantFilter({ scope: 'tenant' }, e as unknown as RecordTable, actor),
        gte(e.day, query.from),
        lte(e.day, query.to),
        query.event ? eq(e.event, query.event) : undefined,
        query.brandId ? eq(e.brandId, query.brandId) : undefined,
        query.hotelId ? eq(e.hotelId, query.hotelId) : undefined,
      ),
    )
    .groupBy(e.day, e.event)
    .orderBy(e.day, e.event);
  return rows as TrackingReportRow[];
}


declare module 'fastify' {
  interface FastifyInstance {
    /** The writer of tracked event counts (flushed when the app closes; tests flush it). */
    trackedEvents: BatchWriter<EventCount>;
  }
}
