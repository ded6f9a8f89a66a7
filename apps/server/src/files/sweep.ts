import { records, type RecordDef } from '@htv/shared';
import { and, inArray, is, lt, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { FILE_URL_PATTERN, type Storage } from './storage.js';

const { files, recordTables } = schema;

/** Hours an unreferenced upload is kept when UPLOAD_ORPHAN_GRACE_H is not set. */
export const DEFAULT_ORPHAN_GRACE_HOURS = 24;

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;
const BATCH = 500;

/**
 * Every place a row can name a file, derived from the declarations: `file`, `files` and `richText`
 * fields of every record, and any column of the schema with a foreign key to `files`. One query
 * answering the ids named anywhere.
 */
function referencedFileIds(): SQL {
  const sources: SQL[] = [];
  for (const def of Object.values(records as Record<string, RecordDef>)) {
    const table = recordTables[def.name]!;
    for (const [name, field] of Object.entries(def.fields)) {
      const column = table[name];
      if (field.kind === 'file') sources.push(sql`select ${column}::text from ${table} where ${column} is not null`);
      if (field.kind === 'files') sources.push(sql`select jsonb_array_elements_text(${column}) from ${table} where jsonb_typeof(${column}) = 'array'`);
      if (field.kind === 'richText') sources.push(sql`select (regexp_matches(${column}, ${FILE_URL_PATTERN}, 'g'))[1] from ${table}`);
    }
  }
  for (const table of (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))) {
    for (const key of getTableConfig(table).foreignKeys) {
      const { foreignTable, columns } = key.reference();
      if (foreignTable !== files) continue;
      for (const column of columns) sources.push(sql`select ${column}::text from ${table} where ${column} is not null`);
    }
  }
  return sql.join(sources, sql` union `);
}

/**
 * Removes uploads older than `graceMs` that no row names (their rows, then their bytes), in batches.
 * Answers how many were removed. Bytes that cannot be removed are logged and left to the disk.
 */
export async function sweepOrphanUploads(db: Db, storage: Storage, graceMs: number, log?: FastifyBaseLogger): Promise<number> {
  const referenced = referencedFileIds();
  let removed = 0;
  for (;;) {
    const cutoff = new Date(Date.now() - graceMs);
    const orphans = db
      .select({ id: files.id })
      .from(files)
      .where(and(lt(files.createdAt, cutoff), sql`${files.id}::text not in (${referenced})`))
      .limit(BATCH);
    const gone = await db.delete(files).where(inArray(files.id, orphans)).returning({ id: files.id, key: files.storageKey });
    for (const file of gone) {
      await storage.delete(file.key).catch((error: unknown) => log?.error({ err: error, fileId: file.id }, 'could not remove the bytes of an unreferenced upload'));
    }
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}

/** Runs the sweep a minute after start and then hourly while the app is up; a grace of 0 turns it off. */
export function scheduleOrphanSweep(app: FastifyInstance, db: Db, storage: Storage, graceHours: number): void {
  if (graceHours <= 0) return;
  const timers: NodeJS.Timeout[] = [];
  const run = () =>
    void sweepOrphanUploads(db, storage, graceHours * 60 * 60 * 1000, app.log)
      .then((removed) => removed && app.log.info({ removed }, 'unreferenced uploads removed'))
      .catch((error: unknown) => app.log.error({ err: error }, 'unreferenced upload sweep failed'));
  app.addHook('onReady', async () => {
    timers.push(setTimeout(run, FIRST_SWEEP_AFTER_MS).unref(), setInterval(run, SWEEP_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => timers.forEach(clearTimeout));
}
