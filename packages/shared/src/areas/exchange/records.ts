import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { choice, datetime, decimal, int, sortField, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** An ISO 4217 currency code: three capital letters. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Where a rate's figures come from (docs/exchange.md). */
export const EXCHANGE_SOURCES = {
  manual: t('手工录入', 'Typed by hand'),
  excel: t('Excel导入', 'Excel import'),
  ecb: t('欧洲央行参考汇率', 'ECB reference rate'),
} as const;

/** The figures a hotel types or imports; a provider's row carries only `middle` (written by the server). */
export const RATE_FIGURES = ['spotSell', 'spotBuy', 'cashSell', 'cashBuy', 'middle'] as const;

const figure = (zh: string, en: string) => decimal({ label: t(zh, en), min: 0, scale: 4 });

/**
 * The hotel's exchange rates (spec part 2 `/content/exchange`): a currency's price in the hotel's
 * base currency for `per` units (CNY for 100 units by default). Figures are typed by hand, imported
 * from Excel, or fetched from the provider (the ECB's reference rates: the middle price only, never
 * invented buy or sell prices). The TVs show them on the exchange-rate board.
 */
export const exchangeRate = defineRecord({
  name: 'exchangeRate',
  label: t('汇率', 'Exchange rate'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'exchangeRate',
  titleField: 'currency',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    currency: text({ label: t('货币', 'Currency'), required: true, max: 3, unique: true, search: true, sort: true, pattern: { regex: CURRENCY_CODE, message: 'exchange.currencyFormat' }, help: t('ISO 4217 代码，如 USD', 'ISO 4217 code, e.g. USD') }),
    name: text({ label: t('货币名称', 'Currency name'), required: true, max: 30, search: true }),
    nameEn: text({ label: t('英文名称', 'English name'), max: 60, search: true }),
    per: int({ label: t('单位', 'Per'), min: 1, max: 10_000, default: 100, help: t('多少单位外币的价格，如 100', 'The price of this many units, e.g. 100') }),
    spotSell: figure('现汇卖出价', 'Spot sell'),
    spotBuy: figure('现汇买入价', 'Spot buy'),
    cashSell: figure('现钞卖出价', 'Cash sell'),
    cashBuy: figure('现钞买入价', 'Cash buy'),
    middle: figure('中间价', 'Middle price'),
    source: choice({ label: t('来源', 'Source'), options: EXCHANGE_SOURCES, default: 'manual', filter: true, help: t('欧洲央行：服务器定时获取中间价', 'ECB: the server fetches the middle price on a schedule') }),
    rateTime: datetime({ label: t('更新时间', 'Update time'), help: t('不填为保存时间', 'Empty: the time it is saved') }),
    fetchError: text({ label: t('获取失败原因', 'Last fetch failure'), max: 200, readOnly: true }),
    sort: sortField(),
  },
});
