import { describe, expect, it } from 'vitest';
import { TerminalCache, type CachedTerminal } from '../src/areas/devices/cache.js';
import { CommandHub } from '../src/areas/devices/hub.js';
import { compileRule, normalizeSize, ruleMatches } from '../src/areas/devices/rules.js';
import { compileWhitelist, validWhitelistEntry, whitelistAllows } from '../src/areas/devices/whitelist.js';

const entry = (id: number): CachedTerminal => ({
  id, mac: `MAC${id}`, token: `t${id}`, brandId: null, hotelId: null, gen: id,
  state: null, ip: null, publicIp: null, softwareVersion: null, otaVersion: null, controlVersion: null, launcher: null, lastLogMs: 0,
});

describe('terminal cache', () => {
  it('evicts the least recently used entry and forgets replaced tokens', () => {
    const cache = new TerminalCache(2);
    cache.set(entry(1));
    cache.set(entry(2));
    cache.set(entry(3));
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.byTerminal(1)).toBeUndefined();
    expect(cache.get('t2')?.id).toBe(2);
    // Re-registration: the same terminal under a new token.
    cache.set({ ...entry(2), token: 't2b' });
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t2b')?.id).toBe(2);
    expect(cache.delete(3)?.id).toBe(3);
    expect(cache.size).toBe(1);
  });
});

describe('command hub', () => {
  it('hands commands to a waiting long-poll, queues them otherwise (one per type), and expires them', async () => {
    const hub = new CommandHub(50);
    const got = new Promise((resolve) => hub.wait(1, 1000, resolve));
    expect(hub.push(1, 'config')).toBe(true);
    expect(await got).toEqual([expect.objectContaining({ type: 'config' })]);
    hub.push(2, 'config');
    hub.push(2, 'config');
    expect(hub.has(2)).toBe(true);
    expect(hub.take(2)).toHaveLength(1);
    expect(hub.take(2)).toEqual([]);
    expect(hub.push(3, 'unbind', false)).toBe(false);
    expect(hub.has(3)).toBe(false);
    hub.push(4, 'config');
    await new Promise((r) => setTimeout(r, 60));
    hub.expire();
    expect(hub.take(4)).toEqual([]);
    // A newer wait ends the older one with nothing; a timed-out wait answers nothing.
    const first = new Promise((resolve) => hub.wait(5, 1000, resolve));
    const second = new Promise((resolve) => hub.wait(5, 20, resolve));
    expect(await first).toEqual([]);
    expect(await second).toEqual([]);
    const released = new Promise((resolve) => hub.wait(6, 10_000, resolve));
    hub.releaseAll();
    expect(await released).toEqual([]);
  });

  it('queues every command that carries data, in order (each key of a phone remote counts)', () => {
    const hub = new CommandHub(1000);
    hub.push(7, 'remote', true, { key: 'up' });
    hub.push(7, 'remote', true, { key: 'up' });
    hub.push(7, 'remote', true, { key: 'ok' });
    expect(hub.take(7).map((c) => c.data)).toEqual([{ key: 'up' }, { key: 'up' }, { key: 'ok' }]);
  });
});

describe('authorization rule matching', () => {
  const rule = compileRule({
    id: 1, launcher: 'HotelOS', clientType: 'android', vendor: 'Acme', sizes: '43|55 inch', macList: 'AABBCCDDEEFF', snList: 'SN0000000000001',
    validFrom: '2025-01-01T00:00:00Z', validTo: '2030-01-01T00:00:00Z',
  });
  const subject = { mac: 'AABBCCDDEEFF', sn: 'X', launcher: 'hotelos', clientType: 'ANDROID', vendor: 'acme', size: '55"' };
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('needs every condition, case-insensitively, within the validity', () => {
    expect(normalizeSize('55 inch')).toBe('55');
    expect(normalizeSize('55寸')).toBe('55');
    expect(ruleMatches(rule, subject, now)).toBe(true);
    expect(ruleMatches(rule, { ...subject, mac: '000000000000', sn: 'SN0000000000001' }, now)).toBe(true);
    expect(ruleMatches(rule, { ...subject, mac: '000000000000' }, now)).toBe(false);
    expect(ruleMatches(rule, { ...subject, size: '65' }, now)).toBe(false);
    expect(ruleMatches(rule, { ...subject, vendor: 'Other' }, now)).toBe(false);
    expect(ruleMatches(rule, subject, Date.parse('2031-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('IP whitelists', () => {
  it('accepts addresses and subnets of both families and matches IPv4-mapped addresses', () => {
    for (const ok of ['203.0.113.7', '203.0.113.0/24', '2001:db8::1', '2001:db8::/32']) expect(validWhitelistEntry(ok)).toBe(true);
    for (const bad of ['203.0.113.0/33', 'host.example', '1.2.3', '10.0.0.0/8/1', '']) expect(validWhitelistEntry(bad)).toBe(false);
    const list = compileWhitelist(['203.0.113.0/24', '2001:db8::/32']);
    expect(whitelistAllows(list, '203.0.113.200')).toBe(true);
    expect(whitelistAllows(list, '::ffff:203.0.113.9')).toBe(true);
    expect(whitelistAllows(list, '198.51.100.1')).toBe(false);
    expect(whitelistAllows(list, '2001:db8::5')).toBe(true);
  });
});
