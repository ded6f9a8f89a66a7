import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { hotels } from '../../db/schema/core.js';

/**
 * The rooms' answers to questionnaires (docs/questionnaires.md): one per questionnaire, room and
 * stay. `stayKey` is `stay:<id>` while a guest is in house, else `vacant:<the room's last stay id, or
 * 0>`: a room without a guest answers once until the next check-in or check-out.
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id').notNull(),
    optionId: integer('option_id').notNull(),
    brandId: integer('brand_id').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    roomNumber: varchar('room_number', { length: 16 }).notNull(),
    stayKey: varchar('stay_key', { length: 32 }).notNull(),
    terminalId: integer('terminal_id').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('questionnaire_answers_stay_uq').on(t.questionnaireId, t.roomNumber, t.stayKey), index('questionnaire_answers_option_idx').on(t.questionnaireId, t.optionId)],
);
