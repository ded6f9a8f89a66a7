import { idSchema, records, type FieldDef } from '@htv/shared';
import { MAC_PATTERN, normalizeMac } from '@htv/shared/areas/devices/protocol';
import { cancelSendBody, SCENE_EQUIPMENT, sendBody, THEME_ACTIONS, THEME_KINDS, type SendBody, type TerminalThemeExplanation, type ThemeAudience } from '@htv/shared/areas/themes/index';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { invalidateConfig } from '../devices/plugin.js';
import { writeOpLog } from '../oplog/log.js';
import { addThemeConfigPart } from './device.js';
import { themeCandidates } from './resolve.js';
import { themeVersions } from './schema.js';
import { cancelSends, closeExpiredSends, listSends, liveAllSend, notifyTargets, planSend, targetNames, themeAudience, writeSend, type SentTarget } from './sends.js';
import { isUniqueViolation } from '../../db/errors.js';
import { assertAllowed, owns, visibleTheme } from './service.js';

const tags = ['themes'];
const ALL = [1, 2, 3] as const;
const idParams = z.object({ id: idSchema });
const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const label = (kind: FieldDef['kind'], text: { 'zh-CN': string; 'en-US': string }): FieldDef => ({ kind, required: false, schema: z.unknown(), label: text });
const SEND_FIELDS: Record<string, FieldDef> = {
  target: label('choice', t('下发方式', 'Send to')),
  brandIds: label('text', t('品牌', 'Brands')),
  hotelIds: label('text', t('酒店', 'Hotels')),
  macs: label('text', t('MAC地址', 'MAC addresses')),
  durationSeconds: { ...label('int', t('展示时长', 'Show duration')), required: true, min: 60 },
};

const isAllSendTaken = (error: unknown) => isUniqueViolation(error, 'theme_sends_one_all_idx');

let installed = false;

/**
 * Sending themes (docs/themes.md "Sending"): send to all, brands, hotels or terminals by MAC, cancel,
 * the live sends of a theme, and why a terminal shows the theme it shows. Also adds the `theme` part
 * of the device configuration and keeps it current when a hotel's theme source changes.
 */
export function registerThemeSends(app: FastifyInstance, db: Db): void {
  if (!installed) {
    installed = true;
    addThemeConfigPart();
    // A hotel's theme source decides which sends reach it.
    addRecordHooks('hotel', {
      afterCommit(_ctx, change) {
        if (change.action === 'update') for (const row of change.rows) invalidateConfig({ hotelId: row.id as number });
      },
    });
  }

  const log = (tx: Db, request: FastifyRequest, action: 'theme_send' | 'theme_cancel_send', id: number, after: unknown) =>
    writeOpLog(tx, actorOf(request), { action, recordType: 'theme', recordId: id, after }, request.ip);

  /** The theme an action of the caller's applies to: visible, its own, in a state the action allows. */
  const actionable = async (tx: Db, actor: Actor, id: number, action: 'send' | 'cancelSend') => {
    const row = await visibleTheme(tx, actor, id, true);
    if (!owns(actor, row)) throw forbidden();
    assertAllowed(action, row);
    return row;
  };

  app.post(
    '/api/admin/theme/:id/send',
    {
      schema: { tags, params: idParams, body: sendBody, summary: 'Sends the theme to all, brands, hotels or terminals (MACs) for a show duration' },
      config: { auth: { userTypes: ALL, permission: THEME_ACTIONS.send.permission }, fields: SEND_FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const body = request.body as SendBody;
      // Sends that ended are closed first, in their own statement (an expired send to all frees its place).
      let touched: SentTarget[] = await closeExpiredSends(db);
      let kind = 'launcher';
      const result = await db
        .transaction(async (tx) => {
          const row = await actionable(tx, actor, id, 'send');
          kind = row.kind;
          const plan = await planSend(tx, actor, row, body);
          if (plan.kind === 'all') {
            const taken = await liveAllSend(tx, kind);
            if (taken) throw conflict('theme.allSendTaken', { name: taken.name });
          }
          const written = await writeSend(tx, actor, row, plan, body.durationSeconds);
          touched = [...touched, ...written];
          await log(tx, request, 'theme_send', id, { target: plan.kind, targets: plan.ids.length, durationSeconds: body.durationSeconds, ...plan.result });
          return plan.result;
        })
        .catch(async (error: unknown) => {
          // A concurrent send to all committed first: the partial unique index refused this one.
          if (!isAllSendTaken(error)) throw error;
          throw conflict('theme.allSendTaken', { name: (await liveAllSend(db, kind))?.name ?? '' });
        });
      notifyTargets(touched);
      return ok(result);
    },
  );

  app.post(
    '/api/admin/theme/:id/cancel-send',
    {
      schema: { tags, params: idParams, body: cancelSendBody, summary: "Cancels the theme's live sends of the caller's reach (or the ones named)" },
      config: { auth: { userTypes: ALL, permission: THEME_ACTIONS.cancelSend.permission } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const { sendIds } = request.body as z.infer<typeof cancelSendBody>;
      const cancelled = await db.transaction(async (tx) => {
        await actionable(tx, actor, id, 'cancelSend');
        const done = await cancelSends(tx, actor, id, sendIds);
        await log(tx, request, 'theme_cancel_send', id, { sendIds: done.ids });
        return done;
      });
      notifyTargets(cancelled.targets);
      return ok({ cancelled: cancelled.ids.length });
    },
  );

  app.get('/api/admin/theme/:id/sends', { schema: { tags, params: idParams, summary: "The theme's live sends of the caller's reach" }, config: { auth: { userTypes: ALL, permission: 'theme.read' } } }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params as { id: number };
    await visibleTheme(db, actor, id);
    return ok(await listSends(db, actor, id, request.lang));
  });

  app.get(
    '/api/admin/theme/:id/audience',
    { schema: { tags, params: idParams, summary: 'Where the theme is live now in the caller’s reach: TVs showing it, their hotels, the version they show' }, config: { auth: { userTypes: ALL, permission: 'theme.read' } } },
    async (request) => {
      const actor = actorOf(request);
      const row = await visibleTheme(db, actor, (request.params as { id: number }).id);
      const [audience, [live]] = await Promise.all([
        themeAudience(db, actor, row),
        db
          .select({ id: themeVersions.id, number: themeVersions.number })
          .from(themeVersions)
          .where(and(eq(themeVersions.themeId, row.id), eq(themeVersions.state, 'published')))
          .orderBy(desc(themeVersions.number))
          .limit(1),
      ]);
      return ok({ ...audience, liveVersion: live ?? null } satisfies ThemeAudience);
    },
  );

  const macQuery = z.object({ mac: z.string().max(40), kind: z.enum(THEME_KINDS).default('launcher') });
  app.get(
    '/api/admin/theme/resolution',
    { schema: { tags, querystring: macQuery, summary: 'Why a terminal shows its theme: the winning send and the ones it outranked' }, config: { auth: { userTypes: ALL, permission: 'terminal.read' } } },
    async (request) => {
      const actor = actorOf(request);
      const query = request.query as z.infer<typeof macQuery>;
      const mac = normalizeMac(query.mac);
      if (!MAC_PATTERN.test(mac)) throw notFound();
      const terminals = recordTables.terminal!;
      const [terminal] = await db
        .select({ id: terminals.id, mac: terminals.mac, sceneMode: terminals.sceneMode, authorization: terminals.authorization })
        .from(terminals)
        .where(and(eq(terminals.mac, mac), tenantFilter(records.terminal, terminals, actor)));
      if (!terminal) throw notFound();
      const candidates = await themeCandidates(db, terminal.id as number, query.kind);
      const name = await targetNames(db, candidates.map((c) => ({ kind: c.targetKind, id: c.targetId })), request.lang);
      const winner = candidates[0];
      const answer: TerminalThemeExplanation = {
        terminalId: terminal.id as number,
        mac: terminal.mac as string,
        sceneMode: terminal.sceneMode as string,
        authorization: terminal.authorization as string,
        equipmentType: SCENE_EQUIPMENT[terminal.sceneMode as string] ?? null,
        theme: winner ? { id: winner.themeId, name: winner.themeName, version: winner.version, versionId: winner.versionId } : null,
        candidates: candidates.map((c, i) => ({
          sendId: c.sendId,
          rank: c.rank,
          themeId: c.themeId,
          themeName: c.themeName,
          version: c.version,
          targetKind: c.targetKind,
          targetId: c.targetId,
          targetName: name({ kind: c.targetKind, id: c.targetId }),
          sentBy: c.sentBy,
          startAt: c.startAt.toISOString(),
          endAt: c.endAt.toISOString(),
          winner: i === 0,
        })),
      };
      return ok(answer);
    },
  );
}
