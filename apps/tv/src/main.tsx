import type { BootConfigPart } from '@htv/shared/areas/boot/device';
import { BootKeeper } from './boot';
import { PAYLOAD_KEY, TvDevice } from './device';
import { uiLang } from './i18n';

// User timings of the start, read by bench/tv-render.ts: the first script runs (`htv:main`), the
// drawing code is evaluated (`htv:mount`), the screens are in the page (`htv:mounted`).
performance.mark('htv:main');
const params = new URLSearchParams(location.search);
// `?reset=1` makes this browser a new TV (a new MAC and SN); the install code and room may come in the URL.
if (params.get('reset') === '1') {
  localStorage.removeItem('htv.tv');
  localStorage.removeItem('htv.tv.boot');
  localStorage.removeItem(PAYLOAD_KEY);
  if ('caches' in globalThis) void caches.delete('htv.tv.boot-files');
  if ('caches' in globalThis) void caches.delete('htv.tv.versions');
}
const lang = uiLang();
document.documentElement.lang = lang;
// The device starts first (its stored identity, the configuration, the version it held), and the
// drawing code (the screens and the renderer, most of the script) is evaluated while those answer.
const device = new TvDevice(lang);
const boot = new BootKeeper();
device.onConfig((config, token) => void boot.update((config as { boot?: BootConfigPart }).boot, token));
device.start({ installCode: params.get('code') ?? undefined, batchCode: params.get('batch') ?? undefined, roomNumber: params.get('room') ?? undefined, model: params.get('model') ?? undefined });
// The script runs as soon as it arrives (vite.config.ts): the screens go into the page once it is parsed.
const parsed = document.readyState === 'loading' ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true })) : undefined;
void Promise.all([import('./mount'), parsed]).then(([{ mount }]) => {
  performance.mark('htv:mount');
  mount(device, lang, boot);
  performance.mark('htv:mounted');
});
