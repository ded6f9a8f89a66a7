import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import { SCORE_MAX, SCORE_MIN, type CallOnTv, type VoiceConfigPart } from '@htv/shared/areas/voice/device';
import type { CallState } from '@htv/shared/areas/voice/records';
import { parseInstruction, parseTests, SLOT_TYPES } from '@htv/shared/areas/voice/instruction';
import { records, translate, DEFAULT_LANG, idSchema, type FieldDef } from '@htv/shared';
import { and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runPeriodically } from '../../system/periodic.js';
import type { Db } from '../../db/client.js';
import { hotels, messageRecipients, recordTables, sentMessages, users } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { writeOpLog } from '../oplog/log.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { addRecordConfigPart, deviceAuthHook, invalidateConfig, type DeviceRuntime } from '../devices/plugin.js';
import type { Storage } from '../../files/storage.js';
import { answerAudio, phrasesOf, phrasesOnTv, voiceFiles } from './phrases.js';
import { AI_INFO_CONTENT, buildBrain, voiceSettings } from './brain.js';
import { VoiceModels } from './models.js';
import { testSet, understandSentence } from './service.js';
import { callChanged } from './live.js';

const tags = ['device API v1'];
/** Sentences and calls a TV may send a minute: a guest talks, a script does not. */
const SENTENCES_PER_MINUTE = 30;
const CALLS_PER_MINUTE = 6;
const SCORES_PER_MINUTE = 10;
/** How often the unprocessed calls are looked at for escalation. */
const ESCALATION_TICK_MS = 30_000;
/** A TV shows its calls of the last day. */
const CALLS_SHOWN = 10;

const understandBody = z.strictObject({ text: z.string().trim().min(1).max(200) });
const demandBody = z.strictObject({ content: z.string().trim().min(1).max(1000), intent: z.string().trim().max(60).optional() });
const scoreBody = z.strictObject({ score: z.number().int().min(SCORE_MIN).max(SCORE_MAX) });
const callParams = z.object({ id: idSchema });
const FIELDS = {
  text: { kind: 'text', required: true, schema: z.unknown(), label: { 'zh-CN': '内容', 'en-US': 'Text' } },
  content: records.aiServiceCall.fields.content,
  score: records.aiServiceCall.fields.score,
} as unknown as Record<string, FieldDef>;

const typeList = SLOT_TYPES.join(', ');

/** Each app's retrain (tests run several apps in one process; the record hooks are global). */
const retrainListeners = new Set<(hotelId: number | null) => void>();
const onRetrain = (hotelId: number | null) => retrainListeners.forEach((listener) => listener(hotelId));
/** A hotel's assistant learns again (a write outside the record engine: the goods sync). */
export const retrainHotel = (hotelId: number) => onRetrain(hotelId);
let hooksInstalled = false;

/** The record hooks (once per process): instruction content, slot types, set tests and the publish threshold, and retraining. */
function installHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const retrain = (rows: Record<string, unknown>[]) => {
    for (const row of rows) onRetrain((row.hotelId as number | null) ?? null);
  };
  addRecordHooks('aiInstruction', {
    beforeWrite(_ctx, values) {
      if (typeof values.content === 'string') {
        const parsed = parseInstruction(values.content);
        if (!parsed.ok) throw invalidFields({ content: { key: parsed.reason === 'json' ? 'voice.contentNotJson' : 'voice.contentShape' } });
      }
      return values;
    },
    afterCommit: (_ctx, { rows }) => retrain(rows),
  });
  addRecordHooks('aiIntent', {
    beforeWrite(_ctx, values) {
      if (typeof values.slots === 'string') {
        const types = values.slots.split(/[,，\s]+/).filter(Boolean);
        if (types.some((type) => !(SLOT_TYPES as readonly string[]).includes(type))) throw invalidFields({ slots: { key: 'voice.slotTypes', params: { types: typeList } } });
        values = { ...values, slots: types.join(',') || null };
      }
      return values;
    },
    afterCommit: (_ctx, { rows }) => {
      // A platform intent is every hotel's.
      for (const row of rows) onRetrain(row.brandId === null && row.hotelId === null ? null : ((row.hotelId as number | null) ?? null));
    },
  });
  addRecordHooks('aiIntentSet', {
    // Every save runs the set's test sentences against a model of the set (trained here, once per save).
    async beforeWrite(ctx, values, existing) {
      const hotelId = (existing?.hotelId ?? values.hotelId) as number | null;
      if (!hotelId) return values;
      const testsZh = ('testsZh' in values ? values.testsZh : existing?.testsZh) as string | null;
      const testsEn = ('testsEn' in values ? values.testsEn : existing?.testsEn) as string | null;
      const brain = await buildBrain(ctx.db, hotelId, { setId: (existing?.id as number | undefined) ?? -1 });
      const result = await testSet(brain, { zh: parseTests(testsZh), en: parseTests(testsEn) });
      const tested = { accuracy: result?.accuracy ?? null, failures: result?.failures ?? [], testedAt: new Date().toISOString() };
      // A published set that falls below the threshold goes back to draft: the TVs never use a failing set.
      if (existing?.status === 'published') {
        const settings = await voiceSettings(ctx.db, hotelId);
        if ((tested.accuracy ?? 0) < (settings?.threshold ?? 100)) return { ...values, ...tested, status: 'draft' };
      }
      return { ...values, ...tested };
    },
    async beforeAction(ctx, row, action) {
      if (action !== 'publish') return;
      if (row.accuracy === null || row.accuracy === undefined) throw new AppError('conflict', 'voice.untested');
      const settings = await voiceSettings(ctx.db, row.hotelId as number);
      const threshold = settings?.threshold ?? 100;
      if ((row.accuracy as number) < threshold) throw new AppError('conflict', 'voice.belowThreshold', { accuracy: row.accuracy, threshold });
      // One published set per hotel: publishing this one takes the other back to draft.
      const sets = recordTables.aiIntentSet!;
      await ctx.db
        .update(sets)
        .set({ status: 'draft', updatedAt: new Date() })
        .where(and(eq(sets.hotelId, row.hotelId as number), eq(sets.status, 'published'), ne(sets.id, row.id as number)));
    },
    afterCommit: (_ctx, { rows }) => retrain(rows),
  });
  addRecordHooks('aiGoods', { afterCommit: (_ctx, { rows }) => retrain(rows) });
  // AI information: an edit goes back to draft (the TVs keep the version last passed); passing
  // keeps what was passed; the TVs' models learn only passed versions.
  addRecordHooks('aiInfo', {
    beforeWrite(_ctx, values, existing) {
      if (!existing || existing.reviewStatus === 'draft') return values;
      const changed = AI_INFO_CONTENT.some((field) => field in values && (values[field] ?? null) !== (existing[field] ?? null));
      return changed ? { ...values, reviewStatus: 'draft' } : values;
    },
    beforeAction(_ctx, row, action) {
      if (action === 'submit') return { reviewReason: null };
      if (action === 'fail') return { reviewedAt: new Date().toISOString() };
      if (action === 'pass') return { reviewedAt: new Date().toISOString(), reviewReason: null, passed: Object.fromEntries(AI_INFO_CONTENT.map((field) => [field, row[field] ?? null])) };
    },
    afterCommit: (_ctx, { action, rows }) => {
      // Only a pass (or a deletion of a passed version) changes what the TVs know.
      if (action === 'pass' || action === 'delete') retrain(rows);
    },
  });
  // The FAQ's questions are intents of the hotel's model.
  addRecordHooks('faq', { afterCommit: (_ctx, { rows }) => retrain(rows) });
  // A call's state reaches its TV at once (the `voice` part of that terminal only).
  addRecordHooks('aiServiceCall', {
    afterCommit: (_ctx, { rows }) => {
      for (const row of rows) callChanged({ id: row.id as number, hotelId: row.hotelId as number, brandId: (row.brandId as number | null) ?? null, status: row.status as CallState, kind: 'change' });
      const ids = rows.map((row) => row.terminalId as number | null).filter((id): id is number => !!id);
      if (ids.length) invalidateConfig({ terminalIds: ids });
    },
  });
}

/** A TV's calls of the last day, newest first. */
async function callsOfTerminal(db: Db, terminalId: number): Promise<CallOnTv[]> {
  const calls = recordTables.aiServiceCall!;
  const rows = await db
    .select({ id: calls.id, content: calls.content, status: calls.status, calledAt: calls.calledAt, score: calls.score })
    .from(calls)
    .where(and(eq(calls.terminalId, terminalId), gte(calls.calledAt, sql`now() - interval '1 day'`)))
    .orderBy(desc(calls.calledAt), desc(calls.id))
    .limit(CALLS_SHOWN);
  return rows.map((row) => ({
    id: row.id as number,
    content: row.content as string,
    status: row.status as CallOnTv['status'],
    calledAt: new Date(row.calledAt as string).toISOString(),
    score: (row.score as number | null) ?? null,
  }));
}

/** Whether a hotel has the AI voice flag (403 otherwise: the TV hides its voice key's page). */
async function requireVoice(db: Db, hotelId: number | null) {
  const settings = hotelId ? await voiceSettings(db, hotelId) : null;
  if (!settings?.enabled) throw new AppError('forbidden', 'voice.disabled');
  return settings;
}

/** The terminal's room, for an authorized TV of a hotel. */
async function roomOf(db: Db, terminalId: number) {
  const t = recordTables.terminal!;
  const [row] = await db.select({ brandId: t.brandId, hotelId: t.hotelId, roomNumber: t.roomNumber, mac: t.mac, authorization: t.authorization }).from(t).where(eq(t.id, terminalId)).limit(1);
  if (!row || row.authorization !== 'authorized' || !row.hotelId) throw new AppError('forbidden', 'voice.disabled');
  return { brandId: row.brandId as number, hotelId: row.hotelId as number, roomNumber: (row.roomNumber as string | null) ?? null, mac: row.mac as string };
}

/**
 * Tells the hotel's users (message center) about calls left unprocessed past the hotel's limit, once
 * per call; answers how many were escalated.
 */
export async function escalateWaitingCalls(db: Db, now = new Date()): Promise<number> {
  const calls = recordTables.aiServiceCall!;
  const limit = sql<number>`coalesce(nullif(${hotels.settings}->>'ai_call_escalate_minutes', '')::int, 10)`;
  const waiting = await db
    .select({ id: calls.id, hotelId: calls.hotelId, roomNumber: calls.roomNumber, content: calls.content, calledAt: calls.calledAt, minutes: limit })
    .from(calls)
    .innerJoin(hotels, eq(hotels.id, calls.hotelId))
    .where(and(eq(calls.status, 'pending'), eq(calls.escalated, false), lt(calls.calledAt, sql`${now.toISOString()}::timestamptz - make_interval(mins => ${limit})`)))
    .limit(200);
  for (const call of waiting) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(calls)
        .set({ escalated: true, updatedAt: new Date() })
        .where(and(eq(calls.id, call.id as number), eq(calls.escalated, false)))
        .returning({ id: calls.id });
      if (!claimed) return; // another process escalated it
      callChanged({ id: call.id as number, hotelId: call.hotelId as number, brandId: null, status: 'pending', kind: 'change' });
      const recipients = (await tx.select({ id: users.id }).from(users).where(and(eq(users.userType, 3), eq(users.hotelId, call.hotelId as number), eq(users.enabled, true)))).map((u) => u.id);
      if (!recipients.length) return;
      const content = translate('voice.escalation', DEFAULT_LANG, { room: call.roomNumber ?? '-', content: String(call.content).slice(0, 60), minutes: call.minutes }).slice(0, 1000);
      const [message] = await tx.insert(sentMessages).values({ content, senderId: null, senderName: null, target: { user_ids: recipients, ai_service_call_id: call.id }, recipientCount: recipients.length }).returning({ id: sentMessages.id });
      await tx.insert(messageRecipients).values(recipients.map((userId) => ({ messageId: message!.id, userId })));
    });
  }
  return waiting.length;
}

/**
 * The voice assistant: the record hooks, the TVs' calls (understand a sentence, save a service call,
 * score it; rate-limited per terminal), the `voice` configuration part and the escalation of calls
 * left waiting. Registered with the device API (before the console's plugins).
 */
export async function registerVoice(app: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): Promise<VoiceModels> {
  const models = new VoiceModels(db, (error) => app.log.error({ err: error }, 'voice model build failed'));
  const retrain = (hotelId: number | null) => {
    models.invalidate(hotelId);
    app.bus.publish('voice.retrain', { hotelId });
  };
  const unsubscribe = app.bus.subscribe<{ hotelId: number | null }>('voice.retrain', ({ hotelId }) => models.invalidate(hotelId));
  installHooks();
  retrainListeners.add(retrain);
  installVoicePart();

  const sentences = rateLimit(SENTENCES_PER_MINUTE, 60_000);
  const demands = rateLimit(CALLS_PER_MINUTE, 60_000);
  const scores = rateLimit(SCORES_PER_MINUTE, 60_000);
  const config = { auth: { public: true }, fields: FIELDS };
  const auth = deviceAuthHook(runtime);

  await app.register(
    async (scope) => {
      scope.decorateRequest('deviceTerminal', null);
      voiceFiles.register(scope, db, runtime, storage, signingKey);
      scope.post(
        '/voice/understand',
        { schema: { body: understandBody, tags, summary: 'What the guest said (text): the intent, the slots, what the TV does and what it says' }, config, preValidation: [auth, perTerminalLimit(sentences, 'voice.tooFast')] },
        async (request) => {
          const room = await roomOf(db, request.deviceTerminal!.id);
          await requireVoice(db, room.hotelId);
          const [brain, phrases] = await Promise.all([models.brainOf(room.hotelId), phrasesOf(db, room.hotelId)]);
          const answer = await understandSentence(brain, (request.body as z.infer<typeof understandBody>).text, room, phrases);
          const sayAudio = answerAudio(answer, phrases, voiceFiles.forTerminal(runtime, request.deviceTerminal!.id));
          return ok(sayAudio ? { ...answer, sayAudio } : answer);
        },
      );
      scope.post(
        '/voice/calls/:id/score',
        { schema: { params: callParams, body: scoreBody, tags, summary: "The guest's score (1-5) of a completed call of this TV" }, config, preValidation: [auth, perTerminalLimit(scores, 'voice.tooFast')] },
        async (request) => {
          const terminalId = request.deviceTerminal!.id;
          const { id } = request.params as z.infer<typeof callParams>;
          const { score } = request.body as z.infer<typeof scoreBody>;
          const calls = recordTables.aiServiceCall!;
          const after = await db.transaction(async (tx) => {
            const [call] = await tx.select().from(calls).where(and(eq(calls.id, id), eq(calls.terminalId, terminalId))).for('update');
            if (!call) throw notFound();
            if (call.status !== 'completed') throw new AppError('conflict', 'voice.scoreNotCompleted');
            if (call.score !== null) throw new AppError('conflict', 'voice.scored');
            await tx.update(calls).set({ score, updatedAt: new Date() }).where(eq(calls.id, id));
            await writeOpLog(tx, null, { action: 'score', recordType: 'aiServiceCall', recordId: id, before: { score: null }, after: { score } }, request.ip);
            return call;
          });
          invalidateConfig({ terminalIds: [terminalId] });
          callChanged({ id: after.id as number, hotelId: after.hotelId as number, brandId: (after.brandId as number | null) ?? null, status: 'completed', kind: 'change' });
          return ok({ id: after.id, score });
        },
      );
    },
    { prefix: DEVICE_API_BASE, logLevel: 'warn' },
  );

  // The spec's call (part 2 §7): the room's TV saves a guest's demand; device-authenticated like the device API.
  app.post(
    '/api/web/ai/customer_demand/save',
    { schema: { body: demandBody, tags: ['voice'], summary: "Saves a guest's service call from the room's TV (device token)" }, config, preValidation: [auth, perTerminalLimit(demands, 'voice.tooFast')] },
    async (request) => {
      const terminalId = request.deviceTerminal!.id;
      const room = await roomOf(db, terminalId);
      await requireVoice(db, room.hotelId);
      const body = request.body as z.infer<typeof demandBody>;
      const calls = recordTables.aiServiceCall!;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(calls)
          .values({ brandId: room.brandId, hotelId: room.hotelId, roomNumber: room.roomNumber, mac: room.mac, terminalId, content: body.content, intent: body.intent ?? null, status: 'pending', calledAt: new Date().toISOString(), escalated: false })
          .returning();
        await writeOpLog(tx, null, { action: 'create', recordType: 'aiServiceCall', recordId: created!.id as number, after: { content: body.content, roomNumber: room.roomNumber, mac: room.mac } }, request.ip);
        return created!;
      });
      invalidateConfig({ terminalIds: [terminalId] });
      const call = { id: row.id as number, content: row.content as string, roomNumber: room.roomNumber, mac: room.mac, status: 'pending' as const, calledAt: new Date(row.calledAt as string).toISOString(), score: null, escalated: false as const };
      callChanged({ id: call.id, hotelId: room.hotelId, brandId: room.brandId, status: 'pending', kind: 'new', call });
      return ok({ id: row.id, status: row.status });
    },
  );

  runPeriodically(app, 'call escalation', ESCALATION_TICK_MS, () => escalateWaitingCalls(db));
  app.addHook('onClose', async () => {
    unsubscribe();
    retrainListeners.delete(retrain);
  });
  return models;
}

let partInstalled = false;

/**
 * The TVs' `voice` part: an authorized TV of a hotel with the AI voice flag gets its recent calls and
 * the hotel's wording of the assistant's phrases (sent again when a phrase is written).
 */
function installVoicePart() {
  if (partInstalled) return;
  partInstalled = true;
  addRecordConfigPart('voice', ['aiTts'], async (terminal, { db, runtime }): Promise<VoiceConfigPart | undefined> => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
    const settings = await voiceSettings(db, terminal.hotelId);
    if (!settings?.enabled) return undefined;
    const urlOf = voiceFiles.forTerminal(runtime, terminal.id);
    const phrases = await phrasesOf(db, terminal.hotelId);
    return { calls: await callsOfTerminal(db, terminal.id), ...(phrases.size && urlOf ? { phrases: phrasesOnTv(phrases, urlOf) } : {}) };
  });
}
