import { z } from 'zod';
import { int, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** `+08:00`: the hotel's time zone as an offset from UTC (a wake-up's minute is local time). */
export const UTC_OFFSET_PATTERN = /^[+-](0\d|1[0-4]):[0-5]\d$/;

/**
 * The hotel's wake-up settings (`GET /web/wake_up/config_info`, `POST /web/wake_up/config`):
 * positive integers for the counts and minutes (spec part 2: "positive integers").
 */
export const WAKE_UP_CONFIG_FIELDS = {
  defaultMusic: int({ label: t('默认音乐', 'Default music'), min: 0, help: t('0 为内置铃声，否则为酒店音乐的ID', "0 is the built-in tone, otherwise a song of the hotel's music") }),
  snoozeMinutes: int({ label: t('稍后提醒间隔(分钟)', 'Snooze minutes'), required: true, min: 1, max: 60 }),
  snoozeCount: int({ label: t('稍后提醒次数', 'Number of snoozes'), required: true, min: 1, max: 10 }),
  retries: int({ label: t('未应答重试次数', 'Retries when unanswered'), required: true, min: 1, max: 10 }),
  retryMinutes: int({ label: t('重试间隔(分钟)', 'Minutes between retries'), required: true, min: 1, max: 60 }),
  ringSeconds: int({ label: t('每次响铃(秒)', 'Seconds a ring lasts'), required: true, min: 10, max: 600 }),
  lateMinutes: int({ label: t('重启后补叫(分钟)', 'Late ring after a restart (minutes)'), required: true, min: 1, max: 120, help: t('服务器停机期间到期的叫醒，迟到不超过该分钟数时在启动后响铃，否则记为已错过', 'A call due while the server was down rings at start when at most this many minutes late, and is missed otherwise') }),
  utcOffset: text({ label: t('酒店时区', "Hotel's time zone"), required: true, max: 6, pattern: { regex: UTC_OFFSET_PATTERN, message: 'wakeup.utcOffset' } }),
  callbackUrl: text({ label: t('回调地址', 'Callback URL'), max: 500, pattern: { regex: /^https?:\/\/[^\s]+$/i, message: 'wakeup.callbackUrl' }, help: t('未应答时向该地址发送签名的POST（FIAS酒店发送WA）', 'An unanswered call is POSTed here, signed (FIAS hotels get a WA)') }),
};

export const wakeUpConfigInput = z.strictObject({
  defaultMusic: WAKE_UP_CONFIG_FIELDS.defaultMusic.schema,
  snoozeMinutes: WAKE_UP_CONFIG_FIELDS.snoozeMinutes.schema,
  snoozeCount: WAKE_UP_CONFIG_FIELDS.snoozeCount.schema,
  retries: WAKE_UP_CONFIG_FIELDS.retries.schema,
  retryMinutes: WAKE_UP_CONFIG_FIELDS.retryMinutes.schema,
  ringSeconds: WAKE_UP_CONFIG_FIELDS.ringSeconds.schema,
  lateMinutes: WAKE_UP_CONFIG_FIELDS.lateMinutes.schema,
  utcOffset: WAKE_UP_CONFIG_FIELDS.utcOffset.schema,
  callbackUrl: WAKE_UP_CONFIG_FIELDS.callbackUrl.schema,
});
export type WakeUpConfigInput = z.infer<typeof wakeUpConfigInput>;

/** The settings as read (`config_info`): the input's fields and the callback's signing secret. */
export interface WakeUpConfigView extends WakeUpConfigInput {
  defaultMusic: number | null;
  callbackUrl: string | null;
  callbackSecret: string;
}

export const WAKE_UP_CONFIG_DEFAULTS = { defaultMusic: 0, snoozeMinutes: 5, snoozeCount: 3, retries: 3, retryMinutes: 2, ringSeconds: 60, lateMinutes: 10, utcOffset: '+08:00', callbackUrl: null } as const;

/** One entry of a call's history (`GET /api/wakeup/calls/:id/history`). */
export interface WakeUpTransition {
  state: string;
  at: string;
  /** What moved it: console, pms, tv, server (the scheduler), checkOut. */
  by: string;
  note: string | null;
}
