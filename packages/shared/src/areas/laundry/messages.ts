import type { Text } from '../../i18n/lang.js';

/** Messages of the laundry: machines, bookings, the guests' pages (spread into `messages`). */
export const laundryMessages = {
  'laundry.numberChars': { 'zh-CN': '编号只能包含字母、数字和“-”', 'en-US': 'Use letters, digits and "-" only' },
  'laundry.badToken': { 'zh-CN': '二维码已失效，请扫描客房电视上的洗衣二维码', 'en-US': 'This QR code is no longer valid; scan the laundry code on your room TV' },
  'laundry.notFree': { 'zh-CN': '这台洗衣机刚刚被占用或暂不可用，请选择其他洗衣机', 'en-US': 'This machine was just taken or cannot be used now; choose another one' },
  'laundry.dailyLimit': { 'zh-CN': '每个房间每天最多预约{limit}次洗衣', 'en-US': 'A room can book the laundry {limit} times a day' },
  'laundry.noRoom': { 'zh-CN': '这台电视不属于任何房间，无法预约洗衣', 'en-US': 'This TV belongs to no room; the laundry cannot be booked from it' },
  'laundry.providerFailed': { 'zh-CN': '洗衣机未能启动，请稍后再试或联系前台', 'en-US': 'The machine did not start; try again later or call the front desk' },
  'laundry.rateLimited': { 'zh-CN': '操作太频繁，请稍后再试', 'en-US': 'Too many requests; try again later' },
} as const satisfies Record<string, Text>;
