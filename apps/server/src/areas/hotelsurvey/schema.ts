import { doublePrecision, integer, pgTable, real, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Each surveyed TV's latest measurement of a hotel survey (docs/hotelsurvey.md): one row per survey
 * and MAC, replaced by every report. Deleted with the survey (its delete hook).
 */
export const hotelSurveyResults = pgTable(
  'hotel_survey_results',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull(),
    terminalId: integer('terminal_id'),
    mac: varchar('mac', { length: 12 }).notNull(),
    runId: varchar('run_id', { length: 40 }).notNull(),
    rttMs: integer('rtt_ms'),
    loss: real('loss').notNull(),
    mbps: doublePrecision('mbps'),
    model: varchar('model', { length: 40 }),
    firmware: varchar('firmware', { length: 40 }),
    verdict: varchar('verdict', { length: 10 }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('hotel_survey_results_survey_mac').on(table.surveyId, table.mac)],
);
