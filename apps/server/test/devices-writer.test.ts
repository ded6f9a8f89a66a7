import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTv, type Tv } from './devices-support.js';
import { testApp, type TestApp } from './support/app.js';

/**
 * Acknowledged heartbeats survive a database that refuses writes for a while (docs/devices.md
 * "Heartbeat writes and crashes"): the failed batch is kept and written again once the database takes
 * it, the queue stays bounded (503 `device.busy`), and nothing is written twice.
 */

let t: TestApp;
let tvs: Tv[];

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
const idList = () => sql.raw(tvs.map((tv) => tv.terminalId).join(','));

beforeAll(async () => {
  t = await testApp();
  tvs = [await registerTv(t), await registerTv(t), await registerTv(t)];
});

afterAll(async () => {
  await t.database.db.execute(sql`drop trigger if exists refuse_heartbeats on terminal_heartbeats`);
});

describe('heartbeat batches while the database refuses writes', () => {
  it('keeps and retries a failed batch, answers 503 once the bounded queue is full, and writes every acknowledged heartbeat once the database is back', async () => {
    const runtime = t.app.devices;
    const options = runtime.options;
    const saved = { batchMax: options.batchMax };
    // Heartbeats of earlier test files in this worker's app are written first.
    await runtime.heartbeats.flush();
    // The database refuses the heartbeat log rows of these terminals: the batch's one statement fails as a whole.
    await t.database.db.execute(sql`create or replace function refuse_heartbeats() returns trigger language plpgsql as $$ begin raise exception 'writes refused'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_heartbeats before insert on terminal_heartbeats for each row when (new.terminal_id in (${idList()})) execute function refuse_heartbeats()`,
    );
    try {
      const errorsBefore = runtime.metrics.heartbeatWriteErrors;
      for (const tv of tvs) for (let i = 0; i < 2; i++) expect((await tv.device.post('/api/device/v1/heartbeat', { state: 'on' })).status).toBe(200);
      const flushed = runtime.heartbeats.flush();
      await expect.poll(() => runtime.metrics.heartbeatWriteErrors, { timeout: 5000 }).toBeGreaterThan(errorsBefore);
      expect(runtime.heartbeats.failing).toBe(true);
      const queued = runtime.heartbeats.size;
      expect(queued).toBeGreaterThanOrEqual(6);

      // While writes fail, the queue holds at most one batch of acknowledged heartbeats: beyond, 503.
      options.batchMax = queued + 1;
      expect((await tvs[0]!.device.post('/api/device/v1/heartbeat', { state: 'on' })).status).toBe(200);
      const busy = await tvs[1]!.device.post('/api/device/v1/heartbeat', { state: 'on' });
      expect(busy.status).toBe(503);
      expect(busy.body).toMatchObject({ code: '-1', errkey: 'device.busy' });
      expect(busy.headers['retry-after']).toBe('5');
      const boot = await tvs[1]!.device.post('/api/device/v1/boot', {});
      expect(boot.status).toBe(200);

      // Still failing a while later: the batch is retried, not dropped.
      await new Promise((r) => setTimeout(r, 700));
      expect(runtime.metrics.heartbeatWriteErrors - errorsBefore).toBeGreaterThan(1);
      expect((await rows(sql`select count(*)::int as n from terminal_heartbeats where terminal_id in (${idList()})`)).rows[0]!.n).toBe(0);

      await t.database.db.execute(sql`drop trigger refuse_heartbeats on terminal_heartbeats`);
      await flushed;
      await runtime.heartbeats.flush();
      expect(runtime.heartbeats.failing).toBe(false);
      expect(runtime.heartbeats.size).toBe(0);
    } finally {
      options.batchMax = saved.batchMax;
      await t.database.db.execute(sql`drop trigger if exists refuse_heartbeats on terminal_heartbeats`);
    }
    // Every acknowledged heartbeat (2 per TV, plus one of the first) is stored, once.
    const stored = await rows(sql`select terminal_id, count(*)::int as n from terminal_heartbeats where terminal_id in (${idList()}) group by 1 order by 1`);
    expect(stored.rows.map((r) => r.n)).toEqual([3, 2, 2]);
    const seen = await rows(sql`select count(*)::int as n from terminal_presence where terminal_id in (${idList()}) and last_seen_at is not null`);
    expect(seen.rows[0]!.n).toBe(3);
  });
});
