import { records, type Lang } from '@htv/shared';
import { SCENE_EQUIPMENT, type SendBody, type SendItem, type SendResult, type SendTarget, type ThemeAudience, type ThemeKind } from '@htv/shared/areas/themes/index';
import { MAC_PATTERN, normalizeMac } from '@htv/shared/areas/devices/protocol';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { conflict, invalidFields, notFound } from '../../http/errors.js';
import { titleSql } from '../../records/engine.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { invalidateConfig, type ConfigTarget } from '../devices/plugin.js';
import { resolveThemes } from './resolve.js';
import { themes, themeSends } from './schema.js';
import type { ThemeRow } from './service.js';

/** A send's target as the configuration registry is told about it. */
export interface SentTarget {
  kind: SendTarget;
  id: number | null;
}

/**
 * Tells the TVs a change of sends concerns, with the narrowest scope: the terminals, hotels or brands
 * named (pushed at once), or every TV's stamp for a send to all (learnt over one heartbeat).
 */
export function notifyTargets(targets: readonly SentTarget[]): void {
  if (targets.some((t) => t.kind === 'all')) return invalidateConfig({ all: true });
  const terminalIds = new Set<number>();
  const scopes = new Map<string, ConfigTarget>();
  for (const { kind, id } of targets) {
    if (id === null) continue;
    if (kind === 'terminal') terminalIds.add(id);
    else scopes.set(`${kind}:${id}`, kind === 'hotel' ? { hotelId: id } : { brandId: id });
  }
  if (terminalIds.size) invalidateConfig({ terminalIds: [...terminalIds] });
  for (const target of scopes.values()) invalidateConfig(target);
}

/** The live sends of themes, as targets to notify (a new version of a sent theme reaches them). */
export async function liveTargets(db: Db, themeIds: readonly number[]): Promise<SentTarget[]> {
  if (!themeIds.length) return [];
  const rows = await db
    .select({ kind: themeSends.targetKind, id: themeSends.targetId })
    .from(themeSends)
    .where(and(inArray(themeSends.themeId, [...themeIds]), isNull(themeSends.cancelledAt)));
  return rows.map((r) => ({ kind: r.kind as SendTarget, id: r.id }));
}

/**
 * Sets each theme's status from its live sends: sent to all, sent to part, or back to published when
 * none is left.
 */
export async function refreshSendStatus(db: Db, themeIds: readonly number[]): Promise<void> {
  if (!themeIds.length) return;
  await db.execute(sql`
    update themes th set status = case
        when exists (select 1 from theme_sends s where s.theme_id = th.id and s.cancelled_at is null and s.target_kind = 'all') then 'sentAll'
        when exists (select 1 from theme_sends s where s.theme_id = th.id and s.cancelled_at is null) then 'sentPart'
        when th.status in ('sentAll', 'sentPart') then 'published'
        else th.status end
     where th.id = any(${sql.param([...new Set(themeIds)])}::int[])`);
}

/**
 * Closes the sends whose show duration is over (`cancelled_at` = their end, no canceller), sets their
 * themes' status and answers their targets. Run by the periodic job and before every send (outside
 * its transaction), so an expired send to all frees its place.
 */
export async function closeExpiredSends(db: Db): Promise<SentTarget[]> {
  const closed = await db.execute(sql`
    update theme_sends s set cancelled_at = s.start_at + make_interval(secs => s.duration_seconds)
     where s.cancelled_at is null and s.start_at + make_interval(secs => s.duration_seconds) <= now()
    returning s.theme_id, s.target_kind, s.target_id`);
  const rows = (closed as unknown as { rows: { theme_id: number; target_kind: SendTarget; target_id: number | null }[] }).rows;
  await refreshSendStatus(db, rows.map((r) => r.theme_id));
  return rows.map((r) => ({ kind: r.target_kind, id: r.target_id }));
}

/** Sends a caller sees and cancels: the platform every one, a brand its own and its hotels', a hotel its own. */
export function sendReach(actor: Actor): SQL | undefined {
  if (actor.userType === 1) return undefined;
  if (actor.userType === 2) return actor.brandId === null ? sql`false` : eq(themeSends.brandId, actor.brandId);
  return actor.hotelId === null ? sql`false` : eq(themeSends.hotelId, actor.hotelId);
}

interface HotelRow {
  id: number;
  brandId: number;
  themeSource: string;
}

/**
 * Whether a send of this theme by this actor reaches a hotel: the hotel lies within the theme owner's
 * reach, and a hotel that takes its own templates only (`themeSource` hotel) takes sends of its own.
 */
function hotelTakes(theme: ThemeRow, actor: Actor, hotel: HotelRow | null): boolean {
  if (!hotel) return theme.brandId === null;
  if (theme.brandId !== null && hotel.brandId !== theme.brandId) return false;
  if (theme.hotelId !== null && hotel.id !== theme.hotelId) return false;
  return hotel.themeSource !== 'hotel' || actor.userType === 3;
}

async function hotelRows(db: Db, where: SQL | undefined): Promise<HotelRow[]> {
  return db.select({ id: hotels.id, brandId: hotels.brandId, themeSource: hotels.themeSource }).from(hotels).where(where);
}

/** Hotels a caller names, all inside its reach, or 404 (another tenant's hotel is not known to exist). */
async function reachableHotels(db: Db, actor: Actor, ids: readonly number[]): Promise<HotelRow[]> {
  const unique = [...new Set(ids)];
  const reach = actor.userType === 1 ? undefined : actor.userType === 2 ? eq(hotels.brandId, actor.brandId ?? -1) : eq(hotels.id, actor.hotelId ?? -1);
  const rows = await hotelRows(db, and(inArray(hotels.id, unique), reach));
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** What a send writes: one row per target id (null: the send to all) and the answer's counts. */
interface SendPlan {
  kind: SendTarget;
  ids: (number | null)[];
  result: SendResult;
}

const emptyResult = (): SendResult => ({ successes: 0, failures: 0, failedHotelIds: [], missingMacs: [], otherSceneMacs: [] });

/** Counts hotels the send reaches and the ones it cannot. */
function countHotels(theme: ThemeRow, actor: Actor, rows: HotelRow[], result: SendResult): HotelRow[] {
  const taking = rows.filter((h) => hotelTakes(theme, actor, h));
  const failed = rows.filter((h) => !hotelTakes(theme, actor, h)).map((h) => h.id);
  result.successes += taking.length;
  result.failures += failed.length;
  result.failedHotelIds.push(...failed.sort((a, b) => a - b));
  return taking;
}

/** Works out the rows of a send and its result, refusing targets outside the caller's reach. */
export async function planSend(db: Db, actor: Actor, theme: ThemeRow, body: SendBody): Promise<SendPlan> {
  const result = emptyResult();
  const kindRefused = () => invalidFields({ target: { key: 'theme.sendTargetKind' } });
  switch (body.target) {
    case 'all': {
      if (actor.userType !== 1) throw kindRefused();
      if (theme.brandId !== null) throw invalidFields({ target: { key: 'theme.sendAllPlatformOnly' } });
      countHotels(theme, actor, await hotelRows(db, undefined), result);
      return { kind: 'all', ids: [null], result };
    }
    case 'brand': {
      if (actor.userType === 3) throw kindRefused();
      const ids = actor.userType === 2 ? [actor.brandId!] : [...new Set(body.brandIds ?? [])];
      if (!ids.length) throw invalidFields({ brandIds: { key: 'theme.sendTargetRequired' } });
      if (actor.userType === 2 && body.brandIds?.some((id) => id !== actor.brandId)) throw notFound();
      const found = await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids));
      if (found.length !== ids.length) throw notFound();
      // A brand outside the theme owner's reach (a hotel's theme is not a brand's) takes nothing: no
      // row for it, and every hotel of it fails.
      const kept = ids.filter((id) => theme.brandId === null || (theme.hotelId === null && theme.brandId === id));
      const rows = await hotelRows(db, inArray(hotels.brandId, ids));
      countHotels(theme, actor, rows.filter((h) => kept.includes(h.brandId)), result);
      const refused = rows.filter((h) => !kept.includes(h.brandId)).map((h) => h.id);
      result.failures += refused.length;
      result.failedHotelIds = [...result.failedHotelIds, ...refused].sort((a, b) => a - b);
      return { kind: 'brand', ids: kept, result };
    }
    case 'hotel': {
      if (!body.hotelIds?.length) throw invalidFields({ hotelIds: { key: 'theme.sendTargetRequired' } });
      const taking = countHotels(theme, actor, await reachableHotels(db, actor, body.hotelIds), result);
      return { kind: 'hotel', ids: taking.map((h) => h.id), result };
    }
    case 'terminal': {
      const macs = [...new Set((body.macs ?? []).map(normalizeMac).filter(Boolean))];
      if (!macs.length) throw invalidFields({ macs: { key: 'theme.sendTargetRequired' } });
      const valid = macs.filter((mac) => MAC_PATTERN.test(mac));
      const t = recordTables.terminal!;
      const reach = actor.userType === 1 ? undefined : actor.userType === 2 ? eq(t.brandId, actor.brandId ?? -1) : eq(t.hotelId, actor.hotelId ?? -1);
      const found = valid.length
        ? await db
            .select({ id: t.id, mac: t.mac, hotelId: t.hotelId, sceneMode: t.sceneMode })
            .from(t)
            .where(and(inArray(t.mac, valid), reach))
        : [];
      if (!found.length) throw invalidFields({ macs: { key: 'theme.sendNoTerminal' } });
      const known = new Set(found.map((f) => f.mac as string));
      result.missingMacs = macs.filter((mac) => !known.has(mac));
      const hotelIds = [...new Set(found.map((f) => f.hotelId as number | null).filter((id): id is number => id !== null))];
      const byId = new Map((hotelIds.length ? await hotelRows(db, inArray(hotels.id, hotelIds)) : []).map((h) => [h.id, h]));
      const failedHotels = new Set<number>();
      const ids: number[] = [];
      for (const terminal of found) {
        const hotel = terminal.hotelId === null ? null : (byId.get(terminal.hotelId as number) ?? null);
        if (!hotelTakes(theme, actor, hotel)) {
          if (hotel) failedHotels.add(hotel.id);
        } else if (SCENE_EQUIPMENT[terminal.sceneMode as string] !== theme.equipmentType) {
          result.otherSceneMacs.push(terminal.mac as string);
        } else {
          ids.push(terminal.id as number);
        }
      }
      result.successes = ids.length;
      result.failures = macs.length - ids.length;
      result.failedHotelIds = [...failedHotels].sort((a, b) => a - b);
      result.otherSceneMacs.sort();
      return { kind: 'terminal', ids, result };
    }
  }
}

/** The live send to all of a kind of template and its theme's name, if there is one. */
export async function liveAllSend(db: Db, kind: string): Promise<{ themeId: number; name: string } | undefined> {
  const [row] = await db
    .select({ themeId: themes.id, name: themes.name })
    .from(themeSends)
    .innerJoin(themes, eq(themes.id, themeSends.themeId))
    .where(and(eq(themeSends.targetKind, 'all'), eq(themeSends.kind, kind), isNull(themeSends.cancelledAt)));
  return row;
}

/**
 * Writes a planned send: the theme's earlier live sends to the same targets are replaced, then one row
 * per target. A second live send to all fails on the partial unique index (the caller answers 409).
 */
export async function writeSend(db: Db, actor: Actor, theme: ThemeRow, plan: SendPlan, durationSeconds: number): Promise<SentTarget[]> {
  const targetIds = plan.ids.filter((id): id is number => id !== null);
  if (plan.kind !== 'all' && !targetIds.length) return [];
  if (plan.kind !== 'all') {
    await db.execute(sql`
      update theme_sends set cancelled_at = now(), cancelled_by = ${actor.name}
       where theme_id = ${theme.id} and target_kind = ${plan.kind} and cancelled_at is null and target_id = any(${sql.param(targetIds)}::int[])`);
  }
  const owner = actor.userType === 1 ? { brandId: null, hotelId: null } : actor.userType === 2 ? { brandId: actor.brandId, hotelId: null } : { brandId: actor.brandId, hotelId: actor.hotelId };
  await db.execute(sql`
    insert into theme_sends (theme_id, kind, target_kind, target_id, duration_seconds, brand_id, hotel_id, sent_by)
    select ${theme.id}, ${theme.kind}, ${plan.kind}, x, ${durationSeconds}, ${owner.brandId}, ${owner.hotelId}, ${actor.name}
      from unnest(${sql.param(plan.kind === 'all' ? [null] : targetIds)}::int[]) as x`);
  await refreshSendStatus(db, [theme.id]);
  return plan.ids.map((id) => ({ kind: plan.kind, id }));
}

/** Names of send targets: brand and hotel names, terminal MACs. */
export async function targetNames(db: Db, targets: readonly SentTarget[], lang?: Lang): Promise<(t: SentTarget) => string | null> {
  const ids = (kind: SendTarget) => [...new Set(targets.filter((t) => t.kind === kind && t.id !== null).map((t) => t.id!))];
  const t = recordTables.terminal!;
  const [b, h, m] = await Promise.all([
    ids('brand').length ? db.select({ id: brands.id, name: titleSql('brand', lang) }).from(brands).where(inArray(brands.id, ids('brand'))) : [],
    ids('hotel').length ? db.select({ id: hotels.id, name: titleSql('hotel', lang) }).from(hotels).where(inArray(hotels.id, ids('hotel'))) : [],
    ids('terminal').length ? db.select({ id: t.id, name: t.mac }).from(t).where(inArray(t.id, ids('terminal'))) : [],
  ]);
  const names = new Map<string, string>();
  for (const [kind, rows] of [['brand', b], ['hotel', h], ['terminal', m]] as const) for (const row of rows) names.set(`${kind}:${row.id}`, String(row.name));
  return (target) => (target.id === null ? null : (names.get(`${target.kind}:${target.id}`) ?? null));
}

/** The live sends of a theme the caller sees, newest first, with their targets named. */
export async function listSends(db: Db, actor: Actor, themeId: number, lang?: Lang): Promise<SendItem[]> {
  const rows = await db
    .select({ send: themeSends, endAt: sql<string>`${themeSends.startAt} + make_interval(secs => ${themeSends.durationSeconds})` })
    .from(themeSends)
    .where(and(eq(themeSends.themeId, themeId), isNull(themeSends.cancelledAt), sendReach(actor)))
    .orderBy(sql`${themeSends.id} desc`)
    .limit(1000);
  const name = await targetNames(db, rows.map(({ send }) => ({ kind: send.targetKind as SendTarget, id: send.targetId })), lang);
  return rows.map(({ send, endAt }) => ({
    id: send.id,
    themeId: send.themeId,
    targetKind: send.targetKind as SendTarget,
    targetId: send.targetId,
    targetName: name({ kind: send.targetKind as SendTarget, id: send.targetId }),
    startAt: send.startAt.toISOString(),
    endAt: new Date(endAt).toISOString(),
    sentBy: send.sentBy,
  }));
}

/** Cancels live sends of a theme in the caller's reach (all of them, or the ids named: all or 404). */
export async function cancelSends(db: Db, actor: Actor, themeId: number, sendIds: readonly number[] | undefined): Promise<{ ids: number[]; targets: SentTarget[] }> {
  const named = sendIds ? [...new Set(sendIds)] : undefined;
  const cancelled = await db
    .update(themeSends)
    .set({ cancelledAt: new Date(), cancelledBy: actor.name })
    .where(and(eq(themeSends.themeId, themeId), isNull(themeSends.cancelledAt), sendReach(actor), named ? inArray(themeSends.id, named) : undefined))
    .returning({ id: themeSends.id, kind: themeSends.targetKind, targetId: themeSends.targetId });
  if (named && cancelled.length !== named.length) throw notFound();
  if (!cancelled.length) throw conflict('theme.noLiveSends');
  await refreshSendStatus(db, [themeId]);
  return { ids: cancelled.map((c) => c.id), targets: cancelled.map((c) => ({ kind: c.kind as SendTarget, id: c.targetId })) };
}

/** Terminals resolved in one statement when counting a theme's audience. */
const AUDIENCE_BATCH = 5_000;

/**
 * The TVs of the actor's reach that show the theme now (their winning send is one of its own), and
 * their hotels: the terminals its live sends name are resolved in batches, as their configuration
 * call resolves them.
 */
export async function themeAudience(db: Db, actor: Actor, theme: ThemeRow): Promise<Omit<ThemeAudience, 'liveVersion'>> {
  const targets = await liveTargets(db, [theme.id]);
  if (!targets.length) return { terminals: 0, hotels: 0 };
  const t = recordTables.terminal!;
  const named = targets.map(({ kind, id }) =>
    kind === 'all' ? sql`true` : kind === 'brand' ? eq(t.brandId, id ?? -1) : kind === 'hotel' ? eq(t.hotelId, id ?? -1) : eq(t.id, id ?? -1),
  );
  const reached = await db
    .select({ id: t.id, hotelId: t.hotelId })
    .from(t)
    .where(and(tenantFilter(records.terminal, t, actor), or(...named)));
  let terminals = 0;
  const hotelIds = new Set<number>();
  for (let i = 0; i < reached.length; i += AUDIENCE_BATCH) {
    const batch = reached.slice(i, i + AUDIENCE_BATCH);
    const winners = await resolveThemes(db, batch.map((r) => r.id as number), theme.kind as ThemeKind);
    for (const row of batch) {
      if (winners.get(row.id as number)?.themeId !== theme.id) continue;
      terminals++;
      if (row.hotelId !== null) hotelIds.add(row.hotelId as number);
    }
  }
  return { terminals, hotels: hotelIds.size };
}
