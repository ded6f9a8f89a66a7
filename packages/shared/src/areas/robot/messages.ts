import type { Text } from '../../i18n/lang.js';

/** Messages of the delivery robot (spread into `messages`). */
export const robotMessages = {
  'robot.notConfigured': { 'zh-CN': '酒店未启用机器人', 'en-US': 'The hotel has no robot enabled' },
  'robot.unreachable': { 'zh-CN': '无法连接机器人服务', 'en-US': 'The robot service cannot be reached' },
  'robot.refused': { 'zh-CN': '机器人服务拒绝了该任务', 'en-US': 'The robot service refused the task' },
  'robot.callClosed': { 'zh-CN': '只能派送待处理或处理中的呼叫', 'en-US': 'Only a pending or processing call can be sent' },
  'robot.noRoom': { 'zh-CN': '该呼叫没有房间号', 'en-US': 'The call has no room number' },
} as const satisfies Record<string, Text>;
