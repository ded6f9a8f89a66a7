import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/db/client.js';

/** The engine this test project runs on: set per project in vitest.config.ts. */
export const ENGINE = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

const shared = globalThis as { __htvDatabase?: Promise<Database> };

/**
 * One migrated database per worker, reused by every test file in it (files isolate their data by
 * creating their own tenants, never by emptying tables).
 */
export function testDatabase(): Promise<Database> {
  shared.__htvDatabase ??= (async () => {
    if (ENGINE === 'postgres') {
      const url = inject('postgresUrl');
      if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
      return openDatabase({ url });
    }
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ pglite: await PGlite.create({ loadDataDir: snapshot, extensions: PGLITE_EXTENSIONS }) });
  })();
  return shared.__htvDatabase;
}
