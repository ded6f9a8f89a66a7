import type { RemoteKey } from '@htv/shared/areas/phone/protocol';
import { remoteKeyOf, type RemoteCodesPart } from '@htv/shared/areas/tvcode/device';
import type { TvCodeKey } from '@htv/shared/areas/tvcode/records';
import { pressRemoteKey, type VolumeControl } from './phone';

/** The hotel's keys the browser TV has besides the phone's: the menu and the voice assistant's key. */
const KEYBOARD: Partial<Record<TvCodeKey, string>> = { menu: 'ContextMenu', voice: 'v' };

/**
 * The hotel's remote codes for this TV's model (the `remoteCodes` part, docs/tvcode.md): a key whose
 * key, code or key code the hotel gave for one of the remote's keys is that key (a vendor remote's
 * Back sending 461 goes back). Power and source, which a browser tab cannot act on, and keys no code
 * names keep their own meaning.
 */
export class RemoteCodes {
  private part: RemoteCodesPart | null = null;
  /** A mapped key is being sent: its own key event is not mapped again. */
  private sending = false;

  constructor(private readonly device: VolumeControl) {
    // Before every other listener (the capture phase on the window, registered before the screens'):
    // the mapped key replaces the pressed one.
    window.addEventListener('keydown', (event) => this.onKey(event), true);
  }

  update(part: RemoteCodesPart | null | undefined) {
    this.part = part && Object.keys(part.codes).length ? part : null;
  }

  private onKey(event: KeyboardEvent) {
    if (!this.part || this.sending) return;
    const key = remoteKeyOf(this.part, event);
    if (!key || key === 'power' || key === 'source') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.sending = true;
    try {
      const keyboardKey = KEYBOARD[key];
      if (keyboardKey) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: keyboardKey, bubbles: true, cancelable: true }));
      // The phone's keys (arrows, OK, Back, Home, volume, channels) as the phone's remote presses them.
      else pressRemoteKey(key as Exclude<RemoteKey, 'text'>, this.device);
    } finally {
      this.sending = false;
    }
  }
}
