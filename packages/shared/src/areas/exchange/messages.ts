import type { Text } from '../../i18n/lang.js';

/** Messages of the exchange-rate area (spread into `messages`). */
export const exchangeMessages = {
  'exchange.currencyFormat': { 'zh-CN': '货币须为三位大写字母代码，如 USD', 'en-US': 'The currency must be a three-letter code, e.g. USD' },
  'exchange.providerFigures': { 'zh-CN': '欧洲央行来源的汇率由服务器获取，不能手工填写', 'en-US': 'An ECB rate’s figures come from the provider and cannot be typed' },
  'exchange.unreachable': { 'zh-CN': '汇率服务暂时无法访问：{reason}', 'en-US': 'The exchange-rate provider cannot be reached: {reason}' },
  'exchange.badAnswer': { 'zh-CN': '汇率服务的应答无法识别', 'en-US': 'The exchange-rate provider’s answer was not understood' },
  'exchange.notQuoted': { 'zh-CN': '欧洲央行不提供 {currency} 的参考汇率', 'en-US': 'The ECB publishes no reference rate for {currency}' },
  'exchange.noProvider': { 'zh-CN': '未配置汇率服务（EXCHANGE_URL）', 'en-US': 'No exchange-rate provider is configured (EXCHANGE_URL)' },
  'exchange.badRows': { 'zh-CN': '以下行的数据不正确：{rows}', 'en-US': 'These rows have invalid values: {rows}' },
  'exchange.duplicateRows': { 'zh-CN': '以下行的货币重复：{rows}', 'en-US': 'These rows repeat a currency: {rows}' },
  'exchange.tooManyRows': { 'zh-CN': '一次最多导入{max}种货币', 'en-US': 'At most {max} currencies can be imported at once' },
} as const satisfies Record<string, Text>;
