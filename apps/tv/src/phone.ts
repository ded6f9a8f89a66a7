import type { PhoneCommandData, RemoteKey } from '@htv/shared/areas/phone/protocol';

/** The keyboard keys the browser TV's remote handling knows, for the phone's keys (docs/tv.md, "The remote"). */
const KEYBOARD: Partial<Record<RemoteKey, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  ok: 'Enter',
  back: 'Escape',
  home: 'Home',
  channelUp: 'ChannelUp',
  channelDown: 'ChannelDown',
};

/**
 * Fired on `window` with a cast command of the guest's phone (docs/phone.md, "Casting"); the overlay
 * that shows it (`cast.tsx`) comes with the drawing code: the first script carries no UI runtime.
 */
export const PHONE_CAST_EVENT = 'htv-phone-cast';

/** Fired on `window` when a phone was paired with this TV (the pairing code is hidden). */
export const PHONE_PAIRED_EVENT = 'htv-phone-paired';

const VOLUME_STEP = 10;

export interface VolumeControl {
  getSnapshot(): { volume: number };
  setVolume(volume: number): void;
}

/** The level before the phone's mute, given back by the next volume key or mute. */
let muted: number | null = null;

/**
 * A command of the guest's phone (docs/phone.md): the keys go where the remote's keys go (a key event
 * on the focused element, so every page, area and menu handles it as it handles the remote), the
 * volume keys set the TV's volume, text is typed into the focused field.
 */
export function applyPhoneCommand(data: PhoneCommandData, device: VolumeControl): void {
  if ('paired' in data) return void window.dispatchEvent(new Event(PHONE_PAIRED_EVENT));
  if ('cast' in data || 'castStop' in data) return void window.dispatchEvent(new CustomEvent(PHONE_CAST_EVENT, { detail: data }));
  if (data.key === 'text') return typeText(data.text);
  pressRemoteKey(data.key, device);
}

/** The focused element, where the remote's keys go. */
const focusedTarget = () => (document.activeElement as HTMLElement | null) ?? document.body;

/**
 * A key of a remote (the guest's phone, or a key the hotel's remote codes name: remote-codes.ts): the
 * keys the remote handling knows as a key event on the focused element, the volume keys on the TV's volume.
 */
export function pressRemoteKey(remoteKey: Exclude<RemoteKey, 'text'>, device: VolumeControl): void {
  const key = KEYBOARD[remoteKey];
  if (key) return void focusedTarget().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  const volume = device.getSnapshot().volume;
  if (remoteKey === 'mute') {
    device.setVolume(muted ?? 0);
    muted = muted === null ? volume : null;
  } else if (remoteKey === 'volumeUp' || remoteKey === 'volumeDown') {
    const from = muted ?? volume;
    muted = null;
    device.setVolume(Math.max(0, Math.min(100, from + (remoteKey === 'volumeUp' ? VOLUME_STEP : -VOLUME_STEP))));
  }
}

/** Text typed into the focused field. */
function typeText(text: string | undefined) {
  const target = focusedTarget();
  if (!text || !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  // The value's own setter, so the page's input handler sees the change as typed.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')!.set!;
  setter.call(target, target.value + text);
  target.dispatchEvent(new Event('input', { bubbles: true }));
}
