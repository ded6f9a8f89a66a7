import { describe, expect, it } from 'vitest';
import { remoteKeyOf, type RemoteCodesPart } from '../src/areas/tvcode/device';

const part: RemoteCodesPart = { model: 'Browser TV', codes: { back: '461', ok: 'KeyK', right: 'd', up: 'KEYCODE_DPAD_UP' } };
const press = (key: string, code: string, keyCode: number) => ({ key, code, keyCode });

describe('remote codes on a TV (docs/tvcode.md)', () => {
  it('names the remote key whose code is the pressed key, its code or its key code, ignoring case', () => {
    expect(remoteKeyOf(part, press('GoBack', '', 461))).toBe('back');
    expect(remoteKeyOf(part, press('k', 'KeyK', 75))).toBe('ok');
    expect(remoteKeyOf(part, press('D', 'KeyD', 68))).toBe('right');
    expect(remoteKeyOf(part, press('Unidentified', 'keycode_dpad_up', 0))).toBe('up');
  });

  it('leaves every other key, and every key without the part, as it is', () => {
    expect(remoteKeyOf(part, press('ArrowRight', 'ArrowRight', 39))).toBeUndefined();
    expect(remoteKeyOf(part, press('Unidentified', '', 0))).toBeUndefined();
    expect(remoteKeyOf(undefined, press('k', 'KeyK', 75))).toBeUndefined();
    expect(remoteKeyOf({ model: 'x', codes: {} }, press('k', 'KeyK', 75))).toBeUndefined();
  });
});
