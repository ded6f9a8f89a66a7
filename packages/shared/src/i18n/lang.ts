/** Interface languages of the console. zh-CN is the default. */
export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

/** A visible string in every interface language; a missing language fails to compile. */
export type Text = Record<Lang, string>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Picks a language from a `lang` value or an Accept-Language header; zh-CN when neither matches. */
export function pickLang(explicit?: string | null, acceptLanguage?: string | null): Lang {
  if (isLang(explicit)) return explicit;
  if (explicit?.toLowerCase().startsWith('en')) return 'en-US';
  if (explicit?.toLowerCase().startsWith('zh')) return 'zh-CN';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANG;
}

/** Replaces `{name}` placeholders with params. */
export function interpolate(template: string, params?: Record<string, unknown>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
