import { surveyFigures, surveyVerdict } from '@htv/shared/areas/hotelsurvey/device';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { fleetTvsOf } from '../../seed/fleet.js';
import { hotelSurveyResults } from './schema.js';

const DAY = 24 * 3_600_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The platform's hotel surveys (docs/hotelsurvey.md): the Bund hotel's survey in progress listing three
 * of the demo fleet's TVs (they measure themselves through the device API once the fleet runs and
 * their verdicts show in Results), a completed one of another hotel with the results its TVs reported
 * then, and one not started yet (still editable).
 */
export async function seedDemoHotelSurveys(tx: Db, opts: { userId: number; live: number; done: number; planned: number }): Promise<void> {
  const surveys = recordTables.hotelSurvey!;
  const now = Date.now();
  const fleet = await fleetTvsOf(tx, opts.live, 3);
  const terminals = recordTables.terminal!;
  const doneTvs = await tx
    .select({ id: terminals.id, mac: terminals.mac, roomNumber: terminals.roomNumber, model: terminals.model, firmware: terminals.softwareVersion })
    .from(terminals)
    .where(and(eq(terminals.hotelId, opts.done), eq(terminals.authorization, 'authorized'), isNotNull(terminals.roomNumber)))
    .orderBy(asc(terminals.id))
    .limit(4);
  const list = (values: (string | null)[]) => values.filter(Boolean).join(',');
  const rows = await tx
    .insert(surveys)
    .values([
      ...(fleet.length
        ? [
            {
              hotel: opts.live,
              surveyDate: dateOf(now),
              tvCount: fleet.length,
              macs: list(fleet.map((tv) => tv.mac)),
              rooms: list(fleet.map((tv) => tv.roomNumber)),
              ips: '10.0.0.3,10.0.0.9,10.0.0.15',
              status: 'inProgress',
              startedAt: new Date(now - 3_600_000).toISOString(),
              runs: 1,
              createdBy: opts.userId,
            },
          ]
        : []),
      {
        hotel: opts.done,
        surveyDate: dateOf(now - 14 * DAY),
        tvCount: doneTvs.length,
        macs: list(doneTvs.map((tv) => tv.mac as string)),
        rooms: list(doneTvs.map((tv) => tv.roomNumber as string)),
        ips: '192.168.10.21,192.168.10.22,192.168.10.23,192.168.10.24',
        status: 'completed',
        startedAt: new Date(now - 14 * DAY).toISOString(),
        runs: 1,
        createdBy: opts.userId,
      },
      { hotel: opts.planned, surveyDate: dateOf(now + 7 * DAY), tvCount: 2, macs: 'A4C3F0112233,A4C3F0112234', rooms: '1201,1202', ips: '192.168.20.31,192.168.20.32', status: 'notStarted', createdBy: opts.userId },
    ])
    .returning({ id: surveys.id, status: surveys.status });
  const done = rows.find((row) => row.status === 'completed')!;
  // What the completed survey's TVs reported then: the last one on a weak Wi-Fi.
  const reports = [
    { pingsMs: [18, 22, 19, 25, 21], downloadMs: 640 },
    { pingsMs: [31, 28, 35, 30, 29], downloadMs: 910 },
    { pingsMs: [24, 26, 23, 22, 27], downloadMs: 700 },
    { pingsMs: [180, null, 240, 210, 195], downloadMs: 4200 },
  ];
  for (const [i, tv] of doneTvs.entries()) {
    const report = reports[i % reports.length]!;
    const figures = surveyFigures({ pingsMs: report.pingsMs, downloadBytes: 1_048_576, downloadMs: report.downloadMs });
    await tx.insert(hotelSurveyResults).values({
      surveyId: done.id,
      terminalId: tv.id,
      mac: tv.mac as string,
      runId: `${done.id}.1`,
      ...figures,
      model: tv.model as string | null,
      firmware: tv.firmware as string | null,
      verdict: surveyVerdict(figures),
      reportedAt: new Date(now - 14 * DAY + (i + 1) * 60_000),
    });
  }
}
