import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { macFor } from '../../../tools/simulator/lib.js';
import { buildApp } from '../src/app.js';
import { digitalWallConfigs } from '../src/areas/digitalwall/schema.js';
import { hotelSurveyResults } from '../src/areas/hotelsurvey/schema.js';
import { resultsOf } from '../src/areas/questionnaires/service.js';
import { loadSecrets, type Config } from '../src/config.js';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { hotels, publishReceipts, questionnaireAnswers, recordTables } from '../src/db/schema/index.js';
import { localDiskStorage } from '../src/files/storage.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEMO_FLEET_DEFAULT, fleetAnswer, planFleet, prepareFleet, runFleet, type RunningFleet } from '../src/seed/fleet.js';

/**
 * The demo hotel's messages to rooms (docs/demo.md): the seed writes the items, and the demo fleet's
 * TVs — the simulator, over the real device API — deliver, answer and measure them.
 */
describe('the demo hotel’s messages', () => {
  it('has a live notice and subtitle, a questionnaire its simulated TVs answer through the device API, a survey they measure, and a digital wall', async () => {
    const database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-demo-'));
    let app: FastifyInstance | undefined;
    let fleet: RunningFleet | undefined;
    try {
      await database.migrate();
      const db = database.db;
      expect(await seedDemo(db, localDiskStorage(dataDir))).toBe(true);
      const [bund] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.publicId, '1000001'));
      const q = recordTables.questionnaire!;
      const [live] = await db.select().from(q).where(and(eq(q.hotelId, bund!.id), eq(q.publishState, 'surveying')));
      expect(live).toBeDefined();
      // The seed writes no answer: they come from the TVs.
      expect(await db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.questionnaireId, live!.id as number))).toEqual([]);
      const notice = recordTables.messageNotice!;
      const [liveNotice] = await db.select().from(notice).where(and(eq(notice.hotelId, bund!.id), eq(notice.publishState, 'byRoom')));
      expect(liveNotice).toBeDefined();
      const subtitle = recordTables.subtitle!;
      expect((await db.select().from(subtitle).where(eq(subtitle.hotelId, bund!.id))).length).toBeGreaterThan(0);
      const [message] = await db.select().from(recordTables.imageMessage!);
      expect(message).toMatchObject({ publishState: 'byRoom', imageIds: [expect.any(String), expect.any(String)] });

      // Hotel surveys: one in progress listing fleet TVs of the hotel, one completed with results, one not started.
      const surveys = recordTables.hotelSurvey!;
      const allSurveys = await db.select().from(surveys);
      expect(allSurveys.map((s) => s.status).sort()).toEqual(['completed', 'inProgress', 'notStarted']);
      const inProgress = allSurveys.find((s) => s.status === 'inProgress')!;
      const completed = allSurveys.find((s) => s.status === 'completed')!;
      expect(inProgress.hotel).toBe(bund!.id);
      expect((await db.select().from(hotelSurveyResults).where(eq(hotelSurveyResults.surveyId, completed.id as number))).length).toBeGreaterThan(0);
      expect(await db.select().from(hotelSurveyResults).where(eq(hotelSurveyResults.surveyId, inProgress.id as number))).toEqual([]);

      // The digital wall: three posters, saved settings, and the lobby TVs are public-area TVs.
      const items = recordTables.digitalWallItem!;
      expect((await db.select().from(items).where(eq(items.hotelId, bund!.id))).length).toBe(3);
      expect(await db.select().from(digitalWallConfigs).where(eq(digitalWallConfigs.hotelId, bund!.id))).toHaveLength(1);
      const terminals = recordTables.terminal!;
      const lobby = await db.select({ sceneMode: terminals.sceneMode, roomNumber: terminals.roomNumber }).from(terminals).where(and(eq(terminals.hotelId, bund!.id), eq(terminals.sceneMode, 'infoRelease')));
      expect(lobby.length).toBeGreaterThan(0);
      expect(lobby.every((tv) => tv.roomNumber === null)).toBe(true);

      // The fleet's TVs of the hotel switch on against the server's own device API.
      const plan = (await planFleet(db, DEMO_FLEET_DEFAULT)).filter((tv) => tv.hotelId === bund!.id);
      expect(plan.length).toBeGreaterThan(3);
      await prepareFleet(db, plan, '127.0.0.1');
      const config: Config = { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', production: false, secrets: loadSecrets(dataDir), trustProxy: ['127.0.0.1'] };
      app = await buildApp({ config, database });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      fleet = runFleet(plan, url, app.log, 480);
      const fleetMacs = plan.map((tv) => macFor('demo-fleet', tv.index));

      // Answers arrive through the device API, one a room and stay, from the fleet's terminals only.
      const answersOf = () => db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.questionnaireId, live!.id as number));
      await expect.poll(async () => (await answersOf()).length, { timeout: 90_000, interval: 500 }).toBeGreaterThan(0);
      const answers = await answersOf();
      const answering = await db.select({ id: terminals.id, mac: terminals.mac }).from(terminals).where(inArray(terminals.id, answers.map((a) => a.terminalId as number)));
      expect(answering.every((tv) => fleetMacs.includes(tv.mac as string))).toBe(true);
      const results = await resultsOf(db, live as never);
      expect(results.total).toBe(answers.length);
      // The TVs report what reached them: the notice's delivered receipts, and the answer as the questionnaire's read.
      await expect.poll(async () => (await db.select().from(publishReceipts).where(and(eq(publishReceipts.kind, 'messageNotice'), eq(publishReceipts.itemId, liveNotice!.id as number)))).length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
      // The survey in progress is measured by the listed fleet TVs that are on.
      await expect.poll(async () => (await db.select().from(hotelSurveyResults).where(eq(hotelSurveyResults.surveyId, inProgress.id as number))).length, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    } finally {
      await fleet?.stop();
      await app?.close();
      await database.close();
    }
  }, 300_000);
});

describe('the demo guests’ answers', () => {
  const questionnaire = { id: 7, publishedAt: '2026-11-28T00:00:00.000Z', read: false, question: { en: 'Q?' }, answered: null, options: [1, 2, 3, 4].map((id) => ({ id, text: { en: `O${id}` } })) };
  const tvs = Array.from({ length: 400 }, (_, i) => ({ mac: macFor('answers', i), config: undefined }));

  it('answer three stays in four, leaning to the first options, the same way every time', () => {
    const picks = tvs.map((tv) => fleetAnswer(questionnaire, tv as never));
    expect(tvs.map((tv) => fleetAnswer(questionnaire, tv as never))).toEqual(picks);
    const answered = picks.filter((id) => id !== null);
    expect(answered.length / tvs.length).toBeGreaterThan(0.65);
    expect(answered.length / tvs.length).toBeLessThan(0.85);
    const count = (id: number) => answered.filter((pick) => pick === id).length;
    expect(count(1) + count(2)).toBeGreaterThan(count(3) + count(4));
    expect(count(4)).toBeGreaterThan(0);
  });

  it('decide afresh for a new stay of the room', () => {
    const tv = tvs[0]!;
    const stays = Array.from({ length: 40 }, (_, id) => fleetAnswer(questionnaire, { mac: tv.mac, config: { stay: { id } } } as never));
    expect(new Set(stays).size).toBeGreaterThan(1);
  });
});
