import { PMS_SIGNATURE_HEADER, PMS_TIMESTAMP_HEADER } from '@htv/shared/areas/pms/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsOutbox } from '../../db/schema/index.js';
import { postRemote } from '../../files/remote.js';
import { signPmsRequest } from '../pms/http.js';
import { claimDueRecords, type ClaimedRecord } from '../pms/outbox.js';
import { configOf } from './config.js';

/** Attempts before a record is given up (about a day of back-off). */
export const CALLBACK_ATTEMPTS = 10;
/** One POST's whole exchange. */
const CALLBACK_TIMEOUT_MS = 5_000;

/** Seconds before attempt `n + 1`: 15 s, 30 s, 1 min … at most an hour. */
export const callbackBackoffS = (attempts: number) => Math.min(15 * 2 ** (attempts - 1), 3_600);


/** The callback's body: the record without the queue's own fields, with the row's id for idempotency. */
function callbackBody(row: ClaimedRecord<Record<string, unknown>>): string {
  const { channel: _c, attempts: _a, nextAt: _n, ...record } = row.record;
  return JSON.stringify({ id: `wakeup-${row.id}`, ...record });
}

/**
 * Sends the wake-up records queued for hotels without a FIAS link to their callback URL
 * (docs/wakeup.md "Callback"): signed like our PMS interface's requests (`x-pms-timestamp`,
 * `x-pms-signature` over `{timestamp}.{body}` with the settings' callback secret), never to a private
 * address, each a 5-second exchange. A 2xx marks the record sent; anything else tries again with
 * back-off, and after `CALLBACK_ATTEMPTS` the record is given up (`failed`). Rows are claimed as
 * `claimDueRecords` says; a record sent twice carries the same `id`.
 */
export async function sendWakeUpCallbacks(db: Db): Promise<number> {
  const claimed = await claimDueRecords<Record<string, unknown>>(db, 'callback');
  let sent = 0;
  for (const row of claimed) {
    const config = await configOf(db, row.hotelId);
    let status = 0;
    if (config.callbackUrl && config.callbackSecret) {
      const body = callbackBody(row);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headers = { [PMS_TIMESTAMP_HEADER]: timestamp, [PMS_SIGNATURE_HEADER]: signPmsRequest(config.callbackSecret, timestamp, body) };
      status = await postRemote(config.callbackUrl, body, headers, CALLBACK_TIMEOUT_MS).catch(() => 0);
    }
    const attempts = (row.record.attempts ?? 0) + 1;
    if (status >= 200 && status < 300) {
      sent++;
      await db.update(pmsOutbox).set({ sentAt: sql`now()` }).where(eq(pmsOutbox.id, row.id));
    } else if (attempts >= CALLBACK_ATTEMPTS || !config.callbackUrl) {
      // Given up (or the hotel removed its URL): kept, marked, out of the queue.
      await db.update(pmsOutbox).set({ sentAt: sql`now()`, record: sql`${pmsOutbox.record} || jsonb_build_object('attempts', ${attempts}::int, 'failed', true)` }).where(eq(pmsOutbox.id, row.id));
    } else {
      const next = sql`now() + make_interval(secs => ${callbackBackoffS(attempts)})`;
      await db.update(pmsOutbox).set({ record: sql`${pmsOutbox.record} || jsonb_build_object('attempts', ${attempts}::int, 'nextAt', ${next})` }).where(eq(pmsOutbox.id, row.id));
    }
  }
  return sent;
}
