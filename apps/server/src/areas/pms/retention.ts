import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsEventKeys } from '../../db/schema/index.js';

/** How long a replayed event id is still recognised: a PMS resends within hours, not weeks. */
export const PMS_EVENT_KEY_DAYS = 30;

/** Forgets the idempotency keys older than the retention; answers how many went. */
export async function pruneEventKeys(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PMS_EVENT_KEY_DAYS * 86_400_000);
  const gone = await db.delete(pmsEventKeys).where(lt(pmsEventKeys.createdAt, before)).returning({ eventId: pmsEventKeys.eventId });
  return gone.length;
}

/** Prunes the keys every hour (in the one process that runs the database jobs). */
export function startPmsRetention(db: Db, log: { error(obj: object, msg: string): void }): { stop(): void } {
  const run = () => void pruneEventKeys(db).catch((error: unknown) => log.error({ err: error }, 'PMS event keys not pruned'));
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  run();
  return { stop: () => clearInterval(timer) };
}
