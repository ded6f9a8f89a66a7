import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedRateLimit } from '../src/areas/devices/limits.js';
import { CounterExchange } from '../src/areas/devices/metrics.js';
import { deviceOptionsFromEnv } from '../src/areas/devices/options.js';
import { DeviceRuntime } from '../src/areas/devices/runtime.js';
import { IDS_PER_MESSAGE, PgBus } from '../src/system/bus.js';
import { ENGINE, postgresUrl } from './support/database.js';
import { testApp, type TestApp } from './support/app.js';

/**
 * What server processes share over the PostgreSQL bus, with several buses in this process standing for
 * several processes (docs/scaling.md); `scale-drills.test.ts` drives a real cluster.
 */
describe.runIf(ENGINE === 'postgres')('the bus between processes', () => {
  const quiet = { error: () => undefined, warn: () => undefined };
  const buses: PgBus[] = [];
  const bus = async () => {
    const made = new PgBus(await postgresUrl(), quiet);
    buses.push(made);
    await made.ready();
    return made;
  };
  let t: TestApp;

  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('a configuration change to thousands of terminals reaches the others in messages that fit a NOTIFY', async () => {
    const [one, other] = [await bus(), await bus()];
    const runtime = new DeviceRuntime(t.database.db, deviceOptionsFromEnv({}, { timers: false }), t.app.log, one);
    try {
      const received: number[] = [];
      other.subscribe<{ target: { terminalIds: number[] } }>('devices.config', ({ target }) => received.push(...target.terminalIds));
      // Ids of seven digits: 3,000 of them are 24,000 bytes, three times what one message may hold.
      const terminalIds = Array.from({ length: 3000 }, (_, i) => 1_000_000 + i);
      runtime.invalidate({ terminalIds });
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(terminalIds.length);
      expect(received.sort((a, b) => a - b)).toEqual(terminalIds);
      expect(IDS_PER_MESSAGE).toBeLessThan(terminalIds.length);
    } finally {
      await runtime.close();
      await t.database.db.execute(sql`delete from config_generations where scope = 'terminal' and key between 1000000 and 1002999`);
    }
  });

  it('the device counters are summed over every process that answers; a silent one is forgotten', async () => {
    const [a, b, c] = [await bus(), await bus(), await bus()];
    const exchanges = [new CounterExchange(a, () => ({ heartbeats: 1 })), new CounterExchange(b, () => ({ heartbeats: 20 })), new CounterExchange(c, () => ({ heartbeats: 300 }))];
    // The first read may wait for processes it does not know yet; the hellos usually told it.
    expect((await exchanges[0]!.gather()).totals).toEqual({ heartbeats: 321 });
    let started = Date.now();
    const all = await exchanges[0]!.gather();
    expect(Date.now() - started).toBeLessThan(900);
    expect(all.processes).toHaveLength(3);

    // One leaves (shutdown), one dies without a word (its bus is gone).
    exchanges[1]!.close();
    await c.close();
    buses.splice(buses.indexOf(c), 1);
    await new Promise((r) => setTimeout(r, 200));
    started = Date.now();
    expect((await exchanges[0]!.gather()).totals).toEqual({ heartbeats: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    started = Date.now();
    expect((await exchanges[0]!.gather()).totals).toEqual({ heartbeats: 1 });
    expect(Date.now() - started).toBeLessThan(900);
    exchanges[0]!.close();
    exchanges[2]!.close();
  });

  it('a shared registration limit counts the events of every process', async () => {
    const [a, b] = [await bus(), await bus()];
    const [atA, atB] = [sharedRateLimit(a, 'test-limit', 4, 60_000), sharedRateLimit(b, 'test-limit', 4, 60_000)];
    atA.hit('203.0.113.1');
    atA.hit('203.0.113.1');
    atB.hit('203.0.113.1');
    atB.hit('203.0.113.1');
    await expect.poll(() => atA.retryAfterMs('203.0.113.1') > 0 && atB.retryAfterMs('203.0.113.1') > 0, { timeout: 2000 }).toBe(true);
    expect(atA.retryAfterMs('203.0.113.2')).toBe(0);
    // No limit (0) counts nothing and publishes nothing.
    expect(sharedRateLimit(a, 'test-none', 0, 60_000).retryAfterMs('203.0.113.1')).toBe(0);
  });
});
