import { CONTENT_LANG_NAMES } from '@htv/renderer/languages';
import type { StayConfigPart } from '@htv/shared/areas/pms/protocol';
import { ThemeStage, type ThemeStageProps } from '@htv/renderer';
import { areaAvailable, AreaDeviceProvider, AreaOverlays, AreaPartsProvider, AreaScreen, isTyping, type AreaDevice } from '@htv/renderer/areas/index';
import { welcomeSeconds } from '@htv/renderer/model';
import type { BootConfigPart } from '@htv/shared/areas/boot/device';
import { hiddenBlocks } from '@htv/shared/areas/boot/hide';
import type { ContentLang, ThemeAction } from '@htv/shared/areas/themes/document';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { dropSnapshot, keepSnapshot } from './snapshot';
import type { LoadedWelcome, TvDevice, TvSnapshot } from './device';
import { words, type UiLang } from './i18n';
import { PHONE_PAIRED_EVENT } from './phone';
import { CastOverlay } from './cast';

const screen: CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 24,
  color: '#fff',
  background: 'linear-gradient(135deg, #0b1526, #14233d)',
  fontFamily: 'system-ui, "Noto Sans CJK SC", sans-serif',
  fontSize: 28,
  textAlign: 'center',
};

function Setup({ device, error, t }: { device: TvDevice; error?: string; t: ReturnType<typeof words> }) {
  const params = new URLSearchParams(location.search);
  const [code, setCode] = useState(params.get('code') ?? '');
  const [room, setRoom] = useState(params.get('room') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    device.setup(code, room);
  };
  const field: CSSProperties = { fontSize: 28, padding: '8px 12px', width: 360 };
  return (
    <form style={screen} onSubmit={submit} data-testid="tv-setup">
      <h1 style={{ margin: 0 }}>{t('setupTitle')}</h1>
      <div style={{ opacity: 0.8 }}>{t('setupHint')}</div>
      <input aria-label={t('installCode')} placeholder={t('installCode')} value={code} onChange={(e) => setCode(e.target.value)} style={field} data-testid="tv-code" autoFocus />
      <input aria-label={t('roomNumber')} placeholder={t('roomNumber')} value={room} onChange={(e) => setRoom(e.target.value)} style={field} data-testid="tv-room" />
      {error && (
        <div role="alert" style={{ color: '#ff7875' }} data-testid="tv-error">
          {error}
        </div>
      )}
      <button type="submit" style={{ ...field, width: 200, cursor: 'pointer' }} data-testid="tv-connect">
        {t('connect')}
      </button>
    </form>
  );
}

/**
 * Every sound the TV plays at its volume (a set-volume task, the menu's sound setting): the media on
 * screen now, and each one as it starts. A change is announced.
 */
function useVolume(volume: number, notify: (text: string) => void, t: ReturnType<typeof words>) {
  useEffect(() => {
    const level = volume / 100;
    for (const media of document.querySelectorAll<HTMLMediaElement>('video, audio')) media.volume = level;
    const onPlay = (event: Event) => ((event.target as HTMLMediaElement).volume = level);
    document.addEventListener('play', onPlay, true);
    return () => document.removeEventListener('play', onPlay, true);
  }, [volume]);
  const previous = useRef(volume);
  useEffect(() => {
    if (volume !== previous.current) notify(t('volume', { volume }));
    previous.current = volume;
  }, [volume, notify, t]);
}

/** A short notice over the picture (an app or area being opened, the language chosen). */
function useNotice(): [string | null, (text: string) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 2500);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice];
}

/**
 * The welcome template before the launcher, the room's guest (or the fallback greeting) in its texts:
 * Enter (the remote's OK) or the end of its time goes on to the launcher.
 */
function Welcome({ welcome, lang, room, hidden, onDone }: { welcome: LoadedWelcome; lang: ContentLang | null; room: string | null; hidden: ThemeStageProps['hidden']; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, welcomeSeconds(welcome.document) * 1000);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      onDone();
    };
    window.addEventListener('keydown', onKey);
    return () => (clearTimeout(timer), window.removeEventListener('keydown', onKey));
  }, [welcome, onDone]);
  const languages = welcome.document.theme.languages;
  return (
    <div style={{ position: 'fixed', inset: 0 }} data-testid="tv-welcome" data-guest={welcome.guest ?? ''}>
      <ThemeStage document={welcome.document} assets={welcome.assets} lang={lang && languages.includes(lang) ? lang : languages[0]!} live variables={{ guest: welcome.guest, room }} hidden={hidden} />
    </div>
  );
}

/**
 * The picture of the launcher kept from the last switch-on (snapshot.ts) covers the screen while the
 * TV connects; once the live launcher is drawn it is kept again for the next start and the picture goes.
 */
function useSwitchOnPicture(phase: TvSnapshot['state']['phase'], url: string | undefined, welcoming: boolean) {
  useEffect(() => {
    if (phase === 'connecting') return;
    if (!url || welcoming) return dropSnapshot();
    let idle: number | undefined;
    let frame = requestAnimationFrame(() => {
      // The frame after the stage's first: its size and scale are settled.
      frame = requestAnimationFrame(() => {
        dropSnapshot();
        // Copying the page is not in the way of the remote's first keys: it waits for a free moment.
        idle = whenIdle(() => {
          const stage = document.querySelector('[data-testid="tv-launcher"] [data-testid="theme-stage"]');
          if (stage) keepSnapshot(stage, url);
        });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [phase, url, welcoming]);
}

/** A moment the TV has nothing else to do (at most 3 s away); a timer where the browser has no idle callbacks. */
const idleCallbacks = typeof requestIdleCallback === 'function';
const whenIdle = (run: () => void): number => (idleCallbacks ? requestIdleCallback(run, { timeout: 3000 }) : (setTimeout(run, 500) as unknown as number));
const cancelIdle = (id: number) => (idleCallbacks ? cancelIdleCallback(id) : clearTimeout(id));

interface ShownQr {
  url: string;
  qr: string;
  /** When the code stops working: it is drawn again a little before. */
  expiresAt?: string;
}

const REDRAW_BEFORE_MS = 15_000;

/**
 * A QR code the remote's letter key shows and hides (the state of the last press, not of the last
 * drawing: a second press hides it even while it is on its way). One with an expiry is fetched again
 * before it, while shown.
 */
function useQrKey(letter: string, enabled: boolean, fetchQr: () => Promise<ShownQr>, notify: (text: string) => void, t: ReturnType<typeof words>) {
  const [shown, setShown] = useState<ShownQr | null>(null);
  const wanted = useRef(false);
  const fetchRef = useRef(fetchQr);
  fetchRef.current = fetchQr;
  const hide = useCallback(() => {
    wanted.current = false;
    setShown(null);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    const load = () =>
      fetchRef.current().then(
        (qr) => wanted.current && setShown(qr),
        () => {
          wanted.current = false;
          notify(t('offline'));
        },
      );
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== letter || isTyping(event)) return;
      wanted.current = !wanted.current;
      if (!wanted.current) return setShown(null);
      void load();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, letter, notify, t]);
  useEffect(() => {
    if (!shown?.expiresAt) return;
    const timer = setTimeout(
      () => void fetchRef.current().then((qr) => wanted.current && setShown(qr), () => undefined),
      Math.max(1000, Date.parse(shown.expiresAt) - Date.now() - REDRAW_BEFORE_MS),
    );
    return () => clearTimeout(timer);
  }, [shown]);
  return { shown, hide };
}

function QrCard({ qr, caption, testId }: { qr: ShownQr; caption: string; testId: string }) {
  return (
    <div style={{ position: 'fixed', right: 48, bottom: 48, padding: 16, borderRadius: 12, background: '#fff', color: '#14233d', textAlign: 'center', fontSize: 20 }} data-testid={testId}>
      <img src={qr.qr} width={240} height={240} alt={caption} data-url={qr.url} data-testid={`${testId}-qr`} />
      <div>{caption}</div>
    </div>
  );
}

/**
 * The TV's screens: setup, connecting, waiting for authorization, disabled with its tip, and the
 * theme it is sent, full screen, under the keyboard's arrows, Enter and Backspace/Escape, after the
 * welcome template when one is sent (again for a new guest or a new version), without the blocks of
 * the content modules its boot part hides. The L key steps through the theme's content languages;
 * M opens the hotel's TV menu; an `openArea` block opens the area's page over the launcher, and the
 * areas' overlays lie over every screen (docs/tv.md, "Areas").
 */
export function App({ device, lang }: { device: TvDevice; lang: UiLang }) {
  const snapshot: TvSnapshot = useSyncExternalStore(device.subscribe, device.getSnapshot);
  const t = words(lang);
  const [notice, notify] = useNotice();
  useVolume(snapshot.volume, notify, t);
  const boot = (snapshot.config as { boot?: BootConfigPart } | null)?.boot;
  // The same filter while the hidden modules are the same, so the page is not drawn again for nothing.
  const hiddenKey = boot?.hide.join() ?? '';
  const hidden = useMemo(() => hiddenBlocks(hiddenKey ? (hiddenKey.split(',') as BootConfigPart['hide']) : undefined), [hiddenKey]);
  const theme = snapshot.state.phase === 'ready' ? snapshot.state.theme : null;
  const languages = theme?.document.theme.languages ?? [];
  const wanted = new URLSearchParams(location.search).get('lang') as ContentLang | null;
  const [contentLang, setContentLang] = useState<ContentLang | null>(wanted);
  // A guest checking in brings their language (the `stay` part, docs/pms.md): it is the content
  // language until the L key or the TV menu chooses another; the check-out gives the room back the
  // hotel's (the theme's first); a `lang` in the address wins.
  const stay = (snapshot.config as { stay?: StayConfigPart | null } | null)?.stay;
  useEffect(() => {
    if (!wanted) setContentLang(stay?.language ?? null);
  }, [wanted, stay?.id, stay?.language]);
  const shownLang = contentLang && languages.includes(contentLang) ? contentLang : (languages[0] ?? 'zh-CN');
  // The language a press steps from, moved at the press: a second press before the page is drawn
  // again steps on from the first one's choice instead of repeating it.
  const stepFrom = useRef(shownLang);
  stepFrom.current = shownLang;

  useEffect(() => {
    if (!languages.length) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== 'l' && event.key !== 'L') || isTyping(event)) return;
      const next = languages[(languages.indexOf(stepFrom.current) + 1) % languages.length]!;
      stepFrom.current = next;
      setContentLang(next);
      notify(t('language', { name: CONTENT_LANG_NAMES[next] }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [languages, notify, t]);

  // The remote's F key shows (and hides) the QR code a guest scans to send feedback (docs/feedback.md),
  // W the laundry's, P the one a guest scans to pair a phone (docs/phone.md), drawn anew before its code expires and
  // hidden once a phone is paired.
  const hotelBound = !!snapshot.config?.hotel;
  const feedbackQr = useQrKey('f', hotelBound, device.feedbackQr.bind(device), notify, t);
  const pairingQr = useQrKey('p', hotelBound, device.pairingQr.bind(device), notify, t);
  // W: the laundry page's code (docs/laundry.md).
  const laundryQr = useQrKey('w', hotelBound, device.laundryQr.bind(device), notify, t);
  useEffect(() => {
    const onPaired = () => (pairingQr.hide(), notify(t('phonePaired')));
    window.addEventListener(PHONE_PAIRED_EVENT, onPaired);
    return () => window.removeEventListener(PHONE_PAIRED_EVENT, onPaired);
  }, [pairingQr.hide, notify, t]);

  // The remote's menu key opens the hotel's TV menu (docs/tv.md, "The TV menu") over an authorized
  // TV's picture. Its code is loaded (its own chunk) once the configuration carries a menu.
  const tvMenu = snapshot.state.phase === 'ready' ? (boot?.tvMenu ?? null) : null;
  const [menuCode, setMenuCode] = useState<typeof import('./menu') | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(() => {
    if (!tvMenu) setMenuOpen(false);
    else if (!menuCode) void import('./menu').then(setMenuCode, () => undefined);
  }, [tvMenu, menuCode]);
  useEffect(() => {
    if (!tvMenu || !menuCode || menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (!menuCode.isMenuKey(event.key) || isTyping(event)) return;
      event.preventDefault();
      setMenuOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tvMenu, menuCode, menuOpen]);

  // The content area open over the launcher (docs/tv.md, "Areas"); Back closes it. One the room's
  // boot part hides meanwhile is closed.
  const [openArea, setOpenArea] = useState<string | null>(null);
  const closeArea = useCallback(() => setOpenArea(null), []);
  const areaFailed = useCallback(() => (setOpenArea(null), notify(t('offline'))), [notify, t]);
  const areaShown = openArea !== null && !!theme && areaAvailable(openArea, boot?.hide, snapshot.config as Record<string, unknown> | null);
  // Home (the phone remote's home key) goes back to the launcher: the open area and the menu close.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Home') return;
      setOpenArea(null);
      setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (openArea !== null && !areaShown) setOpenArea(null);
  }, [openArea, areaShown]);
  // The remote's voice key (V on a keyboard) opens the voice assistant where the room has it.
  useEffect(() => {
    if (!theme) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== 'v' && event.key !== 'V') || isTyping(event)) return;
      event.preventDefault();
      if (areaAvailable('voice', boot?.hide) && (snapshot.config as { voice?: unknown } | null)?.voice) setOpenArea('voice');
      else notify(t('areaUnavailable'));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [theme, boot?.hide, snapshot.config, notify, t]);
  // What the areas may ask of the TV (the voice assistant's answers): its API, and opening, the volume, a channel.
  const areaDevice = useMemo<AreaDevice>(
    () => ({
      call: (method, path, body) => device.areaCall(method, path, body),
      act: (action) => {
        if (action.do === 'openArea') {
          if (areaAvailable(action.area, boot?.hide, snapshot.config as Record<string, unknown> | null)) setOpenArea(action.area);
          else notify(t('areaUnavailable'));
        } else if (action.do === 'openApp') {
          notify(t('openApp', { name: action.packageName }));
          device.appOpened(action.packageName);
        } else if (action.do === 'volume') {
          device.setVolume(Math.max(0, Math.min(100, action.level ?? device.getSnapshot().volume + (action.step ?? 0))));
        } else if (action.do === 'channel' && action.number !== undefined) notify(t('channel', { number: action.number }));
      },
    }),
    [device, boot?.hide, snapshot.config, notify, t],
  );
  // One function for the stage while the TV lives (its blocks are not drawn again for each change of
  // the screens around them), running the latest of these.
  const announceNow = (action: ThemeAction) => {
    if (action.action === 'openApp') {
      notify(t('openApp', { name: action.packageName }));
      device.appOpened(action.packageName);
    }
    if (action.action === 'openArea') {
      if (areaAvailable(action.area, boot?.hide, snapshot.config as Record<string, unknown> | null)) setOpenArea(action.area);
      else notify(t('areaUnavailable'));
    }
  };

  const latestAnnounce = useRef(announceNow);
  latestAnnounce.current = announceNow;
  const announce = useCallback((action: ThemeAction) => latestAnnounce.current(action), []);

  const { state, config } = snapshot;
  const welcome = state.phase === 'ready' ? state.welcome : null;
  const welcomeKey = welcome && `${welcome.part.url}|${welcome.guest ?? ''}`;
  const [welcomed, setWelcomed] = useState<string | null>(null);
  const welcoming = welcome !== null && welcomeKey !== welcomed;
  useSwitchOnPicture(state.phase, theme?.part.url, welcoming);
  const proceed = useCallback(() => setWelcomed(welcomeKey), [welcomeKey]);
  const status = (text: string, extra?: string | null, reason?: string) => (
    <div style={screen} data-testid={`tv-${state.phase}`}>
      <div>{text}</div>
      {extra && <div style={{ fontSize: 36 }}>{extra}</div>}
      {reason && (
        <div style={{ fontSize: 22, color: '#ffc069', maxWidth: '80%' }} data-testid="tv-reason">
          {reason}
        </div>
      )}
      <div style={{ fontSize: 18, opacity: 0.6 }}>{t('mac', { mac: snapshot.mac })}</div>
    </div>
  );

  return (
    <AreaPartsProvider parts={config as Record<string, unknown> | null}>
      <AreaDeviceProvider device={areaDevice}>
      <div data-testid="tv" data-phase={state.phase} data-downloads={snapshot.downloads} data-theme-id={theme?.part.id ?? ''} data-theme-version={theme?.part.version ?? ''} data-content-lang={shownLang} data-welcome={welcoming ? 'shown' : ''} data-menu={tvMenu && menuCode ? 'configured' : ''} data-area={areaShown ? openArea : ''}>
        {state.phase === 'setup' && <Setup device={device} error={state.error} t={t} />}
        {state.phase === 'connecting' && status(t('connecting'))}
        {state.phase === 'offline' && status(t('offline'))}
        {state.phase === 'unauthorized' && status(t('unauthorized'), config?.hotel?.name, state.reason)}
        {state.phase === 'disabled' && status(t('disabled'), state.tip)}
        {state.phase === 'licence' && status(t('licence'), config?.hotel?.name, state.message)}
        {welcoming && <Welcome welcome={welcome} lang={contentLang} room={config?.roomNumber ?? null} hidden={hidden} onDone={proceed} />}
        {state.phase === 'ready' && !welcoming && !theme && status(t('noTheme'), config?.roomNumber ? t('room', { room: config.roomNumber }) : config?.hotel?.name)}
        {theme && !welcoming && (
          <div style={{ position: 'fixed', inset: 0 }} data-testid="tv-launcher">
            <ThemeStage key={theme.part.url} document={theme.document} assets={theme.assets} lang={shownLang} interactive onAction={announce} hidden={hidden} />
          </div>
        )}
        {areaShown && <AreaScreen key={openArea} areaKey={openArea} lang={shownLang} fallbacks={languages} onClose={closeArea} onFailed={areaFailed} paused={menuOpen} />}
        {state.phase === 'ready' && <AreaOverlays lang={shownLang} fallbacks={languages} />}
        {feedbackQr.shown && <QrCard qr={feedbackQr.shown} caption={t('feedback')} testId="tv-feedback" />}
        {pairingQr.shown && <QrCard qr={pairingQr.shown} caption={t('pairPhone')} testId="tv-pairing" />}
        {laundryQr.shown && <QrCard qr={laundryQr.shown} caption={t('laundry')} testId="tv-laundry" />}
        {state.phase === 'ready' && <CastOverlay caption={t} />}
        {tvMenu && menuCode && menuOpen && (
          <menuCode.TvMenu menu={tvMenu} device={device} snapshot={snapshot} lang={lang} languages={languages} contentLang={shownLang} onContentLang={setContentLang} notify={notify} onClose={closeMenu} />
        )}
        {notice && (
          <div role="status" data-testid="tv-notice" style={{ position: 'fixed', left: '50%', bottom: 48, transform: 'translateX(-50%)', padding: '12px 24px', borderRadius: 8, background: 'rgba(0,0,0,.75)', color: '#fff', fontSize: 24 }}>
            {notice}
          </div>
        )}
      </div>
      </AreaDeviceProvider>
    </AreaPartsProvider>
  );
}
