import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { PgBus, publishPerIds } from '../src/system/bus.js';
import { ENGINE } from './support/database.js';

const quiet = { error: () => undefined, warn: () => undefined };

describe.runIf(ENGINE === 'postgres')('the PostgreSQL bus', () => {
  it('carries a change to 20,000 terminals (the largest console batch) to the other processes in parts NOTIFY accepts', async () => {
    const url = inject('postgresUrl')!;
    const sender = new PgBus(url, quiet);
    const receiver = new PgBus(url, quiet);
    await Promise.all([sender.ready(), receiver.ready()]);
    const received: number[] = [];
    receiver.subscribe<{ terminalIds: number[]; gen: number }>('test.bus.ids', (message) => {
      expect(message.gen).toBe(7);
      received.push(...message.terminalIds);
    });
    const ids = Array.from({ length: 20_000 }, (_, i) => 1_000_000 + i);
    publishPerIds(sender, 'test.bus.ids', ids, (terminalIds) => ({ terminalIds, gen: 7 }));
    await sender.flush();
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(ids.length);
    expect(received).toEqual(ids);
    await Promise.all([sender.close(), receiver.close()]);
  });
});
