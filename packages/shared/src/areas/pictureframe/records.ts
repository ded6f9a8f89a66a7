import { defineRecord } from '../../record/define.js';
import { bool, files, int, owner, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const CLOCK = { regex: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'pictureFrame.clock' };

/**
 * The hotel's picture frame (`/picture/frame`, docs/pictureframe.md): the photos an idle TV shows one
 * after another, how long each shows, after how many idle minutes and, optionally, only between two
 * times of day. One per hotel; its photos must not be empty (spec: "picture-frame upload not empty").
 */
export const pictureFrame = defineRecord({
  name: 'pictureFrame',
  path: 'picture-frames',
  label: t('电子相框', 'Picture frame'),
  scope: 'hotel',
  userTypes: [3],
  titleField: 'name',
  fields: {
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel' }),
    name: text({ label: t('名称', 'Name'), required: true, max: 30, default: '电子相框' }),
    photos: files({ label: t('照片', 'Photos'), upload: 'pictureFrame', required: true, max: 30 }),
    intervalSeconds: int({ label: t('每张停留(秒)', 'Seconds per photo'), required: true, min: 3, max: 600, default: 10 }),
    idleMinutes: int({ label: t('空闲多久后显示(分钟)', 'Shown after idle minutes'), required: true, min: 1, max: 240, default: 10 }),
    fromTime: text({ label: t('开始时间', 'From'), max: 5, pattern: CLOCK, help: t('留空则全天', 'Empty: all day') }),
    toTime: text({ label: t('结束时间', 'To'), max: 5, pattern: CLOCK }),
    enabled: bool({ label: t('启用', 'Enabled') }),
  },
});
