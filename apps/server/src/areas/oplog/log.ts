import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { operationLogs } from '../../db/schema/index.js';

export interface OpLogEntry {
  action: string;
  recordType?: string;
  recordId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one operation-log row; call it inside the transaction of the change it describes. */
export async function writeOpLog(db: Db, actor: Actor | null, entry: OpLogEntry, ip?: string): Promise<void> {
  await db.insert(operationLogs).values({
    userId: actor?.userId,
    userType: actor?.userType,
    userName: actor?.name,
    brandId: actor?.brandId,
    hotelId: actor?.hotelId,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId === undefined ? undefined : String(entry.recordId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip,
  });
}
