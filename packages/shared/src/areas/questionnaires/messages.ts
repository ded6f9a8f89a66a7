import type { Text } from '../../i18n/lang.js';

/** Messages of questionnaires (spread into `messages`). */
export const questionnaireMessages = {
  'questionnaires.released': { 'zh-CN': '问卷已发布，不能再修改', 'en-US': 'The questionnaire is released and can no longer be changed' },
  'questionnaires.optionsRequired': { 'zh-CN': '发布前请至少添加{min}个选项', 'en-US': 'Add at least {min} options before the release' },
  'questionnaires.optionsLimit': { 'zh-CN': '每个问卷最多{max}个选项', 'en-US': 'A questionnaire has at most {max} options' },
  'questionnaires.deleteInSurvey': { 'zh-CN': '调查中的问卷不能删除，请先结束调查', 'en-US': 'A questionnaire in the survey cannot be deleted: finish it first' },
  'questionnaires.answered': { 'zh-CN': '本次入住已回答过该问卷', 'en-US': 'This stay has already answered the questionnaire' },
  'questionnaires.notInSurvey': { 'zh-CN': '该问卷不在调查中', 'en-US': 'The questionnaire is not in the survey' },
  'questionnaires.unknownOption': { 'zh-CN': '该选项不属于此问卷', 'en-US': 'The option does not belong to the questionnaire' },
  'questionnaires.answersLimited': { 'zh-CN': '提交过于频繁，请{seconds}秒后再试', 'en-US': 'Too many answers; try again in {seconds} s' },
  'questionnaires.resultsTitle': { 'zh-CN': '问卷结果', 'en-US': 'Questionnaire results' },
  'questionnaires.option': { 'zh-CN': '选项', 'en-US': 'Option' },
  'questionnaires.count': { 'zh-CN': '支持数', 'en-US': 'Support' },
  'questionnaires.percent': { 'zh-CN': '百分比', 'en-US': 'Percentage' },
} as const satisfies Record<string, Text>;
