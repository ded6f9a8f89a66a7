import type { PhoneCommandData, RemoteKey } from '@htv/shared/areas/phone/protocol';
import { PHONE_CAST_EVENT } from './cast';

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

/** Fired on `window` when a phone was paired with this TV (the pairing code is hidden). */
export const PHONE_PAIRED_EVENT = 'htv-phone-paired';

const VOLUME_STEP = 10;

interface VolumeControl {
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
  const target = (document.activeElement as HTMLElement | null) ?? document.body;
  const key = KEYBOARD[data.key];
  if (key) return void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  const volume = device.getSnapshot().volume;
  if (data.key === 'mute') {
    device.setVolume(muted ?? 0);
    muted = muted === null ? volume : null;
  } else if (data.key === 'volumeUp' || data.key === 'volumeDown') {
    const from = muted ?? volume;
    muted = null;
    device.setVolume(Math.max(0, Math.min(100, from + (data.key === 'volumeUp' ? VOLUME_STEP : -VOLUME_STEP))));
  } else if (data.key === 'text' && data.text && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    // The value's own setter, so the page's input handler sees the change as typed.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')!.set!;
    setter.call(target, target.value + data.text);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
