import { defineRecord } from '../../record/define.js';
import { bool, files, int, ref, richText, sortField, text } from '../../record/fields.js';

/** Categories of guest FAQ entries; a category in use by an entry cannot be deleted. */
export const faqCategory = defineRecord({
  name: 'faqCategory',
  label: { 'zh-CN': '问题分类', 'en-US': 'FAQ category' },
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'faq',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: { 'zh-CN': '分类名称', 'en-US': 'Category name' }, required: true, max: 30, search: true, unique: true }),
    nameEn: text({ label: { 'zh-CN': '英文名称', 'en-US': 'English name' }, max: 60, search: true }),
    sort: sortField(),
  },
});

/** Questions and answers shown to guests on the TV; hits are counted by the TVs. */
export const faq = defineRecord({
  name: 'faq',
  label: { 'zh-CN': '常见问题', 'en-US': 'FAQ' },
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'faq',
  titleField: 'title',
  fields: {
    title: text({ label: { 'zh-CN': '标题', 'en-US': 'Title' }, required: true, max: 50, search: true, sort: true }),
    categoryId: ref({ label: { 'zh-CN': '分类', 'en-US': 'Category' }, record: 'faqCategory', required: true, filter: true }),
    content: richText({ label: { 'zh-CN': '内容', 'en-US': 'Content' }, required: true, search: true }),
    images: files({ label: { 'zh-CN': '图片', 'en-US': 'Images' }, upload: 'faqImage', max: 9 }),
    videos: files({ label: { 'zh-CN': '视频', 'en-US': 'Videos' }, upload: 'faqVideo', max: 3 }),
    enabled: bool({ label: { 'zh-CN': '在电视上显示', 'en-US': 'Shown on TV' }, default: true, filter: true }),
    hits: int({ label: { 'zh-CN': '点击量', 'en-US': 'Hits' }, readOnly: true, sort: true, default: 0 }),
  },
});
