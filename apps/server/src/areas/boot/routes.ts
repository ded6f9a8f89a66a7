import { idSchema, intSchema, records, type FieldDef, type UploadRuleName } from '@htv/shared';
import { BOOT_FILE_PARTS, DOWNLOAD_STATES, downloadReportSchema, type BootFilePart, type DownloadReport } from '@htv/shared/areas/boot/index';
import { MAC_PATTERN, normalizeMac } from '@htv/shared/areas/devices/protocol';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { files, recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { copyBody, createRow, deleteRows, getRow, listRows, tableOf, updateRow, type Row, type WriteContext } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';
import { ownLevel, tenantFilter } from '../../tenancy/scope.js';
import { addConfigPart, deviceAuthHook, invalidateConfig, invalidateLevel, type DeviceRuntime } from '../devices/plugin.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { addDownloadTaskSource } from '../releases/tasks.js';
import { registerBootChecks } from './checks.js';
import { bootCandidates, bootDataChanged, bootPartFor, hideRulesFor, macsOf } from './resolve.js';
import { downloadTasks } from './schema.js';

const tags = ['boot settings'];
const ALL = [1, 2, 3] as const;
const policyDef = records.bootPolicy;
const libraryDef = records.bootLogoLib;

/** The upload rule of each boot file part (the policy's field declarations). */
const ruleOf = (part: BootFilePart) => policyDef.fields[part]!.upload as UploadRuleName;

let hooksAdded = false;

/** The record hooks of boot settings and the TVs' `boot` configuration part (once per process). */
function addBootHooks() {
  if (hooksAdded) return;
  hooksAdded = true;
  addConfigPart('boot', async (terminal, { db }) => (terminal.authorization === 'authorized' ? bootPartFor(db, terminal) : undefined));
  addRecordHooks('bootPolicy', {
    async beforeWrite(ctx, values, existing) {
      const next: Record<string, unknown> = { ...values, operator: ctx.actor.name };
      if ('macs' in values) next.macs = macsOf(values.macs).filter((mac, i, all) => all.indexOf(mac) === i).join('|') || null;
      const active = 'active' in next ? next.active : existing?.active;
      const macs = 'macs' in next ? next.macs : existing?.macs;
      // One policy in use for a whole level: the new one takes the place of the one before.
      if (active === true && !macs) {
        const table = tableOf(policyDef);
        const brandId = (existing ? existing.brandId : next.brandId) as number | null;
        const hotelId = (existing ? existing.hotelId : next.hotelId) as number | null;
        await ctx.db
          .update(table)
          .set({ active: false })
          .where(
            and(
              eq(table.active, true),
              sql`${table.macs} is null`,
              brandId === null ? sql`${table.brandId} is null` : eq(table.brandId, brandId),
              hotelId === null ? sql`${table.hotelId} is null` : eq(table.hotelId, hotelId),
              existing ? sql`${table.id} <> ${existing.id}` : undefined,
            ),
          );
      }
      return next;
    },
    afterCommit(_ctx, { rows }) {
      bootDataChanged();
      rows.forEach(invalidateLevel);
    },
  });
  // A rule naming a hotel or a brand tells that level's TVs at once (pushed), and, when an update
  // moves it, the level it left; a rule for every hotel changes the whole fleet's stamp (heartbeats).
  const movedRules = new WeakMap<object, Row[]>();
  addRecordHooks('contentHideRule', {
    beforeWrite(ctx, values, existing) {
      if (existing) movedRules.set(ctx, [...(movedRules.get(ctx) ?? []), existing]);
      return values;
    },
    afterCommit(ctx, { rows }) {
      bootDataChanged();
      [...rows, ...(movedRules.get(ctx) ?? [])].forEach(invalidateLevel);
      movedRules.delete(ctx);
    },
  });
  addRecordHooks('hotelTvMenu', {
    // The installer's password is write-only: never answered, an empty one on update keeps it.
    hidden: ['password'],
    async beforeWrite(ctx, values, existing) {
      if (!values.password) {
        if (!existing) throw invalidFields({ password: { key: 'validation.required', params: { field: records.hotelTvMenu.fields.password.label } } });
        const { password: _kept, ...rest } = values;
        return rest;
      }
      if (existing) return values;
      const table = tableOf(records.hotelTvMenu);
      const [{ n }] = (await ctx.db.select({ n: count() }).from(table).where(eq(table.hotelId, values.hotelId as number))) as [{ n: number }];
      if (n > 0) throw invalidFields({ password: { key: 'boot.menuExists' } });
      return values;
    },
    afterCommit(_ctx, { rows }) {
      bootDataChanged();
      for (const row of rows) invalidateConfig({ hotelId: row.hotelId as number });
    },
  });
}

/** Loose declarations naming the spec calls' query fields in validation messages. */
const QUERY_FIELDS: Record<string, FieldDef> = {
  title: policyDef.fields.name!,
  type: { kind: 'choice', required: true, schema: z.unknown(), label: { 'zh-CN': '类型', 'en-US': 'Type' } },
};

const createQuery = z.object({ title: z.string().trim().min(1).max(50), type: z.enum(BOOT_FILE_PARTS) });
const idQuery = z.object({ id: idSchema });
const idParams = z.object({ id: idSchema });
const libraryQuery = z.object({ page: intSchema(1).default(1), pagesize: intSchema(1, 100).default(20), title: z.string().max(32).optional() });
const tasksQuery = z.object({
  mac: z.string().max(17).optional(),
  kind: z.string().max(20).optional(),
  state: z.enum(DOWNLOAD_STATES).optional(),
  page: intSchema(1).default(1),
  pagesize: intSchema(1, 100).default(20),
});

/** A copy's name: the original's with a suffix, within the name's 50 characters. */
const copyName = (name: string, lang: string) => `${name.slice(0, 44)}${lang === 'en-US' ? ' copy' : '-副本'}`;

/** The fields of a row a copy takes (everything writable; the owner comes from the caller). */
/** A terminal of the caller's reach by MAC, or 404. */
async function terminalByMac(db: Db, actor: Actor, rawMac: string) {
  const mac = normalizeMac(rawMac);
  if (!MAC_PATTERN.test(mac)) throw notFound();
  const terminals = recordTables.terminal!;
  const [terminal] = await db
    .select({ id: terminals.id, mac: terminals.mac, brandId: terminals.brandId, hotelId: terminals.hotelId, model: terminals.model, softwareVersion: terminals.softwareVersion, authorization: terminals.authorization })
    .from(terminals)
    .where(and(eq(terminals.mac, mac), tenantFilter(records.terminal, terminals, actor)));
  if (!terminal) throw notFound();
  return terminal as { id: number; mac: string; brandId: number | null; hotelId: number | null; model: string | null; softwareVersion: string | null; authorization: string };
}

/** Download tasks inside the actor's reach (by the terminal's owner when it reported). */
function tasksOfReach(actor: Actor): SQL | undefined {
  const owner = ownLevel(actor);
  if (actor.userType === 1) return undefined;
  if (actor.userType === 2) return owner.brandId === null ? sql`false` : eq(downloadTasks.brandId, owner.brandId);
  return owner.hotelId === null ? sql`false` : eq(downloadTasks.hotelId, owner.hotelId);
}

/**
 * Boot settings (docs/boot.md): the record hooks of policies, content-hiding rules and the hotel TV
 * menu; the spec's boots_config and lib_start_logo calls; why a terminal gets its policy; download
 * tasks; and the `boot` part of the TVs' configuration.
 */
let taskSourceAdded = false;

/** Boot files in the download-task lists (/task_info), beside the release packages. */
function addBootDownloadTasks(): void {
  if (taskSourceAdded) return;
  taskSourceAdded = true;
  addDownloadTaskSource('boot', (reach) => sql`
    select 'boot' as source, d.id, d.terminal_id, d.name as file_name, d.state, d.kind as detail,
           null as failure_code, d.reason as failure_reason, d.updated_at
      from download_tasks d join terminals t on t.id = d.terminal_id
     where ${reach}`);
}

export function registerBoot(app: FastifyInstance, db: Db, storage: Storage): void {
  registerBootChecks();
  addBootHooks();
  addBootDownloadTasks();
  const ctx = (request: FastifyRequest): WriteContext => ({ db, actor: actorOf(request), ip: request.ip, lang: request.lang, storage });

  app.post(
    '/api/web/boots_config',
    {
      schema: { querystring: createQuery, tags, summary: 'A new boot policy named `title` holding one uploaded file (multipart `file`) as its part `type`' },
      config: { auth: { userTypes: ALL, permission: 'bootConfig.create' }, fields: QUERY_FIELDS },
    },
    async (request) => {
      const { title, type } = request.query as z.infer<typeof createQuery>;
      const stored = await app.receiveUpload(request, ruleOf(type));
      return ok(await createRow(ctx(request), policyDef, { name: title, [type]: stored.id }));
    },
  );

  app.post(
    '/api/web/boots_config/copy',
    { schema: { querystring: idQuery, tags, summary: 'Copies a boot policy of the caller’s reach to the caller’s own level (not in use)' }, config: { auth: { userTypes: ALL, permission: 'bootConfig.create' } } },
    async (request) => {
      const row = await getRow(db, policyDef, actorOf(request), (request.query as { id: number }).id);
      const body = { ...copyBody(policyDef, row), name: copyName(String(row.name), request.lang), active: false };
      return ok(await createRow(ctx(request), policyDef, body));
    },
  );

  const platform = (action: string) => ({ auth: { userTypes: [1] as const, permission: `startLogo.${action}` }, fields: libraryDef.fields });
  // Brands and hotels pick a logo from the library: every console user may read the whole list.
  app.get('/api/admin/lib_start_logo/all', { schema: { tags, summary: 'Every item of the boot-logo library' }, config: { auth: { userTypes: ALL } } }, async () => {
    const table = tableOf(libraryDef);
    const rows = await db.select({ id: table.id, title: table.title, logo: table.logo, logoBitmap: table.logoBitmap }).from(table).orderBy(desc(table.id)).limit(1000);
    return ok(rows);
  });
  app.get('/api/admin/lib_start_logo', { schema: { querystring: libraryQuery, tags, summary: 'The boot-logo library, a page at a time' }, config: platform('read') }, async (request) => {
    const { page, pagesize, title } = request.query as z.infer<typeof libraryQuery>;
    return ok(await listRows(db, libraryDef, actorOf(request), { page, pagesize, ...(title ? { title } : {}) } as never, request.lang));
  });
  app.post('/api/admin/lib_start_logo', { schema: { body: libraryDef.inputSchema, tags, summary: 'A new boot-logo library item' }, config: platform('create') }, async (request) =>
    ok(await createRow(ctx(request), libraryDef, (request.body ?? {}) as Record<string, unknown>)),
  );
  app.post('/api/admin/lib_start_logo/copy/:id', { schema: { params: idParams, tags, summary: 'Copies a boot-logo library item' }, config: platform('create') }, async (request) => {
    const row = await getRow(db, libraryDef, actorOf(request), (request.params as { id: number }).id);
    return ok(await createRow(ctx(request), libraryDef, { ...copyBody(libraryDef, row), title: `${String(row.title).slice(0, 28)}${request.lang === 'en-US' ? ' (2)' : '-副本'}` }));
  });
  app.put('/api/admin/lib_start_logo/:id', { schema: { params: idParams, body: libraryDef.inputSchema, tags, summary: 'Changes a boot-logo library item' }, config: platform('update') }, async (request) =>
    ok(await updateRow(ctx(request), libraryDef, (request.params as { id: number }).id, (request.body ?? {}) as Record<string, unknown>)),
  );
  app.delete('/api/admin/lib_start_logo/:id', { schema: { params: idParams, tags, summary: 'Removes a boot-logo library item' }, config: platform('delete') }, async (request) =>
    ok({ deleted: await deleteRows(ctx(request), libraryDef, [(request.params as { id: number }).id]) }),
  );

  app.get(
    '/api/admin/boot/resolution',
    { schema: { querystring: z.object({ mac: z.string().max(17) }), tags, summary: 'Why a terminal gets its boot policy, the content it hides at boot and its download tasks' }, config: { auth: { userTypes: ALL, permission: 'terminal.read' } } },
    async (request) => {
      const terminal = await terminalByMac(db, actorOf(request), (request.query as { mac: string }).mac);
      const [candidates, hidden, part, tasks] = await Promise.all([
        bootCandidates(db, terminal),
        hideRulesFor(db, terminal),
        bootPartFor(db, terminal),
        db.select().from(downloadTasks).where(eq(downloadTasks.terminalId, terminal.id)).orderBy(desc(downloadTasks.updatedAt)).limit(50),
      ]);
      return ok({
        mac: terminal.mac,
        authorization: terminal.authorization,
        policy: part.policy,
        candidates: candidates.map((c, i) => ({ id: c.policy.id, name: c.policy.name, source: c.source, brandId: c.policy.brandId, hotelId: c.policy.hotelId, winner: i === 0 })),
        hide: hidden.map((rule) => ({ id: rule.id, name: rule.name, module: rule.module })),
        tvMenu: part.tvMenu,
        tasks,
      });
    },
  );

  app.get(
    '/api/download-tasks',
    { schema: { querystring: tasksQuery, tags, summary: 'Terminals’ download tasks of the caller’s reach (newest first)' }, config: { auth: { userTypes: ALL, permission: 'downloadTask.read' } } },
    async (request) => {
      const actor = actorOf(request);
      const { mac, kind, state, page, pagesize } = request.query as z.infer<typeof tasksQuery>;
      const terminals = recordTables.terminal!;
      const where = and(
        tasksOfReach(actor),
        kind ? eq(downloadTasks.kind, kind) : undefined,
        state ? eq(downloadTasks.state, state) : undefined,
        mac ? eq(terminals.mac, normalizeMac(mac)) : undefined,
      );
      const [rows, totals] = await Promise.all([
        db
          .select({ task: downloadTasks, mac: terminals.mac })
          .from(downloadTasks)
          .innerJoin(terminals, eq(terminals.id, downloadTasks.terminalId))
          .where(where)
          .orderBy(desc(downloadTasks.updatedAt), desc(downloadTasks.id))
          .limit(pagesize)
          .offset((page - 1) * pagesize),
        db.select({ total: count() }).from(downloadTasks).innerJoin(terminals, eq(terminals.id, downloadTasks.terminalId)).where(where),
      ]);
      return ok({ items: rows.map((r) => ({ ...r.task, mac: r.mac })), total: totals[0]?.total ?? 0, page, pagesize });
    },
  );

}

/** Reports a TV may send per minute (a boot change is a handful of files). */
const REPORTS_PER_MINUTE = 120;
const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * TV calls under /api/device/v1 (device token): a boot file of the terminal's policy at its immutable
 * address, and the TV's reports of its downloads.
 */
export function registerBootDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage): void {
  if (!scope.hasRequestDecorator('deviceTerminal')) scope.decorateRequest('deviceTerminal', null);
  const preHandler = deviceAuthHook(runtime);
  const config = { auth: { public: true } } as const;
  const limit = rateLimit(REPORTS_PER_MINUTE, 60_000);

  scope.get(
    '/boot-files/:fileId/:sha256',
    { schema: { tags: ['device API v1'], params: z.object({ fileId: z.string().max(64), sha256: z.string().max(64) }), summary: 'A file of the terminal’s boot policy (immutable; ETag its SHA-256)' }, config, preHandler },
    async (request, reply) => {
      const { fileId, sha256 } = request.params as { fileId: string; sha256: string };
      const terminal = request.deviceTerminal!;
      const [best] = await bootCandidates(db, terminal);
      if (!best || !BOOT_FILE_PARTS.some((part) => best.policy[part] === fileId)) throw notFound();
      const [file] = await db.select().from(files).where(eq(files.id, fileId));
      if (!file || file.sha256 !== sha256) throw notFound();
      const etag = `"${file.sha256}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const stored = await storage.get(file.storageKey);
      if (!stored) throw notFound();
      return reply.type(file.mime).header('x-content-type-options', 'nosniff').header('content-length', stored.size).send(stored.stream);
    },
  );

  scope.post(
    '/download-tasks',
    { schema: { tags: ['device API v1'], body: downloadReportSchema, summary: 'The state of one download (downloading, success, failed with the reason)' }, config, preHandler: [preHandler, perTerminalLimit(limit, 'error.rateLimited')] },
    async (request) => {
      const terminal = request.deviceTerminal!;
      const report = request.body as DownloadReport;
      const now = new Date();
      const finishedAt = report.state === 'downloading' ? null : now;
      const values = {
        brandId: terminal.brandId,
        hotelId: terminal.hotelId,
        subjectId: report.subjectId ?? null,
        name: report.name,
        url: report.url,
        size: report.size,
        state: report.state,
        reason: report.state === 'failed' ? (report.reason ?? null) : null,
        updatedAt: now,
        finishedAt,
      };
      const [task] = await db
        .insert(downloadTasks)
        .values({ terminalId: terminal.id, kind: report.kind, sha256: report.sha256, ...values })
        .onConflictDoUpdate({
          target: [downloadTasks.terminalId, downloadTasks.kind, downloadTasks.sha256],
          set: { ...values, ...(report.state === 'downloading' ? { startedAt: now } : {}) },
        })
        .returning({ id: downloadTasks.id, state: downloadTasks.state });
      return ok(task);
    },
  );
}
