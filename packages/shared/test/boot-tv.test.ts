import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blockModules, hiddenBlocks } from '../src/areas/boot/hide.js';
import { menuPasswordHash, menuPasswordMatches, sha256Hex } from '../src/areas/boot/menu.js';
import { HIDEABLE_MODULES } from '../src/areas/boot/records.js';
import type { ThemeBlock } from '../src/areas/themes/document.js';

const block = (type: string, extra: Record<string, unknown> = {}): ThemeBlock => ({ type, key: `${type}${Object.keys(extra).join('')}`, ...extra });

describe('content modules hidden on a TV', () => {
  it('finds a block’s modules by its type and by what its click or focus opens', () => {
    expect(blockModules(block('vod'))).toEqual(['vod']);
    expect(blockModules(block('app', { packageName: 'com.a.b' }))).toEqual(['apps']);
    expect(blockModules(block('text', { clickEvent: { action: 'openApp', packageName: 'com.hotel.livetv' } }))).toEqual(['apps']);
    expect(blockModules(block('text', { clickEvent: { action: 'openArea', area: 'shop' } }))).toEqual(['shop']);
    expect(blockModules(block('image', { focusEvent: { action: 'openArea', area: 'live' } }))).toEqual(['live']);
    expect(blockModules(block('music', { clickEvent: { action: 'openArea', area: 'music' } }))).toEqual(['music']);
    // Pages, media and areas no rule can hide belong to no module.
    expect(blockModules(block('text', { clickEvent: { action: 'openPage', pageKey: 'dining' } }))).toEqual([]);
    expect(blockModules(block('text', { clickEvent: { action: 'openArea', area: 'notice' } }))).toEqual([]);
    expect(blockModules(block('notice'))).toEqual([]);
  });

  it('filters nothing without hidden modules, and every block of a hidden one', () => {
    expect(hiddenBlocks(undefined)).toBeUndefined();
    expect(hiddenBlocks([])).toBeUndefined();
    const hidden = hiddenBlocks(['shop', 'apps'])!;
    expect(hidden(block('shop'))).toBe(true);
    expect(hidden(block('text', { clickEvent: { action: 'openArea', area: 'shop' } }))).toBe(true);
    expect(hidden(block('text', { clickEvent: { action: 'openApp', packageName: 'com.hotel.livetv' } }))).toBe(true);
    expect(hidden(block('vod'))).toBe(false);
    expect(hidden(block('text'))).toBe(false);
  });

  it('knows every module a content-hiding rule can hide', () => {
    for (const module of Object.keys(HIDEABLE_MODULES)) {
      expect(hiddenBlocks([module as keyof typeof HIDEABLE_MODULES])!(block('text', { clickEvent: { action: 'openArea', area: module } }))).toBe(true);
    }
  });
});

describe('the TV menu’s password', () => {
  it('hashes as SHA-256 does, on texts of every length', () => {
    for (const text of ['', 'abc', '1234', 'B7A1B2C3D4E5:12345678', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), '高级菜单'.repeat(40)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('matches what the installer types against the salted hash only', () => {
    const password = { salt: 'B7A1B2C3D4E5', sha256: menuPasswordHash('B7A1B2C3D4E5', '2468') };
    expect(menuPasswordMatches('2468', password)).toBe(true);
    expect(menuPasswordMatches('24680', password)).toBe(false);
    expect(menuPasswordMatches('', password)).toBe(false);
    expect(menuPasswordMatches('2468', { ...password, salt: 'B7000000000' })).toBe(false);
  });
});
