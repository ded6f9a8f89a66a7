import type { Text } from '../../i18n/lang.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** The guest's language of a stay, by its code. */
export const STAY_LANGUAGE_OPTIONS = {
  'zh-CN': t('简体中文', 'Chinese (Simplified)'),
  'zh-TW': t('繁体中文', 'Chinese (Traditional)'),
  en: t('英语', 'English'),
  ja: t('日语', 'Japanese'),
  ko: t('韩语', 'Korean'),
} as const;

/**
 * Why the server refused a PMS event (the PMS log's `reason`, and the answer's errkey as
 * `pms.<reason>`).
 */
export const PMS_REFUSALS = {
  badSignature: { 'zh-CN': '签名无效', 'en-US': 'The signature is not valid' },
  staleTimestamp: { 'zh-CN': '时间戳过期或无效（须在5分钟内）', 'en-US': 'The timestamp is missing, invalid or more than 5 minutes off' },
  malformed: { 'zh-CN': '事件格式错误', 'en-US': 'The event is malformed' },
  unknownRoom: { 'zh-CN': '酒店没有该房间', 'en-US': 'The hotel has no such room' },
  noStay: { 'zh-CN': '该房间没有在住客人', 'en-US': 'The room has no guest in house' },
  roomOccupied: { 'zh-CN': '目标房间已有在住客人', 'en-US': 'The target room already has a guest in house' },
  wrongProtocol: { 'zh-CN': '酒店的PMS未使用此接口', 'en-US': "The hotel's PMS does not use this interface" },
  brokenFrame: { 'zh-CN': 'FIAS记录格式错误', 'en-US': 'The FIAS record is broken' },
  addressNotAllowed: { 'zh-CN': '该地址不允许连接FIAS端口', 'en-US': 'The address may not connect to the FIAS port' },
} as const satisfies Record<string, Text>;

export type PmsRefusal = keyof typeof PMS_REFUSALS;

/** Messages of the PMS interface (spread into `messages`). */
export const pmsMessages = {
  ...(Object.fromEntries(Object.entries(PMS_REFUSALS).map(([reason, text]) => [`pms.${reason}`, text])) as {
    [K in PmsRefusal as `pms.${K}`]: (typeof PMS_REFUSALS)[K];
  }),
  'pms.rateLimited': { 'zh-CN': 'PMS请求过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many PMS requests, try again in {seconds} s' },
  'pms.portTaken': { 'zh-CN': '该端口已被其他酒店使用', 'en-US': 'Another hotel already uses this port' },
  'pms.addressList': { 'zh-CN': '请填写IP地址，用逗号或换行分隔', 'en-US': 'Enter IP addresses separated by commas or new lines' },
  'pms.receiptTerminalGuest': { 'zh-CN': '终端上的住客姓名（{count}台）', 'en-US': 'Guest name on the terminals ({count})' },
  'pms.postingUnreachable': { 'zh-CN': 'PMS 无法连接', 'en-US': 'The PMS could not be reached' },
  'pms.postingNoUrl': { 'zh-CN': 'PMS 回调地址未设置', 'en-US': 'The PMS callback URL is not set' },
  'pms.postingNoLink': { 'zh-CN': '酒店没有可入账的PMS接口', 'en-US': 'The hotel has no PMS interface that takes postings' },
} as const satisfies Record<string, Text>;
