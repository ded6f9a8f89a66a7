import { normalizeMac } from '@htv/shared/areas/devices/protocol';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import type { Row } from '../../records/engine.js';
import { invalidateConfig } from '../devices/plugin.js';

/** Films a library may configure at most. */
export const LIBRARY_MAX_MOVIES = 200;

/** A library's configured films: a list of ids of films in the pool (in order, each once). */
async function checkedMovieIds(db: Db, value: unknown): Promise<number[]> {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.length > LIBRARY_MAX_MOVIES || !value.every((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647)) {
    throw invalidFields({ movieIds: { key: 'vod.moviesInvalid' } });
  }
  const ids = [...new Set(value as number[])];
  if (!ids.length) return [];
  const m = recordTables.vodMovie!;
  const found = new Set((await db.select({ id: m.id }).from(m).where(inArray(m.id, ids))).map((row) => row.id as number));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw invalidFields({ movieIds: { key: 'vod.moviesUnknown', params: { id: missing } } });
  return ids;
}

/** Tells the TVs a send reaches that their library may have changed: a brand's, a hotel's or the MAC's TV at once (pushed), every TV's stamp for a send to all. */
export async function invalidateSendTarget(db: Db, row: Row): Promise<void> {
  if (row.targetKind === 'brand' && row.targetBrandId) invalidateConfig({ brandId: row.targetBrandId as number });
  else if (row.targetKind === 'hotel' && row.targetHotelId) invalidateConfig({ hotelId: row.targetHotelId as number });
  else if (row.targetKind === 'terminal' && row.mac) {
    const t = recordTables.terminal!;
    const found = await db.select({ id: t.id }).from(t).where(eq(t.mac, row.mac as string));
    if (found.length) invalidateConfig({ terminalIds: found.map((terminal) => terminal.id as number) });
  } else invalidateConfig({ all: true });
}

/**
 * Sends whose time has come are marked sent ("not yet sent" until then) and their TVs told at once,
 * so a timed send reaches a switched-on TV when it applies. Resolution does not wait for this: a send
 * applies from its time whatever its displayed state (docs/vod.md).
 */
export async function applyDueSends(db: Db, now = new Date()): Promise<number> {
  const s = recordTables.vodSend!;
  const due = await db.update(s).set({ state: 'sent', updatedAt: new Date() }).where(and(eq(s.state, 'pending'), lte(s.startAt, now.toISOString()))).returning();
  for (const row of due) await invalidateSendTarget(db, row as Row);
  return due.length;
}

let installed = false;

/** The movie pool's, the libraries' and the sends' rules. */
export function registerVodLibraryHooks(): void {
  if (installed) return;
  installed = true;
  addRecordHooks('vodMovie', {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...existing, ...values };
      const hasFile = Boolean(merged.mediaFileId);
      const hasStream = Boolean(merged.streamUrl);
      if (!hasFile && !hasStream) throw invalidFields({ mediaFileId: { key: 'vod.mediaRequired' }, streamUrl: { key: 'vod.mediaRequired' } });
      if (hasFile && hasStream) throw invalidFields({ streamUrl: { key: 'vod.mediaBoth' } });
      const preview = Number(merged.previewMinutes ?? 0);
      if (preview > Number(merged.durationMinutes ?? 0)) throw invalidFields({ previewMinutes: { key: 'vod.previewTooLong' } });
      return values;
    },
  });
  for (const record of ['vodChoose', 'vodRecommend']) {
    addRecordHooks(record, {
      async beforeWrite(ctx, values, existing) {
        if (!('movieIds' in values) && existing) return values;
        const ids = await checkedMovieIds(ctx.db, values.movieIds);
        return { ...values, movieIds: ids, movieCount: ids.length, configState: ids.length ? 'configured' : 'toConfigure' };
      },
      beforeAction(_ctx, row, action) {
        if (action === 'publish' && row.configState !== 'configured') throw new AppError('conflict', 'vod.notConfigured');
      },
    });
  }
  addRecordHooks('vodSend', {
    async beforeWrite(ctx, values) {
      const kind = values.targetKind as string;
      if (!values.chooseId && !values.recommendId) throw invalidFields({ chooseId: { key: 'vod.libraryRequired' } });
      for (const [field, record] of [['chooseId', 'vodChoose'], ['recommendId', 'vodRecommend']] as const) {
        if (!values[field]) continue;
        const table = recordTables[record]!;
        const [library] = await ctx.db.select({ state: table.publishState }).from(table).where(eq(table.id, values[field] as number));
        if (library?.state !== 'published') throw invalidFields({ [field]: { key: 'vod.libraryUnpublished' } });
      }
      const target = { targetBrandId: null as unknown, targetHotelId: null as unknown, mac: null as unknown };
      if (kind === 'brand') target.targetBrandId = values.targetBrandId ?? fail('targetBrandId');
      if (kind === 'hotel') target.targetHotelId = values.targetHotelId ?? fail('targetHotelId');
      if (kind === 'terminal') target.mac = values.mac ? normalizeMac(values.mac as string) : fail('mac');
      const now = new Date();
      let startAt = now;
      if (values.mode === 'timed') {
        if (!values.startAt) throw invalidFields({ startAt: { key: 'vod.startAtRequired' } });
        startAt = new Date(values.startAt as string);
      }
      return { ...values, ...target, startAt: startAt.toISOString(), state: startAt.getTime() <= now.getTime() ? 'sent' : 'pending' };
    },
    async afterCommit(ctx, { rows }) {
      for (const row of rows) await invalidateSendTarget(ctx.db, row);
    },
  });
}

const fail = (field: string): never => {
  throw invalidFields({ [field]: { key: 'vod.targetRequired' } });
};
