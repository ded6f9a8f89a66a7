import type { Text } from '../../i18n/lang.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** The states of a hotel survey (spec part 2 §4; docs/hotelsurvey.md). */
export const HOTEL_SURVEY_STATES = {
  notStarted: t('未开始', 'Not started'),
  inProgress: t('进行中', 'In progress'),
  paused: t('已暂停', 'Paused'),
  completed: t('已完成', 'Completed'),
  closed: t('已关闭', 'Closed'),
} as const satisfies Record<string, Text>;

export type HotelSurveyState = keyof typeof HOTEL_SURVEY_STATES;

/** A surveyed TV's verdict (thresholds in `SURVEY_THRESHOLDS`). */
export const SURVEY_VERDICTS = {
  good: t('良好', 'Good'),
  poor: t('较差', 'Poor'),
  failed: t('失败', 'Failed'),
} as const satisfies Record<string, Text>;

export type SurveyVerdict = keyof typeof SURVEY_VERDICTS;

/** Messages of hotel surveys (spread into `messages`). */
export const hotelSurveyMessages = {
  'hotelsurvey.macFormat': t('MAC格式错误', 'MAC format error'),
  'hotelsurvey.macMax': t('最多9个MAC', 'Max 9 MACs'),
  'hotelsurvey.hotelRequired': t('酒店ID未填写', 'Hotel id not filled'),
  'hotelsurvey.locked': t('调研已开始，不能修改或删除', 'The survey has started and can no longer be changed or deleted'),
  'hotelsurvey.notSurveying': t('该终端不在进行中的调研里', 'This terminal is not in a survey in progress'),
  'hotelsurvey.rateLimited': t('调研上报过于频繁，请{seconds}秒后再试', 'Survey calls are made too often; try again in {seconds} s'),
} as const satisfies Record<string, Text>;
