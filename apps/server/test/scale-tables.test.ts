import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainHeartbeatPartitions } from '../src/areas/devices/partitions.js';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../src/db/client.js';

/**
 * Fleet-scale tables (docs/scaling.md) on a database of their own, since they create and drop
 * partitions: the heartbeat log by day, and the trigram indexes of the keyword search. The embedded
 * engine is what runs here; the migration is the same SQL on PostgreSQL (the drills run it there).
 */
describe('fleet-scale tables', () => {
  let database: Database;
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const partitions = async () =>
    (await rows(sql`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'terminal_heartbeats'::regclass order by 1`)).map((r) => r.relname as string);
  const heartbeat = (at: string) => database.db.execute(sql`insert into terminal_heartbeats (terminal_id, at) values (1, ${at}::timestamptz)`);

  beforeAll(async () => {
    database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    await database.migrate();
  }, 120_000);
  afterAll(() => database?.close());

  it('keeps the heartbeat log in day partitions: created ahead, rows of the DEFAULT moved in, expired ones dropped', async () => {
    expect(await partitions()).toEqual(['terminal_heartbeats_default']);
    // Rows written before the day's partition existed land in the DEFAULT partition...
    await heartbeat('2031-01-10T08:00:00Z');
    await heartbeat('2031-01-11T23:59:59Z');
    const first = await maintainHeartbeatPartitions(database.db, 7, Date.parse('2031-01-10T12:00:00Z'));
    expect(first.created).toEqual(['terminal_heartbeats_p20310110', 'terminal_heartbeats_p20310111', 'terminal_heartbeats_p20310112']);
    // ...and move into it when it is created.
    expect(await rows(sql`select count(*)::int as n from terminal_heartbeats_default`)).toEqual([{ n: 0 }]);
    expect(await rows(sql`select count(*)::int as n from terminal_heartbeats_p20310111`)).toEqual([{ n: 1 }]);
    await heartbeat('2031-01-12T10:00:00Z');
    expect(await rows(sql`select count(*)::int as n from terminal_heartbeats_p20310112`)).toEqual([{ n: 1 }]);
    expect(await rows(sql`select count(*)::int as n from terminal_heartbeats`)).toEqual([{ n: 3 }]);

    // A second run, even at once, changes nothing.
    expect(await maintainHeartbeatPartitions(database.db, 7, Date.parse('2031-01-10T13:00:00Z'))).toEqual({ created: [], dropped: [] });

    // Eight days later the first two days are past a 7-day retention: their partitions are dropped whole.
    const later = await maintainHeartbeatPartitions(database.db, 7, Date.parse('2031-01-19T06:00:00Z'));
    expect(later.dropped.sort()).toEqual(['terminal_heartbeats_p20310110', 'terminal_heartbeats_p20310111']);
    expect(later.created).toEqual(['terminal_heartbeats_p20310119', 'terminal_heartbeats_p20310120', 'terminal_heartbeats_p20310121']);
    expect(await rows(sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day from terminal_heartbeats`)).toEqual([{ day: '2031-01-12' }]);
    // The indexes of the partitioned table exist on every partition.
    const indexes = await rows(sql`select indexname from pg_indexes where tablename = 'terminal_heartbeats_p20310119' order by 1`);
    expect(indexes.map((r) => r.indexname)).toHaveLength(2);
  });

  it('serves the keyword search (ILIKE on MAC substrings and the other searched fields) from trigram indexes', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // A tiny table is read sequentially whatever the indexes: this asks whether the indexes can serve the query.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select id from terminals where mac ilike '%A1B2C3%' or sn ilike '%A1B2C3%' or room_number ilike '%A1B2C3%' or launcher ilike '%A1B2C3%' or vendor ilike '%A1B2C3%'`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    for (const index of ['terminals_mac_trgm', 'terminals_sn_trgm', 'terminals_room_number_trgm', 'terminals_launcher_trgm', 'terminals_vendor_trgm']) expect(plan).toContain(index);
  });
});
