import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { BootKeeper } from './boot';
import { BootSplash } from './boot-splash';
import type { TvDevice } from './device';
import type { UiLang } from './i18n';

/** Draws the TV's screens into the page (the drawing code, loaded after the device has started). */
export function mount(device: TvDevice, lang: UiLang, boot: BootKeeper) {
  createRoot(document.getElementById('root')!).render(
    <>
      <App device={device} lang={lang} />
      <BootSplash keeper={boot} />
    </>,
  );
}
