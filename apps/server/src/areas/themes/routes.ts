import { idSchema, type FieldDef, intSchema, pagingShape } from '@htv/shared';
import { EQUIPMENT_TYPES, emptyDocument, THEME_KINDS, THEME_ACTIONS, THEME_STATES, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { and, count, desc, eq, inArray, max, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, conflict, forbidden, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { ownLevel } from '../../tenancy/scope.js';
import { writeOpLog } from '../oplog/log.js';
import { setMaterialUsage } from '../material/service.js';
import { publishFindings } from './check.js';
import { refuseLayoutChanges } from './quick-settings.js';
import { freezeVersion } from './payload.js';
import { registerThemeSends } from './send-routes.js';
import { closeExpiredSends, liveTargets, notifyTargets } from './sends.js';
import { themes, themeVersions } from './schema.js';
import {
  allowedActions,
  assertAllowed,
  checkedDraft,
  findingErrors,
  liveOnHotel,
  ownerOf,
  ownTheme,
  owns,
  pageOfThemes,
  publishDueVersions,
  recordMaterialUsage,
  rowFields,
  themeFilters,
  themeReach,
  visibleTheme,
  type ThemeRow,
} from './service.js';

const tags = ['themes'];
const ALL = [1, 2, 3] as const;
const auth = (permission: string) => ({ auth: { userTypes: ALL, permission } });

/** How often the periodic job looks for timed versions that are due and sends that ended. */
const DUE_CHECK_MS = 30_000;

const listQuery = z.object({
  ...pagingShape(),
  name: z.string().max(30).optional(),
  equipmentType: z.enum(EQUIPMENT_TYPES).optional(),
  /** launcher templates (the template lists) or welcome templates (/skin/list); both without it. */
  kind: z.enum(THEME_KINDS).optional(),
  status: z.enum(Object.keys(THEME_STATES).filter((s) => s !== 'locked') as [string, ...string[]]).optional(),
  typeId: idSchema.optional(),
});
const idParams = z.object({ id: idSchema });
const createBody = z.strictObject({
  name: z.string().trim().min(1).max(30),
  equipmentType: z.enum(EQUIPMENT_TYPES),
  typeId: idSchema.nullable().default(null),
  kind: z.enum(THEME_KINDS).default('launcher'),
});
const draftBody = z.strictObject({ revision: intSchema(1), document: z.unknown() });
const publishBody = z.strictObject({ publishAt: z.coerce.date().optional() });
const versionQuery = z.object({ ...pagingShape(), themeId: idSchema.optional() });

const FIELD_LABELS: Record<string, FieldDef> = {
  name: { kind: 'text' as const, required: true, min: 1, max: 30, schema: z.unknown(), label: { 'zh-CN': '模板名称', 'en-US': 'Template name' } },
  equipmentType: { kind: 'choice' as const, required: true, schema: z.unknown(), label: { 'zh-CN': '设备类型', 'en-US': 'Equipment type' } },
  typeId: { kind: 'ref' as const, required: false, schema: z.unknown(), label: { 'zh-CN': '模板分类', 'en-US': 'Template category' } },
  publishAt: { kind: 'datetime' as const, required: false, schema: z.unknown(), label: { 'zh-CN': '定时发布时间', 'en-US': 'Publishing time' } },
};

/** A theme as lists show it, with the lifecycle actions the caller may take now. */
const listItem = (actor: Actor, row: ThemeRow, typeName: string | null, shownHere = false) => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  typeId: row.typeId,
  typeName,
  equipmentType: row.equipmentType,
  visibility: row.visibility,
  status: row.status,
  locked: row.locked,
  brandId: row.brandId,
  hotelId: row.hotelId,
  draftRevision: row.draftRevision,
  draftSavedBy: row.draftSavedBy,
  draftSavedAt: row.draftSavedAt,
  editable: owns(actor, row) && !row.locked,
  actions: allowedActions(actor, row),
  /** For a hotel: another level's template that its TVs show now (read-only here). */
  shownHere,
});

/** Of these themes, those a hotel user's TVs show now though the hotel does not own them. */
async function shownOnHotel(db: Db, actor: Actor, rows: ThemeRow[]): Promise<Set<number>> {
  const others = rows.filter((row) => !owns(actor, row)).map((row) => row.id);
  if (actor.userType !== 3 || actor.hotelId === null || actor.brandId === null || !others.length) return new Set();
  const live = await db.select({ id: themes.id }).from(themes).where(and(inArray(themes.id, others), liveOnHotel(actor.hotelId, actor.brandId)));
  return new Set(live.map((row) => row.id));
}

async function typeExists(db: Db, typeId: number | null): Promise<boolean> {
  if (typeId === null) return true;
  const types = recordTables.themeType!;
  const [row] = await db.select({ id: types.id }).from(types).where(eq(types.id, typeId));
  return row !== undefined;
}

let jobsStarted = false;

/**
 * Themes (docs/themes.md): lists, the document, the draft save with optimistic locking, publishing
 * into immutable versions (now or timed), cancel, lock and unlock.
 */
export function registerThemes(app: FastifyInstance, db: Db): void {
  if (!jobsStarted) {
    jobsStarted = true;
    addRecordHooks('themeType', {
      async beforeDelete(ctx, rows) {
        const [used] = await ctx.db.select({ n: count() }).from(themes).where(inArray(themes.typeId, rows.map((row) => row.id as number)));
        if (used && used.n > 0) throw conflict('theme.typeHasTemplates');
      },
    });
  }
  const timer = setInterval(
    () =>
      void publishDueVersions(db)
        .then(async () => notifyTargets(await closeExpiredSends(db)))
        .catch((error) => app.log.error(error)),
    DUE_CHECK_MS,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  registerThemeSends(app, db);

  /** Operation-log names (OPLOG_ACTIONS): the generic writes, and one per lifecycle action. */
  const LOG_ACTIONS = { create: 'create', update: 'update', delete: 'delete', publish: 'theme_publish', cancelPublish: 'theme_cancel_publish', lock: 'theme_lock', unlock: 'theme_unlock', cancelVersion: 'theme_version_cancel' } as const;
  const log = (tx: Db, request: FastifyRequest, action: keyof typeof LOG_ACTIONS, id: number, after?: unknown) =>
    writeOpLog(tx, actorOf(request), { action: LOG_ACTIONS[action], recordType: 'theme', recordId: id, after }, request.ip);

  app.get('/api/admin/theme', { schema: { tags, querystring: listQuery, summary: "Themes of the caller's reach (query: paging and filters)" }, config: auth('theme.read') }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as z.infer<typeof listQuery>;
    const where = and(themeReach(actor), q.status ? eq(themes.status, q.status) : undefined, ...themeFilters(q));
    const { rows, total } = await pageOfThemes(db, where, q);
    const shown = await shownOnHotel(db, actor, rows.map((row) => row.theme));
    return ok({ items: rows.map(({ theme, typeName }) => listItem(actor, theme, typeName, shown.has(theme.id))), total, page: q.page, pagesize: q.pagesize });
  });

  app.post('/api/admin/theme', { schema: { tags, body: createBody, summary: 'Creates a theme at the caller’s level with an empty draft' }, config: { ...auth('theme.create'), fields: FIELD_LABELS } }, async (request) => {
    const actor = actorOf(request);
    const body = request.body as z.infer<typeof createBody>;
    if (!(await typeExists(db, body.typeId))) throw invalidFields({ typeId: { key: 'theme.typeMissing' } });
    const draft = emptyDocument(body);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(themes)
        .values({ ...rowFields(draft), ...ownLevel(actor), draft, draftSavedBy: actor.name })
        .returning();
      await log(tx, request, 'create', created!.id, { id: created!.id, name: created!.name });
      return created!;
    });
    return ok(listItem(actor, row, null));
  });

  app.get('/api/admin/theme/:id', { schema: { tags, params: idParams, summary: 'A theme with its draft document' }, config: auth('theme.read') }, async (request) => {
    const actor = actorOf(request);
    const row = await visibleTheme(db, actor, (request.params as { id: number }).id);
    return ok({ ...listItem(actor, row, null), document: row.draft as ThemeDocument });
  });

  app.put(
    '/api/admin/theme/:id/draft',
    { schema: { tags, params: idParams, body: draftBody, summary: 'Saves the draft; a stale revision is refused naming who saved last' }, config: auth('theme.update') },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof draftBody>;
      const document = await checkedDraft(db, body.document);
      const saved = await db.transaction(async (tx) => {
        const row = await ownTheme(tx, actor, id);
        refuseLayoutChanges(row, document);
        if (row.draftRevision !== body.revision) throw conflict('theme.staleDraft', { name: row.draftSavedBy ?? '', at: row.draftSavedAt.toISOString() });
        const [updated] = await tx
          .update(themes)
          .set({ ...rowFields(document), draft: document, draftRevision: row.draftRevision + 1, draftSavedBy: actor.name, draftSavedAt: new Date() })
          .where(eq(themes.id, id))
          .returning();
        await recordMaterialUsage(tx, updated!);
        await log(tx, request, 'update', id, { revision: updated!.draftRevision });
        return updated!;
      });
      return ok({ ...listItem(actor, saved, null), document: saved.draft as ThemeDocument });
    },
  );

  app.delete('/api/admin/theme/:id', { schema: { tags, params: idParams, summary: 'Deletes a theme that is neither locked nor in use' }, config: auth('theme.delete') }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    await db.transaction(async (tx) => {
      const row = await ownTheme(tx, actor, id);
      if (row.status === 'sentAll' || row.status === 'sentPart') throw conflict('theme.inUse', { name: row.name });
      await setMaterialUsage(tx, { kind: 'theme', id, name: row.name }, []);
      await tx.delete(themes).where(eq(themes.id, id));
      await log(tx, request, 'delete', id, { id, name: row.name });
    });
    return ok(null);
  });

  app.post(
    '/api/admin/theme/:id/publish',
    { schema: { tags, params: idParams, body: publishBody, summary: 'Freezes the draft into a version, now or at a time' }, config: { ...auth(THEME_ACTIONS.publish.permission), fields: FIELD_LABELS } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const { publishAt } = request.body as z.infer<typeof publishBody>;
      const now = new Date();
      if (publishAt && publishAt <= now) throw invalidFields({ publishAt: { key: 'theme.publishAtPast' } });
      const version = await db.transaction(async (tx) => {
        const row = await ownTheme(tx, actor, id);
        assertAllowed('publish', row);
        const findings = await publishFindings(tx, ownerOf(row), row.draft);
        if (findings.length) throw new AppError('validation', 'theme.documentInvalid', { count: findings.length }, (lang) => findingErrors(findings, lang));
        const [last] = await tx.select({ n: max(themeVersions.number) }).from(themeVersions).where(eq(themeVersions.themeId, id));
        const [created] = await tx
          .insert(themeVersions)
          .values({
            themeId: id,
            number: (last?.n ?? 0) + 1,
            document: row.draft,
            state: publishAt ? 'pending' : 'published',
            publishAt: publishAt ?? null,
            publishedAt: publishAt ? null : now,
            publishedBy: actor.name,
          })
          .returning();
        // A sent theme stays sent: its TVs move to the new version.
        if (!publishAt && row.status === 'unpublished') await tx.update(themes).set({ status: 'published' }).where(eq(themes.id, id));
        await freezeVersion(tx, created!.id);
        await recordMaterialUsage(tx, row);
        await log(tx, request, 'publish', id, { version: created!.number, publishAt: publishAt ?? null });
        return created!;
      });
      if (!publishAt) notifyTargets(await liveTargets(db, [id]));
      return ok(versionItem(version, null));
    },
  );

  /** Lifecycle actions that only change the theme's row. */
  const rowActions: { path: string; action: 'cancelPublish' | 'lock' | 'unlock'; set: (row: ThemeRow) => Partial<ThemeRow> }[] = [
    { path: 'cancel-publish', action: 'cancelPublish', set: () => ({ status: 'unpublished' }) },
    { path: 'lock', action: 'lock', set: () => ({ locked: true }) },
    { path: 'unlock', action: 'unlock', set: () => ({ locked: false }) },
  ];
  for (const { path, action, set } of rowActions) {
    app.post(`/api/admin/theme/:id/${path}`, { schema: { tags, params: idParams, summary: `Theme action: ${action}` }, config: auth(THEME_ACTIONS[action].permission) }, async (request) => {
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const updated = await db.transaction(async (tx) => {
        const row = await visibleTheme(tx, actor, id, true);
        if (!owns(actor, row)) throw forbidden();
        assertAllowed(action, row);
        const [changed] = await tx.update(themes).set(set(row)).where(eq(themes.id, id)).returning();
        await log(tx, request, action, id, { status: changed!.status, locked: changed!.locked });
        return changed!;
      });
      return ok(listItem(actor, updated, null));
    });
  }

  const versionItem = (v: typeof themeVersions.$inferSelect, themeName: string | null) => ({
    id: v.id,
    themeId: v.themeId,
    themeName,
    number: v.number,
    state: v.state,
    publishAt: v.publishAt,
    publishedAt: v.publishedAt,
    publishedBy: v.publishedBy,
    createdAt: v.createdAt,
  });

  app.get('/api/admin/theme/versions', { schema: { tags, querystring: versionQuery, summary: "Versions of the caller's themes, newest first" }, config: auth('themeVersion.read') }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as z.infer<typeof versionQuery>;
    const where: SQL | undefined = and(themeReach(actor), q.themeId ? eq(themeVersions.themeId, q.themeId) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({ version: themeVersions, themeName: themes.name })
        .from(themeVersions)
        .innerJoin(themes, eq(themes.id, themeVersions.themeId))
        .where(where)
        .orderBy(desc(themeVersions.id))
        .limit(q.pagesize)
        .offset((q.page - 1) * q.pagesize),
      db.select({ n: count() }).from(themeVersions).innerJoin(themes, eq(themes.id, themeVersions.themeId)).where(where),
    ]);
    return ok({ items: rows.map(({ version, themeName }) => versionItem(version, themeName)), total: total?.n ?? 0, page: q.page, pagesize: q.pagesize });
  });

  app.get('/api/admin/theme/versions/:id', { schema: { tags, params: idParams, summary: 'A version with its frozen document' }, config: auth('themeVersion.read') }, async (request) => {
    const actor = actorOf(request);
    const [row] = await db
      .select({ version: themeVersions, themeName: themes.name })
      .from(themeVersions)
      .innerJoin(themes, eq(themes.id, themeVersions.themeId))
      .where(and(eq(themeVersions.id, (request.params as { id: number }).id), themeReach(actor)));
    if (!row) throw notFound();
    return ok({ ...versionItem(row.version, row.themeName), document: row.version.document });
  });

  app.post('/api/admin/theme/versions/:id/cancel', { schema: { tags, params: idParams, summary: 'Cancels a timed version not yet published' }, config: auth(THEME_ACTIONS.publish.permission) }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    const cancelled = await db.transaction(async (tx) => {
      const [found] = await tx.select().from(themeVersions).where(eq(themeVersions.id, id)).for('update');
      if (!found) throw notFound();
      const theme = await visibleTheme(tx, actor, found.themeId, true);
      if (!owns(actor, theme)) throw forbidden();
      if (found.state !== 'pending') throw conflict('theme.versionNotPending');
      const [changed] = await tx.update(themeVersions).set({ state: 'cancelled' }).where(eq(themeVersions.id, id)).returning();
      await recordMaterialUsage(tx, theme);
      await log(tx, request, 'cancelVersion', theme.id, { version: found.number });
      return { version: changed!, themeName: theme.name };
    });
    return ok(versionItem(cancelled.version, cancelled.themeName));
  });
}
