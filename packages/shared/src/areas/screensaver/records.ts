import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { file, sortField, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** Photos a hotel's TVs show as a slideshow once no key has been pressed for the hotel's idle time. */
export const SCREENSAVER_MAX_PHOTOS = 30;

/**
 * The hotel's screensaver photos (spec part 2 `/content/screensaver_photos`): a picture checked by
 * its content (jpeg or png, at most 5 MB) and its place in the slideshow (larger sort first). The
 * idle time and the time each photo stays are hotel settings (docs/screensaver.md).
 */
export const screensaverPhoto = defineRecord({
  name: 'screensaverPhoto',
  label: t('屏保图片', 'Screensaver photo'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'screensaver',
  titleField: 'title',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    title: text({ label: t('标题', 'Title'), required: true, max: 50, search: true, sort: true }),
    pictureId: file({ label: t('图片', 'Picture'), upload: 'screensaverPhoto', required: true, list: true, help: t('jpg或png，5M以内，建议1920×1080', 'jpg or png, at most 5M; 1920×1080 suits a TV') }),
    sort: sortField(),
  },
});
