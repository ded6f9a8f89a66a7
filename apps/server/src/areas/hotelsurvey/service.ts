import { surveyMacs } from '@htv/shared/areas/hotelsurvey/records';
import { surveyFigures, surveyVerdict, type SurveyPart, type SurveyReport, type SurveyResult } from '@htv/shared/areas/hotelsurvey/device';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Row } from '../../records/engine.js';
import { invalidateConfig, type ConfigTerminal } from '../devices/plugin.js';
import { hotelSurveyResults } from './schema.js';

/** Round trips a TV times, and the test file's size (1 MiB). */
export const SURVEY_PINGS = 5;
export const SURVEY_DOWNLOAD_BYTES = 1024 * 1024;

const surveys = () => recordTables.hotelSurvey!;
const runIdOf = (row: Row) => `${row.id as number}.${(row.runs as number | null) ?? 0}`;

/** The survey in progress that lists this terminal (its MAC, its hotel), if any. */
export async function surveyOfTerminal(db: Db, terminal: Pick<ConfigTerminal, 'mac' | 'hotelId'>): Promise<Row | null> {
  if (terminal.hotelId === null) return null;
  const table = surveys();
  const rows = (await db.select().from(table).where(and(eq(table.status, 'inProgress'), eq(table.hotel, terminal.hotelId)))) as Row[];
  return rows.find((row) => surveyMacs(row.macs as string).includes(terminal.mac)) ?? null;
}

/** The `survey` part of a terminal: what to measure while its survey is in progress. */
export async function surveyPart(db: Db, terminal: ConfigTerminal): Promise<SurveyPart | undefined> {
  const row = await surveyOfTerminal(db, terminal);
  if (!row) return undefined;
  return { surveyId: row.id as number, runId: runIdOf(row), pings: SURVEY_PINGS, downloadBytes: SURVEY_DOWNLOAD_BYTES };
}

/** Tells the TVs a survey lists (of its hotel) to fetch their configuration again. */
export async function pushSurveyTvs(db: Db, rows: readonly Row[]): Promise<void> {
  const terminals = recordTables.terminal!;
  for (const row of rows) {
    const macs = surveyMacs(row.macs as string);
    if (!macs.length || !row.hotel) continue;
    const found = await db.select({ id: terminals.id }).from(terminals).where(and(eq(terminals.hotelId, row.hotel as number), inArray(terminals.mac, macs)));
    if (found.length) invalidateConfig({ terminalIds: found.map((t) => t.id as number) });
  }
}

/** Stores a TV's report of the survey it is in; refused unless that survey is in progress for it. */
export async function saveReport(db: Db, terminal: { id: number; mac: string; hotelId: number | null }, report: SurveyReport): Promise<SurveyResult['verdict']> {
  const row = await surveyOfTerminal(db, terminal);
  if (!row || row.id !== report.surveyId || runIdOf(row) !== report.runId) throw new AppError('conflict', 'hotelsurvey.notSurveying');
  const figures = surveyFigures(report);
  // What the TV left out comes from what it reported at registration and since.
  const terminals = recordTables.terminal!;
  const [known] = await db.select({ model: terminals.model, firmware: terminals.softwareVersion }).from(terminals).where(eq(terminals.id, terminal.id));
  const verdict = surveyVerdict(figures);
  const values = {
    surveyId: report.surveyId,
    terminalId: terminal.id,
    mac: terminal.mac,
    runId: report.runId,
    rttMs: figures.rttMs,
    loss: figures.loss,
    mbps: figures.mbps,
    model: report.model ?? (known?.model as string | null | undefined) ?? null,
    firmware: report.firmware ?? (known?.firmware as string | null | undefined) ?? null,
    verdict,
    reportedAt: new Date(),
  };
  await db.insert(hotelSurveyResults).values(values).onConflictDoUpdate({ target: [hotelSurveyResults.surveyId, hotelSurveyResults.mac], set: values });
  return verdict;
}

/** Every MAC of a survey with its latest result (null figures while it has not reported). */
export async function resultsOf(db: Db, survey: Row): Promise<SurveyResult[]> {
  const macs = surveyMacs(survey.macs as string);
  const terminals = recordTables.terminal!;
  const [results, found] = await Promise.all([
    db.select().from(hotelSurveyResults).where(eq(hotelSurveyResults.surveyId, survey.id as number)),
    macs.length && survey.hotel
      ? db.select({ id: terminals.id, mac: terminals.mac, roomNumber: terminals.roomNumber }).from(terminals).where(and(eq(terminals.hotelId, survey.hotel as number), inArray(terminals.mac, macs)))
      : Promise.resolve([]),
  ]);
  return macs.map((mac) => {
    const result = results.find((r) => r.mac === mac);
    const terminal = (found as { id: number; mac: string; roomNumber: string | null }[]).find((t) => t.mac === mac);
    return {
      mac,
      terminalId: terminal?.id ?? null,
      roomNumber: terminal?.roomNumber ?? null,
      rttMs: result?.rttMs ?? null,
      loss: result?.loss ?? 0,
      mbps: result?.mbps ?? null,
      model: result?.model ?? null,
      firmware: result?.firmware ?? null,
      verdict: (result?.verdict as SurveyResult['verdict']) ?? null,
      reportedAt: result?.reportedAt.toISOString() ?? null,
    };
  });
}

export async function deleteResults(db: Db, surveyIds: number[]): Promise<void> {
  if (surveyIds.length) await db.delete(hotelSurveyResults).where(inArray(hotelSurveyResults.surveyId, surveyIds));
}
