import { describe, expect, it } from 'vitest';
import { defineRecord, owner, records, recordTitle, text } from '../src/index.js';

const label = { 'zh-CN': '名称', 'en-US': 'Name' };

describe('record titles', () => {
  it('name a row by its English title in English, by the title while the English one is empty', () => {
    const row = { name: '客房服务', nameEn: 'Room service' };
    expect(recordTitle(records.faqCategory, row, 'en-US')).toBe('Room service');
    expect(recordTitle(records.faqCategory, row, 'zh-CN')).toBe('客房服务');
    expect(recordTitle(records.faqCategory, { name: '客房服务', nameEn: null }, 'en-US')).toBe('客房服务');
    expect(recordTitle(records.faqCategory, { name: '客房服务', nameEn: '  ' }, 'en-US')).toBe('客房服务');
    // A record without an English title is named by its title in both languages.
    expect(recordTitle(records.themeType, { name: '客房' }, 'en-US')).toBe('客房');
  });

  it('refuse an English title that is not a text field of the record', () => {
    expect(() => defineRecord({ name: 'x', label, scope: 'platform', userTypes: [1], titleField: 'name', titleFieldEn: 'missing' as 'name', fields: { name: text({ label, max: 10 }) } })).toThrow(/titleFieldEn/);
  });

  it('let owner fields name only the owner columns of the scope', () => {
    const hotelField = owner({ label, record: 'hotel', filter: true });
    expect(hotelField).toMatchObject({ kind: 'ref', ref: 'hotel', readOnly: true, owner: true });
    expect(() => defineRecord({ name: 'x', label, scope: 'hotel', userTypes: [1], titleField: 'name', fields: { name: text({ label, max: 10 }), hotelId: hotelField } })).not.toThrow();
    expect(() => defineRecord({ name: 'x', label, scope: 'brand', userTypes: [1], titleField: 'name', fields: { name: text({ label, max: 10 }), hotelId: hotelField } })).toThrow(/owner/);
    expect(() => defineRecord({ name: 'x', label, scope: 'hotel', userTypes: [1], titleField: 'name', fields: { name: text({ label, max: 10 }), hotel: hotelField } })).toThrow(/owner/);
    // Never written from a body: not among the writable fields.
    expect(records.hotelAccount.writable).not.toContain('hotelId');
  });
});
