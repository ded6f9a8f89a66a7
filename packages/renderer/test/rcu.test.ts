import { describe, expect, it } from 'vitest';
import { areaOf, holdPopups, onPopupHold, popupsHeld } from '../src/areas/registry';
import '../src/areas/notices/index';
import '../src/areas/guestmessages/index';
import '../src/areas/wakeup/index';
import '../src/areas/rcu/index';

describe('do-not-disturb and the popups (docs/rcu.md)', () => {
  it('holds the popup overlays (notices, guest messages) back, never the wake-up alarm', () => {
    expect(areaOf('notices')?.popup).toBe(true);
    expect(areaOf('guestmessages')?.popup).toBe(true);
    expect(areaOf('wakeup')?.popup).toBeFalsy();
    expect(areaOf('rcu')).toMatchObject({ part: 'rcu', overlay: true });
  });

  it('holds while any area holds, tells listeners of each change once', () => {
    const seen: boolean[] = [];
    const stop = onPopupHold(() => seen.push(popupsHeld()));
    expect(popupsHeld()).toBe(false);
    holdPopups('rcu', true);
    holdPopups('rcu', true); // no change, no news
    holdPopups('other', true);
    holdPopups('rcu', false);
    expect(popupsHeld()).toBe(true);
    holdPopups('other', false);
    stop();
    holdPopups('rcu', true);
    expect(seen).toEqual([true, true, true, false]);
    holdPopups('rcu', false);
  });
});
