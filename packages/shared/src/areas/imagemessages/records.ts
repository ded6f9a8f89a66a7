import { defineRecord } from '../../record/define.js';
import { file, files, text } from '../../record/fields.js';
import { publishActions, publishFields } from '../publishing/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The most characters an image message's text holds (spec part 2: "Image message text up to 1000 characters"). */
export const IMAGE_MESSAGE_TEXT_MAX = 1000;
/** Pictures one message shows. */
export const IMAGE_MESSAGE_IMAGES_MAX = 9;

/**
 * Image-text messages (/content/image_message): a title, a subtitle, an icon, a QR image, a text and
 * pictures, published to all rooms, by room or by tour group (docs/publishing.md). On the TV the
 * message list opens a page with the pictures and the QR code.
 */
export const imageMessage = defineRecord({
  name: 'imageMessage',
  label: t('图文消息', 'Image-text message'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'image-messages',
  table: 'image_messages',
  titleField: 'title',
  defaultSort: { field: 'createdAt', order: 'desc' },
  states: publishActions('targets'),
  columns: ['title', 'iconId', 'publishMethod', 'publishAt', 'publishState', 'publishedAt', 'createdAt'],
  groups: [
    { key: 'content', label: t('消息内容', 'Content'), fields: ['title', 'subtitle', 'iconId', 'qrCodeId', 'content', 'imageIds'] },
    { key: 'publish', label: t('发布', 'Publishing'), fields: ['publishMethod', 'rooms', 'tourGroupId', 'publishAt'] },
  ],
  fields: {
    title: text({ label: t('标题', 'Title'), required: true, max: 50, search: true, sort: true }),
    subtitle: text({ label: t('副标题', 'Subtitle'), max: 100, search: true }),
    iconId: file({ label: t('图标', 'Icon'), upload: 'imageMessageIcon', list: true }),
    qrCodeId: file({ label: t('二维码图片', 'QR image'), upload: 'imageMessagePicture' }),
    content: text({ label: t('文字内容', 'Text'), max: IMAGE_MESSAGE_TEXT_MAX, multiline: true, search: true, list: false }),
    imageIds: files({ label: t('图片', 'Images'), upload: 'imageMessagePicture', max: IMAGE_MESSAGE_IMAGES_MAX }),
    ...publishFields('targets'),
  },
});
