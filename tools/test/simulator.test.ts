import { MAC_PATTERN, SN_PATTERN } from '@htv/shared/areas/devices/protocol';
import { describe, expect, it } from 'vitest';
import { macFor, snFor } from '../simulator/lib.js';

describe('simulator identities', () => {
  it('derives valid, stable and distinct MACs and SNs from a seed', () => {
    expect(macFor('demo', 0)).toBe(macFor('demo', 0));
    expect(macFor('demo', 0)).not.toBe(macFor('demo', 1));
    expect(macFor('demo', 0)).not.toBe(macFor('other', 0));
    const macs = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const mac = macFor('demo', i);
      expect(mac).toMatch(MAC_PATTERN);
      expect(mac).toBe(mac.toUpperCase());
      expect(snFor('demo', i)).toMatch(SN_PATTERN);
      macs.add(mac);
    }
    expect(macs.size).toBe(5000);
  });
});
