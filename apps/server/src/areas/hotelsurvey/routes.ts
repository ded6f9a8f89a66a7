import { idSchema, records } from '@htv/shared';
import { SURVEY_MACS_MAX } from '@htv/shared/areas/hotelsurvey/records';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { getRow } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';
import { addConfigPart, deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { deleteResults, pushSurveyTvs, resultsOf, saveReport, SURVEY_DOWNLOAD_BYTES, SURVEY_PINGS, surveyPart } from './service.js';

/** States in which a survey may be deleted (its fields change only while not started: the declaration's `states.locked`). */
const DELETABLE = ['notStarted', 'closed'];
let installed = false;

/**
 * Hotel surveys (docs/hotelsurvey.md): the record's rules (hotel required with the spec's message,
 * MACs normalised, no change after the start), the TVs' `survey` part pushed to the TVs a survey
 * lists whenever it is written or changes state, and the console's results. Once per process.
 */
export function registerHotelSurveys(app: FastifyInstance, db: Db): void {
  if (!installed) {
    installed = true;
    addRecordHooks('hotelSurvey', {
      beforeWrite(_ctx, values, existing) {
        const merged = { ...existing, ...values };
        if (!merged.hotel) throw invalidFields({ hotel: { key: 'hotelsurvey.hotelRequired' } });
        if (typeof values.macs === 'string') {
          const macs = [...new Set(values.macs.split(/[\s,，;；]+/).filter(Boolean).map((mac) => mac.toUpperCase()))];
          if (macs.length > SURVEY_MACS_MAX) throw invalidFields({ macs: { key: 'hotelsurvey.macMax' } });
          return { ...values, macs: macs.join(',') };
        }
        return values;
      },
      beforeDelete(ctx, rows) {
        if (rows.some((row) => !DELETABLE.includes(row.status as string))) throw new AppError('conflict', 'hotelsurvey.locked');
        return deleteResults(ctx.db, rows.map((row) => row.id));
      },
      beforeAction(_ctx, row, action) {
        if (action === 'start') return { startedAt: new Date(), runs: ((row.runs as number | null) ?? 0) + 1 };
        if (action === 'resume') return { runs: ((row.runs as number | null) ?? 0) + 1 };
      },
      afterCommit(ctx, { action, rows }) {
        if (action !== 'create') return pushSurveyTvs(ctx.db, rows);
      },
    });
    addConfigPart('survey', (terminal, ctx) => (terminal.authorization === 'authorized' ? surveyPart(ctx.db, terminal) : undefined));
  }

  app.get(
    '/api/hotel-surveys/:id/results',
    { schema: { tags: ['hotel surveys'], params: z.object({ id: idSchema }), summary: "Each listed TV's latest measurement and verdict" }, config: { auth: { userTypes: [1], permission: 'survey.read' } } },
    async (request) => {
      const { id } = request.params as { id: number };
      const survey = await getRow(db, records.hotelSurvey, actorOf(request), id, request.lang);
      return ok({ status: survey.status, results: await resultsOf(db, survey) });
    },
  );
}

/** Calls a TV may make a minute for its survey: the pings and a few downloads and reports. */
const PINGS_PER_MIN = 60;
const DOWNLOADS_PER_MIN = 6;
const REPORTS_PER_MIN = 6;

let testFile: string | undefined;
/** The test file as an envelope: 1 MiB of random base64 text (no compression can shorten it). */
function testFileJson(): string {
  testFile ??= `{"code":"0","data":{"payload":"${randomBytes((SURVEY_DOWNLOAD_BYTES * 3) / 4).toString('base64')}"}}`;
  return testFile;
}

const reportBody = z.strictObject({
  surveyId: idSchema,
  runId: z.string().min(1).max(40),
  pingsMs: z.array(z.number().int().min(0).max(60_000).nullable()).min(1).max(SURVEY_PINGS * 2),
  downloadBytes: z.number().int().min(0).max(SURVEY_DOWNLOAD_BYTES * 2).nullable(),
  downloadMs: z.number().int().min(0).max(600_000).nullable(),
  model: z.string().trim().max(40).nullish(),
  firmware: z.string().trim().max(40).nullish(),
});

/** The TVs' side under /api/device/v1: the ping, the test file and the report (token, rate-limited). */
export function registerHotelSurveyDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime): void {
  scope.decorateRequest('deviceTerminal', null);
  const tags = ['device API v1'];
  const auth = deviceAuthHook(runtime);
  const pings = rateLimit(PINGS_PER_MIN, 60_000);
  const downloads = rateLimit(DOWNLOADS_PER_MIN, 60_000);
  const reports = rateLimit(REPORTS_PER_MIN, 60_000);
  scope.get(
    '/survey/ping',
    { schema: { tags, summary: 'A tiny answer a surveyed TV times' }, config: { auth: { public: true } }, preValidation: [auth, perTerminalLimit(pings, 'hotelsurvey.rateLimited')] },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(ok({ at: Date.now() })),
  );
  scope.get(
    '/survey/download',
    { schema: { tags, summary: 'The survey’s test file: 1 MiB of random text in the envelope' }, config: { auth: { public: true } }, preValidation: [auth, perTerminalLimit(downloads, 'hotelsurvey.rateLimited')] },
    async (_request, reply) => reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(testFileJson()),
  );
  scope.post(
    '/survey/report',
    { schema: { tags, body: reportBody, summary: "A surveyed TV's measurement" }, config: { auth: { public: true } }, preValidation: [auth, perTerminalLimit(reports, 'hotelsurvey.rateLimited')] },
    async (request) => {
      const terminal = request.deviceTerminal!;
      const verdict = await saveReport(db, { id: terminal.id, mac: terminal.mac, hotelId: terminal.hotelId }, request.body as z.infer<typeof reportBody>);
      return ok({ verdict });
    },
  );
}
