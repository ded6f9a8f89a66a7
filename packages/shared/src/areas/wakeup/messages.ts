import type { Text } from '../../i18n/lang.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** The states of a wake-up call (docs/wakeup.md "States"). */
export const WAKE_UP_STATES = {
  scheduled: t('待叫醒', 'Scheduled'),
  ringing: t('响铃中', 'Ringing'),
  snoozed: t('稍后提醒', 'Snoozed'),
  answered: t('已应答', 'Answered'),
  notAnswered: t('未应答', 'Not answered'),
  cancelled: t('已取消', 'Cancelled'),
  missed: t('已错过', 'Missed'),
} as const satisfies Record<string, Text>;

export type WakeUpState = keyof typeof WAKE_UP_STATES;

/** Where a call was set: the console, the PMS, the guest on the TV, a group. */
export const WAKE_UP_SOURCES = {
  console: t('后台', 'Console'),
  pms: t('PMS', 'PMS'),
  guest: t('客人(电视)', 'Guest (TV)'),
  group: t('叫醒分组', 'Group'),
} as const satisfies Record<string, Text>;

/** Messages of the wake-up area (spread into `messages`). */
export const wakeupMessages = {
  'wakeup.notEditable': t('只能修改待叫醒的叫醒记录', 'Only a scheduled wake-up call can be changed'),
  'wakeup.unknownRoom': t('酒店没有该房间', 'The hotel has no such room'),
  'wakeup.songNotHotel': t('请选择本酒店的音乐', "Choose a song of the hotel's music"),
  'wakeup.inPast': t('叫醒时间已过', 'The wake-up time has passed'),
  'wakeup.groupEmpty': t('该分组没有房间', 'The group has no rooms'),
  'wakeup.groupRooms': t('请选择旅行团或填写房间', 'Choose a tour group or enter rooms'),
  'wakeup.notRinging': t('该叫醒当前没有响铃', 'The wake-up call is not ringing'),
  'wakeup.noSnoozeLeft': t('已达到稍后提醒次数上限', 'No snooze is left'),
  'wakeup.callbackUrl': t('请填写 http(s) 地址', 'Enter an http(s) address'),
  'wakeup.utcOffset': t('时区格式为 +08:00', 'The time zone is written like +08:00'),
  'wakeup.rateLimited': t('请求过于频繁，请 {seconds} 秒后再试', 'Too many requests, try again in {seconds} s'),
  'wakeup.receipt': t('叫醒服务（{count}个）', 'Wake-up calls ({count})'),
  'wakeup.alarmTitle': t('叫醒未应答：{room}房', 'Wake-up not answered: room {room}'),
  'wakeup.alarmBody': t('{room}房 {time} 的叫醒在{attempts}次响铃后仍未应答', 'The {time} wake-up of room {room} was not answered after {attempts} rings'),
} as const satisfies Record<string, Text>;
