import { issueMessage, translate, type Lang } from '@htv/shared';
import { THEME_ACTIONS, THEME_STATES, themeDocument, type ThemeActionName, type ThemeDocument, type ThemeStatus } from '@htv/shared/areas/themes/index';
import { and, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { can, type Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Owner } from '../../tenancy/scope.js';
import { materialsUsableBy, setMaterialUsage } from '../material/service.js';
import { materialsOf, structuralFindings, type Finding } from './check.js';
import { LIVE_SEND } from './resolve.js';
import { liveTargets, notifyTargets } from './sends.js';
import { themes, themeVersions } from './schema.js';

export type ThemeRow = typeof themes.$inferSelect;

/**
 * Themes the actor sees: the platform all; a brand its own and its hotels', plus the platform's public
 * ones; a hotel its own, its brand's and the platform's public ones ("what the brand shares"), and
 * those its TVs show now (`liveOnHotel`: a brand's private template sent to it is shown, read-only).
 */
export function themeReach(actor: Actor): SQL | undefined {
  if (actor.userType === 1) return undefined;
  const platformPublic = and(isNull(themes.brandId), eq(themes.visibility, 'public'));
  if (actor.brandId === null) return sql`false`;
  if (actor.userType === 2) return or(eq(themes.brandId, actor.brandId), platformPublic);
  if (actor.hotelId === null) return sql`false`;
  const brandPublic = and(eq(themes.brandId, actor.brandId), isNull(themes.hotelId), eq(themes.visibility, 'public'));
  return or(eq(themes.hotelId, actor.hotelId), brandPublic, platformPublic, liveOnHotel(actor.hotelId, actor.brandId));
}

/**
 * A theme with a live send that reaches the hotel as resolution decides it (docs/themes.md
 * "Resolution"): to the hotel or one of its terminals, or, unless the hotel takes its own templates
 * only, to all or to its brand.
 */
export function liveOnHotel(hotelId: number, brandId: number): SQL {
  return sql`exists (
    select 1 from theme_sends s join hotels h on h.id = ${hotelId}
     where s.theme_id = ${themes.id} and ${LIVE_SEND}
       and ((s.target_kind = 'hotel' and s.target_id = ${hotelId})
            or (s.target_kind = 'terminal' and s.target_id in (select t.id from terminals t where t.hotel_id = ${hotelId}))
            or (h.theme_source <> 'hotel' and (s.target_kind = 'all' or (s.target_kind = 'brand' and s.target_id = ${brandId})))))`;
}

/** Themes the actor changes: those of its own reach; shared ones are used, never changed, from below. */
export function owns(actor: Actor, row: Pick<ThemeRow, 'brandId' | 'hotelId'>): boolean {
  if (actor.userType === 1) return true;
  if (actor.userType === 2) return actor.brandId !== null && row.brandId === actor.brandId;
  return actor.hotelId !== null && row.hotelId === actor.hotelId;
}

/** A theme the actor sees, or 404 (another tenant's theme is not known to exist). */
export async function visibleTheme(db: Db, actor: Actor, id: number, forUpdate = false): Promise<ThemeRow> {
  const query = db.select().from(themes).where(and(eq(themes.id, id), themeReach(actor)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A theme the actor may change: visible, its own, and not locked (spec §4: a locked theme is frozen). */
export async function ownTheme(db: Db, actor: Actor, id: number): Promise<ThemeRow> {
  const row = await visibleTheme(db, actor, id, true);
  if (!owns(actor, row)) throw forbidden();
  if (row.locked) throw conflict('theme.locked', { name: row.name });
  return row;
}

/** Lifecycle actions the actor may take on a theme now: its permission, ownership and the row's state. */
export function allowedActions(actor: Actor, row: ThemeRow): ThemeActionName[] {
  if (!owns(actor, row)) return [];
  return (Object.keys(THEME_ACTIONS) as ThemeActionName[]).filter((name) => can(actor, THEME_ACTIONS[name].permission) && actionAllowed(name, row));
}

function actionAllowed(name: ThemeActionName, row: ThemeRow): boolean {
  if (!(THEME_ACTIONS[name].from as readonly string[]).includes(row.status)) return false;
  if (name === 'unlock') return row.locked;
  return !row.locked;
}

/** Refuses an action from a state it is not allowed from (409 naming the state and the action). */
export function assertAllowed(name: ThemeActionName, row: ThemeRow): void {
  if (actionAllowed(name, row)) return;
  if (row.locked && name !== 'unlock') throw conflict('theme.locked', { name: row.name });
  throw conflict('theme.wrongState', { state: THEME_STATES[row.locked ? 'locked' : (row.status as ThemeStatus)], action: THEME_ACTIONS[name].label });
}

/** Findings as field errors: one list of translated messages per path. */
export function findingErrors(findings: Finding[], lang: Lang): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const finding of findings) (out[finding.path] ??= []).push(translate(finding.key, lang, finding.params));
  return out;
}

const pathLabel = (path: string) => ({ 'zh-CN': path, 'en-US': path });

/**
 * A draft as sent by an editor, checked by the schema and the structure: 422 with messages on the
 * paths concerned, so the editor shows them on the blocks.
 */
export async function checkedDraft(db: Db, input: unknown): Promise<ThemeDocument> {
  const parsed = themeDocument.safeParse(input);
  if (!parsed.success) {
    throw new AppError('validation', 'error.validation', undefined, (lang) => {
      const out: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.') || 'document';
        const value = issue.path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), input);
        (out[path] ??= []).push(issueMessage(issue, { label: pathLabel(path), kind: 'text' }, value, lang));
      }
      return out;
    });
  }
  const findings = structuralFindings(parsed.data);
  const typeId = parsed.data.theme.typeId;
  if (typeId !== null) {
    const types = recordTables.themeType!;
    const [type] = await db.select({ id: types.id }).from(types).where(eq(types.id, typeId));
    if (!type) findings.push({ path: 'theme.typeId', key: 'theme.typeMissing' });
  }
  if (findings.length) throw new AppError('validation', 'error.validation', undefined, (lang) => findingErrors(findings, lang));
  return parsed.data;
}

/** The row columns that mirror the document's theme fields (lists filter and sort on them). */
export const rowFields = (doc: ThemeDocument) => ({
  name: doc.theme.name,
  kind: doc.theme.kind,
  typeId: doc.theme.typeId,
  equipmentType: doc.theme.equipmentType,
  visibility: doc.theme.visibility,
});

/** The filters the template lists share: a name part, a category, an equipment type, a kind. */
export function themeFilters(q: { name?: string; typeId?: number; equipmentType?: string; kind?: string }): SQL[] {
  return [
    q.kind ? eq(themes.kind, q.kind) : undefined,
    q.name ? ilike(themes.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    q.typeId ? eq(themes.typeId, q.typeId) : undefined,
    q.equipmentType ? eq(themes.equipmentType, q.equipmentType) : undefined,
  ].filter((part): part is SQL => !!part);
}

/** A page of the themes matching `where`, newest first, with their category names, and how many match. */
export async function pageOfThemes(db: Db, where: SQL | undefined, paging: { page: number; pagesize: number }) {
  const types = recordTables.themeType!;
  const [rows, [total]] = await Promise.all([
    db
      .select({ theme: themes, typeName: types.name })
      .from(themes)
      .leftJoin(types, eq(types.id, themes.typeId))
      .where(where)
      .orderBy(desc(themes.id))
      .limit(paging.pagesize)
      .offset((paging.page - 1) * paging.pagesize),
    db.select({ n: count() }).from(themes).where(where),
  ]);
  return { rows: rows.map((row) => ({ theme: row.theme, typeName: row.typeName as string | null })), total: total?.n ?? 0 };
}

export const ownerOf = (row: Pick<ThemeRow, 'brandId' | 'hotelId'>): Owner => ({ brandId: row.brandId, hotelId: row.hotelId });

/**
 * Records the materials a theme uses (its draft and every version not cancelled) in the material
 * library's usage table, so a material in use cannot be deleted. Ids the owner may not use are left
 * out: publishing refuses them anyway.
 */
export async function recordMaterialUsage(db: Db, row: ThemeRow): Promise<void> {
  const versions = await db.select({ document: themeVersions.document }).from(themeVersions).where(and(eq(themeVersions.themeId, row.id), ne(themeVersions.state, 'cancelled')));
  const ids = new Set(materialsOf(row.draft as ThemeDocument));
  for (const version of versions) for (const id of materialsOf(version.document as ThemeDocument)) ids.add(id);
  const { usable } = ids.size ? await materialsUsableBy(db, ownerOf(row), [...ids]) : { usable: [] };
  await setMaterialUsage(db, { kind: 'theme', id: row.id, name: row.name }, usable.map((material) => material.id));
}

/**
 * Publishes the timed versions that are due: each becomes published and its theme, if unpublished,
 * published; the TVs its live sends reach are told. Run by the periodic job; returns the versions
 * published.
 */
export async function publishDueVersions(db: Db, now = new Date()): Promise<number> {
  const themeIds = await db.transaction(async (tx) => {
    const due = await tx
      .update(themeVersions)
      .set({ state: 'published', publishedAt: now })
      .where(and(eq(themeVersions.state, 'pending'), lte(themeVersions.publishAt, now)))
      .returning({ themeId: themeVersions.themeId });
    if (due.length) {
      await tx
        .update(themes)
        .set({ status: 'published' })
        .where(and(inArray(themes.id, [...new Set(due.map((v) => v.themeId))]), eq(themes.status, 'unpublished')));
    }
    return due.map((v) => v.themeId);
  });
  // Terminals showing a theme that got a new version fetch it.
  notifyTargets(await liveTargets(db, [...new Set(themeIds)]));
  return themeIds.length;
}
