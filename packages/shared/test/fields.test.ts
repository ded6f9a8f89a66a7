import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bool, choice, decimal, defineRecord, email, fieldErrors, idSchema, int, INT_MAX, listQuerySchema, records, ref, text } from '../src/index.js';

const { faq } = records;

const label = { 'zh-CN': '名称', 'en-US': 'Name' };

function errorsOf(fields: Record<string, ReturnType<typeof text>>, input: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'en-US') {
  const schema = z.strictObject(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema])));
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error, fields, input, lang);
}

describe('field builders', () => {
  it('trims text and states the spec’s length range', () => {
    const name = text({ label, required: true, min: 2, max: 20 });
    expect(name.schema.parse('  Sunrise  ')).toBe('Sunrise');
    expect(errorsOf({ name }, { name: 'x' })).toEqual({ name: ['Name must be 2-20 characters'] });
    expect(errorsOf({ name }, { name: 'x'.repeat(21) }, 'zh-CN')).toEqual({ name: ['名称长度为2-20个字符'] });
    expect(errorsOf({ name }, { name: '   ' })).toEqual({ name: ['Name is required'] });
    expect(errorsOf({ name }, {})).toEqual({ name: ['Name is required'] });
  });

  it('stores empty optional values as null and applies defaults', () => {
    expect(text({ label, max: 10 }).schema.parse('')).toBeNull();
    expect(int({ label, default: 0 }).schema.parse('')).toBe(0);
    expect(int({ label, default: 0 }).schema.parse(undefined)).toBe(0);
    expect(bool({ label, default: true }).schema.parse(undefined)).toBe(true);
    expect(bool({ label }).schema.parse('false')).toBe(false);
  });

  it('keeps integers and ids inside the database’s int4 columns', () => {
    const count = int({ label });
    expect(count.schema.parse(INT_MAX)).toBe(INT_MAX);
    expect(errorsOf({ count } as never, { count: INT_MAX + 1 })).toEqual({ count: ['Name must be at most 2147483647'] });
    expect(errorsOf({ count } as never, { count: -(2 ** 31) - 1 })).toEqual({ count: ['Name must be at least -2147483648'] });
    expect(int({ label, max: 2 ** 40 }).schema.safeParse(2 ** 31).success).toBe(false);
    expect(idSchema.safeParse('2147483648').success).toBe(false);
    expect(idSchema.parse('2147483647')).toBe(INT_MAX);
    const parent = ref({ label, record: 'faq' });
    expect(errorsOf({ parent } as never, { parent: 2 ** 53 })).toEqual({ parent: ['Please choose a valid Name'] });
    const query = listQuerySchema(faq);
    expect(query.safeParse({ categoryId: String(2 ** 31) }).success).toBe(false);
    expect(query.safeParse({ hotelId: String(2 ** 31) }).success).toBe(false);
    // numeric(14, 2): at most 12 digits before the point.
    expect(decimal({ label }).schema.safeParse(999_999_999_999.99).success).toBe(true);
    expect(decimal({ label }).schema.safeParse(1e12).success).toBe(false);
    expect(decimal({ label, min: -1e300 }).schema.safeParse(-1e300).success).toBe(false);
  });

  it('reads field names like Object.prototype members as plain names', () => {
    const name = text({ label, max: 10 });
    expect(errorsOf({ name }, { toString: 1, constructor: 'x', hasOwnProperty: null })).toEqual({
      toString: ['Unknown field'],
      constructor: ['Unknown field'],
      hasOwnProperty: ['Unknown field'],
    });
  });

  it('checks numbers, choices and e-mail addresses with translated messages', () => {
    const sort = int({ label, min: 1, max: 999, required: true });
    expect(errorsOf({ sort } as never, { sort: 1000 })).toEqual({ sort: ['Name must be at most 999'] });
    expect(errorsOf({ sort } as never, { sort: 1.5 })).toEqual({ sort: ['Name must be an integer'] });
    const kind = choice({ label, options: { a: label, b: label }, required: true });
    expect(errorsOf({ kind } as never, { kind: 'c' })).toEqual({ kind: ['Please choose a valid Name'] });
    const mail = email({ label });
    expect(errorsOf({ mail } as never, { mail: 'not-mail' })).toEqual({ mail: ['Please enter a valid e-mail address'] });
    expect(mail.schema.parse('')).toBeNull();
  });

  it('names unknown fields', () => {
    const name = text({ label, max: 5 });
    expect(errorsOf({ name }, { name: 'a', brandId: 3 })).toEqual({ brandId: ['Unknown field'] });
  });
});

describe('defineRecord', () => {
  it('derives path, table, permission and the writable fields', () => {
    expect(faq).toMatchObject({ path: 'faq', table: 'faq', permission: 'faq' });
    expect(faq.writable).toEqual(['title', 'categoryId', 'content', 'images', 'videos', 'enabled']);
    const r = defineRecord({ name: 'hotelNotice', label, scope: 'hotel', userTypes: [3], titleField: 'title', fields: { title: text({ label, max: 5 }) } });
    expect(r).toMatchObject({ path: 'hotel-notice', table: 'hotel_notice', permission: 'hotelNotice' });
  });

  it('refuses a state machine on a field forms could write', () => {
    expect(() =>
      defineRecord({
        name: 'x',
        label,
        scope: 'hotel',
        userTypes: [3],
        titleField: 'state',
        fields: { state: choice({ label, options: { a: label, b: label } }) },
        states: { field: 'state', actions: { go: { label, from: ['a'], to: 'b' } } },
      }),
    ).toThrow(/readOnly/);
  });

  it('builds the list query from the declared filters and sortable fields', () => {
    const schema = listQuerySchema(faq);
    expect(schema.parse({ categoryId: '3', enabled: 'true', page: '2' })).toMatchObject({ categoryId: 3, enabled: true, page: 2, pagesize: 20 });
    expect(schema.safeParse({ sort: 'content' }).success).toBe(false);
    expect(schema.safeParse({ pagesize: '500' }).success).toBe(false);
  });
});

describe('number messages', () => {
  it('tells a non-number from a non-integer', () => {
    const n = int({ label, required: true, min: 1, max: 10 });
    const parse = (v: unknown) => errorsOf({ n } as never, { n: v });
    expect(parse('abc')).toEqual({ n: ['Name must be a number'] });
    expect(parse(2.5)).toEqual({ n: ['Name must be an integer'] });
    expect(parse(0)).toEqual({ n: ['Name must be at least 1'] });
  });
});
