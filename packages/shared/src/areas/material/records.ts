import { defineRecord } from '../../record/define.js';
import { choice, file, int, text } from '../../record/fields.js';

/** What a material is, decided by the uploaded file's content (never chosen by the user). */
export const MATERIAL_KINDS = {
  image: { 'zh-CN': '图片', 'en-US': 'Image' },
  video: { 'zh-CN': '视频', 'en-US': 'Video' },
  audio: { 'zh-CN': '音频', 'en-US': 'Audio' },
  font: { 'zh-CN': '字体', 'en-US': 'Font' },
} as const;

export type MaterialKind = keyof typeof MATERIAL_KINDS;

/**
 * The material library: images, videos, audio and fonts uploaded once and used by themes (later boot
 * settings and content). Owned by the level that uploaded it and usable below it: the platform's by
 * everyone, a brand's by its hotels. Kind, pixel size, duration and thumbnail come from the file.
 */
export const material = defineRecord({
  name: 'material',
  label: { 'zh-CN': '素材', 'en-US': 'Material' },
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'material',
  titleField: 'name',
  // Themes and TVs name materials by their file's address.
  indexes: [{ fields: ['fileId'] }],
  fields: {
    name: text({ label: { 'zh-CN': '素材名称', 'en-US': 'Name' }, required: true, max: 100, search: true, sort: true }),
    fileId: file({ label: { 'zh-CN': '文件', 'en-US': 'File' }, upload: 'material', required: true }),
    kind: choice({ label: { 'zh-CN': '类型', 'en-US': 'Kind' }, options: MATERIAL_KINDS, filter: true, readOnly: true }),
    folder: text({ label: { 'zh-CN': '文件夹', 'en-US': 'Folder' }, max: 50, search: true, sort: true }),
    tags: text({ label: { 'zh-CN': '标签', 'en-US': 'Tags' }, max: 200, search: true, help: { 'zh-CN': '多个标签用逗号分隔', 'en-US': 'Separate tags with commas' } }),
    size: int({ label: { 'zh-CN': '大小(字节)', 'en-US': 'Size (bytes)' }, readOnly: true, sort: true }),
    width: int({ label: { 'zh-CN': '宽(像素)', 'en-US': 'Width (px)' }, readOnly: true }),
    height: int({ label: { 'zh-CN': '高(像素)', 'en-US': 'Height (px)' }, readOnly: true }),
    durationMs: int({ label: { 'zh-CN': '时长(毫秒)', 'en-US': 'Duration (ms)' }, readOnly: true }),
    thumbnailId: file({ label: { 'zh-CN': '缩略图', 'en-US': 'Thumbnail' }, upload: 'materialThumbnail', readOnly: true }),
  },
});
