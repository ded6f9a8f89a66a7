import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, file, files, int, ref, sortField, text, ENABLED_STATES, type FieldDef } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The five content languages of an introduction and the suffix of their fields: `name` is the
 * simplified Chinese one (required), `nameEn`, `nameTw`, `nameJa` and `nameKo` the others.
 */
export const INTRO_LANGS = [
  { suffix: '', lang: 'zh-CN', label: t('中文', 'Chinese') },
  { suffix: 'En', lang: 'en', label: t('英文', 'English') },
  { suffix: 'Tw', lang: 'zh-TW', label: t('繁体', 'Traditional Chinese') },
  { suffix: 'Ja', lang: 'ja', label: t('日文', 'Japanese') },
  { suffix: 'Ko', lang: 'ko', label: t('韩文', 'Korean') },
] as const;

type Suffix = (typeof INTRO_LANGS)[number]['suffix'];

/**
 * One text field per content language (`base`, `baseEn`, …), the Chinese one required: the form
 * shows them in the languages' order, the TV picks the guest's with a fallback (docs/introduction.md).
 */
function fiveLanguages<const B extends string>(base: B, label: Text, opts: { max: number; multiline?: boolean }) {
  const fields = {} as Record<`${B}${Suffix}`, FieldDef>;
  for (const { suffix, label: language } of INTRO_LANGS) {
    const named = suffix ? t(`${label['zh-CN']}(${language['zh-CN']})`, `${label['en-US']} (${language['en-US']})`) : label;
    fields[`${base}${suffix}` as `${B}${Suffix}`] = text({ label: named, max: opts.max, multiline: opts.multiline, required: !suffix, search: !suffix, list: !suffix && !opts.multiline });
  }
  return fields;
}

const names = <const B extends string>(base: B) => INTRO_LANGS.map(({ suffix }) => `${base}${suffix}` as `${B}${Suffix}`);

/**
 * Types of information introductions, a tree of two levels: a first-level type has no parent; a
 * second-level type's parent is a first-level type (docs/introduction.md: why two levels).
 */
export const introType = defineRecord({
  name: 'introType',
  label: t('介绍类型', 'Introduction type'),
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'introduction',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'sort', order: 'desc' },
  groups: [
    { key: 'names', label: t('名称', 'Names'), fields: names('name') },
    { key: 'play', label: t('显示与播放', 'Showing and playing'), fields: ['parentId', 'icon', 'showDefault', 'totalSeconds', 'itemSeconds', 'sort', 'enabled'] },
  ],
  fields: {
    ...fiveLanguages('name', t('类型名称', 'Type name'), { max: 30 }),
    parentId: ref({ label: t('上级类型', 'Parent type'), record: 'introType', filter: true, help: t('不选则为一级类型', 'Leave empty for a first-level type') }),
    icon: file({ label: t('图标', 'Icon'), upload: 'introIcon', list: true }),
    showDefault: bool({ label: t('默认显示', 'Shown by default'), default: false, filter: true, help: t('打开介绍页时首先显示的类型', 'The type the introduction page opens on') }),
    totalSeconds: int({ label: t('总播放时长(秒)', 'Total play time (s)'), min: 0, max: 86_400, default: 0, help: t('0 表示不限', '0: no limit') }),
    itemSeconds: int({ label: t('单项播放时长(秒)', 'Play time per item (s)'), min: 0, max: 3_600, default: 10, help: t('0 表示不自动切换', '0: items do not advance by themselves') }),
    sort: sortField(),
    enabled: bool({ label: t('状态', 'State'), default: true, filter: true, states: ENABLED_STATES }),
  },
});

export const QR_X = { left: t('左', 'Left'), center: t('中', 'Centre'), right: t('右', 'Right') } as const;
export const QR_Y = { top: t('上', 'Top'), center: t('中', 'Centre'), bottom: t('下', 'Bottom') } as const;
export const QR_STYLES = { card: t('白底卡片', 'White card'), plain: t('仅二维码', 'Code only') } as const;

/** Addresses a QR code may carry: web pages the guest's phone opens. */
const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * Information introductions: a title and text in the five languages over a 16:9 background (an
 * English one for the languages outside Chinese), a video and an optional QR code of a web address.
 */
export const introItem = defineRecord({
  name: 'introItem',
  label: t('信息介绍', 'Information introduction'),
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'introduction',
  titleField: 'title',
  titleFieldEn: 'titleEn',
  defaultSort: { field: 'sort', order: 'desc' },
  groups: [
    { key: 'basic', label: t('基本信息', 'Basics'), fields: ['typeId', 'sort', 'enabled'] },
    { key: 'titles', label: t('标题', 'Titles'), fields: names('title') },
    { key: 'texts', label: t('介绍内容', 'Text'), fields: names('text') },
    { key: 'media', label: t('背景与视频', 'Background and video'), fields: ['backgroundId', 'backgroundEnId', 'videoId'] },
    { key: 'qr', label: t('二维码', 'QR code'), fields: ['qrEnabled', 'qrUrl', 'qrStyle', 'qrSize', 'qrX', 'qrY'] },
  ],
  fields: {
    typeId: ref({ label: t('介绍类型', 'Introduction type'), record: 'introType', required: true, filter: true }),
    ...fiveLanguages('title', t('标题', 'Title'), { max: 50 }),
    ...fiveLanguages('text', t('介绍内容', 'Text'), { max: 2000, multiline: true }),
    backgroundId: file({ label: t('背景图片', 'Background image'), upload: 'introImage', required: true, list: true, help: t('16:9，5M 以内', '16:9, within 5M') }),
    backgroundEnId: file({ label: t('英文背景图片', 'English background image'), upload: 'introImage', help: t('英文等外语显示；不传则用背景图片', 'Shown in English and the other foreign languages; the background image without one') }),
    videoId: file({ label: t('介绍视频', 'Video'), upload: 'introVideo', help: t('建议 100M 以内，不能超过 200M', 'Best within 100M; at most 200M') }),
    qrEnabled: bool({ label: t('显示二维码', 'Show a QR code'), default: false }),
    qrUrl: text({ label: t('二维码链接', 'QR code address'), max: 500, list: false, pattern: { regex: WEB_ADDRESS, message: 'introduction.qrUrl' }, requiredWhen: { field: 'qrEnabled', in: [true] } }),
    qrStyle: choice({ label: t('二维码样式', 'QR code style'), options: QR_STYLES, default: 'card', list: false }),
    qrSize: int({ label: t('二维码大小(像素)', 'QR code size (px)'), min: 120, max: 600, default: 240, list: false, help: t('按 1920×1080 画面计', 'On a 1920×1080 screen') }),
    qrX: choice({ label: t('水平位置', 'Horizontal position'), options: QR_X, default: 'right', list: false }),
    qrY: choice({ label: t('垂直位置', 'Vertical position'), options: QR_Y, default: 'bottom', list: false }),
    sort: sortField(),
    enabled: bool({ label: t('状态', 'State'), default: true, filter: true, states: ENABLED_STATES }),
  },
});

/** The most pictures a custom intro page holds in one language (slices × image groups). */
export const CUSTOM_INTRO_MAX_PICTURES = 60;

/**
 * Custom intro pages: pictures shown as image groups, each group `sliceCount` pictures side by side,
 * `groupCount` groups one after another (docs/introduction.md); Chinese pictures and English ones
 * for the languages outside Chinese. The effect image is the page's tile in the TV's list.
 */
export const introCustom = defineRecord({
  name: 'introCustom',
  label: t('自定义介绍页', 'Custom intro page'),
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'introCustom',
  titleField: 'name',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 50, search: true, sort: true }),
    effectImageId: file({ label: t('效果图', 'Effect image'), upload: 'customIntroImage', list: true }),
    sliceCount: int({ label: t('切片数', 'Slices'), min: 1, max: 6, default: 1, help: t('每组并排显示的图片数', 'Pictures side by side in a group') }),
    groupCount: int({ label: t('图组数', 'Image groups'), min: 1, max: 10, default: 1, help: t('依次显示的图组数', 'Groups shown one after another') }),
    images: files({ label: t('中文图片', 'Chinese pictures'), upload: 'customIntroImage', max: CUSTOM_INTRO_MAX_PICTURES, required: true }),
    imagesEn: files({ label: t('英文图片', 'English pictures'), upload: 'customIntroImage', max: CUSTOM_INTRO_MAX_PICTURES }),
    sort: sortField(),
  },
});
