import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { BootKeeper } from './boot';
import { BootSplash } from './boot-splash';
import type { TvDevice } from './device';
import type { UiLang } from './i18n';
import { RemoteCodes } from './remote-codes';
import type { RemoteCodesPart } from '@htv/shared/areas/tvcode/device';

/** Draws the TV's screens into the page (the drawing code, loaded after the device has started). */
export function mount(device: TvDevice, lang: UiLang, boot: BootKeeper) {
  // The hotel's codes for this model's remote keys (docs/tvcode.md), before the screens take keys.
  const remoteCodes = new RemoteCodes(device);
  const partOf = (config: unknown) => (config as { remoteCodes?: RemoteCodesPart } | null)?.remoteCodes;
  remoteCodes.update(partOf(device.getSnapshot().config));
  device.onConfig((config) => remoteCodes.update(partOf(config)));
  createRoot(document.getElementById('root')!).render(
    <>
      <App device={device} lang={lang} />
      <BootSplash keeper={boot} />
    </>,
  );
}
