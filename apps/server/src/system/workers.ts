import { availableParallelism } from 'node:os';

/** Set by the primary in each worker it forks (main.ts): the worker's slot, 0 to WORKERS-1. */
export const WORKER_INDEX_ENV = 'HTV_WORKER_INDEX';

/** This process's worker slot; undefined when it is not a cluster worker. */
export function workerIndex(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[WORKER_INDEX_ENV];
  return raw === undefined ? undefined : Number(raw);
}

/** True where the periodic database jobs (offline sweep, log retention) run: a lone process, or worker 0. */
export function runsJobs(env: NodeJS.ProcessEnv = process.env): boolean {
  return (workerIndex(env) ?? 0) === 0;
}

/**
 * WORKERS: how many server processes share the port. Only with PostgreSQL (the embedded database lives
 * in one process); default there: the number of cores.
 */
export function workerCount(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const raw = env.WORKERS?.trim();
  if (!databaseUrl) {
    if (raw && raw !== '1') throw new Error('WORKERS needs DATABASE_URL: the embedded database serves one process');
    return 1;
  }
  if (!raw) return availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256) throw new Error('WORKERS must be a whole number from 1 to 256');
  return count;
}
