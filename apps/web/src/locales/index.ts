import { DEFAULT_LANG, isLang, LANGS, type Lang } from '@htv/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import enUS from './en-US';
import zhCN, { type UiMessages } from './zh-CN';

export { LANGS, type Lang };

const STORAGE_KEY = 'lang';
const dayjsLocales: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * The default language (spec §9): the browser's when it is zh-CN or en-US, otherwise zh-CN. Bare
 * `zh` / `en` and the Simplified-Chinese script tag count as those two; en-GB, zh-TW, fr… do not.
 */
export function browserLang(language: string | undefined): Lang {
  const tag = (language ?? '').toLowerCase();
  if (tag === 'en-us' || tag === 'en') return 'en-US';
  if (tag === 'zh-cn' || tag === 'zh' || tag === 'zh-hans' || tag === 'zh-hans-cn') return 'zh-CN';
  return DEFAULT_LANG;
}

function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // storage unavailable: fall through to the browser language
  }
  return browserLang(typeof navigator === 'undefined' ? undefined : navigator.language);
}

function applyLang(lang: Lang) {
  dayjs.locale(dayjsLocales[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

const startLang = initialLang();
applyLang(startLang);

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } } satisfies Record<Lang, { translation: UiMessages }>,
  lng: startLang,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

/** The current interface language, for code outside React (the API client). */
export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export async function setLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not persisted; the switch still applies to this page
  }
  applyLang(lang);
  await i18n.changeLanguage(lang);
}

/** The current language; re-renders the caller when it changes. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : DEFAULT_LANG;
}

/** An area's own strings in the current language: `m('key', {vars})`, `{{name}}` placeholders filled. */
export function useTexts<M extends Record<string, string>>(table: Record<Lang, M>) {
  const messages = table[useLang()];
  return (key: keyof M, vars?: Record<string, string | number>) => messages[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (vars && name in vars ? String(vars[name]) : ''));
}

export default i18n;
