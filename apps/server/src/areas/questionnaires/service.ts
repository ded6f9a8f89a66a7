import { isLockedRow } from '@htv/shared';
import { OPTION_FIELDS, OPTIONS_MAX, OPTIONS_MIN, QUESTION_FIELDS, questionnaire } from '@htv/shared/areas/questionnaires/records';
import type { QuestionnaireOnTv, QuestionnaireResults } from '@htv/shared/areas/questionnaires/device';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { conflict, invalidFields } from '../../http/errors.js';
import type { Row } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';
import { localContent } from '../publishing/content.js';
import { addPublishable, liveForRoom, recordReceipts, type ReceiptTerminal } from '../publishing/service.js';
import { questionnaireAnswers } from './schema.js';

export const KIND = 'questionnaire';
const questionnaires = () => recordTables.questionnaire!;
const options = () => recordTables.questionnaireOption!;

/** The options of questionnaires, by sort (larger first), then as created. */
async function optionsOf(db: Db, ids: readonly number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const o = options();
  return (await db.select().from(o).where(inArray(o.questionnaireId, [...ids])).orderBy(desc(o.sort), asc(o.id))) as Row[];
}

/**
 * Which stay of a room answers: `stay:<id>` while a guest is in house, else `vacant:<the room's last
 * stay id, or 0>`. A new guest (a check-in) or a check-out starts a new key, so the room answers again.
 */
export async function stayKeyOf(db: Db, hotelId: number, roomNumber: string): Promise<string> {
  const s = recordTables.stay!;
  const [latest] = await db
    .select({ id: s.id, state: s.state })
    .from(s)
    .where(and(eq(s.hotelId, hotelId), eq(s.roomNumber, roomNumber)))
    .orderBy(desc(s.id))
    .limit(1);
  if (!latest) return 'vacant:0';
  return latest.state === 'inHouse' ? `stay:${latest.id}` : `vacant:${latest.id}`;
}

/** The questionnaires in the survey for a room, with their options and what the room's current stay answered. */
export async function questionnairesForRoom(db: Db, hotelId: number, roomNumber: string): Promise<QuestionnaireOnTv[]> {
  const rows = await liveForRoom(db, KIND, hotelId, roomNumber);
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const stayKey = await stayKeyOf(db, hotelId, roomNumber);
  const a = questionnaireAnswers;
  const [opts, answers] = await Promise.all([
    optionsOf(db, ids),
    db
      .select({ questionnaireId: a.questionnaireId, optionId: a.optionId })
      .from(a)
      .where(and(inArray(a.questionnaireId, ids), eq(a.hotelId, hotelId), eq(a.roomNumber, roomNumber), eq(a.stayKey, stayKey))),
  ]);
  return rows.map((row) => ({
    id: row.id,
    publishedAt: row.publishedAt,
    read: row.read,
    question: localContent(row, QUESTION_FIELDS),
    options: opts.filter((o) => o.questionnaireId === row.id).map((o) => ({ id: o.id, text: localContent(o, OPTION_FIELDS) })),
    answered: answers.find((answer) => answer.questionnaireId === row.id)?.optionId ?? null,
  }));
}

/**
 * Records a room's answer: the questionnaire in the survey for the terminal's room, one of its
 * options, once per stay (a second answer of the same stay: 409 `questionnaires.answered`). The
 * answer is also the questionnaire's read receipt.
 */
export async function answer(db: Db, terminal: ReceiptTerminal & { hotelId: number; brandId: number; roomNumber: string }, questionnaireId: number, optionId: number): Promise<void> {
  const live = (await liveForRoom(db, KIND, terminal.hotelId, terminal.roomNumber)).some((row) => row.id === questionnaireId);
  if (!live) throw conflict('questionnaires.notInSurvey');
  const o = options();
  const [option] = await db.select({ id: o.id }).from(o).where(and(eq(o.id, optionId), eq(o.questionnaireId, questionnaireId))).limit(1);
  if (!option) throw invalidFields({ optionId: { key: 'questionnaires.unknownOption' } });
  const stayKey = await stayKeyOf(db, terminal.hotelId, terminal.roomNumber);
  const inserted = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId, optionId, brandId: terminal.brandId, hotelId: terminal.hotelId, roomNumber: terminal.roomNumber, stayKey, terminalId: terminal.id })
    .onConflictDoNothing()
    .returning({ id: questionnaireAnswers.id });
  if (!inserted.length) throw conflict('questionnaires.answered');
  await recordReceipts(db, terminal, KIND, [questionnaireId], 'read');
}

/** Each option's support count and percentage (of all answers, one decimal). */
export async function resultsOf(db: Db, row: Row): Promise<QuestionnaireResults> {
  const a = questionnaireAnswers;
  const [opts, counts] = await Promise.all([
    optionsOf(db, [row.id]),
    db
      .select({ optionId: a.optionId, count: count() })
      .from(a)
      .where(and(eq(a.questionnaireId, row.id), eq(a.hotelId, row.hotelId as number)))
      .groupBy(a.optionId),
  ]);
  const countOf = (id: number) => counts.find((c) => c.optionId === id)?.count ?? 0;
  const total = opts.reduce((sum, o) => sum + countOf(o.id), 0);
  return {
    total,
    options: opts.map((o) => ({
      id: o.id,
      text: o.text as string,
      textTw: o.textTw as string,
      textEn: o.textEn as string,
      count: countOf(o.id),
      percent: total ? Math.round((countOf(o.id) * 1000) / total) / 10 : 0,
    })),
  };
}


let installed = false;

/**
 * The questionnaires' rules (docs/questionnaires.md): publishable (vocabulary `survey`); edited only
 * while pending release; released with 2 to 10 options; not deleted while in the survey (a finished
 * one is, with its answers); options of the questionnaire's own hotel, changed only while it is pending
 * (deleted also once it is finished).
 */
export function installQuestionnaireRules(): void {
  if (installed) return;
  installed = true;
  addPublishable(KIND, 'survey');
  // Edited only while pending release: the declaration's `states.locked` (the engine refuses the update).
  addRecordHooks(KIND, {
    async beforeAction(ctx, row, action) {
      if (action !== 'publish') return;
      const [found] = await ctx.db.select({ n: count() }).from(options()).where(eq(options().questionnaireId, row.id));
      if ((found?.n ?? 0) < OPTIONS_MIN) throw conflict('questionnaires.optionsRequired', { min: OPTIONS_MIN });
    },
    async beforeDelete(ctx, rows) {
      if (rows.some((row) => row.publishState === 'scheduled' || row.publishState === 'surveying')) throw conflict('questionnaires.deleteInSurvey');
      const ids = rows.map((row) => row.id);
      await ctx.db.delete(questionnaireAnswers).where(inArray(questionnaireAnswers.questionnaireId, ids));
    },
  });
  addRecordHooks('questionnaireOption', {
    async beforeWrite(ctx, values, existing) {
      const q = questionnaires();
      const parentIds = [...new Set([existing?.questionnaireId, values.questionnaireId].filter((id): id is number => typeof id === 'number'))];
      const parents = parentIds.length ? ((await ctx.db.select().from(q).where(inArray(q.id, parentIds)).for('update')) as Row[]) : [];
      const hotelId = (values.hotelId ?? existing?.hotelId) as number | undefined;
      // The questionnaire of another hotel (a brand user's reach holds several) is not this option's.
      if (parents.some((parent) => parent.hotelId !== hotelId)) throw invalidFields({ questionnaireId: { key: 'error.notFound' } });
      // An option changes only while its questionnaire may (the questionnaire's `states.locked`).
      if (parents.some((parent) => isLockedRow(questionnaire, parent))) throw conflict('questionnaires.released');
      const target = values.questionnaireId as number | undefined;
      if (target !== undefined && target !== existing?.questionnaireId) {
        const [found] = await ctx.db.select({ n: count() }).from(options()).where(eq(options().questionnaireId, target));
        if ((found?.n ?? 0) >= OPTIONS_MAX) throw invalidFields({ questionnaireId: { key: 'questionnaires.optionsLimit', params: { max: OPTIONS_MAX } } });
      }
      return values;
    },
    async beforeDelete(ctx, rows) {
      const q = questionnaires();
      const parents = (await ctx.db.select().from(q).where(inArray(q.id, [...new Set(rows.map((row) => row.questionnaireId as number))]))) as Row[];
      if (parents.some((parent) => parent.publishState !== 'unpublished' && parent.publishState !== 'finished')) throw conflict('questionnaires.released');
      await ctx.db.delete(questionnaireAnswers).where(inArray(questionnaireAnswers.optionId, rows.map((row) => row.id)));
    },
  });
}
