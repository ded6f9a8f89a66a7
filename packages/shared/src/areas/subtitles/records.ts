import { defineRecord } from '../../record/define.js';
import { bool, choice, date, ENABLED_STATES, int, text } from '../../record/fields.js';
import { publishActions, publishFields } from '../publishing/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const SUBTITLE_CONTENT_MAX = 300;
/** The content fields of a subtitle by content language (at least one is filled). */
export const SUBTITLE_CONTENT_FIELDS = { 'zh-CN': 'content', 'zh-TW': 'contentTw', en: 'contentEn', ja: 'contentJa', ko: 'contentKo' } as const;
/** How fast the ticker moves: pixels of a 1920-wide screen a second. */
export const SUBTITLE_SPEEDS = { fast: 240, moderate: 160, slow: 100 } as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const content = (zh: string, en: string) => text({ label: t(zh, en), max: SUBTITLE_CONTENT_MAX, search: true, list: false });

/**
 * Scrolling subtitles (/content/subtitle): a line along the bottom of every screen of the rooms it is
 * published to, between its dates and inside its daily window (the TV's local time), in the content
 * languages, several taking turns (docs/publishing.md).
 */
export const subtitle = defineRecord({
  name: 'subtitle',
  label: t('滚动字幕', 'Scrolling subtitle'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'subtitles',
  table: 'subtitles',
  titleField: 'content',
  titleFieldEn: 'contentEn',
  defaultSort: { field: 'createdAt', order: 'desc' },
  states: publishActions('rooms'),
  columns: ['content', 'contentEn', 'startDate', 'endDate', 'startTime', 'endTime', 'enabled', 'publishState', 'createdAt'],
  groups: [
    { key: 'content', label: t('字幕内容', 'Content'), fields: ['content', 'contentTw', 'contentEn', 'contentJa', 'contentKo'] },
    { key: 'window', label: t('显示时间', 'When'), fields: ['startDate', 'endDate', 'startTime', 'endTime', 'enabled'] },
    { key: 'style', label: t('样式', 'Style'), fields: ['fontSize', 'fontColor', 'backgroundColor', 'speed'] },
    { key: 'publish', label: t('发布', 'Publishing'), fields: ['publishMethod', 'rooms', 'tourGroupId', 'publishAt'] },
  ],
  fields: {
    content: { ...content('简体中文内容', 'Content (Simplified Chinese)'), list: true },
    contentTw: content('繁体中文内容', 'Content (Traditional Chinese)'),
    contentEn: { ...content('英文内容', 'Content (English)'), list: true },
    contentJa: content('日文内容', 'Content (Japanese)'),
    contentKo: content('韩文内容', 'Content (Korean)'),
    startDate: date({ label: t('开始日期', 'Start date'), required: true, sort: true }),
    endDate: date({ label: t('结束日期', 'End date'), required: true, sort: true }),
    startTime: text({ label: t('每日开始时间', 'Daily start time'), required: true, max: 5, pattern: { regex: TIME, message: 'subtitles.time' }, help: t('如 08:00', 'e.g. 08:00') }),
    endTime: text({ label: t('每日结束时间', 'Daily end time'), required: true, max: 5, pattern: { regex: TIME, message: 'subtitles.time' }, help: t('如 22:00', 'e.g. 22:00') }),
    fontSize: int({ label: t('字号', 'Font size'), min: 16, max: 72, default: 32, help: t('像素（1080p 屏幕）', 'Pixels on a 1080p screen') }),
    fontColor: text({ label: t('字体颜色', 'Font colour'), max: 7, default: '#FFFFFF', pattern: { regex: COLOUR, message: 'subtitles.colour' } }),
    backgroundColor: text({ label: t('背景颜色', 'Background colour'), max: 7, default: '#14233D', pattern: { regex: COLOUR, message: 'subtitles.colour' } }),
    speed: choice({ label: t('滚动速度', 'Speed'), options: { fast: t('快', 'Fast'), moderate: t('适中', 'Moderate'), slow: t('慢', 'Slow') }, default: 'moderate' }),
    enabled: bool({ label: t('状态', 'Status'), default: true, states: ENABLED_STATES, filter: true }),
    ...publishFields('rooms'),
  },
});
