import { describe, expect, it } from 'vitest';
import { messages, pickLang, translate } from '../src/index.js';

describe('pickLang', () => {
  it('prefers the lang parameter, then Accept-Language, then zh-CN', () => {
    expect(pickLang('en-US', 'zh-CN')).toBe('en-US');
    expect(pickLang('en', null)).toBe('en-US');
    expect(pickLang(undefined, 'fr-FR,en-GB;q=0.8')).toBe('en-US');
    expect(pickLang(undefined, 'zh-TW')).toBe('zh-CN');
    expect(pickLang(undefined, 'fr-FR')).toBe('zh-CN');
    expect(pickLang(undefined, undefined)).toBe('zh-CN');
  });
});

describe('translate', () => {
  it('fills placeholders and resolves bilingual params in the same language', () => {
    const field = { 'zh-CN': '标题', 'en-US': 'Title' };
    expect(translate('validation.maxLength', 'en-US', { field, max: 50 })).toBe('Title must be at most 50 characters');
    expect(translate('validation.maxLength', 'zh-CN', { field, max: 50 })).toBe('标题最多50个字符');
  });

  it('has every message in both languages with the same placeholders', () => {
    for (const [key, text] of Object.entries(messages)) {
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(text['zh-CN'].length, key).toBeGreaterThan(0);
      expect(names(text['en-US']), key).toEqual(names(text['zh-CN']));
    }
  });

  it('uses the spec’s wording for the catalogue’s messages', () => {
    expect(translate('error.badCredentials', 'en-US')).toBe('Incorrect user name or password');
    expect(translate('error.forbidden', 'en-US')).toBe('403 No Access');
    expect(translate('upload.imageTooLarge', 'en-US', { max: '3M' })).toBe('Please select pictures within 3M');
    expect(translate('upload.badDimensions', 'en-US', { sizes: '1920*1080' })).toBe('please upload 1920*1080 px images');
    expect(translate('error.categoryHasTemplates', 'en-US')).toBe('A category containing templates cannot be deleted');
  });
});
