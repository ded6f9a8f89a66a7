import type { ContentLang } from '@htv/shared/areas/themes/document';
import { doesFocusableExist, getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { SlotBlockView } from '../blocks/launch';
import type { BlockRendererProps } from '../registry';
import { areaOf, loadArea, loadedArea, onPopupHold, overlayAreas, popupsHeld, slotArea, type AreaCode, type AreaDeclaration, type AreaDevice } from './registry';

/** Set while another screen (the TV menu) has the remote over an area's page: its keys are not taken. */
const RemotePaused = createContext(false);

/** The host's configuration parts by name (a TV's configuration; a preview's own). */
const AreaParts = createContext<Readonly<Record<string, unknown>>>({});

/** The TV's API and actions for the areas (none in a preview). */
const AreaDeviceContext = createContext<AreaDevice | null>(null);

/** Lends the areas drawn inside it the TV's API and actions (the browser TV). */
export function AreaDeviceProvider({ device, children }: { device: AreaDevice; children: ReactNode }) {
  return <AreaDeviceContext.Provider value={device}>{children}</AreaDeviceContext.Provider>;
}

/** The TV's API and actions, or null where the area is drawn without a TV (a preview). */
export const useAreaDevice = (): AreaDevice | null => useContext(AreaDeviceContext);

/** Gives the areas drawn inside it (pages, slots, overlays) their configuration parts. */
export function AreaPartsProvider({ parts, children }: { parts: Readonly<Record<string, unknown>> | null | undefined; children: ReactNode }) {
  return <AreaParts.Provider value={parts ?? {}}>{children}</AreaParts.Provider>;
}

/** Posts what an area reports back (receipts of published items) through the TV's API; never throws, nothing in a preview. */
export type AreaReport = (path: string, body: unknown) => void;

export function useAreaReport(): AreaReport {
  const device = useAreaDevice();
  return useCallback((path: string, body: unknown) => void device?.call('POST', path, body).catch(() => undefined), [device]);
}

const partOf = (parts: Readonly<Record<string, unknown>>, area: AreaDeclaration) => (area.part ? (parts[area.part] ?? undefined) : undefined);

/** An area's code, loaded on first use: undefined while it loads, null when it could not be loaded. */
function useAreaCode(area: AreaDeclaration | undefined): AreaCode | null | undefined {
  const [code, setCode] = useState<AreaCode | null | undefined>(() => (area ? loadedArea(area.key) : null));
  useEffect(() => {
    if (!area || loadedArea(area.key)) return setCode(area ? loadedArea(area.key) : null);
    let current = true;
    loadArea(area).then(
      (loaded) => current && setCode(loaded),
      () => current && setCode(null),
    );
    return () => void (current = false);
  }, [area]);
  return code;
}

const BACK_KEYS = new Set(['Backspace', 'Escape', 'GoBack', 'BrowserBack']);
const REMOTE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ...BACK_KEYS]);
/** The key goes to a text field (typing), not to the remote's handling. */
export const isTyping = (event: KeyboardEvent): boolean => {
  const target = event.target as HTMLElement | null;
  return !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
};
export type RemoteKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Enter' | 'Back';

/**
 * The remote's arrows, OK and Back for an area's page, taken before the launcher under it sees them
 * (the capture phase, the propagation stopped): its focus stays on the block the area was opened
 * from. Other keys (the content language, the menu) still reach the host.
 */
export function useRemote(onKey: (key: RemoteKey) => void) {
  const active = !useContext(RemotePaused);
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    if (!active) return;
    const listener = (event: KeyboardEvent) => {
      if (!REMOTE_KEYS.has(event.key)) return;
      // Keys typed into a text box (the voice area's) are the box's: only Escape still goes back.
      if (isTyping(event) && event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      latest.current(BACK_KEYS.has(event.key) ? 'Back' : (event.key as RemoteKey));
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [active]);
}

export interface AreaScreenProps {
  /** The key of a registered area (check `areaAvailable` first). */
  areaKey: string;
  lang: ContentLang;
  fallbacks: readonly ContentLang[];
  /** Back: the host closes the page; the launcher's focus is put back on the block it was opened from. */
  onClose: () => void;
  /** The area's code could not be loaded (offline): the host says so and closes the page. */
  onFailed?: () => void;
  /** Another screen over it (the TV menu) has the remote. */
  paused?: boolean;
}

/** An area's full-screen page over the launcher, its code loaded when first opened. */
export function AreaScreen({ areaKey, lang, fallbacks, onClose, onFailed, paused = false }: AreaScreenProps) {
  const area = areaOf(areaKey);
  const code = useAreaCode(area);
  const parts = useContext(AreaParts);
  const openedFrom = useRef(getCurrentFocusKey());
  useEffect(
    () => () => {
      const block = openedFrom.current;
      if (block && doesFocusableExist(block)) setFocus(block);
    },
    [],
  );
  useEffect(() => {
    if (code === null) onFailed?.();
  }, [code, onFailed]);
  const Page = code?.Page;
  const [trap] = useState<BackTrap>(() => ({ current: null }));
  return (
    <RemotePaused.Provider value={paused}>
      <AreaBack onBack={onClose} trap={trap} />
      <div data-testid="area-screen" data-area={areaKey} data-loaded={Page ? 'true' : undefined} style={{ position: 'fixed', inset: 0, background: 'linear-gradient(135deg, #0b1526, #14233d)', color: '#fff' }}>
        <AreaBackTrap.Provider value={trap}>{Page && <Page part={area && partOf(parts, area)} lang={lang} fallbacks={fallbacks} />}</AreaBackTrap.Provider>
      </div>
    </RemotePaused.Provider>
  );
}

/** A page's own Back (a film's page back to its list): answers true when it took the key. */
type BackTrap = { current: (() => boolean) | null };
const AreaBackTrap = createContext<BackTrap | null>(null);

/**
 * Lets a page take Back before the host closes it (one level of its own: a player back to its film):
 * `handler` answers true when it went back itself, false to let the host close the page.
 */
export function useAreaBack(handler: () => boolean) {
  const trap = useContext(AreaBackTrap);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!trap) return;
    trap.current = () => latest.current();
    return () => {
      trap.current = null;
    };
  }, [trap]);
}

/** Back on an area's page: closes it unless the page takes it (`useAreaBack`; its other keys are its `useRemote`'s). */
function AreaBack({ onBack, trap }: { onBack: () => void; trap: BackTrap }) {
  useRemote((key) => key === 'Back' && !trap.current?.() && onBack());
  return null;
}

/** A slot block of a registered area, drawn by the area once its code is loaded (the placeholder meanwhile). */
export function AreaSlotView(props: BlockRendererProps) {
  const area = slotArea(props.block.type);
  const code = useAreaCode(area);
  const parts = useContext(AreaParts);
  const Slot = code?.Slot;
  return Slot && area ? <Slot {...props} part={partOf(parts, area)} /> : <SlotBlockView {...props} />;
}

function Overlay({ area, part, lang, fallbacks }: { area: AreaDeclaration; part: unknown; lang: ContentLang; fallbacks: readonly ContentLang[] }) {
  const Drawn = useAreaCode(area)?.Overlay;
  return Drawn ? <Drawn part={part} lang={lang} fallbacks={fallbacks} /> : null;
}

/** The overlays of the areas whose part is sent, over every screen; an area's code loads when its part first comes. */
export function AreaOverlays({ lang, fallbacks }: { lang: ContentLang; fallbacks: readonly ContentLang[] }) {
  const parts = useContext(AreaParts);
  // Popups (notices, guest messages) wait while an area holds them back: the room's do-not-disturb.
  const held = useSyncExternalStore(onPopupHold, popupsHeld, popupsHeld);
  return (
    <>
      {overlayAreas().map((area) => {
        const part = partOf(parts, area);
        return part === undefined || part === null || (held && area.popup) ? null : <Overlay key={area.key} area={area} part={part} lang={lang} fallbacks={fallbacks} />;
      })}
    </>
  );
}
