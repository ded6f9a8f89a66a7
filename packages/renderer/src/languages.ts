import type { ContentLang } from '@htv/shared/areas/themes/document';

/** Each content language by its own name (the same whatever the viewer's language). */
export const CONTENT_LANG_NAMES: Record<ContentLang, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', ja: '日本語', ko: '한국어', en: 'English' };
