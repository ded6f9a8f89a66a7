import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fork } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
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
/**
 * Extensions the schema uses (the terminals' trigram indexes): PGlite loads them at creation, so every
 * PGlite the server or a test opens is created with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Extensions are created before the migrations (drizzle-kit does not write CREATE EXTENSION). pg_trgm
 * is a trusted extension: the database's owner may create it without being a superuser.
 */
async function migrateWithExtensions(db: Db, run: () => Promise<void>): Promise<void> {
  await db.execute(sql`create extension if not exists pg_trgm`);
  await run();
}

export type DatabaseTarget = { url: string } | { pglite: PGlite } | { dataDir: string };

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in a data folder. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, a failover, a dropped database) is removed by the
    // pool and replaced on the next query; unhandled, its error would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => underMigrationLock(pool, () => migrateWithExtensions(db, () => migratePg(db as never, { migrationsFolder: migrationsFolder() }))),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const client = 'pglite' in target ? target.pglite : await PGlite.create(target.dataDir, { startParams: pgliteStartParams, extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migrateWithExtensions(db, () => migratePglite(db as never, { migrationsFolder: migrationsFolder() })),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** Any number shared by every server: the advisory lock the migrations run under. */
const MIGRATION_LOCK = 72_616_311;

/**
 * Several machines starting at once (each primary migrates): one runs the migrations while the others
 * wait on a PostgreSQL advisory lock, then find nothing left to do.
 */
async function underMigrationLock(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await run();
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    holder.release();
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Set (to the folder to create) in the short-lived process that creates a new embedded database. */
export const CREATE_EMBEDDED_ENV = 'HTV_CREATE_EMBEDDED';

/**
 * Creating a new embedded database grows PGlite's WASM heap to ~800 MB, and a heap never shrinks. So
 * a new data folder is created, migrated and seeded by a short-lived copy of this process (same entry
 * and flags, `CREATE_EMBEDDED_ENV` set; its memory goes with it), next to `dataDir`, then moved into
 * place: the server opens a finished database and idles ~130 MB smaller (docs/benchmarks.md), and a
 * start that fails half-way leaves no half-made database behind. Answers what the copy sent.
 */
export async function createEmbeddedInChild<T>(dataDir: string): Promise<T> {
  const scratch = `${dataDir}.new`;
  rmSync(scratch, { recursive: true, force: true });
  const child = fork(process.argv[1]!, process.argv.slice(2), { env: { ...process.env, [CREATE_EMBEDDED_ENV]: scratch } });
  const answer = await new Promise<T>((resolve, reject) => {
    let sent: { value: T } | undefined;
    child.on('message', (message) => (sent = { value: message as T }));
    child.on('error', reject);
    child.on('exit', (code) => (sent && code === 0 ? resolve(sent.value) : reject(new Error(`creating the embedded database failed (exit code ${code})`))));
  });
  renameSync(scratch, dataDir);
  return answer;
}

