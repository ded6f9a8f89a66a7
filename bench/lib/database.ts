import pg from 'pg';

/** A fresh PostgreSQL database for one benchmark run. */
export interface BenchDatabase {
  name: string;
  /** Its connection string. */
  url: string;
  /** The maintenance connection it was created on (open until `drop`): reads pg_stat_activity. */
  admin: pg.Client;
  /** Drops it (unless `keep`) and closes the maintenance connection; a failure is not the run's. */
  drop(keep?: boolean): Promise<void>;
}

/** Creates `htv_bench_<kind>_<time>` through the server at `pgUrl` (its maintenance connection). */
export async function createBenchDatabase(pgUrl: string, kind: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `htv_bench_${kind}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    drop: async (keep = false) => {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`).catch((error: Error) => process.stderr.write(`database ${name} not dropped: ${error.message}\n`));
      await admin.end().catch(() => undefined);
    },
  };
}
