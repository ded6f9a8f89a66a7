import { DEFAULT_LANG, isLang, LANGS, type Lang, type Text } from '@htv/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import enUS from './en-US';
import zhCN, { type UiMessages } from './zh-CN';

export { LANGS, type Lang };

const STORAGE_KEY = 'lang';
const bundles: Record<Lang, UiMessages> = { 'zh-CN': zhCN, 'en-US': enUS };
const dayjsLocales: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Any zh* browser language reads as zh-CN, any en* as en-US; anything else falls back to zh-CN. */
export function browserLang(language: string | undefined): Lang {
  const tag = (language ?? '').toLowerCase();
  if (tag.startsWith('zh')) return 'zh-CN';
  if (tag.startsWith('en')) return 'en-US';
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
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
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

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type UiKey = Leaves<UiMessages>;

/** A UI string in both languages, for data (route titles) that is rendered later with `label[lang]`. */
export function uiText(key: UiKey): Text {
  const pick = (bundle: UiMessages) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle) as string;
  return { 'zh-CN': pick(bundles['zh-CN']), 'en-US': pick(bundles['en-US']) };
}

export default i18n;
