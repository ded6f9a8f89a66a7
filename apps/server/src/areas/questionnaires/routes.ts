import { translate, type RecordDef } from '@htv/shared';
import { QUESTIONNAIRE_ANSWER_PATH, type QuestionnairesPart } from '@htv/shared/areas/questionnaires/device';
import { questionnaire } from '@htv/shared/areas/questionnaires/records';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { getRow } from '../../records/engine.js';
import { sendXlsx, tableXlsx } from '../../records/export.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { addRecordConfigPart, deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { notifyConfigChanged } from '../devices/service.js';
import { answer, installQuestionnaireRules, KIND, questionnairesForRoom, resultsOf } from './service.js';

/** Answers one TV may post a minute: a guest answers a few questionnaires, a script far more. */
const ANSWERS_PER_MINUTE = 10;
const id = z.coerce.number().int().positive().max(2_147_483_647);
const answerBody = z.strictObject({ questionnaireId: id, optionId: id });

let installed = false;

/** The TVs' `questionnaires` part and the rules, once per process. */
function installQuestionnaires(): void {
  if (installed) return;
  installed = true;
  installQuestionnaireRules();
  addRecordConfigPart('questionnaires', [KIND, 'questionnaireOption'], async (terminal, { db }): Promise<QuestionnairesPart | null> => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return null;
    const list = await questionnairesForRoom(db, terminal.hotelId, terminal.roomNumber);
    return list.length ? { questionnaires: list } : null;
  });
}

/**
 * Questionnaires on the TVs (docs/questionnaires.md): the `questionnaires` part (null without one in
 * the survey for the room) and the answer, once per stay (device token, rate-limited). Its rules are
 * installed with it.
 */
export function registerQuestionnaireDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime): void {
  installQuestionnaires();
  scope.decorateRequest('deviceTerminal', null);
  const limit = rateLimit(ANSWERS_PER_MINUTE, 60_000);
  scope.post(
    QUESTIONNAIRE_ANSWER_PATH,
    {
      schema: { body: answerBody, tags: ['device API v1'], summary: 'Answer a questionnaire in the survey for the terminal’s room (once per stay)' },
      config: { auth: { public: true } },
      preValidation: [deviceAuthHook(runtime), perTerminalLimit(limit, 'questionnaires.answersLimited')],
    },
    async (request) => {
      const body = request.body as z.infer<typeof answerBody>;
      const terminals = recordTables.terminal!;
      const [terminal] = await db
        .select({ id: terminals.id, mac: terminals.mac, brandId: terminals.brandId, hotelId: terminals.hotelId, roomNumber: terminals.roomNumber })
        .from(terminals)
        .where(and(eq(terminals.id, request.deviceTerminal!.id), eq(terminals.authorization, 'authorized')));
      if (!terminal || terminal.hotelId === null || terminal.brandId === null || !terminal.roomNumber) throw new AppError('forbidden', 'error.forbidden');
      const room = { ...(terminal as { id: number; mac: string }), hotelId: terminal.hotelId as number, brandId: terminal.brandId as number, roomNumber: terminal.roomNumber as string };
      await answer(db, room, body.questionnaireId, body.optionId);
      // The room's TVs (sharing the stay) show it answered.
      const roomTvs = await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(and(eq(terminals.hotelId, room.hotelId), eq(terminals.roomNumber, room.roomNumber)));
      notifyConfigChanged(roomTvs.map((row) => row.id as number));
      return ok({ answered: body.optionId });
    },
  );
}

/** The console's results of a questionnaire (`questionnaire.read`, within the caller's reach, else 404) and their export. */
export function registerQuestionnaires(app: FastifyInstance, db: Db): void {
  const def = questionnaire as unknown as RecordDef;
  const config = { auth: { userTypes: def.userTypes, permission: `${def.permission}.read` } };
  const params = z.object({ id });
  app.get(
    '/api/questionnaires/:id/results',
    { schema: { params, tags: ['questionnaires'], summary: 'Each option’s support count and percentage' }, config },
    async (request) => {
      const row = await getRow(db, def, actorOf(request), (request.params as { id: number }).id);
      return ok(await resultsOf(db, row));
    },
  );
  app.get(
    '/api/questionnaires/:id/results/export',
    { schema: { params, tags: ['questionnaires'], summary: 'The results as .xlsx' }, config },
    async (request, reply) => {
      const lang = request.lang;
      const row = await getRow(db, def, actorOf(request), (request.params as { id: number }).id);
      const results = await resultsOf(db, row);
      const title = translate('questionnaires.resultsTitle', lang);
      const file = await tableXlsx(
        title,
        [
          { key: 'text', header: translate('questionnaires.option', lang), width: 40 },
          { key: 'count', header: translate('questionnaires.count', lang), width: 12 },
          { key: 'percent', header: translate('questionnaires.percent', lang), width: 12 },
        ],
        results.options.map((o) => ({ text: lang === 'en-US' ? o.textEn : o.text, count: o.count, percent: `${o.percent}%` })),
      );
      return sendXlsx(reply, file, `questionnaire-${row.id}`, title);
    },
  );
}
