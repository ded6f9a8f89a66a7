import 'i18next';
import type { UiMessages } from './zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: UiMessages };
    returnNull: false;
  }
}
