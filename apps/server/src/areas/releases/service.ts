import { records } from '@htv/shared';
import { MAC_PATTERN, normalizeMac } from '@htv/shared/areas/devices/protocol';
import {
  ERROR_STATES,
  FINAL_ACTION_STATES,
  SUCCESS_STATES,
  type ReleaseKind,
  type RolloutState,
  type WaveSpec,
} from '@htv/shared/areas/releases/index';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { conflict, invalidFields, notFound } from '../../http/errors.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { invalidateConfig } from '../devices/plugin.js';
import { writeOpLog } from '../oplog/log.js';
import type { rolloutCreate } from '@htv/shared/areas/releases/index';
import { releaseRollouts } from './schema.js';

export type RolloutBody = z.output<typeof rolloutCreate>;
type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const list = (states: readonly string[]) => sql.raw(states.map((s) => `'${s}'`).join(','));
export const FINAL = list(FINAL_ACTION_STATES);
const SUCCESS = list(SUCCESS_STATES);
const ERROR = list(ERROR_STATES);
/** Rollouts whose actions are still live (a superseded action of one of them is cancelled). */
const LIVE_ROLLOUT = sql.raw(`'ready','running','paused'`);

/** The package a release installs, as a rollout copies it. */
interface PackageFacts {
  title: string;
  packageName: string;
  versionName: string;
  versionCode: number | null;
  fileId: string;
  compatibleModels: string[];
}

const splitList = (value: unknown) => String(value ?? '').split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean);

/** The package of a release within the caller's reach (another tenant's app is 404), or 422 without a file. */
async function packageFacts(db: Db, actor: Actor, kind: ReleaseKind, id: number): Promise<PackageFacts> {
  const name = kind === 'ota' ? 'otaPackage' : kind === 'control' ? 'controlUpgrade' : 'app';
  const def = records[name];
  const table = recordTables[name]!;
  const [row] = await db.select().from(table).where(and(eq(table.id, id), tenantFilter(def, table, actor)));
  if (!row) throw notFound();
  const fileId = (kind === 'app' ? row.apkFileId : row.fileId) as string | null;
  if (!fileId) throw invalidFields({ packageId: { key: 'release.packageMissing' } });
  if (kind === 'ota') {
    return { title: String(row.name), packageName: '', versionName: String(row.version), versionCode: null, fileId, compatibleModels: [String(row.model), ...splitList(row.compatibleModels)] };
  }
  if (kind === 'control') return { title: String(row.versionName), packageName: '', versionName: String(row.versionName), versionCode: row.versionCode as number, fileId, compatibleModels: [] };
  return { title: String(row.name), packageName: String(row.packageName), versionName: String(row.versionName), versionCode: row.versionCode as number, fileId, compatibleModels: [] };
}

/** Which targets a caller may release to: the platform any; a hotel itself or its terminals. */
async function resolveTargets(db: Db, actor: Actor, body: RolloutBody): Promise<{ brandIds: number[]; hotelIds: number[]; terminalIds: number[]; missingMacs: string[] }> {
  const out = { brandIds: [] as number[], hotelIds: [] as number[], terminalIds: [] as number[], missingMacs: [] as string[] };
  if (actor.userType !== 1 && (body.target === 'all' || body.target === 'brand')) throw invalidFields({ target: { key: 'release.targetKind' } });
  if (body.distribution === 'trial' && body.target === 'all') throw invalidFields({ target: { key: 'release.trialNotAll' } });
  if (body.target === 'brand') {
    const ids = [...new Set(body.brandIds)];
    if (!ids.length) throw invalidFields({ brandIds: { key: 'release.targetRequired' } });
    const found = await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids));
    if (found.length !== ids.length) throw notFound();
    out.brandIds = ids;
  }
  if (body.target === 'hotel') {
    const ids = [...new Set(body.hotelIds)];
    if (!ids.length) throw invalidFields({ hotelIds: { key: 'release.targetRequired' } });
    const reach = actor.userType === 1 ? undefined : eq(hotels.id, actor.hotelId ?? -1);
    const found = await db.select({ id: hotels.id }).from(hotels).where(and(inArray(hotels.id, ids), reach));
    if (found.length !== ids.length) throw notFound();
    out.hotelIds = ids;
  }
  if (body.target === 'terminal') {
    const macs = [...new Set(body.macs.map(normalizeMac))];
    if (!macs.length || macs.some((mac) => !MAC_PATTERN.test(mac))) throw invalidFields({ macs: { key: 'release.targetRequired' } });
    const terminals = recordTables.terminal!;
    const found = await db
      .select({ id: terminals.id, mac: terminals.mac })
      .from(terminals)
      .where(and(inArray(terminals.mac, macs), tenantFilter(records.terminal, terminals, actor)));
    const known = new Set(found.map((f) => f.mac as string));
    out.missingMacs = macs.filter((mac) => !known.has(mac));
    if (!found.length) throw invalidFields({ macs: { key: 'release.noTerminals' } });
    out.terminalIds = found.map((f) => f.id as number);
  }
  return out;
}

/**
 * Whether terminal `t` is a target of rollout `r` (both aliases in the query): authorized; named by
 * the target (all, its brand, its hotel, its id); inside the sender's level; carrying one of the tags
 * and one of the models when the rollout names some; for a platform app, in a hotel it is offered to
 * (a partial trial reaches only the hotels and brands the platform picked, whatever the target).
 */
const MATCHES = sql`t.authorization = 'authorized'
  and (r.target_kind = 'all' or (r.target_kind = 'brand' and t.brand_id = any(r.brand_ids))
       or (r.target_kind = 'hotel' and t.hotel_id = any(r.hotel_ids)) or (r.target_kind = 'terminal' and t.id = any(r.terminal_ids)))
  and (r.brand_id is null or t.brand_id = r.brand_id) and (r.hotel_id is null or t.hotel_id = r.hotel_id)
  and (jsonb_array_length(r.tags) = 0 or exists (
        select 1 from jsonb_array_elements_text(r.tags) tag where tag = any(string_to_array(replace(coalesce(t.tags, ''), '，', ','), ','))))
  and (jsonb_array_length(r.models) = 0 or t.model in (select jsonb_array_elements_text(r.models)))
  and (r.kind <> 'app' or exists (select 1 from apps a where a.id = r.package_id and (a.brand_id is not null or a.hotel_id is not null))
       or exists (select 1 from app_offers o where o.app_id = r.package_id
                  and ((o.brand_id is null and o.hotel_id is null) or o.hotel_id = t.hotel_id or o.brand_id = t.brand_id)))`;

/** The state a new action starts in: incompatible (firmware of other models), already installed, or pending. */
const INITIAL_STATE = sql`case
  when r.kind = 'ota' and jsonb_array_length(r.compatible_models) > 0 and coalesce(t.model, '') not in (select jsonb_array_elements_text(r.compatible_models)) then 'incompatible'
  when r.kind = 'ota' and t.ota_version = r.version_name then 'alreadyInstalled'
  when r.kind = 'control' and t.control_version = r.version_name then 'alreadyInstalled'
  when r.kind = 'app' and exists (select 1 from terminal_packages p where p.terminal_id = t.id and p.kind = 'app'
                                  and p.package_name = r.package_name and p.version_code = r.version_code) then 'alreadyInstalled'
  else 'pending' end`;

/** Sizes of the waves for `total` terminals: shares rounded (at least one each), counts as given; the last wave takes the rest. */
export function waveSizes(waves: readonly WaveSpec[], total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  waves.forEach((wave, i) => {
    if (i === waves.length - 1) return sizes.push(left);
    const want = 'share' in wave ? Math.max(1, Math.round((total * wave.share) / 100)) : wave.count;
    const size = Math.min(left, want);
    sizes.push(size);
    left -= size;
  });
  return sizes;
}

/**
 * Writes the actions of a rollout for the given terminals in the given wave (creation: every wave;
 * a late joiner: the running one), then applies the rank rule between live rollouts of the same
 * package: a new action outranked by a live one of another rollout (MAC over hotel over brand over
 * all, then the later) is cancelled as superseded, and the live actions it outranks are too. Every
 * action's first state goes into its history.
 */
async function insertActions(db: Db, rolloutId: number, terminalIds: readonly number[], waves: readonly number[]): Promise<number[]> {
  if (!terminalIds.length) return [];
  const inserted = rowsOf(
    await db.execute(sql`
    insert into release_actions (rollout_id, terminal_id, wave, rank, state)
    select r.id, t.id, w.wave, case r.target_kind when 'terminal' then 4 when 'hotel' then 3 when 'brand' then 2 else 1 end, ${INITIAL_STATE}
      from release_rollouts r
      join unnest(${sql.param([...terminalIds])}::int[], ${sql.param([...waves])}::int[]) as w(terminal_id, wave) on true
      join terminals t on t.id = w.terminal_id
     where r.id = ${rolloutId}
    on conflict (rollout_id, terminal_id) do nothing
    returning id, terminal_id, state, rank`),
  );
  if (!inserted.length) return [];
  const ids = inserted.map((r) => r.id as number);
  // Outranked by a live action of another rollout of the same package: superseded at once.
  await db.execute(sql`
    update release_actions a set state = 'cancelled', failure_code = 'superseded', updated_at = now()
      from release_rollouts r
     where a.id = any(${sql.param(ids)}::int[]) and r.id = a.rollout_id and a.state = 'pending'
       and exists (select 1 from release_actions o join release_rollouts ro on ro.id = o.rollout_id
                    where o.terminal_id = a.terminal_id and o.rollout_id <> a.rollout_id and ro.kind = r.kind
                      and ro.package_name = r.package_name and ro.state in (${LIVE_ROLLOUT})
                      and o.state not in (${FINAL}) and o.rank > a.rank)`);
  // Live actions the new ones outrank (or equal, being later): superseded.
  const superseded = rowsOf(
    await db.execute(sql`
    update release_actions o set state = 'cancelled', failure_code = 'superseded', updated_at = now()
      from release_actions a, release_rollouts r, release_rollouts ro
     where a.id = any(${sql.param(ids)}::int[]) and a.state = 'pending' and r.id = a.rollout_id
       and o.terminal_id = a.terminal_id and o.rollout_id <> a.rollout_id and ro.id = o.rollout_id
       and ro.kind = r.kind and ro.package_name = r.package_name and ro.state in (${LIVE_ROLLOUT})
       and o.state not in (${FINAL}) and o.rank <= a.rank
    returning o.id`),
  ).map((r) => r.id as number);
  await db.execute(sql`
    insert into release_action_events (action_id, state, code)
    select a.id, a.state, a.failure_code from release_actions a where a.id = any(${sql.param([...ids, ...superseded])}::int[])`);
  return ids;
}

/** Terminals a rollout's wave concerns now: the TVs are told their configuration changed. */
async function notifyWave(db: Db, rolloutId: number, wave: number): Promise<void> {
  const rows = rowsOf(await db.execute(sql`select terminal_id from release_actions where rollout_id = ${rolloutId} and wave = ${wave} and state not in (${FINAL})`));
  if (rows.length) invalidateConfig({ terminalIds: rows.map((r) => r.terminal_id as number) });
}

export interface CreateResult {
  id: number;
  total: number;
  missingMacs: string[];
}

/**
 * Creates a rollout: the package's facts copied, the matching terminals split into waves in a random
 * order, one action each (incompatible or already installed ones final at once), all in one
 * transaction (`creating` until its actions are written, then `ready`, or `running` when started).
 */
export async function createRollout(db: Db, actor: Actor, body: RolloutBody, ip?: string): Promise<CreateResult> {
  const shares = body.waves.reduce((sum, w) => sum + ('share' in w ? w.share : 0), 0);
  if (shares > 100) throw invalidFields({ waves: { key: 'release.wavesTooMany' } });
  if ((body.windowStart === null) !== (body.windowEnd === null)) throw invalidFields({ windowEnd: { key: 'release.windowIncomplete' } });
  if (body.windowStart !== null && body.installType !== 'soft') throw invalidFields({ windowStart: { key: 'release.windowSoftOnly' } });
  if (actor.userType !== 1 && body.kind !== 'app') throw notFound();
  const facts = await packageFacts(db, actor, body.kind, body.packageId);
  const targets = await resolveTargets(db, actor, body);
  const [file] = rowsOf(await db.execute(sql`select size, md5, sha256 from files where id = ${facts.fileId}`));
  if (!file) throw invalidFields({ packageId: { key: 'release.packageMissing' } });
  const sender = actor.userType === 1 ? { brandId: null, hotelId: null } : { brandId: actor.brandId, hotelId: actor.hotelId };

  const result = await db.transaction(async (tx) => {
    const [rollout] = await tx
      .insert(releaseRollouts)
      .values({
        name: body.name,
        kind: body.kind,
        packageId: body.packageId,
        packageTitle: facts.title.slice(0, 100),
        packageName: facts.packageName,
        versionName: facts.versionName,
        versionCode: facts.versionCode,
        fileId: facts.fileId,
        size: Number(file.size),
        md5: String(file.md5 ?? ''),
        sha256: String(file.sha256),
        compatibleModels: facts.compatibleModels,
        state: 'creating',
        targetKind: body.target,
        brandIds: targets.brandIds,
        hotelIds: targets.hotelIds,
        terminalIds: targets.terminalIds,
        tags: body.tags,
        models: body.models,
        distribution: body.distribution,
        installType: body.installType,
        waves: body.waves,
        successThreshold: body.successThreshold,
        errorThreshold: body.errorThreshold,
        maxRetries: body.maxRetries,
        retryBaseSeconds: body.retryBaseSeconds,
        windowStart: body.windowStart,
        windowEnd: body.windowEnd,
        brandId: sender.brandId,
        hotelId: sender.hotelId,
        createdBy: actor.name,
      })
      .returning({ id: releaseRollouts.id });
    const id = rollout!.id;
    const matching = rowsOf(await tx.execute(sql`select t.id from terminals t, release_rollouts r where r.id = ${id} and ${MATCHES} order by random()`)).map((r) => r.id as number);
    if (!matching.length) throw invalidFields({ target: { key: 'release.noTerminals' } });
    const sizes = waveSizes(body.waves, matching.length);
    const waves = sizes.flatMap((size, wave) => Array<number>(size).fill(wave));
    for (let i = 0; i < matching.length; i += 5000) await insertActions(tx, id, matching.slice(i, i + 5000), waves.slice(i, i + 5000));
    await tx.update(releaseRollouts).set({ state: body.start ? 'running' : 'ready', updatedAt: new Date() }).where(eq(releaseRollouts.id, id));
    await writeOpLog(tx, actor, { action: 'rollout_create', recordType: 'rollout', recordId: id, after: { name: body.name, kind: body.kind, packageId: body.packageId, target: body.target, terminals: matching.length } }, ip);
    return { id, total: matching.length };
  });
  if (body.start) {
    await notifyWave(db, result.id, 0);
    await evaluateRollouts(db, [result.id]);
  }
  return { ...result, missingMacs: targets.missingMacs };
}

/** Rollouts a caller sees and changes: the platform every one, a hotel its own. */
export function rolloutReach(actor: Actor): SQL | undefined {
  if (actor.userType === 1) return undefined;
  if (actor.userType === 3 && actor.hotelId !== null) return eq(releaseRollouts.hotelId, actor.hotelId);
  return sql`false`;
}

/** Actions a caller sees: the platform every one, a hotel those of its terminals. */
export function actionReach(actor: Actor, terminalAlias = 't'): SQL {
  if (actor.userType === 1) return sql`true`;
  if (actor.userType === 3 && actor.hotelId !== null) return sql`${sql.raw(terminalAlias)}.hotel_id = ${actor.hotelId}`;
  return sql`false`;
}

type ManualAction = 'start' | 'pause' | 'resume' | 'cancel';
const ACTION_FROM: Record<ManualAction, readonly RolloutState[]> = {
  start: ['ready'],
  pause: ['running'],
  resume: ['paused'],
  cancel: ['ready', 'running', 'paused'],
};

/**
 * Start, pause, resume or cancel by hand (409 `release.wrongState` otherwise). Resuming a wave that
 * its error threshold paused accepts its errors: it does not pause by itself again. Cancelling
 * cancels every action not final yet.
 */
export async function changeRollout(db: Db, actor: Actor, id: number, action: ManualAction, ip?: string): Promise<void> {
  const terminals = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(releaseRollouts).where(and(eq(releaseRollouts.id, id), rolloutReach(actor))).for('update');
    if (!row) throw notFound();
    if (!ACTION_FROM[action].includes(row.state as RolloutState)) throw conflict('release.wrongState', { state: row.state, action });
    const set: Partial<typeof releaseRollouts.$inferInsert> = { updatedAt: new Date() };
    if (action === 'start') set.state = 'running';
    if (action === 'pause') Object.assign(set, { state: 'paused', pauseReason: 'manual' });
    if (action === 'resume') Object.assign(set, { state: 'running', pauseReason: null, errorsAcceptedWave: row.pauseReason === 'errorThreshold' ? row.currentWave : row.errorsAcceptedWave });
    let touched: number[] = [];
    if (action === 'cancel') {
      set.state = 'stopped';
      touched = rowsOf(
        await tx.execute(sql`
        with c as (update release_actions set state = 'cancelled', updated_at = now() where rollout_id = ${id} and state not in (${FINAL}) returning id, terminal_id),
             e as (insert into release_action_events (action_id, state, code) select id, 'cancelled', 'rolloutCancelled' from c)
        select terminal_id from c`),
      ).map((r) => r.terminal_id as number);
    }
    await tx.update(releaseRollouts).set(set).where(eq(releaseRollouts.id, id));
    await writeOpLog(tx, actor, { action: `rollout_${action}`, recordType: 'rollout', recordId: id, before: { state: row.state }, after: { state: set.state } }, ip);
    return touched;
  });
  if (terminals.length) invalidateConfig({ terminalIds: terminals });
  if (action === 'start' || action === 'resume') {
    const [row] = await db.select({ wave: releaseRollouts.currentWave }).from(releaseRollouts).where(eq(releaseRollouts.id, id));
    await notifyWave(db, id, row!.wave);
    await evaluateRollouts(db, [id]);
  }
  if (action === 'pause') await notifyWave(db, id, (await db.select({ wave: releaseRollouts.currentWave }).from(releaseRollouts).where(eq(releaseRollouts.id, id)))[0]!.wave);
}

/**
 * Moves running rollouts by their thresholds: a current wave past its error threshold (failed share
 * above it) pauses the rollout by itself; one at its success threshold starts the next wave (its TVs
 * are told at once); the last wave finishes the rollout once every action is final; a wave whose
 * actions are all final below the success threshold pauses it (`successNotReached`).
 */
export async function evaluateRollouts(db: Db, ids?: readonly number[]): Promise<void> {
  const rows = rowsOf(
    await db.execute(sql`
    select r.id, r.current_wave, jsonb_array_length(r.waves) as waves, r.success_threshold, r.error_threshold, r.errors_accepted_wave,
           count(a.id) filter (where a.wave = r.current_wave and a.state <> 'incompatible' and a.failure_code is distinct from 'superseded') as total,
           count(a.id) filter (where a.wave = r.current_wave and a.state in (${SUCCESS})) as success,
           count(a.id) filter (where a.wave = r.current_wave and a.state in (${ERROR})) as error,
           count(a.id) filter (where a.wave = r.current_wave and a.state in (${FINAL})) as final,
           count(a.id) filter (where a.wave = r.current_wave) as wave_actions,
           count(a.id) filter (where a.state not in (${FINAL})) as open
      from release_rollouts r left join release_actions a on a.rollout_id = r.id
     where r.state = 'running' ${ids ? sql`and r.id = any(${sql.param([...ids])}::int[])` : sql``}
     group by r.id`),
  );
  for (const row of rows) {
    const id = row.id as number;
    const wave = Number(row.current_wave);
    const total = Number(row.total);
    const success = Number(row.success);
    const error = Number(row.error);
    const last = wave >= Number(row.waves) - 1;
    const allFinal = Number(row.final) === Number(row.wave_actions);
    const guard = and(eq(releaseRollouts.id, id), eq(releaseRollouts.state, 'running'), eq(releaseRollouts.currentWave, wave));
    if (total > 0 && (error * 100) / total > Number(row.error_threshold) && row.errors_accepted_wave !== wave) {
      await db.update(releaseRollouts).set({ state: 'paused', pauseReason: 'errorThreshold', updatedAt: new Date() }).where(guard);
      continue;
    }
    const reached = total === 0 || (success * 100) / total >= Number(row.success_threshold);
    if (reached && !last) {
      const moved = await db.update(releaseRollouts).set({ currentWave: wave + 1, updatedAt: new Date() }).where(guard).returning({ id: releaseRollouts.id });
      if (moved.length) {
        await notifyWave(db, id, wave + 1);
        await evaluateRollouts(db, [id]);
      }
      continue;
    }
    if (reached && last && Number(row.open) === 0) {
      await db.update(releaseRollouts).set({ state: 'finished', updatedAt: new Date() }).where(guard);
      continue;
    }
    if (!reached && allFinal) await db.update(releaseRollouts).set({ state: 'paused', pauseReason: 'successNotReached', updatedAt: new Date() }).where(guard);
  }
}

/**
 * A terminal that joins a running rollout's targets (registered, authorized, moved to a hotel, given
 * a tag) joins its running wave: called when the terminal's configuration is built.
 */
export async function joinRunningRollouts(db: Db, terminalId: number): Promise<void> {
  const joining = rowsOf(
    await db.execute(sql`
    select r.id, r.current_wave from release_rollouts r join terminals t on t.id = ${terminalId}
     where r.state = 'running' and ${MATCHES}
       and not exists (select 1 from release_actions a where a.rollout_id = r.id and a.terminal_id = t.id)`),
  );
  for (const row of joining) await insertActions(db, row.id as number, [terminalId], [Number(row.current_wave)]);
}

/** Deletes terminals' upgrade entries (`admin/upgrade_terminal/delete_batch`): all within reach or 404, none in flight. */
export async function deleteActions(db: Db, actor: Actor, ids: readonly number[], ip?: string): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`select a.id, a.state, a.rollout_id from release_actions a join terminals t on t.id = a.terminal_id
                            where a.id = any(${sql.param(unique)}::int[]) and ${actionReach(actor)} for update of a`),
    );
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => r.state === 'downloading' || r.state === 'installing')) throw conflict('release.actionInFlight');
    await tx.execute(sql`delete from release_actions where id = any(${sql.param(unique)}::int[])`);
    await writeOpLog(tx, actor, { action: 'upgrade_terminal_delete', recordType: 'rollout', after: { ids: unique } }, ip);
    return unique.length;
  });
}
