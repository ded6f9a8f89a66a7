import { z } from 'zod';
import { defineRecord } from '../../record/define.js';
import { bool, ENABLED_STATES, file, int, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (zh: string, en: string) =>
  text({ label: t(zh, en), max: 5, pattern: { regex: TIME, message: 'digitalwall.time' }, help: t('每天，如 08:00；开始和结束须同时填写', 'Daily, e.g. 08:00; fill in both or neither') });

/**
 * An item of a hotel's digital wall (/digital_wall/content): a picture or a video its public-area TVs
 * play full screen, in order, each for its play count × play interval, looping (docs/digitalwall.md).
 * The app-switch window (both times or neither, start before end) limits the item to those hours.
 */
export const digitalWallItem = defineRecord({
  name: 'digitalWallItem',
  label: t('数字墙内容', 'Digital wall item'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'digitalWallContent',
  path: 'digital-wall-items',
  table: 'digital_wall_items',
  titleField: 'title',
  defaultSort: { field: 'sort', order: 'desc' },
  columns: ['title', 'gestureTitle', 'playCount', 'playInterval', 'sort', 'switchStart', 'switchEnd', 'enabled', 'createdAt'],
  fields: {
    title: text({ label: t('标题', 'Title'), required: true, max: 15, search: true, sort: true }),
    gestureTitle: text({ label: t('手势标题', 'Gesture title'), max: 6, help: t('手势切换时显示，最多6个字', 'Shown when switching by gesture, at most 6 characters') }),
    media: file({ label: t('图片或视频', 'Picture or video'), upload: 'digitalWallMedia', required: true }),
    playCount: int({ label: t('播放次数', 'Play count'), min: 1, max: 10, default: 1 }),
    playInterval: int({ label: t('播放间隔(秒)', 'Play interval (s)'), min: 1, max: 30, default: 10, help: t('每次播放的秒数', 'Seconds each play lasts') }),
    sort: int({ label: t('排序', 'Sort'), min: 1, max: 999, default: 1, sort: true, help: t('数值越大越靠前', 'Larger numbers rank higher') }),
    switchStart: time('切换开始时间', 'Switch start time'),
    switchEnd: time('切换结束时间', 'Switch end time'),
    enabled: bool({ label: t('状态', 'Status'), default: true, states: ENABLED_STATES, filter: true }),
  },
});

const MAC_LIST = /^[0-9A-Za-z]{12}([\s,，;；]+[0-9A-Za-z]{12})*$/;

/** The MACs of a list as stored: upper case, without duplicates. */
export function wallMacs(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s,，;；]+/).filter(Boolean).map((mac) => mac.toUpperCase()))];
}

/**
 * The hotel's wall settings (/digital_wall/config, `GET|PUT /api/digital-wall/config`): whether its
 * public-area TVs play the wall, whether the playlist loops, and optionally which of them (by MAC).
 */
export const DIGITAL_WALL_CONFIG_FIELDS = {
  enabled: bool({ label: t('启用数字墙', 'Wall enabled'), default: true, states: ENABLED_STATES }),
  loop: bool({ label: t('循环播放', 'Loop'), default: true, help: t('关闭时播放一遍后回到主页，内容更新后再播', 'Off: the playlist plays once, then the launcher shows until the wall changes') }),
  macs: text({
    label: t('公区电视(MAC)', 'Public-area TVs (MACs)'),
    max: 20_000,
    multiline: true,
    pattern: { regex: MAC_LIST, message: 'digitalwall.macFormat' },
    help: t('留空为酒店全部公区电视；多个用逗号或换行分隔', "Empty: every public-area TV of the hotel; several separated by commas or new lines"),
  }),
};

export const digitalWallConfigInput = z.strictObject({
  enabled: DIGITAL_WALL_CONFIG_FIELDS.enabled.schema,
  loop: DIGITAL_WALL_CONFIG_FIELDS.loop.schema,
  macs: DIGITAL_WALL_CONFIG_FIELDS.macs.schema,
});
export type DigitalWallConfig = { enabled: boolean; loop: boolean; macs: string | null };
export const DIGITAL_WALL_DEFAULTS: DigitalWallConfig = { enabled: true, loop: true, macs: null };
