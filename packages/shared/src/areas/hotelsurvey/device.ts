/**
 * The `survey` configuration part (docs/hotelsurvey.md): sent to a TV listed by MAC in a survey of its
 * hotel while the survey is in progress. The TV measures and reports once per `runId`.
 */
export interface SurveyPart {
  surveyId: number;
  /** Changes when the survey is started or resumed: a TV measures again for a new run. */
  runId: string;
  /** Round trips to time (`GET /survey/ping`). */
  pings: number;
  /** Bytes of the test file (`GET /survey/download`). */
  downloadBytes: number;
}

/** What a TV reports (`POST /api/device/v1/survey/report`). */
export interface SurveyReport {
  surveyId: number;
  runId: string;
  /** Each ping's round trip in ms, null for one that failed. */
  pingsMs: (number | null)[];
  /** Bytes received and the milliseconds they took; null when the download failed. */
  downloadBytes: number | null;
  downloadMs: number | null;
  model?: string | null;
  firmware?: string | null;
}

/** Verdict thresholds: good needs both; failed is no answer at all (docs/hotelsurvey.md). */
export const SURVEY_THRESHOLDS = { goodRttMs: 100, goodMbps: 8, poorRttMs: 1000, poorMbps: 1 } as const;

export interface SurveyFigures {
  /** Average round trip of the answered pings (ms), null when none answered. */
  rttMs: number | null;
  /** Share of pings lost, 0-1. */
  loss: number;
  /** Megabits a second, null when the download failed. */
  mbps: number | null;
}

/** The figures of a report. */
export function surveyFigures(report: Pick<SurveyReport, 'pingsMs' | 'downloadBytes' | 'downloadMs'>): SurveyFigures {
  const answered = report.pingsMs.filter((ms): ms is number => ms !== null);
  const rttMs = answered.length ? Math.round(answered.reduce((a, b) => a + b, 0) / answered.length) : null;
  const loss = report.pingsMs.length ? (report.pingsMs.length - answered.length) / report.pingsMs.length : 1;
  const mbps = report.downloadBytes && report.downloadMs ? Math.round(((report.downloadBytes * 8) / (Math.max(1, report.downloadMs) / 1000) / 1_000_000) * 100) / 100 : null;
  return { rttMs, loss, mbps };
}

/**
 * good: every ping answered, average round trip ≤ 100 ms and ≥ 8 Mbit/s; failed: no ping answered or
 * the download failed, or worse than 1000 ms or 1 Mbit/s; poor: anything between.
 */
export function surveyVerdict(figures: SurveyFigures): 'good' | 'poor' | 'failed' {
  const { rttMs, loss, mbps } = figures;
  if (rttMs === null || mbps === null || rttMs > SURVEY_THRESHOLDS.poorRttMs || mbps < SURVEY_THRESHOLDS.poorMbps) return 'failed';
  if (loss === 0 && rttMs <= SURVEY_THRESHOLDS.goodRttMs && mbps >= SURVEY_THRESHOLDS.goodMbps) return 'good';
  return 'poor';
}

/** One TV's latest result (`GET /api/hotel-surveys/:id/results`). */
export interface SurveyResult {
  mac: string;
  terminalId: number | null;
  roomNumber: string | null;
  rttMs: number | null;
  loss: number;
  mbps: number | null;
  model: string | null;
  firmware: string | null;
  verdict: 'good' | 'poor' | 'failed' | null;
  reportedAt: string | null;
}
