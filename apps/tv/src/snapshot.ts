/**
 * The launcher's first page as the TV last drew it, kept to cover the screen at the next switch-on
 * while the drawing code loads (as a set shows its launcher's last frame while it boots; docs/tv.md,
 * "Switch-on"). It is a picture only: no focus, no actions, pictures, clocks and QR codes left out
 * (they would be stale or dead), and it goes as soon as the live page is drawn. Kept only for the
 * version, screen size and content language it was taken with.
 */
// index.html's inline script shows it, before the bundle arrives: it reads these names and fields.
const KEY = 'htv.tv.snapshot';
/** Larger pages are not kept (local storage is small and read at every start). */
const MAX_CHARS = 400_000;
const OVERLAY_ID = 'tv-snapshot';

interface Snapshot {
  url: string;
  lang: string;
  width: number;
  height: number;
  html: string;
}

const wantedLang = () => new URLSearchParams(location.search).get('lang') ?? '';

/** The live page is drawn (or the TV shows something else): the kept picture goes. */
export function dropSnapshot(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}

/** Keeps the drawn launcher page of version `url` for the next switch-on. */
export function keepSnapshot(stage: Element, url: string): void {
  const copy = stage.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll('img, video, audio, canvas, iframe')) element.remove();
  for (const block of copy.querySelectorAll('[data-type="clock"], [data-type="qrCode"], [data-type="weather"]')) block.replaceChildren();
  // Not the live page's names: tests and tools looking for the page never find the picture.
  for (const element of [copy, ...copy.querySelectorAll('[data-testid], [data-block]')]) {
    const block = element.getAttribute('data-block');
    if (block !== null) element.setAttribute('data-snapshot-block', block);
    element.removeAttribute('data-block');
    element.removeAttribute('data-testid');
    element.removeAttribute('tabindex');
  }
  const html = copy.outerHTML;
  if (html.length > MAX_CHARS) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ url, lang: wantedLang(), width: innerWidth, height: innerHeight, html } satisfies Snapshot));
  } catch {
    // storage full: the next switch-on waits for the drawing code
  }
}
