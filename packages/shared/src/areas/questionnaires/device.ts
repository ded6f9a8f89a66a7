import type { LocalContent, PublishedOnTv } from '../publishing/device.js';

/** The `questionnaires` configuration part: the questionnaires in the survey for the TV's room. */
export interface QuestionnairesPart {
  questionnaires: QuestionnaireOnTv[];
}

export interface QuestionnaireOnTv extends PublishedOnTv {
  question: LocalContent;
  /** By sort, larger first. */
  options: { id: number; text: LocalContent }[];
  /** The option the room's current stay chose; null while it has not answered. */
  answered: number | null;
}

/** What the TV posts to answer (under /api/device/v1). */
export interface QuestionnaireAnswerRequest {
  questionnaireId: number;
  optionId: number;
}

export const QUESTIONNAIRE_ANSWER_PATH = '/questionnaires/answers';

/** The console's results of a questionnaire: each option's support count and percentage. */
export interface QuestionnaireResults {
  total: number;
  options: { id: number; text: string; textTw: string; textEn: string; count: number; percent: number }[];
}
