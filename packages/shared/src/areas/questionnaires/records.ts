import { defineRecord } from '../../record/define.js';
import { ref, sortField, text } from '../../record/fields.js';
import { publishFields, surveyActions } from '../publishing/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const QUESTION_MAX = 200;
export const OPTION_MAX = 100;
/** Options a questionnaire may have (a TV screen shows them in one column). */
export const OPTIONS_MAX = 10;
/** A questionnaire is released with at least this many options. */
export const OPTIONS_MIN = 2;

/** The question's and the options' text fields by content language (the spec's three, each required). */
export const QUESTION_FIELDS = { 'zh-CN': 'question', 'zh-TW': 'questionTw', en: 'questionEn' } as const;
export const OPTION_FIELDS = { 'zh-CN': 'text', 'zh-TW': 'textTw', en: 'textEn' } as const;

/**
 * Questionnaires (/content/question): a question in simplified Chinese, traditional Chinese and
 * English with its options (`questionnaireOption`), released to rooms with the publishing mechanism
 * (docs/publishing.md). Pending release → in the survey ("Do you confirm the release?") → finished
 * ("Complete surveys confirm?"); neither is undone, and a released questionnaire is not edited.
 * Each stay of a room answers once (docs/questionnaires.md).
 */
export const questionnaire = defineRecord({
  name: 'questionnaire',
  label: t('问卷调查', 'Questionnaire'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'questionnaires',
  table: 'questionnaires',
  titleField: 'question',
  titleFieldEn: 'questionEn',
  defaultSort: { field: 'createdAt', order: 'desc' },
  // Released (scheduled, in the survey) or finished: answers refer to it, so it is no longer edited.
  states: { ...surveyActions(), locked: { states: ['scheduled', 'surveying', 'finished'], message: 'questionnaires.released' } },
  columns: ['question', 'questionEn', 'publishMethod', 'publishAt', 'publishState', 'publishedAt', 'createdAt'],
  groups: [
    { key: 'question', label: t('问题', 'Question'), fields: ['question', 'questionTw', 'questionEn'] },
    { key: 'publish', label: t('发布', 'Publishing'), fields: ['publishMethod', 'rooms', 'tourGroupId', 'publishAt'] },
  ],
  fields: {
    question: text({ label: t('问题（简体中文）', 'Question (Simplified Chinese)'), required: true, max: QUESTION_MAX, search: true }),
    questionTw: text({ label: t('问题（繁体中文）', 'Question (Traditional Chinese)'), required: true, max: QUESTION_MAX, list: false }),
    questionEn: text({ label: t('问题（英文）', 'Question (English)'), required: true, max: QUESTION_MAX, search: true }),
    ...publishFields('survey'),
  },
});

/** An option of a questionnaire, in the three languages, shown by its sort (larger first). */
export const questionnaireOption = defineRecord({
  name: 'questionnaireOption',
  label: t('问卷选项', 'Questionnaire option'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'questionnaire-options',
  table: 'questionnaire_options',
  titleField: 'text',
  titleFieldEn: 'textEn',
  defaultSort: { field: 'sort', order: 'desc' },
  columns: ['questionnaireId', 'text', 'textTw', 'textEn', 'sort'],
  fields: {
    questionnaireId: ref({ label: t('问卷', 'Questionnaire'), record: 'questionnaire', required: true, filter: true }),
    text: text({ label: t('选项（简体中文）', 'Option (Simplified Chinese)'), required: true, max: OPTION_MAX, search: true }),
    textTw: text({ label: t('选项（繁体中文）', 'Option (Traditional Chinese)'), required: true, max: OPTION_MAX }),
    textEn: text({ label: t('选项（英文）', 'Option (English)'), required: true, max: OPTION_MAX, search: true }),
    sort: sortField(),
  },
});
