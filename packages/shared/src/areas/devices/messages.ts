import type { Text } from '../../i18n/lang.js';

/** Messages of terminals, authorization rules and the device API (spread into `messages`). */
export const devicesMessages = {
  'terminal.macFormat': { 'zh-CN': 'MAC地址必须是12位字母或数字', 'en-US': 'A MAC address is 12 letters or digits' },
  'terminal.snFormat': { 'zh-CN': 'SN必须是13-26位字母或数字', 'en-US': 'An SN is 13-26 letters or digits' },
  'terminal.macListFormat': {
    'zh-CN': 'MAC列表格式不正确：每个MAC为12位字母或数字，用 | 分隔',
    'en-US': 'Invalid MAC list: each MAC is 12 letters or digits, separated by |',
  },
  'terminal.snListFormat': {
    'zh-CN': 'SN列表格式不正确：每个SN为13-26位字母或数字，用 | 分隔',
    'en-US': 'Invalid SN list: each SN is 13-26 letters or digits, separated by |',
  },
  'terminal.listRequired': { 'zh-CN': '请填写MAC列表或SN列表', 'en-US': 'Please enter a MAC list or an SN list' },
  'terminal.validityOrder': { 'zh-CN': '开始时间不能晚于结束时间', 'en-US': 'The start must not be later than the end' },
  'terminal.macSearchLimit': { 'zh-CN': '每次最多查询{max}个MAC', 'en-US': 'At most {max} MACs per search' },
  'terminal.batchLimit': { 'zh-CN': '每次最多操作{max}个终端', 'en-US': 'At most {max} terminals per operation' },
  'terminal.registerOnly': {
    'zh-CN': '终端由电视注册产生，不能手工添加',
    'en-US': 'Terminals are added when a TV registers, not by hand',
  },
  'terminal.defaultDisabledTip': {
    'zh-CN': '本终端已被禁用，请联系酒店前台',
    'en-US': 'This TV has been disabled, please contact the front desk',
  },
  'terminal.tipTooLong': { 'zh-CN': '禁用提示最多200个字符', 'en-US': 'The disabled tip must be at most 200 characters' },
  'terminal.countryFormat': { 'zh-CN': '国家代码必须是2位字母（ISO 3166-1）', 'en-US': 'A country code is 2 letters (ISO 3166-1)' },
  'terminal.badInstallCode': { 'zh-CN': '安装码无效', 'en-US': 'Invalid install code' },
  'terminal.badIp': { 'zh-CN': 'IP地址或网段格式不正确：{value}', 'en-US': 'Invalid IP address or subnet: {value}' },
  'terminal.whitelistRequired': {
    'zh-CN': '服务器IP白名单至少需要一项',
    'en-US': 'The server IP whitelist needs at least one entry',
  },
  'device.unregistered': {
    'zh-CN': '终端未注册或令牌已失效，请重新注册',
    'en-US': 'The terminal is not registered or its token was revoked; register again',
  },
  'device.registerKey': { 'zh-CN': '设备注册密钥错误', 'en-US': 'Wrong device registration key' },
  'device.snMismatch': {
    'zh-CN': '该MAC已被另一台设备（SN不同）注册，请先解绑',
    'en-US': 'This MAC is registered to another device (different SN); unbind it first',
  },
  'device.busy': { 'zh-CN': '服务器繁忙，请稍后重试', 'en-US': 'The server is busy, please retry later' },
  'device.registerLimited': { 'zh-CN': '注册过于频繁，请{seconds}秒后重试', 'en-US': 'Too many registrations; retry in {seconds} s' },
  'device.pendingLimit': {
    'zh-CN': '该酒店待授权的终端已达上限（{limit}台），请先授权或删除部分终端',
    'en-US': 'The hotel has reached its limit of {limit} terminals awaiting authorization; authorize or remove some first',
  },
} as const satisfies Record<string, Text>;
