import { defineRecord } from '../../record/define.js';
import { choice, date, datetime, int, ref, text } from '../../record/fields.js';
import { HOTEL_SURVEY_STATES } from './messages.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** At most this many TVs (MACs) a survey (spec: "max 9 MACs"). */
export const SURVEY_MACS_MAX = 9;
/** MACs are written separated by commas, spaces or new lines; each is 12 letters or digits. */
const MAC_LIST = /^[0-9A-Za-z]{12}([\s,，;；]+[0-9A-Za-z]{12})*$/;

/** The MACs of a survey's list as stored: upper case, without duplicates. */
export function surveyMacs(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s,，;；]+/).filter(Boolean).map((mac) => mac.toUpperCase()))];
}

const hotelField = ref({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true });

const macsField = text({
  label: t('MAC地址', 'MACs'),
  required: true,
  max: 1000,
  multiline: true,
  search: true,
  pattern: { regex: MAC_LIST, message: 'hotelsurvey.macFormat' },
  help: t('最多9个，12位字母或数字，用逗号或换行分隔', 'Up to 9, each 12 letters or digits, separated by commas or new lines'),
});

/**
 * A hotel survey (/hotel_survey/manage, platform only): the site check before or after an
 * installation. While it is in progress the TVs it lists (by MAC, of its hotel) measure the network
 * to the server and report it (the `survey` configuration part, docs/hotelsurvey.md). Starting is
 * irreversible and locks the survey's fields.
 */
export const hotelSurvey = defineRecord({
  name: 'hotelSurvey',
  label: t('酒店调研', 'Hotel survey'),
  scope: 'platform',
  userTypes: [1],
  permission: 'survey',
  path: 'hotel-surveys',
  table: 'hotel_surveys',
  titleField: 'rooms',
  defaultSort: { field: 'createdAt', order: 'desc' },
  columns: ['hotel', 'surveyDate', 'tvCount', 'macs', 'rooms', 'status', 'startedAt', 'createdAt'],
  states: {
    field: 'status',
    actions: {
      start: { label: t('开始', 'Start'), from: ['notStarted'], to: 'inProgress', confirm: t('开始后不能再修改调研内容，确定开始？', 'Once started, the survey can no longer be changed. Start it?') },
      pause: { label: t('暂停', 'Pause'), from: ['inProgress'], to: 'paused' },
      resume: { label: t('继续', 'Resume'), from: ['paused'], to: 'inProgress' },
      complete: { label: t('完成', 'Complete'), from: ['inProgress', 'paused'], to: 'completed', confirm: t('确定完成该调研？', 'Complete this survey?') },
      close: { label: t('关闭', 'Close'), from: ['notStarted', 'inProgress', 'paused', 'completed'], to: 'closed', confirm: t('确定关闭该调研？', 'Close this survey?') },
    },
    // Start is irreversible and locks the fields: only a survey not started is edited.
    locked: { states: ['inProgress', 'paused', 'completed', 'closed'], message: 'hotelsurvey.locked' },
  },
  fields: {
    // Required with the spec's own message (`hotelsurvey.hotelRequired`) on both sides: the schema's
    // rule, not the `required` flag (whose empty-value message is the generic one).
    hotel: { ...hotelField, schema: hotelField.schema.refine((value) => value !== null && value !== undefined, { error: 'hotelsurvey.hotelRequired' }) },
    surveyDate: date({ label: t('调研日期', 'Survey date'), required: true, sort: true, filter: true }),
    tvCount: int({ label: t('电视数量', 'TV count'), required: true, min: 1, max: 100_000 }),
    macs: { ...macsField, schema: macsField.schema.refine((value) => surveyMacs(value as string).length <= SURVEY_MACS_MAX, { error: 'hotelsurvey.macMax' }) },
    rooms: text({ label: t('房间号', 'Room numbers'), required: true, max: 500, search: true, help: t('用逗号分隔', 'Separated by commas') }),
    ips: text({ label: t('IP地址', 'IPs'), required: true, max: 500, list: false, help: t('调研电视的IP，用逗号分隔', "The surveyed TVs' IPs, separated by commas") }),
    status: choice({ label: t('状态', 'Status'), options: HOTEL_SURVEY_STATES, readOnly: true, default: 'notStarted', filter: true }),
    startedAt: datetime({ label: t('开始时间', 'Started at'), readOnly: true, sort: true }),
    /** Starts and resumes so far: a TV measures again for each (the part's `runId`). */
    runs: int({ label: t('测量轮次', 'Runs'), readOnly: true, default: 0, list: false }),
  },
});
