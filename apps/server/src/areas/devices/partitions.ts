import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Day partitions created ahead of time, so midnight never lands in the DEFAULT partition. */
const DAYS_AHEAD = 2;
const DAY_MS = 86_400_000;
const PARTITION = /^terminal_heartbeats_p(\d{8})$/;

const dayName = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();

export interface PartitionWork {
  created: string[];
  dropped: string[];
}

/**
 * Keeps the heartbeat log's day partitions (UTC days; the migration made the table partitioned):
 * creates today's and the next days' (moving any rows the DEFAULT partition holds for that day into
 * it first) and drops the partitions wholly past `retentionDays`: retention drops a partition instead of
 * deleting rows (the runtime's prune deletes expired rows left in the DEFAULT partition). Safe to run from several
 * processes at once: a partition another process just created or dropped is skipped.
 */
export async function maintainHeartbeatPartitions(db: Db, retentionDays: number, now = Date.now()): Promise<PartitionWork> {
  const work: PartitionWork = { created: [], dropped: [] };
  const existing = new Set(
    ((await db.execute(sql`
      select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
       where p.relname = 'terminal_heartbeats'`)) as unknown as { rows: { relname: string }[] }).rows.map((r) => r.relname),
  );
  if (!existing.has('terminal_heartbeats_default')) return work; // not partitioned (an older schema)
  const cutoff = now - retentionDays * DAY_MS;

  for (let day = 0; day <= DAYS_AHEAD; day++) {
    const from = dayStart(now) + day * DAY_MS;
    const name = `terminal_heartbeats_p${dayName(from)}`;
    if (existing.has(name)) continue;
    try {
      await db.transaction(async (tx) => {
        // Rows the DEFAULT partition holds for the day move into the new partition before it is attached.
        await tx.execute(sql`create table ${sql.identifier(name)} (like terminal_heartbeats including defaults)`);
        await tx.execute(sql`
          with moved as (delete from terminal_heartbeats_default where at >= ${iso(from)}::timestamptz and at < ${iso(from + DAY_MS)}::timestamptz returning *)
          insert into ${sql.identifier(name)} select * from moved`);
        await tx.execute(sql.raw(`alter table terminal_heartbeats attach partition "${name}" for values from ('${iso(from)}') to ('${iso(from + DAY_MS)}')`));
      });
      work.created.push(name);
    } catch (error) {
      if (!isRace(error)) throw error;
    }
  }

  for (const name of existing) {
    const match = PARTITION.exec(name);
    if (!match) continue;
    const day = match[1]!;
    const end = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8))) + DAY_MS;
    if (end > cutoff) continue;
    try {
      await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
      work.dropped.push(name);
    } catch (error) {
      if (!isRace(error)) throw error;
    }
  }
  return work;
}

/** Another process created or dropped the same partition at the same moment. */
function isRace(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '42P07' || code === '42P01' || code === '40P01' || code === '23514';
}
