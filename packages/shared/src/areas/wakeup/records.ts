import { defineRecord } from '../../record/define.js';
import { choice, date, datetime, int, owner, ref, text } from '../../record/fields.js';
import { ROOM_NUMBER_MAX, ROOM_NUMBER_PATTERN } from '../tenants/records.js';
import { WAKE_UP_SOURCES, WAKE_UP_STATES } from './messages.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** `HH:MM`, 00:00 to 23:59: the minute a call rings in the hotel's time zone. */
export const WAKE_UP_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Daily calls ring on at most this many days. */
export const WAKE_UP_DAYS_MAX = 30;
export const WAKE_WORDS_MAX = 200;

export const WAKE_UP_MUSIC = {
  default: t('默认（叫醒配置）', 'Default (wake-up settings)'),
  tone: t('内置铃声', 'Built-in tone'),
  song: t('酒店音乐', 'Hotel song'),
} as const;

/** Fields a call and a group's wake-up share: when and how it rings. */
export const wakeUpTimingFields = () => ({
  date: date({ label: t('日期', 'Date'), required: true, sort: true, filter: true, help: t('酒店时区的日期', "A date in the hotel's time zone") }),
  time: text({ label: t('时间', 'Time'), required: true, max: 5, pattern: { regex: WAKE_UP_TIME_PATTERN, message: 'validation.invalid' }, help: t('24小时制，如 07:00', '24-hour clock, e.g. 07:00') }),
  repeat: choice({ label: t('重复', 'Repeat'), options: { once: t('一次', 'Once'), daily: t('每天', 'Daily') }, default: 'once' }),
  days: int({ label: t('天数', 'Days'), min: 1, max: WAKE_UP_DAYS_MAX, default: 1, help: t('每天叫醒的天数（正整数）', 'How many days a daily call rings (a positive integer)') }),
  music: choice({ label: t('音乐', 'Music'), options: WAKE_UP_MUSIC, default: 'default', list: false }),
  songId: ref({ label: t('酒店音乐', 'Hotel song'), record: 'musicSong', list: false, requiredWhen: { field: 'music', in: ['song'] } }),
  wordsZh: text({ label: t('中文叫醒语', 'Wake words (Chinese)'), max: WAKE_WORDS_MAX, multiline: true, list: false, help: t('{guest} 代表客人姓名', '{guest} stands for the guest’s name') }),
  wordsEn: text({ label: t('英文叫醒语', 'Wake words (English)'), max: WAKE_WORDS_MAX, multiline: true, list: false, help: t('{guest} 代表客人姓名', '{guest} stands for the guest’s name') }),
});

/**
 * A wake-up call of a room (/wakeup/index): once or daily for a number of days, at a minute of the
 * hotel's time zone. Set in the console, by the PMS (wakeUpSet / WR), by the guest on the TV or by a
 * group; rung by the server (apps/server/src/areas/wakeup), answered or snoozed on the TV. The state
 * and the next ring (`dueAt`) are the server's; every transition is in the call's history.
 */
export const wakeUpCall = defineRecord({
  name: 'wakeUpCall',
  label: t('叫醒记录', 'Wake-up call'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'wakeup',
  path: 'wakeup-calls',
  table: 'wakeup_calls',
  titleField: 'roomNumber',
  defaultSort: { field: 'dueAt', order: 'desc' },
  operations: { delete: false },
  indexes: [{ fields: ['hotelId', 'roomNumber', 'state'] }, { fields: ['state', 'dueAt'] }],
  columns: ['roomNumber', 'guestName', 'date', 'time', 'repeat', 'days', 'state', 'dueAt', 'source', 'groupId'],
  states: {
    field: 'state',
    actions: { cancel: { label: t('取消叫醒', 'Cancel'), from: ['scheduled', 'ringing', 'snoozed'], to: 'cancelled', confirm: t('确定取消该叫醒？', 'Cancel this wake-up call?') } },
  },
  fields: {
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel' }),
    roomNumber: text({ label: t('房间号', 'Room number'), required: true, max: ROOM_NUMBER_MAX, pattern: { regex: ROOM_NUMBER_PATTERN, message: 'tenants.roomNumberChars' }, filter: true, filterMatch: 'exact', search: true }),
    guestName: text({ label: t('客人姓名', 'Guest name'), readOnly: true, max: 64, search: true }),
    ...wakeUpTimingFields(),
    groupId: ref({ label: t('叫醒分组', 'Wake-up group'), record: 'wakeUpGroup', readOnly: true, filter: true }),
    source: choice({ label: t('来源', 'Source'), options: WAKE_UP_SOURCES, readOnly: true, default: 'console', filter: true }),
    state: choice({ label: t('状态', 'State'), options: WAKE_UP_STATES, readOnly: true, default: 'scheduled', filter: true }),
    dueAt: datetime({ label: t('下次响铃', 'Next ring'), readOnly: true, sort: true }),
    attempts: int({ label: t('响铃次数', 'Rings'), readOnly: true, default: 0, list: false }),
    snoozes: int({ label: t('稍后提醒次数', 'Snoozes'), readOnly: true, default: 0, list: false }),
    daysLeft: int({ label: t('剩余天数', 'Days left'), readOnly: true, default: 0, list: false }),
  },
});

/**
 * A wake-up group (/wakeup/group): a tour group's rooms, or rooms chosen by hand, woken together with
 * one wake-up ("Wake the group" creates one call a room, `source` group). The name: 2-12 characters.
 */
export const wakeUpGroup = defineRecord({
  name: 'wakeUpGroup',
  label: t('叫醒分组', 'Wake-up group'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'wakeupGroup',
  path: 'wakeup-groups',
  table: 'wakeup_groups',
  titleField: 'name',
  fields: {
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel' }),
    name: text({ label: t('分组名称', 'Group name'), required: true, min: 2, max: 12, unique: true, search: true, sort: true }),
    tourGroupId: ref({ label: t('旅行团', 'Tour group'), record: 'tourGroup', filter: true }),
    rooms: text({
      label: t('房间', 'Rooms'),
      max: 2000,
      multiline: true,
      pattern: { regex: /^[A-Za-z0-9-]+(\s*[,，\n]\s*[A-Za-z0-9-]+)*$/, message: 'tenants.roomNumberChars' },
      help: t('房间号，用逗号或换行分隔；选择旅行团时为旅行团的房间', "Room numbers separated by commas or new lines; with a tour group, the group's rooms"),
    }),
  },
});
