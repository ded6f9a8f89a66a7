import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, ENABLED_STATES, int, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** Logo addresses: absolute http(s) only (a TV loads them; no file:, data: or javascript:). */
const HTTP_URL = { regex: /^https?:\/\/[^\s<>"]+$/i, message: 'channels.httpUrl' };
/** Stream addresses: absolute http(s), or a stream this server serves itself (`/media/…`, the test streams). */
const STREAM_URL = { regex: /^(https?:\/\/[^\s<>"]+|\/media\/[A-Za-z0-9._/-]+)$/i, message: 'channels.httpUrl' };

/** Where a platform channel came from: an M3U import disables the imported channels a new playlist lacks, never manual ones. */
export const CHANNEL_SOURCES = { manual: t('手动添加', 'Manual'), m3u: t('M3U导入', 'M3U import') } as const;

/** Fields a platform channel and a hotel's own channel share: what a TV plays and shows. */
const playable = () => ({
  number: int({ label: t('频道号', 'Number'), min: 1, max: 99_999, sort: true }),
  name: text({ label: t('频道名称', 'Channel name'), required: true, max: 100, search: true, sort: true }),
  streamUrl: text({ label: t('播放地址', 'Stream address'), required: true, max: 1000, pattern: STREAM_URL, list: false, help: t('http(s)地址：HLS (m3u8) 或 MP4', 'An http(s) address: HLS (m3u8) or MP4') }),
  logo: text({ label: t('台标地址', 'Logo address'), max: 1000, pattern: HTTP_URL, list: false }),
  epgId: text({ label: t('EPG编号', 'EPG id'), max: 100, search: true, help: t('节目单(XMLTV)中的频道编号，即M3U的tvg-id', "The channel's id in the programme guide (XMLTV), the M3U's tvg-id") }),
});

/**
 * The platform's channels (`/channel/list`): the spec's name, type, package, activity and source,
 * plus number, logo, stream address and EPG id. Never deleted, only disabled (`active`, the spec's
 * activity): viewing history and hotels' lists keep naming them. Numbers sort numerically.
 */
export const channel = defineRecord({
  name: 'channel',
  label: t('频道', 'Channel'),
  scope: 'platform',
  userTypes: [1],
  permission: 'channel',
  titleField: 'name',
  defaultSort: { field: 'number', order: 'asc' },
  operations: { delete: false },
  fields: {
    ...playable(),
    type: text({ label: t('类型', 'Type'), max: 50, filter: true, help: t('频道分类，即M3U的group-title', "The channel's category, the M3U's group-title") }),
    package: text({ label: t('频道包', 'Package'), max: 50, filter: true }),
    active: bool({ label: t('状态', 'Activity'), default: true, filter: true, states: ENABLED_STATES }),
    source: choice({ label: t('来源', 'Source'), options: CHANNEL_SOURCES, default: 'manual', readOnly: true, filter: true }),
  },
  columns: ['number', 'name', 'type', 'package', 'epgId', 'active', 'source'],
  indexes: [{ fields: ['epgId'] }],
});

/**
 * A hotel's own channels (a local feed, a hotel information channel), shown on its TVs beside the
 * platform's it chooses (`/tvlist`). Disabled rather than deleted, as the platform's.
 */
export const hotelChannel = defineRecord({
  name: 'hotelChannel',
  label: t('酒店频道', 'Hotel channel'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'hotelChannel',
  titleField: 'name',
  defaultSort: { field: 'number', order: 'asc' },
  operations: { delete: false },
  fields: {
    ...playable(),
    active: bool({ label: t('状态', 'Activity'), default: true, filter: true, states: ENABLED_STATES }),
  },
  columns: ['number', 'name', 'epgId', 'active'],
});
