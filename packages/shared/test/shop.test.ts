import { describe, expect, it } from 'vitest';
import { formatMinor, isOpen, shopCatalogue, toMinor } from '../src/areas/shop/device.js';

describe('shop money', () => {
  it('reads prices into minor units exactly, from numbers and from the numeric column’s text', () => {
    expect(toMinor('0.10')).toBe(10);
    expect(toMinor('4.3')).toBe(430);
    expect(toMinor(0.1 + 0.2)).toBe(30); // 0.30000000000000004 as a number: two decimals
    expect(toMinor(999_999.99)).toBe(99_999_999);
    expect(toMinor('12')).toBe(1200);
    expect(toMinor('-1.05')).toBe(-105);
    expect(() => toMinor('abc')).toThrow();
  });

  it('writes minor units with two decimals', () => {
    expect(formatMinor(430)).toBe('4.30');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-105)).toBe('-1.05');
    expect(formatMinor(0)).toBe('0.00');
  });
});

describe('opening hours', () => {
  it('are always open without both times, and wrap past midnight', () => {
    expect(isOpen({}, '03:00')).toBe(true);
    expect(isOpen({ opensAt: '07:00', closesAt: null }, '03:00')).toBe(true);
    expect(isOpen({ opensAt: '07:00', closesAt: '23:00' }, '07:00')).toBe(true);
    expect(isOpen({ opensAt: '07:00', closesAt: '23:00' }, '23:00')).toBe(false);
    expect(isOpen({ opensAt: '22:00', closesAt: '02:00' }, '01:59')).toBe(true);
    expect(isOpen({ opensAt: '22:00', closesAt: '02:00' }, '12:00')).toBe(false);
  });
});

describe('the catalogue on the TV', () => {
  it('gives each category its 9 newest goods and sorts banners and categories by their sort', () => {
    const goods = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `g${i + 1}`, categoryId: 1, price: '1.00', pictureId: 'p', createdAt: new Date(2026, 0, 1 + i).toISOString() }));
    const part = shopCatalogue(
      [{ id: 1, title: 'low', coverId: 'a', detailIds: ['b'], sort: 1 }, { id: 2, title: 'high', coverId: 'c', detailIds: null, sort: 5 }],
      [{ id: 1, name: 'c1', pictureId: 'p', qrCodeId: 'q', sort: 0 }, { id: 2, name: 'empty', pictureId: 'p', qrCodeId: 'q', sort: 9 }],
      goods,
      (id) => `/f/${id}`,
    );
    expect(part.banners.map((b) => b.title)).toEqual(['high', 'low']);
    expect(part.banners[1]!.details).toEqual(['/f/b']);
    expect(part.categories.map((c) => c.name)).toEqual(['empty', 'c1']);
    expect(part.categories[1]!.goods.map((g) => g.name)).toEqual(['g12', 'g11', 'g10', 'g9', 'g8', 'g7', 'g6', 'g5', 'g4']);
    expect(part.categories[1]!.goods[0]).toMatchObject({ priceMinor: 100, picture: '/f/p', stock: null });
  });
});
