import { idSchema } from '@htv/shared';
import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import { installWindow, progressRequest, type InstallType, type InstallWindow, type MaintenanceWindow, type ReleaseItem, type ReleaseKind } from '@htv/shared/areas/releases/index';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { parseRange } from '../../files/routes.js';
import type { Storage } from '../../files/storage.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { maintenanceWindowFor, type BootTerminal } from '../boot/resolve.js';
import { addConfigPart, deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { ProgressWriter } from './progress.js';
import { FINAL, joinRunningRollouts } from './service.js';

const tags = ['device API v1'];
type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Progress calls (or MQTT progress messages) one terminal may make a minute (each up to 50 reports). */
export const PROGRESS_CALLS_PER_MINUTE = 120;
/**
 * Reports held by the writer beyond which progress arriving over MQTT is refused (the database is
 * behind): unlike HTTP calls, which wait for their answer, messages keep coming. A TV reports a final
 * state again while its configuration still lists the action (docs/releases.md), so nothing is lost
 * for good.
 */
const MQTT_BACKLOG_MAX = 20_000;

export const releaseFileUrl = (actionId: number) => `${DEVICE_API_BASE}/releases/${actionId}/file`;

/**
 * What a terminal must install now: per package (firmware, control, each app) the best of its
 * actions in running rollouts whose wave has started and that are not final, MAC over hotel over
 * brand over all, then the latest. A terminal that newly matches a running rollout joins its wave first.
 * Each item carries the window it installs in: a soft install's is the rollout's own, else the
 * hotel's maintenance window (its boot settings); forced and download-only ones have none.
 */
export async function releaseItems(db: Db, terminal: BootTerminal & { id: number }): Promise<ReleaseItem[]> {
  await joinRunningRollouts(db, terminal.id);
  const rows = rowsOf(
    await db.execute(sql`
    select distinct on (r.kind, r.package_name) a.id, a.not_before, a.attempts, r.kind, r.package_title, r.package_name, r.version_name, r.version_code,
           r.size, r.md5, r.sha256, r.install_type, r.window_start, r.window_end
      from release_actions a join release_rollouts r on r.id = a.rollout_id
     where a.terminal_id = ${terminal.id} and r.state = 'running' and a.wave <= r.current_wave and a.state not in (${FINAL})
     order by r.kind, r.package_name, a.rank desc, a.id desc`),
  );
  const windows = await installWindows(db, terminal, rows);
  return rows.map((r, i) => toItem(r, windows[i]!));
}

/**
 * The install window of each action row (`install_type`, `window_start`, `window_end` of its rollout)
 * on this terminal: the rollout's, else its hotel's maintenance window (read once), none when forced
 * or download-only. The `releases` part and the terminal's Upgrades tab both show these.
 */
export async function installWindows(db: Db, terminal: BootTerminal, rows: readonly Row[]): Promise<(InstallWindow | null)[]> {
  let hotelWindow: Promise<MaintenanceWindow | null> | undefined;
  const windows: (InstallWindow | null)[] = [];
  for (const r of rows) {
    const installType = r.install_type as InstallType;
    const own = r.window_start ? { start: r.window_start as string, end: r.window_end as string } : null;
    const hotel = installType === 'soft' && !own ? await (hotelWindow ??= maintenanceWindowFor(db, terminal)) : null;
    windows.push(installWindow(installType, own, hotel));
  }
  return windows;
}

function toItem(r: Row, window: ReleaseItem['window']): ReleaseItem {
  return {
    actionId: r.id as number,
    kind: r.kind as ReleaseKind,
    name: r.package_title as string,
    packageName: (r.package_name as string) || null,
    versionName: r.version_name as string,
    versionCode: (r.version_code as number | null) ?? null,
    url: releaseFileUrl(r.id as number),
    size: Number(r.size),
    md5: r.md5 as string,
    sha256: r.sha256 as string,
    installType: r.install_type as InstallType,
    window,
    notBefore: r.not_before ? new Date(r.not_before as string).toISOString() : null,
    attempt: Number(r.attempts),
  };
}

let partAdded = false;
const writers = new WeakMap<Db, ProgressWriter>();

/** The progress writer of a database (one per app; tests share one database between apps). */
export function progressWriterFor(db: Db, runtime: DeviceRuntime): ProgressWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new ProgressWriter(db, runtime.log)));
  return writer;
}

/**
 * The TV side of releases under /api/device/v1 (device token required): the `releases` part of the
 * configuration, progress reports (rate-limited per terminal, written in batches; over HTTP, or over
 * MQTT on the terminal's own progress topic when the server has a broker) and the package download
 * with single HTTP ranges, so an interrupted download resumes.
 */
export function registerReleaseDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage): void {
  if (!partAdded) {
    partAdded = true;
    addConfigPart('releases', async (terminal, ctx) => (terminal.authorization === 'authorized' ? releaseItems(ctx.db, terminal) : []));
  }
  scope.decorateRequest('deviceTerminal', null);
  const preHandler = deviceAuthHook(runtime);
  const config = { auth: { public: true } } as const;
  const writer = progressWriterFor(db, runtime);
  const limit = rateLimit(PROGRESS_CALLS_PER_MINUTE, 60_000);
  scope.addHook('onClose', async () => writer.flush());
  runtime.addCounters(() => ({ releaseReportsWritten: writer.written }));
  runtime.mqtt?.receive('progress', (terminalId, message) => {
    const parsed = progressRequest.safeParse(message);
    const key = String(terminalId);
    if (!parsed.success || writer.backlog >= MQTT_BACKLOG_MAX || limit.retryAfterMs(key) > 0) return false;
    limit.hit(key);
    writer.post(terminalId, parsed.data.reports);
    return true;
  });

  scope.post(
    '/releases/progress',
    { schema: { tags, body: progressRequest, summary: 'Progress of this terminal’s release actions (up to 50 reports)' }, config, preHandler: [preHandler, perTerminalLimit(limit, 'error.rateLimited')] },
    async (request) => {
      const terminal = request.deviceTerminal!;
      const { reports } = request.body as z.infer<typeof progressRequest>;
      return ok({ accepted: await writer.add(terminal.id, reports) });
    },
  );

  scope.get(
    '/releases/:actionId/file',
    { schema: { tags, params: z.object({ actionId: idSchema }), summary: 'The package of one of this terminal’s actions (single ranges: resumable)' }, config, preHandler },
    async (request, reply) => {
      const { actionId } = request.params as { actionId: number };
      const [row] = rowsOf(
        await db.execute(sql`
        select f.storage_key, f.size, f.sha256, f.name from release_actions a join release_rollouts r on r.id = a.rollout_id join files f on f.id = r.file_id
         where a.id = ${actionId} and a.terminal_id = ${request.deviceTerminal!.id} and a.state <> 'cancelled'`),
      );
      if (!row) throw notFound();
      const size = Number(row.size);
      const etag = `"${row.sha256 as string}"`;
      reply.header('etag', etag).header('accept-ranges', 'bytes').header('content-type', 'application/octet-stream').header('x-content-type-options', 'nosniff');
      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
      const stored = await storage.get(row.storage_key as string, range ?? undefined);
      if (!stored) throw notFound();
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
      else reply.header('content-length', size);
      return reply.send(stored.stream);
    },
  );
}
