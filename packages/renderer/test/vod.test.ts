import { movieTitle } from '@htv/shared/areas/vod/device';
import { blockModules } from '@htv/shared/areas/boot/hide';
import { describe, expect, it } from 'vitest';
import { areaAvailable, areaOf, areaSlots } from '../src/areas/registry';
import '../src/areas/vod/index';

describe('the VOD area', () => {
  it('is registered with its slot, and a room whose boot part hides VOD has neither the area nor its blocks', () => {
    expect(areaOf('vod')).toMatchObject({ key: 'vod', part: 'vod' });
    expect(areaSlots()).toContain('vod');
    expect(areaAvailable('vod')).toBe(true);
    expect(areaAvailable('vod', ['vod'])).toBe(false);
    expect(areaAvailable('vod', ['shop'])).toBe(true);
    expect(blockModules({ type: 'text', key: 'tile', clickEvent: { action: 'openArea', area: 'vod' } } as never)).toEqual(['vod']);
    expect(blockModules({ type: 'vod', key: 'slot' } as never)).toEqual(['vod']);
  });

  it('titles a film in the content language, falling back to the Chinese', () => {
    expect(movieTitle({ title: '外滩晨光', titleEn: 'Morning on the Bund' }, 'en')).toBe('Morning on the Bund');
    expect(movieTitle({ title: '外滩晨光', titleEn: null }, 'en')).toBe('外滩晨光');
    expect(movieTitle({ title: '外滩晨光', titleEn: 'Morning on the Bund' }, 'zh-CN')).toBe('外滩晨光');
  });
});
