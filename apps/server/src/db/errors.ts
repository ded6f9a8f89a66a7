/** What PostgreSQL said of a failed query: drizzle keeps the driver's error as `cause`. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string } | undefined;
  return wrapped?.cause ?? wrapped ?? {};
}

/** A unique index refused the write (23505), optionally a given one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = pgError(error);
  return code === '23505' && (constraint === undefined || String(name ?? constraint).includes(constraint));
}

/** PostgreSQL rolled a transaction back whole to break a deadlock (40P01): it can simply run again. */
const isDeadlockVictim = (error: unknown) => pgError(error).code === '40P01';

/**
 * Runs `work` (one whole transaction) again when it was a deadlock's victim: rows locked in another
 * order by a concurrent writer (the heartbeat and boot batches update terminals too).
 */
export async function retryDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlockVictim(error)) throw error;
    }
  }
}
