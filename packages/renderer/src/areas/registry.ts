import { moduleOfArea } from '@htv/shared/areas/boot/hide';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import type { ComponentType } from 'react';
import type { BlockRendererProps } from '../registry';

/** What an area's full-screen page gets: its configuration part and the content language. */
export interface AreaPageProps<Part = unknown> {
  /** The area's configuration part as the TV last received it (undefined until it is sent). */
  part: Part | undefined;
  lang: ContentLang;
  /** The theme's languages in order: where a missing translation is looked for. */
  fallbacks: readonly ContentLang[];
}

/** An area's drawing of its slot block on the launcher: the block's props and the area's part. */
export interface AreaSlotProps<Part = unknown> extends BlockRendererProps {
  part: Part | undefined;
}

/** An overlay over every screen (a ticker, a popup, an alarm), drawn while the area's part is sent. */
export interface AreaOverlayProps<Part = unknown> {
  part: Part;
  lang: ContentLang;
  fallbacks: readonly ContentLang[];
}

/**
 * What a TV host lends its areas (the browser TV; a console preview lends nothing): calls of the
 * TV's own API with its device token, and the TV's own actions an area may ask for.
 */
export interface AreaDevice {
  /** `path` below the device API (`/shop/orders`) or a whole `/api/…` path; answers the envelope's data, throws with the server's translated message. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  /** A TV action: open an area or an app, the volume (`level` or `step`), a channel. */
  act(action: { do: 'openArea'; area: string } | { do: 'openApp'; packageName: string } | { do: 'volume'; level?: number; step?: number } | { do: 'channel'; number?: number }): void;
}

/** An area's TV code, loaded when first needed in its own chunk. */
export interface AreaCode<Part = unknown> {
  Page?: ComponentType<AreaPageProps<Part>>;
  Slot?: ComponentType<AreaSlotProps<Part>>;
  Overlay?: ComponentType<AreaOverlayProps<Part>>;
}

export interface AreaDeclaration<Part = unknown> {
  /** The key a theme's `openArea` action names; also the boot part's module key that hides it. */
  key: string;
  /** The device configuration part the area's data comes in (the server's `addRecordConfigPart`). */
  part?: string;
  /** Block types drawn by the area's `Slot` (the placeholder until its code is loaded). */
  slots?: readonly string[];
  /** Its `Overlay` is drawn over every screen while its part is sent (not null). */
  overlay?: boolean;
  /** The area exists on a TV only while its part is sent (live TV: the hotel's channel feature). */
  partRequired?: boolean;
  /**
   * Its overlay is a popup the room's do-not-disturb holds back (notices, guest messages): not drawn
   * while an area holds popups (`holdPopups`), drawn again when the hold ends. The wake-up alarm is
   * not one.
   */
  popup?: boolean;
  /** `() => import('./view')`: a dynamic import, so the area costs the TV's first script nothing. */
  load: () => Promise<AreaCode<Part>>;
}

const areas = new Map<string, AreaDeclaration>();
const loaded = new Map<string, AreaCode>();
const loading = new Map<string, Promise<AreaCode>>();

/**
 * Registers a TV area (docs/tv.md, "Areas"): its page opened by `openArea`, its slot blocks on the
 * launcher and its overlays. One call per area, in `areas/<area>/index.ts`, imported by `areas/index.ts`.
 */
export function defineArea<Part>(area: AreaDeclaration<Part>): void {
  if (areas.has(area.key)) throw new Error(`area ${area.key} is already registered`);
  areas.set(area.key, area as AreaDeclaration);
}

/** The area drawing a slot block type, if one registered it. */
export const slotArea = (type: string): AreaDeclaration | undefined => [...areas.values()].find((area) => area.slots?.includes(type));

/** Every block type an area draws. */
export const areaSlots = (): string[] => [...areas.values()].flatMap((area) => area.slots ?? []);

export const areaOf = (key: string): AreaDeclaration | undefined => areas.get(key);

export const overlayAreas = (): AreaDeclaration[] => [...areas.values()].filter((area) => area.overlay);

/** An area's code once loaded (synchronously), else undefined. */
export const loadedArea = (key: string): AreaCode | undefined => loaded.get(key);

/** Loads an area's code once; a failed load (offline) is tried again at the next call. */
export function loadArea(area: AreaDeclaration): Promise<AreaCode> {
  let pending = loading.get(area.key);
  if (!pending) {
    pending = area.load().then(
      (code) => (loaded.set(area.key, code), code),
      (error: unknown) => {
        loading.delete(area.key);
        throw error;
      },
    );
    loading.set(area.key, pending);
  }
  return pending;
}

/**
 * Whether an area can be opened on this TV: registered, not among the modules the room's boot part
 * hides, and, for an area that needs its part, sent it. A host shows its "not available in this room" message otherwise, never the key.
 */
export function areaAvailable(key: string, hidden: readonly string[] = [], parts?: Readonly<Record<string, unknown>> | null): boolean {
  const area = areas.get(key);
  // Hidden by its own key or by its module's (live TV is the `channels` area of the `live` module).
  const module = moduleOfArea(key);
  if (!area || hidden.includes(key) || (module !== undefined && hidden.includes(module))) return false;
  // A TV passes its parts: an area that needs its part is not there without it (previews pass none).
  return !(area.partRequired && area.part && parts !== undefined && (parts?.[area.part] ?? null) === null);
}

const popupHolds = new Set<string>();
const holdListeners = new Set<() => void>();

/** An area holds the popup overlays back (room control's do-not-disturb, docs/rcu.md) or lets them go. */
export function holdPopups(source: string, held: boolean): void {
  if (held === popupHolds.has(source)) return;
  if (held) popupHolds.add(source);
  else popupHolds.delete(source);
  for (const listener of holdListeners) listener();
}

/** Whether any area holds the popups back now. */
export const popupsHeld = (): boolean => popupHolds.size > 0;

/** Tells `listener` when the hold changes; answers the unsubscribe function. */
export function onPopupHold(listener: () => void): () => void {
  holdListeners.add(listener);
  return () => void holdListeners.delete(listener);
}

/** An area's own words: Chinese for the Chinese content languages, English for the others. */
export const areaWords = <W extends Record<string, string>>(tables: { zh: W; en: W }, lang: ContentLang): W => (lang.startsWith('zh') ? tables.zh : tables.en);
