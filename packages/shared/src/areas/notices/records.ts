import { defineRecord } from '../../record/define.js';
import { text } from '../../record/fields.js';
import { publishActions, publishFields } from '../publishing/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const NOTICE_CONTENT_MAX = 500;

/** The content fields of a notice by content language (at least one is filled). */
export const NOTICE_CONTENT_FIELDS = { 'zh-CN': 'content', 'zh-TW': 'contentTw', en: 'contentEn', ja: 'contentJa', ko: 'contentKo' } as const;

const content = (zh: string, en: string) => text({ label: t(zh, en), max: NOTICE_CONTENT_MAX, multiline: true, search: true, list: false });

/**
 * Message notices (/content/message_notice): a text in the content languages, published to all rooms,
 * by room or by tour group (docs/publishing.md). On the TV it pops up when it arrives and stays in the
 * launcher's notice list while it is published.
 */
export const messageNotice = defineRecord({
  name: 'messageNotice',
  label: t('消息通知', 'Message notice'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'message-notices',
  table: 'message_notices',
  titleField: 'content',
  titleFieldEn: 'contentEn',
  defaultSort: { field: 'createdAt', order: 'desc' },
  states: publishActions('targets'),
  columns: ['content', 'contentEn', 'publishMethod', 'publishAt', 'publishState', 'publishedAt', 'createdAt'],
  groups: [
    { key: 'content', label: t('通知内容', 'Content'), fields: ['content', 'contentTw', 'contentEn', 'contentJa', 'contentKo'] },
    { key: 'publish', label: t('发布', 'Publishing'), fields: ['publishMethod', 'rooms', 'tourGroupId', 'publishAt'] },
  ],
  fields: {
    content: { ...content('简体中文内容', 'Content (Simplified Chinese)'), list: true },
    contentTw: content('繁体中文内容', 'Content (Traditional Chinese)'),
    contentEn: { ...content('英文内容', 'Content (English)'), list: true },
    contentJa: content('日文内容', 'Content (Japanese)'),
    contentKo: content('韩文内容', 'Content (Korean)'),
    ...publishFields('targets'),
  },
});
