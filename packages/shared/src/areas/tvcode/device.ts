import type { TvCodeKey } from './records.js';

/**
 * The `remoteCodes` configuration part as a TV receives it (docs/tvcode.md): the code each key of the
 * remote sends on the TV's model, as the hotel set them (keys without a code left out).
 */
export interface RemoteCodesPart {
  model: string;
  codes: Partial<Record<TvCodeKey, string>>;
}

/** What a key event says about the key pressed: a browser's `key`, `code` and numeric `keyCode`. */
export interface PressedKey {
  key: string;
  code: string;
  keyCode: number;
}

/**
 * The remote's key a pressed key is, by the hotel's codes: a code matches the event's `key` (`d`,
 * `GoBack`), its `code` (`KeyD`) or its numeric key code (`461`, a vendor remote's Back), ignoring
 * case. Undefined when no code matches (the key keeps its own meaning).
 */
export function remoteKeyOf(part: RemoteCodesPart | null | undefined, pressed: PressedKey): TvCodeKey | undefined {
  if (!part) return undefined;
  const names = [pressed.key, pressed.code, pressed.keyCode ? String(pressed.keyCode) : ''].filter(Boolean).map((name) => name.toLowerCase());
  for (const [key, code] of Object.entries(part.codes) as [TvCodeKey, string | undefined][]) {
    if (code && names.includes(code.toLowerCase())) return key;
  }
  return undefined;
}
