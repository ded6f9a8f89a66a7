import { dashboardQuery, type DashboardQuery } from '@htv/shared/areas/dashboard/index';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/reply.js';
import { dashboard, snapshotPresence } from './service.js';

/** Presence snapshots are rewritten this often (the current hour's rows). */
const SNAPSHOT_EVERY_MS = 5 * 60_000;

/**
 * The home dashboard (`GET /api/dashboard`, every user type with `terminal.read`, narrowed to the
 * caller's reach) and the job writing its hourly presence snapshots, started with the app.
 */
export function registerDashboard(app: FastifyInstance, db: Db) {
  app.get(
    '/api/dashboard',
    {
      schema: { querystring: dashboardQuery, tags: ['dashboard'], summary: 'Home dashboard: terminals over time, registrations, versions, offline hotels, alarms' },
      config: { auth: { userTypes: [1, 2, 3], permission: 'terminal.read' } },
    },
    async (request) => ok(await dashboard(db, actorOf(request), (request.query as DashboardQuery).days, app.devices.today(), request.lang)),
  );

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const snapshot = () => {
    running = snapshotPresence(db).catch((error: unknown) => app.log.error({ err: error }, 'presence snapshot failed'));
  };
  app.addHook('onReady', async () => {
    snapshot();
    timer = setInterval(snapshot, SNAPSHOT_EVERY_MS);
    timer.unref();
  });
  // The database closes after the app: let a snapshot under way finish first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
