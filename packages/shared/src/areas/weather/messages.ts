import type { Text } from '../../i18n/lang.js';

/** Messages of the weather area (spread into `messages`), the spec's among them. */
export const weatherMessages = {
  'weather.codeFormat': { 'zh-CN': '城市编码须为“纬度,经度”，如 31.23,121.47', 'en-US': 'The city code must be "latitude,longitude", e.g. 31.23,121.47' },
  'weather.addSuccess': { 'zh-CN': '添加成功', 'en-US': 'Added successfully' },
  'weather.setSuccess': { 'zh-CN': '设置成功', 'en-US': 'Setting succeeded' },
  'weather.setFail': { 'zh-CN': '设置失败', 'en-US': 'Setting failed' },
  'weather.unreachable': { 'zh-CN': '天气服务暂时无法访问：{reason}', 'en-US': 'The weather provider cannot be reached: {reason}' },
  'weather.airUnreachable': { 'zh-CN': '空气质量服务暂时无法访问：{reason}', 'en-US': 'The air-quality provider cannot be reached: {reason}' },
  'weather.badAnswer': { 'zh-CN': '天气服务的应答无法识别', 'en-US': 'The weather provider’s answer was not understood' },
} as const satisfies Record<string, Text>;
