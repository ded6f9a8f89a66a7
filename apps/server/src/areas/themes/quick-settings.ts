import { idSchema, type MessageKey } from '@htv/shared';
import { blockQuickSetKeys, CONTAINER_QUICK_SET_KEYS, type ThemeBlock, type ThemeContainer, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, forbidden, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { ownLevel } from '../../tenancy/scope.js';
import { writeOpLog } from '../oplog/log.js';
import { themes, themeVersions } from './schema.js';
import { checkedDraft, owns, recordMaterialUsage, rowFields, visibleTheme, type ThemeRow } from './service.js';
import { insertTheme } from './transfer.js';

/**
 * Quick settings (/themes/themes_tag_setting/:tid, docs/themes.md "Quick settings"): the containers and
 * blocks of a theme that carry a quick-settings tag, and saving only their quick-set attributes (a
 * block type's own properties, a container's name). The owner of a theme changes its draft. A hotel
 * changes a brand template it is shared through its own override: a hotel theme whose document names
 * the brand template (`theme.baseThemeId`) and is the brand template with the hotel's tagged values;
 * its layout is the brand's and is refused anywhere else (`refuseLayoutChanges`).
 */

const tags = ['themes'];
const ALL = [1, 2, 3] as const;

const listQuery = z.object({
  theme_id: idSchema,
  page_id: z.string().max(40).optional(),
  attr_tag: z.string().min(1).max(40),
});
const change = z.strictObject({ key: z.string().min(1).max(40), attrs: z.record(z.string().max(40), z.unknown()) });
const updateBody = z.strictObject({ theme_id: idSchema, blocks: z.array(change).max(500).default([]), containers: z.array(change).max(500).default([]) });

interface Part {
  kind: 'container' | 'block';
  key: string;
  pageKey: string;
  containerKey: string;
  attrTag: string | undefined;
  /** The part itself, in the document it was found in. */
  node: Record<string, unknown>;
  quickSet: string[];
}

/** Every container and block of a document with its page, its effective tag (a block inherits its container's) and its quick-set attributes. */
function partsOf(doc: ThemeDocument): Part[] {
  const parts: Part[] = [];
  for (const layout of doc.layouts)
    for (const page of layout.pages)
      for (const container of page.containers) {
        const c = container as ThemeContainer & { attrTag?: string };
        parts.push({ kind: 'container', key: c.key, pageKey: page.key, containerKey: c.key, attrTag: c.attrTag, node: c as unknown as Record<string, unknown>, quickSet: [...CONTAINER_QUICK_SET_KEYS] });
        for (const block of c.blocks as ThemeBlock[]) {
          parts.push({ kind: 'block', key: block.key, pageKey: page.key, containerKey: c.key, attrTag: (block.attrTag as string | undefined) ?? c.attrTag, node: block, quickSet: blockQuickSetKeys(block.type) });
        }
      }
  return parts;
}

const pick = (node: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => node[k] !== undefined).map((k) => [k, node[k]]));

/**
 * `onto` with the quick-set attributes of its tagged parts taken from `from` (by key, same kind and
 * type): how a hotel's values follow a brand template whose layout changed.
 */
export function carryQuickSet(from: ThemeDocument, onto: ThemeDocument): ThemeDocument {
  const result = structuredClone(onto);
  const source = new Map(partsOf(from).map((part) => [`${part.kind}:${part.key}`, part]));
  for (const part of partsOf(result)) {
    const given = source.get(`${part.kind}:${part.key}`);
    if (!part.attrTag || !given || given.node.type !== part.node.type) continue;
    for (const key of part.quickSet) {
      if (given.node[key] === undefined) delete part.node[key];
      else part.node[key] = structuredClone(given.node[key]);
    }
  }
  return result;
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * The draft save's guard: a template's kind and its link to the brand template are never set or
 * changed by a save (422), and an override's document may differ from what it was only in quick-set attributes of
 * tagged parts (403: the layout belongs to the brand).
 */
export function refuseLayoutChanges(row: ThemeRow, next: ThemeDocument): void {
  const before = row.draft as ThemeDocument;
  if (row.kind !== next.theme.kind) throw invalidFields({ 'theme.kind': { key: 'theme.kindFixed' } });
  if (before.theme.baseThemeId !== next.theme.baseThemeId) throw invalidFields({ 'theme.baseThemeId': { key: 'theme.baseThemeFixed' } });
  if (before.theme.baseThemeId === undefined) return;
  if (!isDeepStrictEqual(plain(carryQuickSet(next, before)), plain(next))) throw new AppError('forbidden', 'theme.layoutFixed');
}

/** The document a brand template offers its hotels: its latest published version, else its draft. */
async function baseDocument(db: Db, base: ThemeRow): Promise<ThemeDocument> {
  const [version] = await db
    .select({ document: themeVersions.document })
    .from(themeVersions)
    .where(and(eq(themeVersions.themeId, base.id), eq(themeVersions.state, 'published')))
    .orderBy(desc(themeVersions.number))
    .limit(1);
  return (version?.document ?? base.draft) as ThemeDocument;
}

/** What quick settings of theme `id` edit for the actor: the theme's own draft, or a hotel's override of a brand template. */
async function quickSetTarget(db: Db, actor: Actor, id: number, forUpdate: boolean): Promise<{ own: ThemeRow } | { base: ThemeRow; baseDoc: ThemeDocument; override: ThemeRow | undefined }> {
  const row = await visibleTheme(db, actor, id, forUpdate);
  if (owns(actor, row)) return { own: row };
  // Only a hotel of the brand, on a template the brand shares: the platform's public ones are copied instead.
  if (actor.userType !== 3 || actor.hotelId === null || row.brandId !== actor.brandId || row.hotelId !== null) throw forbidden();
  const query = db
    .select()
    .from(themes)
    .where(and(eq(themes.hotelId, actor.hotelId), sql`(${themes.draft}->'theme'->>'baseThemeId')::int = ${row.id}`))
    .orderBy(themes.id)
    .limit(1);
  const [override] = forUpdate ? await query.for('update') : await query;
  return { base: row, baseDoc: await baseDocument(db, row), override };
}

/** The document quick settings show and change: an override rebased on the brand template's current document. */
function currentDocument(target: Awaited<ReturnType<typeof quickSetTarget>>): ThemeDocument {
  if ('own' in target) return target.own.draft as ThemeDocument;
  return target.override ? carryQuickSet(target.override.draft as ThemeDocument, target.baseDoc) : target.baseDoc;
}

/** Applies the requested changes to `doc`, refusing untagged parts and attributes quick settings do not change (422 on the request's path). */
function applyChanges(doc: ThemeDocument, body: z.infer<typeof updateBody>): ThemeDocument {
  const result = structuredClone(doc);
  const parts = new Map(partsOf(result).map((part) => [`${part.kind}:${part.key}`, part]));
  const errors: Record<string, { key: MessageKey; params?: Record<string, unknown> }> = {};
  for (const kind of ['block', 'container'] as const) {
    for (const [i, item] of body[kind === 'block' ? 'blocks' : 'containers'].entries()) {
      const path = `${kind}s.${i}`;
      const part = parts.get(`${kind}:${item.key}`);
      if (!part) errors[`${path}.key`] = { key: 'theme.partMissing', params: { key: item.key } };
      else if (!part.attrTag) errors[`${path}.key`] = { key: 'theme.notTagged', params: { key: item.key } };
      else
        for (const [attr, value] of Object.entries(item.attrs)) {
          if (!part.quickSet.includes(attr)) errors[`${path}.attrs.${attr}`] = { key: 'theme.notQuickSettable', params: { attr } };
          else if (value === null) delete part.node[attr];
          else part.node[attr] = value;
        }
    }
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
  return result;
}

export function registerQuickSettings(app: FastifyInstance, db: Db): void {
  app.get(
    '/api/admin/container/get_list_by_tag',
    { schema: { tags, querystring: listQuery, summary: 'Containers and blocks of a theme (one page, or all) carrying a quick-settings tag, with their quick-set attributes' }, config: { auth: { userTypes: ALL, permission: 'theme.read' } } },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query as z.infer<typeof listQuery>;
      const target = await quickSetTarget(db, actor, q.theme_id, false);
      const parts = partsOf(currentDocument(target)).filter((part) => part.attrTag === q.attr_tag && (!q.page_id || part.pageKey === q.page_id));
      const answer = (kind: Part['kind']) =>
        parts
          .filter((part) => part.kind === kind)
          .map((part) => ({ key: part.key, type: part.node.type, name: part.node.name, pageKey: part.pageKey, containerKey: part.containerKey, attrTag: part.attrTag, attrNames: part.quickSet, attrs: pick(part.node, part.quickSet) }));
      return ok({
        themeId: 'own' in target ? target.own.id : (target.override?.id ?? null),
        baseThemeId: 'own' in target ? null : target.base.id,
        containers: answer('container'),
        blocks: answer('block'),
      });
    },
  );

  app.post(
    '/api/admin/theme/update_contents',
    { schema: { tags, body: updateBody, summary: 'Saves only the quick-set attributes of tagged containers and blocks' }, config: { auth: { userTypes: ALL, permission: 'theme.update' } } },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as z.infer<typeof updateBody>;
      const saved = await db.transaction(async (tx) => {
        const target = await quickSetTarget(tx, actor, body.theme_id, true);
        const edited = applyChanges(currentDocument(target), body);
        const log = (row: ThemeRow) => writeOpLog(tx, actor, { action: 'theme_quick_set', recordType: 'theme', recordId: row.id, after: { blocks: body.blocks.map((b) => b.key), containers: body.containers.map((c) => c.key) } }, request.ip);
        if ('own' in target) {
          if (target.own.locked) throw conflict('theme.locked', { name: target.own.name });
          return save(tx, actor, target.own, await checkedDraft(tx, edited), log);
        }
        const document = await checkedDraft(tx, { ...edited, theme: { ...edited.theme, baseThemeId: target.base.id, visibility: 'private' } });
        if (target.override) {
          if (target.override.locked) throw conflict('theme.locked', { name: target.override.name });
          return save(tx, actor, target.override, document, log);
        }
        const created = await insertTheme(tx, request, ownLevel(actor), document, 'create', { from: target.base.id });
        await log(created);
        return created;
      });
      return ok({ themeId: saved.id, draftRevision: saved.draftRevision, baseThemeId: (saved.draft as ThemeDocument).theme.baseThemeId ?? null });
    },
  );
}

async function save(tx: Db, actor: Actor, row: ThemeRow, document: ThemeDocument, log: (row: ThemeRow) => Promise<void>): Promise<ThemeRow> {
  const [updated] = await tx
    .update(themes)
    .set({ ...rowFields(document), draft: document, draftRevision: row.draftRevision + 1, draftSavedBy: actor.name, draftSavedAt: new Date() })
    .where(eq(themes.id, row.id))
    .returning();
  await recordMaterialUsage(tx, updated!);
  await log(updated!);
  return updated!;
}
