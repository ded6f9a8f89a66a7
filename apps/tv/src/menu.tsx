import { CONTENT_LANG_NAMES } from '@htv/renderer/languages';
import type { BootConfigPart } from '@htv/shared/areas/boot/device';
import { menuPasswordMatches } from '@htv/shared/areas/boot/menu';
import type { TvMenuSetting } from '@htv/shared/areas/boot/records';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { TvDevice, TvSnapshot } from './device';
import { words, wordsOf, type UiLang } from './i18n';

const zh = {
  settings: '设置',
  installer: '高级菜单',
  network: '网络设置',
  display: '显示设置',
  sound: '声音设置',
  language: '语言设置',
  datetime: '日期时间',
  apps: '应用管理',
  reset: '恢复出厂设置',
  hint: '↑/↓ 选择 · OK 打开 · 返回 关闭',
  adjust: '按 ←/→ 调节',
  online: '已连接服务器 {host}',
  offline: '未连接服务器 {host}',
  mac: 'MAC：{mac}',
  screen: '屏幕 {width}×{height}',
  contentLang: '内容语言：{name}',
  timeZone: '时区 {zone}',
  software: '软件版本 {version}',
  ota: 'OTA 版本 {version}',
  control: '控制包版本 {version}',
  none: '无',
  resetWarning: '本机将忘记身份和安装设置，作为新电视重新安装',
  resetConfirm: '按 OK 确认恢复',
  password: '请输入“{name}”的密码',
  wrongPassword: '密码错误',
  locked: '密码错误次数过多，请 {seconds} 秒后再试',
  noEntries: '没有菜单项',
  unavailable: '浏览器电视上不能使用“{name}”',
};
const en: typeof zh = {
  settings: 'Settings',
  installer: 'Advanced menu',
  network: 'Network',
  display: 'Display',
  sound: 'Sound',
  language: 'Language',
  datetime: 'Date and time',
  apps: 'Apps',
  reset: 'Factory reset',
  hint: '↑/↓ choose · OK open · Back close',
  adjust: 'Press ←/→ to change',
  online: 'Connected to the server {host}',
  offline: 'Not connected to the server {host}',
  mac: 'MAC: {mac}',
  screen: 'Screen {width}×{height}',
  contentLang: 'Content language: {name}',
  timeZone: 'Time zone {zone}',
  software: 'Software version {version}',
  ota: 'OTA version {version}',
  control: 'Control package version {version}',
  none: 'none',
  resetWarning: 'This TV forgets its identity and setup and is installed again as a new TV',
  resetConfirm: 'Press OK to reset',
  password: 'Enter the password of “{name}”',
  wrongPassword: 'Wrong password',
  locked: 'Too many wrong passwords; try again in {seconds} s',
  noEntries: 'No entries',
  unavailable: '“{name}” is not available on the browser TV',
};

/** The words of the TV menu, in the TV's language. */
const menuWords = (lang: UiLang) => wordsOf({ 'zh-CN': zh, 'en-US': en }, lang);

/** The remote's menu key (a keyboard's M, or the context-menu key). */
export const isMenuKey = (key: string) => key === 'm' || key === 'M' || key === 'ContextMenu' || key === 'Settings';

const BACK = new Set(['Backspace', 'Escape', 'GoBack', 'BrowserBack']);
/** Wrong passwords in a row before the prompt locks, and for how long. */
const MAX_TRIES = 5;
const LOCK_MS = 60_000;
/** Kept while the page lives, so closing and opening the menu again does not lift the lock. */
const tries = { wrong: 0, lockedUntil: 0 };

type Menu = NonNullable<BootConfigPart['tvMenu']>;
type View = { kind: 'list' } | { kind: 'setting'; setting: TvMenuSetting } | { kind: 'password' } | { kind: 'installer' };

export interface TvMenuProps {
  menu: Menu;
  device: TvDevice;
  snapshot: TvSnapshot;
  lang: UiLang;
  languages: readonly ContentLang[];
  contentLang: ContentLang;
  onContentLang: (lang: ContentLang) => void;
  notify: (text: string) => void;
  onClose: () => void;
}

const panel: CSSProperties = {
  position: 'fixed',
  top: 48,
  right: 48,
  width: 520,
  maxHeight: 'calc(100% - 96px)',
  overflow: 'hidden',
  padding: 24,
  borderRadius: 16,
  background: 'rgba(11, 21, 38, .94)',
  color: '#fff',
  fontFamily: 'system-ui, "Noto Sans CJK SC", sans-serif',
  fontSize: 26,
  zIndex: 200,
};
const row = (selected: boolean): CSSProperties => ({ padding: '10px 16px', borderRadius: 8, background: selected ? '#f5a623' : 'transparent', color: selected ? '#14233d' : '#fff' });

/**
 * The hotel's TV menu (docs/tv.md, "The TV menu"): the system settings the hotel lets a guest open,
 * then its advanced menu, whose entries only show after its password (checked against the salted
 * hash the configuration carries). While it is open it has the remote to itself.
 */
export function TvMenu({ menu, device, snapshot, lang, languages, contentLang, onContentLang, notify, onClose }: TvMenuProps) {
  const w = useMemo(() => menuWords(lang), [lang]);
  const items: (TvMenuSetting | 'installer')[] = [...menu.settings, 'installer'];
  const installerName = menu.name || w('installer');
  const [view, setView] = useState<View>({ kind: 'list' });
  const [selected, setSelected] = useState(0);
  // What the installer typed, kept at once (keys may come faster than the screen is drawn); shown as dots.
  const typed = useRef('');
  const [digits, setDigits] = useState(0);
  const [error, setError] = useState<string | null>(null);

  // The latest state for the key handler, which stays registered while the menu is open.
  const state = { view, selected, items, snapshot, languages, contentLang };
  const latest = useRef(state);
  latest.current = state;

  // Registered as the menu is drawn (a layout effect), not after the paint: a key pressed as soon as
  // the menu shows belongs to it, not to the launcher behind.
  useLayoutEffect(() => {
    const type = (next: string) => {
      typed.current = next;
      setDigits(next.length);
    };
    const back = () => {
      setError(null);
      type('');
      const { view: shown, items: entries } = latest.current;
      if (shown.kind === 'list') return onClose();
      // Back from the advanced menu's entries lands on its own item again.
      if (shown.kind === 'installer') setSelected(entries.length - 1);
      setView({ kind: 'list' });
    };
    const move = (delta: number, length: number) => setSelected((s) => Math.min(Math.max(s + delta, 0), Math.max(length - 1, 0)));
    const checkPassword = () => {
      const now = Date.now();
      if (now < tries.lockedUntil) return setError(w('locked', { seconds: Math.ceil((tries.lockedUntil - now) / 1000) }));
      if (menuPasswordMatches(typed.current, menu.password)) {
        tries.wrong = 0;
        setError(null);
        setSelected(0);
        setView({ kind: 'installer' });
      } else {
        tries.wrong++;
        if (tries.wrong >= MAX_TRIES) {
          tries.wrong = 0;
          tries.lockedUntil = now + LOCK_MS;
          setError(w('locked', { seconds: LOCK_MS / 1000 }));
        } else setError(w('wrongPassword'));
      }
      type('');
    };
    const adjust = (setting: TvMenuSetting, delta: number) => {
      const { snapshot: shown, languages: langs, contentLang: current } = latest.current;
      if (setting === 'sound') device.setVolume(Math.min(Math.max(shown.volume + delta * 5, 0), 100));
      if (setting === 'language' && langs.length) onContentLang(langs[(langs.indexOf(current) + delta + langs.length) % langs.length]!);
    };
    const onKey = (event: KeyboardEvent) => {
      // The menu has the remote while it is open: nothing under it moves or opens.
      const key = event.key;
      event.stopPropagation();
      if (key.startsWith('Arrow') || key === 'Enter' || key === 'Backspace') event.preventDefault();
      const { view: shown, selected: at, items: entries } = latest.current;
      if (isMenuKey(key) && shown.kind !== 'password') return onClose();
      if (shown.kind === 'password') {
        if (/^\d$/.test(key)) return type(typed.current.length < 8 ? typed.current + key : typed.current);
        if (key === 'Enter') return checkPassword();
        if (key === 'Backspace' && typed.current) return type(typed.current.slice(0, -1));
        if (BACK.has(key) || isMenuKey(key)) return back();
        return;
      }
      if (BACK.has(key)) return back();
      if (shown.kind === 'list') {
        if (key === 'ArrowUp' || key === 'ArrowDown') return move(key === 'ArrowUp' ? -1 : 1, entries.length);
        if (key !== 'Enter') return;
        const item = entries[at]!;
        setError(null);
        if (item === 'installer') return setView({ kind: 'password' });
        return setView({ kind: 'setting', setting: item });
      }
      if (shown.kind === 'installer') {
        if (key === 'ArrowUp' || key === 'ArrowDown') return move(key === 'ArrowUp' ? -1 : 1, menu.entries.length);
        if (key === 'Enter' && menu.entries[at]) notify(w('unavailable', { name: menu.entries[at] }));
        return;
      }
      if (key === 'ArrowLeft' || key === 'ArrowRight') return adjust(shown.setting, key === 'ArrowLeft' ? -1 : 1);
      // A factory reset makes the tab a new TV, as `?reset=1` does.
      if (key === 'Enter' && shown.setting === 'reset') location.replace(`${location.pathname}?reset=1`);
    };
    // In the capture phase, so the theme's remote (listening on the window) never sees the key.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [device, menu, notify, onClose, onContentLang, w]);

  const label = (item: TvMenuSetting | 'installer') => (item === 'installer' ? installerName : w(item));
  return (
    <div style={panel} data-testid="tv-menu" data-view={view.kind}>
      <div style={{ fontSize: 32, fontWeight: 700, marginBottom: 16 }}>{view.kind === 'list' ? w('settings') : view.kind === 'setting' ? w(view.setting) : installerName}</div>
      {view.kind === 'list' &&
        items.map((item, i) => (
          <div key={item} style={row(i === selected)} data-testid="tv-menu-item" data-item={item} data-selected={i === selected ? 'true' : undefined}>
            {label(item)}
          </div>
        ))}
      {view.kind === 'setting' && <SettingView setting={view.setting} snapshot={snapshot} device={device} w={w} lang={lang} contentLang={contentLang} />}
      {view.kind === 'password' && (
        <div data-testid="tv-menu-password" data-digits={digits}>
          <div>{w('password', { name: installerName })}</div>
          <div style={{ margin: '16px 0', fontSize: 40, letterSpacing: 12, minHeight: 52 }}>{'•'.repeat(digits)}</div>
        </div>
      )}
      {view.kind === 'installer' &&
        (menu.entries.length ? (
          menu.entries.map((entry, i) => (
            <div key={`${i}:${entry}`} style={row(i === selected)} data-testid="tv-menu-entry" data-selected={i === selected ? 'true' : undefined}>
              {entry}
            </div>
          ))
        ) : (
          <div style={{ opacity: 0.7 }}>{w('noEntries')}</div>
        ))}
      {error && (
        <div role="alert" style={{ marginTop: 12, color: '#ff7875' }} data-testid="tv-menu-error">
          {error}
        </div>
      )}
      <div style={{ marginTop: 20, fontSize: 18, opacity: 0.6 }}>{w('hint')}</div>
    </div>
  );
}

/** What a system setting shows on the browser TV: its state, and ←/→ where the TV can change it. */
function SettingView({ setting, snapshot, device, w, lang, contentLang }: { setting: TvMenuSetting; snapshot: TvSnapshot; device: TvDevice; w: ReturnType<typeof menuWords>; lang: UiLang; contentLang: ContentLang }) {
  const lines: string[] = [];
  if (setting === 'network') lines.push(w(snapshot.state.phase === 'offline' ? 'offline' : 'online', { host: location.host }), w('mac', { mac: snapshot.mac }));
  if (setting === 'display') lines.push(w('screen', { width: screen.width, height: screen.height }));
  if (setting === 'sound') lines.push(words(lang)('volume', { volume: snapshot.volume }), w('adjust'));
  if (setting === 'language') lines.push(w('contentLang', { name: CONTENT_LANG_NAMES[contentLang] }), w('adjust'));
  if (setting === 'datetime') lines.push(new Date().toLocaleString(), w('timeZone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  if (setting === 'apps') {
    const versions = device.versions();
    lines.push(w('software', { version: versions.software }), w('ota', { version: versions.ota ?? w('none') }), w('control', { version: versions.control ?? w('none') }));
  }
  if (setting === 'reset') lines.push(w('resetWarning'), w('resetConfirm'));
  return (
    <div data-testid="tv-menu-setting" data-setting={setting}>
      {lines.map((line) => (
        <div key={line} style={{ padding: '6px 0' }}>
          {line}
        </div>
      ))}
      {setting === 'sound' && (
        <div style={{ height: 12, borderRadius: 6, background: 'rgba(255,255,255,.2)', marginTop: 8 }}>
          <div style={{ width: `${snapshot.volume}%`, height: '100%', borderRadius: 6, background: '#f5a623' }} data-testid="tv-menu-volume" data-volume={snapshot.volume} />
        </div>
      )}
    </div>
  );
}
