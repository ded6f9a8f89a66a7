import { describe, expect, it } from 'vitest';
import { defineRecord, listColumns, records, text, bool } from '../src/index.js';

const shown = (columns: { name: string; shown: boolean }[]) => columns.filter((c) => c.shown).map((c) => c.name);
const hidden = (columns: { name: string; shown: boolean }[]) => columns.filter((c) => !c.shown).map((c) => c.name);

describe('list columns', () => {
  it('show the title first, then the declared columns; the other listable fields wait hidden', () => {
    const platform = listColumns(records.terminal, 1);
    expect(shown(platform).slice(0, 6)).toEqual(['mac', 'roomNumber', 'online', 'authorization', 'hotelId', 'softwareVersion']);
    expect(hidden(platform)).toContain('sn');
    expect(hidden(platform)).toContain('createdAt');
    expect(platform.map((c) => c.name)).not.toContain('publicIp');
  });

  it('keep owner columns for the users above the owner and a field’s columns for its user types', () => {
    const brand = listColumns(records.terminal, 2);
    expect(shown(brand)).toContain('hotelId');
    expect(brand.map((c) => c.name)).not.toContain('country');
    const hotel = listColumns(records.terminal, 3);
    expect(hotel.map((c) => c.name)).not.toContain('hotelId');
    expect(hotel.map((c) => c.name)).not.toContain('launcher');
    expect(listColumns(records.hotel, 2).map((c) => c.name)).not.toContain('brandId');
    expect(shown(listColumns(records.hotel, 1))).toContain('brandId');
  });

  it('show every listable field in declaration order without a declaration', () => {
    const plain = defineRecord({
      name: 'plainList',
      label: { 'zh-CN': '列表', 'en-US': 'List' },
      scope: 'hotel',
      userTypes: [1, 2, 3],
      titleField: 'title',
      fields: { flag: bool({ label: { 'zh-CN': '标记', 'en-US': 'Flag' } }), title: text({ label: { 'zh-CN': '标题', 'en-US': 'Title' }, max: 10 }) },
    });
    expect(listColumns(plain, 1)).toEqual([
      { name: 'title', shown: true },
      { name: 'flag', shown: true },
      { name: 'createdAt', shown: true },
    ]);
  });

  it('refuse a declared column that is no listable field', () => {
    const declare = (columns: string[]) => () =>
      defineRecord({
        name: 'badList',
        label: { 'zh-CN': '列表', 'en-US': 'List' },
        scope: 'platform',
        userTypes: [1],
        titleField: 'title',
        columns: columns as never,
        fields: { title: text({ label: { 'zh-CN': '标题', 'en-US': 'Title' }, max: 10 }), note: text({ label: { 'zh-CN': '备注', 'en-US': 'Note' }, max: 10, list: false }) },
      });
    expect(declare(['note'])).toThrow(/column note/);
    expect(declare(['hotelId'])).toThrow(/column hotelId/);
    expect(declare(['createdAt'])).not.toThrow();
  });
});
