import { describe, expect, it } from 'vitest';
import { isUniqueViolation, retryDeadlocks } from '../src/db/errors.js';

const pg = (code: string, constraint?: string) => Object.assign(new Error('query failed'), { cause: { code, constraint } });

describe('database errors', () => {
  it('runs a deadlock victim again, at most three times, and nothing else', async () => {
    let runs = 0;
    await expect(
      retryDeadlocks(async () => {
        runs++;
        if (runs < 3) throw pg('40P01');
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(runs).toBe(3);

    runs = 0;
    await expect(retryDeadlocks(async () => (runs++, Promise.reject(pg('40P01'))))).rejects.toThrow('query failed');
    expect(runs).toBe(3);

    runs = 0;
    await expect(retryDeadlocks(async () => (runs++, Promise.reject(pg('23505'))))).rejects.toThrow('query failed');
    expect(runs).toBe(1);
  });

  it('recognises a unique violation, of a given index or any', () => {
    expect(isUniqueViolation(pg('23505', 'theme_sends_one_all_idx'), 'theme_sends_one_all_idx')).toBe(true);
    expect(isUniqueViolation(pg('23505', 'terminals_mac_uq'), 'theme_sends_one_all_idx')).toBe(false);
    expect(isUniqueViolation(pg('23505'))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('x'), { code: '23505' }))).toBe(true);
    expect(isUniqueViolation(pg('40P01'))).toBe(false);
  });
});
