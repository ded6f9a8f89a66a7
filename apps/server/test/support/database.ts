import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client.js';
import { WORKER_DATABASE_INFIX } from './global-setup.js';

/** The engine this test project runs on: set per project in vitest.config.ts. */
export const ENGINE = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

const shared = globalThis as { __htvDatabase?: Promise<Database>; __htvPostgresUrl?: Promise<string> };

/**
 * This worker's PostgreSQL database: a copy of the one global-setup migrated, made on first use, so
 * that files running side by side in two workers never share rows. Dropped with the run.
 */
export function postgresUrl(): Promise<string> {
  shared.__htvPostgresUrl ??= (async () => {
    const migrated = new URL(inject('postgresUrl'));
    const template = migrated.pathname.slice(1);
    const name = `${template}${WORKER_DATABASE_INFIX}${process.env.VITEST_POOL_ID ?? 0}_${process.pid}`;
    // Not connected to the template: a database being copied may have no session.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    migrated.pathname = `/${name}`;
    return migrated.toString();
  })();
  return shared.__htvPostgresUrl;
}

/**
 * One migrated database per worker, reused by every test file in it (files isolate their data by
 * creating their own tenants, never by emptying tables).
 */
export function testDatabase(): Promise<Database> {
  shared.__htvDatabase ??= (async () => {
    if (ENGINE === 'postgres') {
      if (!inject('postgresUrl')) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
      return openDatabase({ url: await postgresUrl() });
    }
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ pglite: await PGlite.create({ loadDataDir: snapshot, extensions: PGLITE_EXTENSIONS }) });
  })();
  return shared.__htvDatabase;
}
