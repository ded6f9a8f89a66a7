import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BatchWriter } from '../src/system/batch.js';
import { testDatabase } from './support/database.js';

describe('BatchWriter', () => {
  it('writes full batches at once and the rest on the interval, one batch at a time', async () => {
    const batches: number[][] = [];
    let concurrent = 0;
    const writer = new BatchWriter<number>({
      maxBatch: 3,
      intervalMs: 20,
      write: async (items) => {
        concurrent++;
        expect(concurrent).toBe(1);
        await new Promise((r) => setTimeout(r, 5));
        batches.push(items);
        concurrent--;
      },
    });
    for (let i = 1; i <= 7; i++) writer.add(i);
    await expect.poll(() => batches.length, { timeout: 2000 }).toBe(3);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('writes a failed batch again with the same items until it succeeds; at close it gives up after closeTimeoutMs', async () => {
    const written: number[][] = [];
    let refuse = 2;
    const errors: number[] = [];
    const writer = new BatchWriter<number>({
      maxBatch: 2,
      intervalMs: 5,
      retryMs: 5,
      write: async (items) => {
        if (refuse-- > 0) throw new Error('down');
        written.push(items);
      },
      onError: (_error, _items, attempt) => errors.push(attempt),
    });
    for (let i = 1; i <= 3; i++) writer.add(i);
    await writer.flush();
    expect(written).toEqual([[1, 2], [3]]);
    expect(errors).toEqual([1, 2]);
    expect(writer.failing).toBe(false);

    const dropped: number[][] = [];
    const stuck = new BatchWriter<number>({ maxBatch: 10, intervalMs: 5, retryMs: 5, closeTimeoutMs: 50, write: () => Promise.reject(new Error('down')), onDrop: (items) => dropped.push(items) });
    stuck.add(7);
    const started = Date.now();
    await stuck.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(dropped).toEqual([[7]]);
    expect(stuck.size).toBe(0);
  });

  it('flushes pending rows into the database when the app closes', async () => {
    const { db } = await testDatabase();
    const table = `batch_probe_${Date.now()}`;
    await db.execute(sql.raw(`create table ${table} (n int not null)`));
    const app = Fastify();
    const writer = new BatchWriter<number>({
      maxBatch: 1000,
      intervalMs: 60_000,
      write: async (items) => {
        await db.execute(sql.raw(`insert into ${table} (n) select unnest(array[${items.join(',')}])`));
      },
    }).attachTo(app);
    await app.ready();
    for (let i = 0; i < 250; i++) writer.add(i);
    expect(writer.size).toBe(250);
    await app.close();
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(250);
  });
});
