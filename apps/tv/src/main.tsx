import { TvDevice } from './device';
import { uiLang } from './i18n';

const params = new URLSearchParams(location.search);
// `?reset=1` makes this browser a new TV (a new MAC and SN); the install code and room may come in the URL.
if (params.get('reset') === '1') {
  localStorage.removeItem('htv.tv');
  if ('caches' in globalThis) void caches.delete('htv.tv.versions');
}
const lang = uiLang();
document.documentElement.lang = lang;
// The device starts first (its stored identity, the configuration, the version it held), and the
// drawing code (React and the renderer, most of the script) is evaluated while those answer.
const device = new TvDevice(lang);
device.start({ installCode: params.get('code') ?? undefined, roomNumber: params.get('room') ?? undefined });
void import('./mount').then(({ mount }) => mount(device, lang));
