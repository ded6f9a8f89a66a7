import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTv } from '../../../tools/simulator/lib.js';
import { onShare } from '../src/seed/fleet.js';
import { installCodeOf } from './devices-support.js';
import { listeningUrl, testApp, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let url: string;
let tv: VirtualTv | undefined;

const until = async (check: () => boolean | Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['terminal.read']);
  url = await listeningUrl(t);
});

afterAll(async () => {
  await tv?.stop();
});

const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('the demo fleet’s TVs', () => {
  it('switched off and on again keep their token and terminal: one registration, a boot each time', async () => {
    tv = new VirtualTv({ url, seed: `fleet-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: '8101', interval: 1, push: false });
    await tv.start();
    const { token, terminalId } = tv;
    await until(() => tv!.heartbeats > 0);
    await tv.switchOff();
    const beats = tv.heartbeats;
    await new Promise((r) => setTimeout(r, 1500));
    expect(tv.heartbeats).toBe(beats); // off: silent

    await tv.start();
    expect(tv.token).toBe(token);
    expect(tv.terminalId).toBe(terminalId);
    await until(() => tv!.heartbeats > beats);
    await until(async () => (await rows(sql`select count(*)::int as n from terminal_boot_records where terminal_id = ${terminalId}`))[0]!.n === 2);
    const [terminal] = await rows(sql`select hotel_id, room_number from terminals where id = ${terminalId}`);
    expect(terminal).toMatchObject({ hotel_id: a.hotelIds[0], room_number: '8101' });
    const registered = await rows(sql`select count(*)::int as n from terminal_state_logs where terminal_id = ${terminalId} and state = 'registered'`);
    expect(registered[0]!.n).toBe(1);
  });

  it('are on for most of the day: more in the evening than before dawn, never all off', () => {
    const shares = Array.from({ length: 24 }, (_, hour) => onShare(hour));
    expect(Math.min(...shares)).toBeCloseTo(0.55);
    expect(Math.max(...shares)).toBeCloseTo(0.95);
    expect(onShare(21)).toBeGreaterThan(onShare(9));
    expect(onShare(21)).toBeCloseTo(0.95);
  });
});
