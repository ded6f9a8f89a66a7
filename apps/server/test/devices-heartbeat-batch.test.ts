import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeHeartbeats, type HeartbeatItem } from '../src/areas/devices/heartbeats.js';
import { registerTv, type Tv } from './devices-support.js';
import { testApp, type TestApp } from './support/app.js';

/**
 * One heartbeat batch, written by `writeHeartbeats` in one statement: several heartbeats of a terminal
 * update its rows once, from its latest heartbeat, yet every heartbeat marked for the log is logged and
 * every one from outside the whitelist counts in its alarm.
 */

let t: TestApp;
let a: Tv;
let b: Tv;
const today = '2026-11-26';

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const item = (tv: Tv, ms: number, values: Partial<HeartbeatItem> = {}): HeartbeatItem => ({
  id: tv.terminalId,
  ms,
  changed: false,
  log: true,
  alarm: false,
  state: 'on',
  ip: '192.168.1.20',
  publicIp: '127.0.0.1',
  softwareVersion: '3.1.0',
  otaVersion: '20250101',
  controlVersion: '1.2',
  launcher: 'hotelos',
  ...values,
});

beforeAll(async () => {
  t = await testApp();
  // Heartbeats the app's own writer holds are not these tests' (no heartbeat goes through the API here).
  await t.app.devices.heartbeats.flush();
  [a, b] = [await registerTv(t), await registerTv(t)];
});

describe('a heartbeat batch', () => {
  it('updates each terminal once from its latest heartbeat, logs every marked heartbeat and counts every alarm hit', async () => {
    const start = Date.parse('2026-11-26T08:00:00Z');
    const batch = [
      item(a, start, { changed: true, softwareVersion: '3.2.0', alarm: true, publicIp: '203.0.113.7' }),
      item(b, start + 1, { log: false }),
      // Later heartbeats of A change nothing more: A's row still takes the change, with their values.
      item(a, start + 2, { softwareVersion: '3.2.0', state: 'standby', alarm: true, publicIp: '203.0.113.8' }),
      item(a, start + 3, { softwareVersion: '3.2.0', state: 'standby', log: false }),
    ];
    expect(await writeHeartbeats(t.database.db, batch, today)).toBe(2);

    const terminals = await rows<{ id: number; online: boolean; software_version: string; run_state: string }>(
      sql`select id, online, software_version, run_state from terminals where id in (${a.terminalId}, ${b.terminalId}) order by id`,
    );
    expect(terminals).toEqual([
      { id: a.terminalId, online: true, software_version: '3.2.0', run_state: 'standby' },
      { id: b.terminalId, online: true, software_version: '3.1.0', run_state: 'on' },
    ]);
    const presence = await rows<{ terminal_id: number; seen: string; day: string }>(
      sql`select terminal_id, extract(epoch from last_seen_at) * 1000 as seen, last_active_day::text as day from terminal_presence where terminal_id in (${a.terminalId}, ${b.terminalId}) order by terminal_id`,
    );
    expect(presence.map((p) => [p.terminal_id, Number(p.seen), p.day])).toEqual([
      [a.terminalId, start + 3, today],
      [b.terminalId, start + 1, today],
    ]);
    const logged = await rows<{ terminal_id: number; at: string; state: string }>(
      sql`select terminal_id, extract(epoch from at) * 1000 as at, state from terminal_heartbeats where terminal_id in (${a.terminalId}, ${b.terminalId}) order by at`,
    );
    expect(logged.map((l) => [l.terminal_id, Number(l.at), l.state])).toEqual([
      [a.terminalId, start, 'on'],
      [a.terminalId, start + 2, 'standby'],
    ]);
    const alarms = await rows<{ terminal_id: number; ip: string; hits: number }>(
      sql`select terminal_id, ip, hits from terminal_alarms where kind = 'ipOutsideWhitelist' and terminal_id in (${a.terminalId}, ${b.terminalId})`,
    );
    expect(alarms).toEqual([{ terminal_id: a.terminalId, ip: '203.0.113.8', hits: 2 }]);
    const wentOnline = await rows<{ terminal_id: number }>(
      sql`select terminal_id from terminal_state_logs where state = 'online' and terminal_id in (${a.terminalId}, ${b.terminalId}) order by terminal_id`,
    );
    expect(wentOnline.map((r) => r.terminal_id)).toEqual([a.terminalId, b.terminalId].sort((x, y) => x - y));
  });

  it('rewrites an online terminal row only when one of its heartbeats in the batch changed it', async () => {
    const softwareVersion = async () => (await rows<{ v: string }>(sql`select software_version as v from terminals where id = ${a.terminalId}`))[0]!.v;
    await t.database.db.execute(sql`update terminals set software_version = 'as stored' where id = ${a.terminalId}`);
    const start = Date.parse('2026-11-26T09:00:00Z');
    expect(await writeHeartbeats(t.database.db, [item(a, start), item(a, start + 1)], today)).toBe(1);
    expect(await softwareVersion()).toBe('as stored');
    // The change came with the first heartbeat (not logged, nor the latest: not sent as a row); the
    // last, which changed nothing more, is the one written.
    const batch = [item(a, start + 2, { changed: true, softwareVersion: '3.3.0', log: false }), item(a, start + 3, { softwareVersion: '3.3.1' })];
    expect(await writeHeartbeats(t.database.db, batch, today)).toBe(1);
    expect(await softwareVersion()).toBe('3.3.1');
  });
});
