import type { Text } from '../../i18n/lang.js';

/** Messages of tasks (spread into `messages`). */
export const tasksMessages = {
  'tasks.logId': { 'zh-CN': '任务日志ID错误', 'en-US': 'Task log id error' },
  'tasks.volume': { 'zh-CN': '音量须为0-100的整数', 'en-US': 'The volume must be a whole number from 0 to 100' },
  'tasks.command': { 'zh-CN': '请填写维护命令名称', 'en-US': 'Enter the maintenance command name' },
  'tasks.noTarget': { 'zh-CN': '请选择至少一个目标', 'en-US': 'Choose at least one target' },
  'tasks.noTerminals': { 'zh-CN': '目标中没有可用的终端', 'en-US': 'The target has no terminals you manage' },
  'tasks.when': { 'zh-CN': '计划任务需要执行时间', 'en-US': 'A scheduled task needs its time' },
  'tasks.reportsLimited': { 'zh-CN': '任务结果上报过于频繁，请{seconds}秒后再试', 'en-US': 'Task results are reported too often; try again in {seconds} s' },
} as const satisfies Record<string, Text>;
