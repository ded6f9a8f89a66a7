import { defineRecord } from '../../record/define.js';
import { choice, text } from '../../record/fields.js';
import { publishActions, publishFields } from '../publishing/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The most characters a guest message holds (spec part 2: "Guest message: required, max 1000 chars"). */
export const GUEST_MESSAGE_MAX = 1000;

/**
 * Messages to guests on their TVs (/message_page): a text to one room, several, a tour group or the
 * whole hotel, published with the publishing mechanism (docs/publishing.md). The spec's states are
 * unpublished and published. A message is withdrawn from a room whose guest checks out; a PMS
 * message-waiting creates one (source `pms`).
 */
export const guestMessage = defineRecord({
  name: 'guestMessage',
  label: t('客人消息', 'Guest message'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'guest-messages',
  table: 'guest_messages',
  titleField: 'content',
  defaultSort: { field: 'createdAt', order: 'desc' },
  states: publishActions('published'),
  columns: ['content', 'publishMethod', 'publishState', 'publishedAt', 'source', 'createdAt'],
  fields: {
    content: text({ label: t('消息内容', 'Message'), required: true, max: GUEST_MESSAGE_MAX, multiline: true, search: true }),
    ...publishFields('published'),
    source: choice({ label: t('来源', 'Source'), options: { console: t('后台', 'Console'), pms: t('PMS', 'PMS') }, readOnly: true, default: 'console', filter: true }),
  },
});
