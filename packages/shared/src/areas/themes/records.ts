import { defineRecord } from '../../record/define.js';
import { choice, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Theme types, the template categories (spec §3, /themes/themes_type): a name of at most 10 characters
 * and whether the category is public or private. A type that templates use cannot be deleted
 * (apps/server/src/areas/themes/routes.ts).
 */
export const themeType = defineRecord({
  name: 'themeType',
  label: t('模板分类', 'Template category'),
  scope: 'platform',
  userTypes: [1],
  path: 'theme-types',
  table: 'theme_types',
  titleField: 'name',
  fields: {
    name: text({ label: t('分类名称', 'Category name'), required: true, min: 1, max: 10, search: true, sort: true }),
    permission: choice({ label: t('权限', 'Permission'), options: { public: t('公共', 'Public'), private: t('私有', 'Private') }, required: true, default: 'public', filter: true }),
  },
});
