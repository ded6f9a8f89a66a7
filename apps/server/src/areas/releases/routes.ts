import { idSchema, intSchema, pagingShape, records, type FieldDef } from '@htv/shared';
import { PERMISSIONS } from '@htv/shared/areas/access/permissions';
import { ACTION_STATES, appOfferBody, rolloutCreate, ROLLOUT_STATES, type Rollout, type RolloutWave } from '@htv/shared/areas/releases/index';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { appOfferOf, offeredApps, setAppOffer } from './offers.js';
import { installWindows } from './device.js';
import { installPackageHooks } from './packages.js';
import { releaseRollouts } from './schema.js';
import { actionReach, changeRollout, createRollout, deleteActions, evaluateRollouts, rolloutReach } from './service.js';
import { addReleaseDownloadTasks, listDownloadTasks } from './tasks.js';

const tags = ['releases'];
const USERS = [1, 3] as const;
const idParams = z.object({ id: idSchema });
const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const label = (kind: FieldDef['kind'], text: { 'zh-CN': string; 'en-US': string }): FieldDef => ({ kind, required: false, schema: z.unknown(), label: text });
/** Labels of the rollout form's fields in validation messages. */
const ROLLOUT_FIELDS: Record<string, FieldDef> = {
  name: { ...label('text', t('发布名称', 'Rollout name')), required: true, max: 50 },
  packageId: label('int', t('升级包', 'Package')),
  target: label('choice', t('发布对象', 'Target')),
  brandIds: label('text', t('品牌', 'Brands')),
  hotelIds: label('text', t('酒店', 'Hotels')),
  macs: label('text', t('MAC地址', 'MAC addresses')),
  waves: label('text', t('分批', 'Waves')),
  successThreshold: { ...label('int', t('成功阈值(%)', 'Success threshold (%)')), min: 1, max: 100 },
  errorThreshold: { ...label('int', t('失败阈值(%)', 'Error threshold (%)')), min: 1, max: 100 },
  maxRetries: { ...label('int', t('重试次数', 'Retries')), min: 0, max: 5 },
  windowStart: label('text', t('维护时段开始', 'Window start')),
  windowEnd: label('text', t('维护时段结束', 'Window end')),
};

/** Labels of the offer form's fields in validation messages. */
const OFFER_FIELDS: Record<string, FieldDef> = {
  all: label('bool', t('全部酒店', 'Every hotel')),
  brandIds: label('text', t('品牌', 'Brands')),
  hotelIds: label('text', t('酒店', 'Hotels')),
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const iso = (value: unknown) => new Date(value as string).toISOString();

/** Action counts by state of the given rollouts: per rollout, and per rollout and wave. */
async function countsOf(db: Db, ids: number[]) {
  const byRollout = new Map<number, Record<string, number>>();
  const byWave = new Map<string, Record<string, number>>();
  if (!ids.length) return { byRollout, byWave };
  const rows = rowsOf(await db.execute(sql`select rollout_id, wave, state, count(*)::int as n from release_actions where rollout_id = any(${sql.param(ids)}::int[]) group by 1, 2, 3`));
  for (const r of rows) {
    const rollout = byRollout.get(r.rollout_id as number) ?? {};
    rollout[r.state as string] = (rollout[r.state as string] ?? 0) + Number(r.n);
    byRollout.set(r.rollout_id as number, rollout);
    const key = `${r.rollout_id}:${r.wave}`;
    const wave = byWave.get(key) ?? {};
    wave[r.state as string] = Number(r.n);
    byWave.set(key, wave);
  }
  return { byRollout, byWave };
}

const sum = (counts: Record<string, number> | undefined) => Object.values(counts ?? {}).reduce((a, b) => a + b, 0);

function toRollout(row: typeof releaseRollouts.$inferSelect, counts: Record<string, number> | undefined): Rollout {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as Rollout['kind'],
    packageId: row.packageId,
    packageTitle: row.packageTitle,
    versionName: row.versionName,
    state: row.state as Rollout['state'],
    pauseReason: row.pauseReason,
    target: row.targetKind as Rollout['target'],
    distribution: row.distribution as Rollout['distribution'],
    installType: row.installType as Rollout['installType'],
    successThreshold: row.successThreshold,
    errorThreshold: row.errorThreshold,
    maxRetries: row.maxRetries,
    currentWave: row.currentWave,
    total: sum(counts),
    counts: counts ?? {},
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

const listQuery = z.object({
  ...pagingShape(),
  kind: z.enum(['ota', 'control', 'app']).optional(),
  state: z.enum(Object.keys(ROLLOUT_STATES) as [string, ...string[]]).optional(),
  packageId: idSchema.optional(),
});
const actionQuery = z.object({
  ...pagingShape(),
  state: z.enum(Object.keys(ACTION_STATES) as [string, ...string[]]).optional(),
  wave: intSchema(0, 20).optional(),
  kind: z.enum(['ota', 'control', 'app']).optional(),
  mac: z.string().max(32).optional(),
});

let installed = false;

/**
 * Releases (docs/releases.md): the package records' rules, rollouts (create, list, detail with waves,
 * start, pause, resume, cancel), terminals' upgrade entries with their history and the spec's
 * `admin/upgrade_terminal/delete_batch`, what a terminal has installed, and the download-task lists.
 * A periodic job moves running rollouts by their thresholds (reports move them at once too).
 */
export function registerReleases(app: FastifyInstance, db: Db): void {
  if (!installed) {
    installed = true;
    installPackageHooks();
    addReleaseDownloadTasks();
  }
  const job = setInterval(() => void evaluateRollouts(db).catch((error) => app.log.error({ err: error }, 'rollout evaluation failed')), 30_000);
  job.unref();
  app.addHook('onClose', async () => clearInterval(job));

  const read = { auth: { userTypes: USERS, permission: PERMISSIONS.releaseRead } };
  const publish = { auth: { userTypes: USERS, permission: PERMISSIONS.releasePublish } };

  app.get('/api/releases/rollouts', { schema: { tags, querystring: listQuery, summary: 'Rollouts of the caller’s reach' }, config: read }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as z.infer<typeof listQuery>;
    const where = and(
      rolloutReach(actor),
      q.kind ? eq(releaseRollouts.kind, q.kind) : undefined,
      q.state ? eq(releaseRollouts.state, q.state) : undefined,
      q.packageId ? eq(releaseRollouts.packageId, q.packageId) : undefined,
    );
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(releaseRollouts).where(where);
    const rows = await db.select().from(releaseRollouts).where(where).orderBy(sql`${releaseRollouts.id} desc`).limit(q.pagesize).offset((q.page - 1) * q.pagesize);
    const { byRollout } = await countsOf(db, rows.map((r) => r.id));
    return ok({ items: rows.map((r) => toRollout(r, byRollout.get(r.id))), total: count?.n ?? 0, page: q.page, pagesize: q.pagesize });
  });

  app.post('/api/releases/rollouts', { schema: { tags, body: rolloutCreate, summary: 'Release a package to its targets in waves' }, config: { ...publish, fields: ROLLOUT_FIELDS } }, async (request) =>
    ok(await createRollout(db, actorOf(request), request.body as z.output<typeof rolloutCreate>, request.ip)),
  );

  app.get('/api/releases/rollouts/:id', { schema: { tags, params: idParams, summary: 'A rollout with its waves' }, config: read }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    const [row] = await db.select().from(releaseRollouts).where(and(eq(releaseRollouts.id, id), rolloutReach(actor)));
    if (!row) throw notFound();
    const { byRollout, byWave } = await countsOf(db, [id]);
    const waves: RolloutWave[] = row.waves.map((_, index) => {
      const counts = byWave.get(`${id}:${index}`) ?? {};
      return { index, state: index < row.currentWave || row.state === 'finished' ? 'done' : index === row.currentWave ? 'running' : 'waiting', total: sum(counts), counts };
    });
    return ok({ ...toRollout(row, byRollout.get(id)), waves, windowStart: row.windowStart, windowEnd: row.windowEnd, retryBaseSeconds: row.retryBaseSeconds });
  });

  for (const action of ['start', 'pause', 'resume', 'cancel'] as const) {
    app.post(`/api/releases/rollouts/:id/${action}`, { schema: { tags, params: idParams, summary: `${action} a rollout` }, config: publish }, async (request) => {
      await changeRollout(db, actorOf(request), (request.params as { id: number }).id, action, request.ip);
      return ok(null);
    });
  }

  /** Terminals' upgrade entries within reach: of one rollout, or all (the hotel's upgrades, the control upgrades). */
  async function actions(request: { query: unknown; params: unknown }, actor: ReturnType<typeof actorOf>, rolloutId?: number) {
    const q = request.query as z.infer<typeof actionQuery>;
    const where = sql.join(
      [
        actionReach(actor),
        rolloutId ? sql`a.rollout_id = ${rolloutId}` : sql`true`,
        q.state ? sql`a.state = ${q.state}` : sql`true`,
        q.wave !== undefined ? sql`a.wave = ${q.wave}` : sql`true`,
        q.kind ? sql`r.kind = ${q.kind}` : sql`true`,
        q.mac ? sql`t.mac = ${q.mac.toUpperCase()}` : sql`true`,
      ],
      sql` and `,
    );
    const from = sql`from release_actions a join release_rollouts r on r.id = a.rollout_id join terminals t on t.id = a.terminal_id left join hotels h on h.id = t.hotel_id where ${where}`;
    const [count] = rowsOf(await db.execute(sql`select count(*)::int as n ${from}`));
    const rows = rowsOf(
      await db.execute(sql`select a.*, r.name as rollout_name, r.kind, r.package_title, r.version_name, t.mac, t.room_number, h.name as hotel_title
        ${from} order by a.updated_at desc, a.id desc limit ${q.pagesize} offset ${(q.page - 1) * q.pagesize}`),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        rolloutId: r.rollout_id,
        rolloutName: r.rollout_name,
        kind: r.kind,
        packageTitle: r.package_title,
        versionName: r.version_name,
        terminalId: r.terminal_id,
        mac: r.mac,
        roomNumber: r.room_number ?? null,
        hotelTitle: r.hotel_title ?? null,
        wave: r.wave,
        rank: r.rank,
        state: r.state,
        progress: r.progress,
        attempts: r.attempts,
        notBefore: r.not_before ? iso(r.not_before) : null,
        failureCode: r.failure_code ?? null,
        failureReason: r.failure_reason ?? null,
        updatedAt: iso(r.updated_at),
      })),
      total: Number(count?.n ?? 0),
      page: q.page,
      pagesize: q.pagesize,
    };
  }

  app.get('/api/releases/rollouts/:id/actions', { schema: { tags, params: idParams, querystring: actionQuery, summary: 'The per-terminal actions of a rollout' }, config: read }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    const [row] = await db.select({ id: releaseRollouts.id }).from(releaseRollouts).where(and(eq(releaseRollouts.id, id), rolloutReach(actor)));
    // A hotel also follows the platform's rollouts on its own terminals (its reach limits the rows).
    if (!row && actor.userType === 1) throw notFound();
    return ok(await actions(request, actor, id));
  });

  app.get('/api/releases/actions', { schema: { tags, querystring: actionQuery, summary: 'Terminals’ upgrade entries of the caller’s reach' }, config: read }, async (request) => ok(await actions(request, actorOf(request))));

  app.get('/api/releases/actions/:id/history', { schema: { tags, params: idParams, summary: 'The append-only history of one terminal’s action' }, config: read }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    const [found] = rowsOf(await db.execute(sql`select a.id from release_actions a join terminals t on t.id = a.terminal_id where a.id = ${id} and ${actionReach(actor)}`));
    if (!found) throw notFound();
    const rows = rowsOf(await db.execute(sql`select state, progress, code, reason, at from release_action_events where action_id = ${id} order by id`));
    return ok(rows.map((r) => ({ state: r.state, progress: r.progress ?? null, code: r.code ?? null, reason: r.reason ?? null, at: iso(r.at) })));
  });

  const deleteBody = z.object({ ids: z.array(idSchema).min(1).max(1000) });
  app.post('/api/admin/upgrade_terminal/delete_batch', { schema: { tags, body: deleteBody, summary: 'Delete terminals’ upgrade entries (all within reach, none installing)' }, config: { auth: { userTypes: USERS, permission: PERMISSIONS.upgradeTerminalDelete } } }, async (request) =>
    ok({ deleted: await deleteActions(db, actorOf(request), (request.body as z.infer<typeof deleteBody>).ids, request.ip) }),
  );

  app.get('/api/releases/terminals/:id', { schema: { tags, params: idParams, summary: 'A terminal’s installed versions and pending release actions' }, config: { auth: { userTypes: [1, 2, 3] as const, permission: 'terminal.read' } } }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    const terminals = recordTables.terminal!;
    const [terminal] = await db
      .select({ id: terminals.id, mac: terminals.mac, brandId: terminals.brandId, hotelId: terminals.hotelId, otaVersion: terminals.otaVersion, controlVersion: terminals.controlVersion })
      .from(terminals)
      .where(and(eq(terminals.id, id), tenantFilter(records.terminal, terminals, actor)));
    if (!terminal) throw notFound();
    const installedRows = rowsOf(await db.execute(sql`select kind, package_name, version_name, version_code, installed_at from terminal_packages where terminal_id = ${id} order by kind, package_name`));
    const pending = rowsOf(
      await db.execute(sql`select a.id, a.state, a.progress, a.attempts, a.failure_code, a.failure_reason, r.id as rollout_id, r.name as rollout_name, r.kind, r.package_title, r.version_name, r.state as rollout_state,
               r.install_type, r.window_start, r.window_end
        from release_actions a join release_rollouts r on r.id = a.rollout_id where a.terminal_id = ${id} and a.state not in ('success', 'alreadyInstalled', 'cancelled') order by a.id desc limit 50`),
    );
    const windows = await installWindows(db, terminal, pending);
    return ok({
      otaVersion: terminal.otaVersion ?? null,
      controlVersion: terminal.controlVersion ?? null,
      installed: installedRows.map((r) => ({ kind: r.kind, packageName: r.package_name, versionName: r.version_name, versionCode: r.version_code ?? null, installedAt: iso(r.installed_at) })),
      actions: pending.map((r, i) => ({ id: r.id, state: r.state, progress: r.progress, attempts: r.attempts, failureCode: r.failure_code ?? null, failureReason: r.failure_reason ?? null, rolloutId: r.rollout_id, rolloutName: r.rollout_name, rolloutState: r.rollout_state, kind: r.kind, packageTitle: r.package_title, versionName: r.version_name, installType: r.install_type, window: windows[i] })),
    });
  });

  // Where the platform's apps are offered (/all_app/list), and what a hotel is offered (/hotelapp/list).
  app.get('/api/releases/apps/:id/offers', { schema: { tags, params: idParams, summary: 'Where a platform app is offered: every hotel, or brands and hotels' }, config: { auth: { userTypes: [1] as const, permission: 'app.read' } } }, async (request) =>
    ok(await appOfferOf(db, (request.params as { id: number }).id, request.lang)),
  );
  app.put(
    '/api/releases/apps/:id/offers',
    { schema: { tags, params: idParams, body: appOfferBody, summary: 'Offer a platform app to every hotel, or to brands and hotels (a partial trial to named ones only)' }, config: { auth: { userTypes: [1] as const, permission: 'app.update' }, fields: OFFER_FIELDS } },
    async (request) => {
      const { id } = request.params as { id: number };
      await setAppOffer(db, actorOf(request), id, request.body as z.output<typeof appOfferBody>, request.ip);
      return ok(await appOfferOf(db, id, request.lang));
    },
  );
  const offeredQuery = z.object({ ...pagingShape(), keyword: z.string().trim().max(200).optional() });
  app.get('/api/releases/offered-apps', { schema: { tags, querystring: offeredQuery, summary: 'The platform’s apps offered to the caller’s hotel' }, config: { auth: { userTypes: [3] as const, permission: 'app.read' } } }, async (request) => {
    const actor = actorOf(request);
    if (actor.hotelId === null) throw notFound();
    const page = await offeredApps(db, actor.hotelId, request.query as z.infer<typeof offeredQuery>);
    return ok({ ...page, items: page.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) });
  });

  const taskQuery = z.object({ ...pagingShape(), failed: z.enum(['0', '1']).optional(), mac: z.string().max(32).optional() });
  app.get('/api/task_info/tasks', { schema: { tags, querystring: taskQuery, summary: 'Terminal download tasks of every kind (failed=1: the failed ones)' }, config: { auth: { userTypes: [1, 2, 3] as const, permission: PERMISSIONS.downloadTaskRead } } }, async (request) => {
    const q = request.query as z.infer<typeof taskQuery>;
    return ok(await listDownloadTasks(db, actorOf(request), { page: q.page, pagesize: q.pagesize, failed: q.failed === '1', mac: q.mac?.toUpperCase() }));
  });
}
