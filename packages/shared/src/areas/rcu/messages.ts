import type { Text } from '../../i18n/lang.js';

/** Messages of room control (spread into `messages`). */
export const rcuMessages = {
  'rcu.url': { 'zh-CN': '请输入以 http:// 或 https:// 开头的地址', 'en-US': 'Enter an address starting with http:// or https://' },
  'rcu.secretRequired': { 'zh-CN': '请输入访问密钥', 'en-US': 'Enter the access key' },
  'rcu.notConfigured': { 'zh-CN': '酒店未启用客控网关', 'en-US': 'The hotel has no room-control gateway enabled' },
  'rcu.unreachable': { 'zh-CN': '无法连接客控网关，设备状态暂不可知', 'en-US': 'The room-control gateway cannot be reached; the devices’ states are unknown' },
  'rcu.badAnswer': { 'zh-CN': '客控网关的应答无法识别', 'en-US': 'The room-control gateway answered something unreadable' },
  'rcu.unknownRoom': { 'zh-CN': '客控网关中没有房间 {room}', 'en-US': 'The room-control gateway has no room {room}' },
  'rcu.unknownDevice': { 'zh-CN': '该房间没有这个设备', 'en-US': 'The room has no such device' },
  'rcu.refused': { 'zh-CN': '客控网关拒绝了该操作', 'en-US': 'The room-control gateway refused the change' },
  'rcu.unauthorized': { 'zh-CN': '客控网关拒绝了访问密钥', 'en-US': 'The room-control gateway refused the access key' },
  'rcu.noRoom': { 'zh-CN': '这台电视不属于任何房间', 'en-US': 'This TV belongs to no room' },
  'rcu.rateLimited': { 'zh-CN': '操作太频繁，请稍后再试', 'en-US': 'Too many requests; try again later' },
  'rcu.say.lights': { 'zh-CN': '好的，已{power}灯', 'en-US': 'OK, the lights are {power}' },
  'rcu.say.curtains': { 'zh-CN': '好的，已{power}窗帘', 'en-US': 'OK, the curtains are {power}' },
  'rcu.say.aircon': { 'zh-CN': '好的，空调已{power}', 'en-US': 'OK, the air conditioning is {power}' },
  'rcu.say.setpoint': { 'zh-CN': '好的，空调已设为{degrees}度', 'en-US': 'OK, the air conditioning is set to {degrees} degrees' },
  'rcu.say.dnd': { 'zh-CN': '好的，请勿打扰已{power}', 'en-US': 'OK, do not disturb is {power}' },
  'rcu.say.noDevice': { 'zh-CN': '抱歉，这个房间没有可控制的该设备', 'en-US': 'Sorry, this room has no such device to control' },
  'rcu.say.unreachable': { 'zh-CN': '抱歉，客控系统暂时无法连接', 'en-US': 'Sorry, the room control cannot be reached right now' },
  'rcu.say.what': { 'zh-CN': '请说明要控制的设备和开关，例如“关灯”', 'en-US': 'Say which device and what to do, for example “turn off the lights”' },
} as const satisfies Record<string, Text>;
