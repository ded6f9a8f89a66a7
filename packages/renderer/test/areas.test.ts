import { describe, expect, it } from 'vitest';
import { areaAvailable, areaOf, areaSlots, areaWords, defineArea } from '../src/areas/registry';
import '../src/areas/faq/index';
import '../src/areas/channels/index';

describe('the TV area registry', () => {
  it('opens a registered area unless the room hides its module, and never an unknown one', () => {
    expect(areaOf('faq')).toMatchObject({ key: 'faq', part: 'faq' });
    expect(areaAvailable('faq')).toBe(true);
    expect(areaAvailable('faq', ['vod', 'faq'])).toBe(false);
    // Live TV is hidden with its module's key.
    expect(areaAvailable('channels', ['live'])).toBe(false);
    expect(areaAvailable('channels', ['vod'])).toBe(true);
    expect(areaAvailable('no-such-area')).toBe(false);
  });

  it('takes over the slot block types an area declares, and refuses a key registered twice', () => {
    defineArea({ key: 'test-music', part: 'testMusic', slots: ['test-music-slot'], load: async () => ({}) });
    expect(areaSlots()).toContain('test-music-slot');
    expect(() => defineArea({ key: 'faq', load: async () => ({}) })).toThrow(/already registered/);
  });

  it('speaks Chinese in the Chinese content languages and English in the others', () => {
    const tables = { zh: { title: '常见问题' }, en: { title: 'Questions' } };
    expect(areaWords(tables, 'zh-TW').title).toBe('常见问题');
    expect(areaWords(tables, 'ja').title).toBe('Questions');
  });
});
