import { idSchema } from '@htv/shared';
import { WAKE_UP_CONFIG_FIELDS, wakeUpConfigInput, type WakeUpConfigInput } from '@htv/shared/areas/wakeup/config';
import { wakeUpCall, wakeUpTimingFields } from '@htv/shared/areas/wakeup/records';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { testHooksEnabled } from '../../auth/captcha.js';
import { actorOf } from '../../auth/plugin.js';
import { runPeriodically } from '../../system/periodic.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { writeOpLog } from '../oplog/log.js';
import { assertEditable, calls, historyOf, insertCall, logTransitions, prepareCall, pushRooms, type CallTiming } from './calls.js';
import { setWakeClock, wakeNow } from './clock.js';
import { configOf, saveConfig } from './config.js';
import { sendWakeUpCallbacks } from './callback.js';
import { tick } from './scheduler.js';
import { installWakeUpPmsHandlers } from './pms.js';

const TICK_MS = 1_000;
/** How often queued callbacks are sent (each record waits its back-off besides). */
const CALLBACK_EVERY_MS = 5_000;
const tags = ['wakeup'];
let hooksInstalled = false;

/** Rooms of a text list: numbers separated by commas or new lines. */
const roomList = (value: unknown) => [...new Set(String(value ?? '').split(/[\s,，]+/).filter(Boolean))];

/** The record engine's rules of calls and groups (once per process). */
function installRecordHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  addRecordHooks('wakeUpCall', {
    async beforeWrite(ctx, values, existing) {
      if (existing) assertEditable(existing.state);
      const hotelId = (existing?.hotelId ?? values.hotelId) as number;
      const merged = { ...existing, ...values } as unknown as CallTiming;
      const prepared = await prepareCall(ctx.db, hotelId, merged);
      if (existing) await logTransitions(ctx.db, [{ callId: existing.id as number, hotelId, state: 'scheduled', by: 'console', note: 'changed' }]);
      return { ...values, ...prepared, ...(existing ? {} : { source: 'console' }) };
    },
    async beforeAction(ctx, row, action) {
      if (action === 'cancel') await logTransitions(ctx.db, [{ callId: row.id as number, hotelId: row.hotelId as number, state: 'cancelled', by: 'console' }]);
    },
    async afterCommit(ctx, { rows }) {
      await pushRooms(ctx.db, rows.map((row) => ({ hotelId: row.hotelId as number, roomNumber: row.roomNumber as string })));
    },
  });
  addRecordHooks('wakeUpGroup', {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...existing, ...values };
      if (!merged.tourGroupId && !roomList(merged.rooms).length) throw invalidFields({ rooms: { key: 'wakeup.groupRooms' } });
      return values;
    },
  });
}

/** The rooms a group wakes: its tour group's, else those typed. */
async function groupRooms(db: Db, group: Record<string, unknown>): Promise<string[]> {
  if (group.tourGroupId) {
    const groups = recordTables.tourGroup!;
    const [tour] = await db.select({ rooms: groups.rooms }).from(groups).where(eq(groups.id, group.tourGroupId as number));
    return roomList(tour?.rooms);
  }
  return roomList(group.rooms);
}

/**
 * The wake-up area's server side (docs/wakeup.md): the record rules, the PMS handlers, the settings
 * (`/api/web/wake_up/config_info`, `/api/web/wake_up/config`), a call's history, waking a group, and
 * the scheduler that rings calls (in every process: each tick claims its calls).
 */
export function registerWakeUp(app: FastifyInstance, db: Db, options: { production: boolean; scheduler?: boolean }): void {
  installRecordHooks();
  installWakeUpPmsHandlers();
  const hotelOnly = (permission: string) => ({ auth: { userTypes: [3] as const, permission } });

  app.get('/api/web/wake_up/config_info', { schema: { tags, summary: "The hotel's wake-up settings" }, config: { ...hotelOnly('wakeupConfig.read'), fields: WAKE_UP_CONFIG_FIELDS } }, async (request) => {
    const actor = actorOf(request);
    return ok(await configOf(db, actor.hotelId!));
  });
  app.post(
    '/api/web/wake_up/config',
    { schema: { tags, body: wakeUpConfigInput, summary: "Saves the hotel's wake-up settings" }, config: { ...hotelOnly('wakeupConfig.update'), fields: WAKE_UP_CONFIG_FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body as WakeUpConfigInput;
      await db.transaction(async (tx) => {
        await saveConfig(tx, actor.hotelId!, input);
        await writeOpLog(tx, actor, { action: 'wakeup_config', recordType: 'hotel', recordId: actor.hotelId!, after: input }, request.ip);
      });
      return ok(await configOf(db, actor.hotelId!));
    },
  );

  const idParams = z.object({ id: idSchema });
  app.get('/api/wakeup/calls/:id/history', { schema: { tags, params: idParams, summary: "A call's transitions with their times" }, config: hotelOnly('wakeup.read') }, async (request) => {
    const actor = actorOf(request);
    const c = calls();
    const [call] = await db.select().from(c).where(and(eq(c.id, (request.params as { id: number }).id), eq(c.hotelId, actor.hotelId!)));
    if (!call) throw notFound();
    return ok({ items: await historyOf(db, call as { id: number; createdAt: unknown; source: unknown }) });
  });

  const timing = wakeUpTimingFields();
  const wakeBody = z.strictObject({
    date: timing.date.schema,
    time: timing.time.schema,
    repeat: timing.repeat.schema,
    days: timing.days.schema,
    music: timing.music.schema,
    songId: timing.songId.schema,
    wordsZh: timing.wordsZh.schema,
    wordsEn: timing.wordsEn.schema,
  });
  app.post(
    '/api/wakeup/groups/:id/wake',
    { schema: { tags, params: idParams, body: wakeBody, summary: "Sets one wake-up call for each of the group's rooms" }, config: { ...hotelOnly('wakeupGroup.wake'), fields: { ...wakeUpCall.fields } } },
    async (request) => {
      const actor = actorOf(request);
      const groups = recordTables.wakeUpGroup!;
      const [group] = await db.select().from(groups).where(and(eq(groups.id, (request.params as { id: number }).id), eq(groups.hotelId, actor.hotelId!)));
      if (!group) throw notFound();
      const rooms = await groupRooms(db, group);
      if (!rooms.length) throw invalidFields({ date: { key: 'wakeup.groupEmpty' } });
      const body = request.body as z.infer<typeof wakeBody>;
      const created = await db.transaction(async (tx) => {
        const ids: number[] = [];
        for (const roomNumber of rooms) {
          const row = await insertCall(tx, { brandId: actor.brandId!, hotelId: actor.hotelId! }, { ...body, roomNumber }, 'group', group.id as number);
          ids.push(row.id as number);
        }
        await writeOpLog(tx, actor, { action: 'wakeup_group_wake', recordType: 'wakeUpGroup', recordId: group.id as number, after: { ...body, rooms } }, request.ip);
        return ids;
      });
      await pushRooms(db, rooms.map((roomNumber) => ({ hotelId: actor.hotelId!, roomNumber })));
      return ok({ created: created.length, ids: created });
    },
  );

  // At start: calls due while the server was down ring now or are missed (the hotel's lateMinutes).
  const runTick = runPeriodically(app, 'wake-up scheduler', TICK_MS, () => tick(db, wakeNow()), { atStart: true, timer: options.scheduler !== false });

  if (testHooksEnabled(options.production)) {
    // Tests move the wake-up clock rather than wait for the minute (never in production).
    const clockBody = z.object({ at: z.iso.datetime({ offset: true }).nullable() });
    app.post('/api/test/wakeup/clock', { schema: { hide: true, body: clockBody }, config: { auth: { public: true } } }, async (request) => {
      const { at } = request.body as z.infer<typeof clockBody>;
      setWakeClock(at ? new Date(at) : null);
      await runTick();
      return ok({ now: wakeNow().toISOString() });
    });
  }

  // Callbacks are sent apart from the ticks: a slow callback URL never delays a ring.
  if (options.scheduler !== false) runPeriodically(app, 'wake-up callbacks', CALLBACK_EVERY_MS, () => sendWakeUpCallbacks(db));
}
