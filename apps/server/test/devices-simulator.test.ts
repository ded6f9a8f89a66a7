import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, VirtualTv, type Fleet, type TvEvent } from '../../../tools/simulator/lib.js';
import { installCodeOf, publicIdOf } from './devices-support.js';
import { listeningUrl, testApp, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let url: string;
let fleet: Fleet | undefined;

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['terminal.read', 'terminal.update', 'terminal.authorize', 'terminal.disable', 'terminal.recover']);
  url = await listeningUrl(t);
});

afterAll(async () => {
  await fleet?.stop();
});

describe('simulator library against the server', () => {
  it('registers virtual TVs, follows authorize / disable over the push channel, and re-registers after unbind', async () => {
    const events: { mac: string; event: TvEvent }[] = [];
    fleet = await startFleet({
      url,
      count: 2,
      seed: `sim-${Date.now()}`,
      installCode: await installCodeOf(t, a.hotelIds[0]),
      roomPrefix: '9',
      interval: 1,
      onEvent: (tv, event) => events.push({ mac: tv.mac, event }),
    });
    const [x, y] = fleet.tvs as [NonNullable<Fleet['tvs'][0]>, NonNullable<Fleet['tvs'][0]>];
    expect(x.authorization).toBe('unauthorized');
    expect(x.config).toMatchObject({ hotel: { publicId: await publicIdOf(t, a.hotelIds[0]) }, roomNumber: '9001' });

    await a.hotel.post('/api/terminals/authorize', { macs: [x.mac, y.mac] });
    await until(() => x.authorization === 'authorized' && y.authorization === 'authorized');
    await a.hotel.post('/api/terminals/disable', { macs: [y.mac], tip: 'Room closed' });
    await until(() => events.some((e) => e.mac === y.mac && e.event.type === 'disabled' && e.event.tip === 'Room closed'));
    expect(y.commands.map((c) => c.type)).toContain('config');

    await a.hotel.post('/api/web/hotel_terminal/unbind', { mac: x.mac });
    await until(() => events.some((e) => e.mac === x.mac && e.event.type === 'registered' && e.event.hotel === null));
    await until(() => x.config?.hotel === null);
    await until(() => x.heartbeats > 0 && y.heartbeats > 0);
    // Revalidation after a stamp change answers 304 when nothing changed for the TV.
    expect(events.some((e) => e.event.type === 'config')).toBe(true);
  });

  it('registers once when several calls answer 401 at once, and keeps the new token', async () => {
    const events: TvEvent[] = [];
    const tv = new VirtualTv({ url, seed: `sim401-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: '9101', onEvent: (_, event) => events.push(event) });
    try {
      await tv.register();
      // Unbinding revokes the token; no long-poll waits, so the TV learns it from its calls' 401s.
      await a.hotel.post('/api/web/hotel_terminal/unbind', { mac: tv.mac });
      events.length = 0;
      await Promise.all([tv.heartbeat(), tv.fetchConfig(), tv.boot(), tv.heartbeat()]);
      // Each registration revokes the token before it: a second one would end the first's new token.
      expect(events.filter((e) => e.type === 'unbound')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'registered')).toMatchObject([{ hotel: null }]);
      expect(tv.config?.hotel).toBeNull();
      await tv.heartbeat();
      expect(tv.heartbeats).toBe(1);
      expect(events.filter((e) => e.type === 'registered')).toHaveLength(1);
    } finally {
      await tv.stop();
    }
  });
});
