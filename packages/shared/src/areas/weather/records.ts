import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, datetime, decimal, int, json, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** A city's third-party code: the provider's location, latitude and longitude in degrees ("31.23,121.47"). */
export const CITY_CODE = /^-?(?:90(?:\.0+)?|[1-8]?\d(?:\.\d{1,6})?),-?(?:180(?:\.0+)?|(?:1[0-7]\d|[1-9]?\d)(?:\.\d{1,6})?)$/;

/**
 * The hotel's weather cities (spec part 2 `/content/weather`): domestic and international lists, one
 * of them the local city the TVs show. The weather columns are the provider's last answer, written
 * by the server's refresh (docs/weather.md), never by a client.
 */
export const weatherCity = defineRecord({
  name: 'weatherCity',
  label: t('天气城市', 'Weather city'),
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'weather',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    name: text({ label: t('城市名称', 'City name'), required: true, max: 30, search: true, sort: true }),
    nameEn: text({ label: t('英文名称', 'English name'), max: 60, search: true }),
    code: text({ label: t('第三方城市编码', 'Third-party city code'), required: true, max: 40, pattern: { regex: CITY_CODE, message: 'weather.codeFormat' }, help: t('纬度,经度，如 31.23,121.47', 'Latitude,longitude, e.g. 31.23,121.47') }),
    international: bool({ label: t('国际城市', 'International'), default: false, filter: true, states: { on: t('国际', 'International'), off: t('国内', 'Domestic') } }),
    local: bool({ label: t('本地城市', 'Local city'), default: false, filter: true, help: t('电视显示本地城市的天气；每家酒店一个', 'The TVs show the local city’s weather; one per hotel') }),
    weatherCode: int({ label: t('天气', 'Weather'), readOnly: true }),
    temperature: decimal({ label: t('温度(°C)', 'Temperature (°C)'), readOnly: true, scale: 1 }),
    wind: decimal({ label: t('风速(米/秒)', 'Wind (m/s)'), readOnly: true, scale: 1 }),
    forecast: json({ label: t('预报', 'Forecast'), readOnly: true, list: false }),
    observedAt: datetime({ label: t('更新时间', 'Update time'), readOnly: true }),
    fetchError: text({ label: t('获取失败原因', 'Last fetch failure'), max: 200, readOnly: true }),
    pm25: decimal({ label: t('PM2.5(μg/m³)', 'PM2.5 (μg/m³)'), readOnly: true, scale: 1 }),
    pm10: decimal({ label: t('PM10(μg/m³)', 'PM10 (μg/m³)'), readOnly: true, scale: 1, list: false }),
    airObservedAt: datetime({ label: t('空气质量更新时间', 'Air quality update time'), readOnly: true, list: false }),
  },
});
