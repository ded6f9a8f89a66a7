import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

/** Between the migrated database's name and a worker's copy's (support/database.ts `postgresUrl`). */
export const WORKER_DATABASE_INFIX = '_w';

/**
 * Migrates once per run: a PGlite data-folder snapshot that each worker loads in about a second
 * (a fresh PGlite costs several), and, when TEST_DATABASE_URL is set, a fresh PostgreSQL database,
 * which each worker copies (support/database.ts `postgresUrl`); the copies are dropped with it.
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('gzip');
  const file = join(mkdtempSync(join(tmpdir(), 'htv-test-')), 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `htv_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pgDatabase = await openDatabase({ url: url.toString() });
  await pgDatabase.migrate();
  await pgDatabase.close();
  project.provide('postgresUrl', url.toString());
  return async () => {
    const copies = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [`${name}${WORKER_DATABASE_INFIX}`]);
    for (const { datname } of copies.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
