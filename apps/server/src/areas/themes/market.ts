import { idSchema, pagingShape } from '@htv/shared';
import { EQUIPMENT_TYPES, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can, type Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { ownLevel, type Owner } from '../../tenancy/scope.js';
import { materialsUsableBy, type MaterialInfo } from '../material/service.js';
import { themes, themeVersions } from './schema.js';
import { ownerOf, pageOfThemes, themeFilters } from './service.js';
import { freshDocument, insertTheme, themeAnswer } from './transfer.js';

/**
 * The template market (/template/shop, docs/themes.md "The template market"): public templates the
 * platform publishes for everyone and a brand for its hotels, in public categories (or none), that have
 * a published version and are not withdrawn. "Use" copies the latest published version into a new
 * draft theme of the caller's level.
 */

const tags = ['themes'];
const MARKET = { userTypes: [2, 3] as const, permission: 'templateShop.read' };

const listQuery = z.object({
  ...pagingShape(),
  name: z.string().max(30).optional(),
  typeId: idSchema.optional(),
  equipmentType: z.enum(EQUIPMENT_TYPES).optional(),
});
const idParams = z.object({ id: idSchema });
const useBody = z.strictObject({ name: z.string().trim().min(1).max(30).optional() });
const FIELDS = { name: { kind: 'text' as const, required: false, min: 1, max: 30, schema: z.unknown(), label: { 'zh-CN': '模板名称', 'en-US': 'Template name' } } };

/** Market templates for a brand (the platform's) or a hotel (the platform's and its brand's). */
function marketReach(actor: Actor): SQL {
  const platform = isNull(themes.brandId);
  const shared = actor.userType === 3 && actor.brandId !== null ? or(platform, and(eq(themes.brandId, actor.brandId), isNull(themes.hotelId))) : platform;
  const types = recordTables.themeType!;
  return and(
    shared,
    // Welcome templates have no screen below the platform (docs/themes.md "Welcome templates").
    eq(themes.kind, 'launcher'),
    eq(themes.visibility, 'public'),
    ne(themes.status, 'unpublished'),
    or(isNull(themes.typeId), sql`exists (select 1 from ${types} where ${types.id} = ${themes.typeId} and ${types.permission} = 'public')`),
    sql`exists (select 1 from ${themeVersions} where ${themeVersions.themeId} = ${themes.id} and ${themeVersions.state} = 'published')`,
  )!;
}

/** The latest published version of each theme. */
async function latestVersions(db: Db, ids: number[]): Promise<Map<number, { number: number; document: ThemeDocument; publishedAt: Date | null }>> {
  const rows = ids.length
    ? await db.select().from(themeVersions).where(and(inArray(themeVersions.themeId, ids), eq(themeVersions.state, 'published'))).orderBy(desc(themeVersions.number))
    : [];
  const latest = new Map<number, { number: number; document: ThemeDocument; publishedAt: Date | null }>();
  for (const row of rows) if (!latest.has(row.themeId)) latest.set(row.themeId, { number: row.number, document: row.document as ThemeDocument, publishedAt: row.publishedAt });
  return latest;
}

/**
 * The preview pictures of each listed template that its owner may use: one look-up per distinct owner
 * (the market's templates come from the platform and a few brands), not one per template.
 */
async function previewsByOwner(db: Db, wanted: readonly { owner: Owner; ids: readonly number[] }[]): Promise<{ url: string; thumbnailUrl: string }[][]> {
  const byOwner = new Map<string, { owner: Owner; ids: Set<number> }>();
  for (const { owner, ids } of wanted) {
    const key = `${owner.brandId}:${owner.hotelId}`;
    const entry = byOwner.get(key) ?? byOwner.set(key, { owner, ids: new Set() }).get(key)!;
    for (const id of ids) entry.ids.add(id);
  }
  const found = new Map<string, Map<number, MaterialInfo>>();
  for (const [key, { owner, ids }] of byOwner) {
    const { usable } = ids.size ? await materialsUsableBy(db, owner, [...ids]) : { usable: [] };
    found.set(key, new Map(usable.map((material) => [material.id, material])));
  }
  return wanted.map(({ owner, ids }) =>
    ids
      .map((id) => found.get(`${owner.brandId}:${owner.hotelId}`)!.get(id))
      .filter((material): material is MaterialInfo => !!material)
      .map((material) => ({ url: material.url, thumbnailUrl: material.thumbnailUrl ?? material.url })),
  );
}

export function registerThemeMarket(app: FastifyInstance, db: Db): void {
  app.get('/api/admin/template/shop', { schema: { tags, querystring: listQuery, summary: 'Templates of the market: name, category, publisher, version and preview images' }, config: { auth: MARKET } }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as z.infer<typeof listQuery>;
    const types = recordTables.themeType!;
    const where = and(marketReach(actor), ...themeFilters(q));
    const [{ rows, total }, categories] = await Promise.all([
      pageOfThemes(db, where, q),
      // The category filter offers the categories the caller's market has.
      db.selectDistinct({ id: types.id, name: types.name }).from(themes).innerJoin(types, eq(types.id, themes.typeId)).where(marketReach(actor)).orderBy(types.name),
    ]);
    const versions = await latestVersions(db, rows.map((row) => row.theme.id));
    const previews = await previewsByOwner(db, rows.map(({ theme }) => ({ owner: ownerOf(theme), ids: versions.get(theme.id)!.document.theme.previewMaterialIds })));
    const items = rows.map(({ theme, typeName }, index) => {
      const version = versions.get(theme.id)!;
      return {
        id: theme.id,
        name: theme.name,
        typeId: theme.typeId,
        typeName,
        equipmentType: theme.equipmentType,
        publisher: theme.brandId === null ? 'platform' : 'brand',
        version: version.number,
        publishedAt: version.publishedAt,
        previews: previews[index]!,
      };
    });
    return ok({ items, total, page: q.page, pagesize: q.pagesize, categories });
  });

  app.post(
    '/api/admin/template/shop/:id/use',
    { schema: { tags, params: idParams, body: useBody, summary: "Copies a market template's latest published version into a new draft theme of the caller" }, config: { auth: MARKET, fields: FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      if (!can(actor, 'theme.create')) throw forbidden();
      const { id } = request.params as { id: number };
      const [theme] = await db.select().from(themes).where(and(eq(themes.id, id), marketReach(actor)));
      if (!theme) throw notFound();
      const version = (await latestVersions(db, [id])).get(id)!;
      const document = freshDocument(version.document, (request.body as { name?: string }).name);
      const row = await db.transaction((tx) => insertTheme(tx, request, ownLevel(actor), document, 'theme_market_use', { from: id }));
      return ok(themeAnswer(row));
    },
  );
}
