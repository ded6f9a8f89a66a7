import type { Text } from '../../i18n/lang.js';

/** Messages of the publishing mechanism (spread into `messages`). */
export const publishingMessages = {
  'publishing.methodRequired': { 'zh-CN': '请选择发布方式', 'en-US': 'Choose a publish method' },
  'publishing.roomsRequired': { 'zh-CN': '按房间发布时至少选择一个房间', 'en-US': 'Choose at least one room when publishing by room' },
  'publishing.groupRequired': { 'zh-CN': '按旅行团发布时请选择旅行团', 'en-US': 'Choose the tour group when publishing by tour group' },
  'publishing.unknownRooms': { 'zh-CN': '酒店没有这些房间：{rooms}', 'en-US': 'The hotel has no such rooms: {rooms}' },
  'publishing.groupOfOtherHotel': { 'zh-CN': '该旅行团不属于此酒店', 'en-US': 'The tour group belongs to another hotel' },
  'publishing.receiptsLimited': { 'zh-CN': '回执上报过于频繁，请{seconds}秒后再试', 'en-US': 'Too many receipts; try again in {seconds} s' },
  'publishing.sendToOwnHotel': { 'zh-CN': '该消息已属于此酒店，请选择其他酒店', 'en-US': 'The item already belongs to this hotel; choose other hotels' },
  'publishing.receiptWithdrawn': { 'zh-CN': '撤回的客人消息（{count}条）', 'en-US': 'Guest messages withdrawn ({count})' },
} as const satisfies Record<string, Text>;
