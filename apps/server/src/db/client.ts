import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Migration folder: next to the sources in development, next to the bundle when built. */
export function migrationsFolder(): string {
  for (const candidate of ['../../drizzle', '../drizzle']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}/meta/_journal.json`)) return dir;
  }
  throw new Error('migrations folder not found');
}

/**
 * PGlite starts with PostgreSQL's default 128 MB of shared buffers, which stay resident in its WASM
 * heap once touched (the heap never shrinks). The database files are in the kernel's page cache
 * anyway: 16 MB keeps an idle embedded server ~130 MB smaller (docs/benchmarks.md, memory).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];
const pgliteStartParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];

export type DatabaseTarget = { url: string } | { pglite: PGlite } | { dataDir: string };

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in a data folder. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const client = 'pglite' in target ? target.pglite : await PGlite.create(target.dataDir, { startParams: pgliteStartParams });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
