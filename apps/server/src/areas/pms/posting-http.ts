import { translate } from '@htv/shared';
import { PMS_SIGNATURE_HEADER, PMS_TIMESTAMP_HEADER } from '@htv/shared/areas/pms/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pmsOutbox } from '../../db/schema/index.js';
import { postRemoteForAnswer } from '../../files/remote.js';
import { markPosted, markPostingFailed } from '../shop/charges.js';
import { configOf } from '../wakeup/config.js';
import { callbackBackoffS } from '../wakeup/callback.js';
import { signPmsRequest } from './http.js';
import { claimDueRecords } from './outbox.js';
import type { PostingRecord } from './posting.js';

/** Attempts before a posting is given up as not reachable (about a day of back-off). */
export const POSTING_ATTEMPTS = 10;
/** One POST's whole exchange, and the most of the PMS's answer read. */
const POSTING_TIMEOUT_MS = 5_000;
const POSTING_ANSWER_BYTES = 16_384;

/** What the failure of an unreachable PMS says on the order, in both languages (like a cancel reason). */
const inBothLanguages = (key: 'pms.postingUnreachable' | 'pms.postingNoUrl') => `${translate(key, 'zh-CN')} / ${translate(key, 'en-US')}`;
export const POSTING_UNREACHABLE = inBothLanguages('pms.postingUnreachable');
export const POSTING_NO_URL = inBothLanguages('pms.postingNoUrl');

/**
 * The posting's body (docs/pms.md "Posting over HTTP"): the charge with its sequence, the same on every
 * attempt, so the PMS posts a sequence once whatever the retries.
 */
export function postingBody(record: PostingRecord): string {
  return JSON.stringify({
    id: `posting-${record.chargeId}`,
    type: 'posting',
    postingSequence: record.chargeId,
    room: record.room,
    reservation: record.reservation,
    amountMinor: record.amountMinor,
    description: record.description,
    outlet: record.area,
    at: record.at,
  });
}

/** The PMS's answer body as an object (anything else: empty). */
function answerOf(body: Buffer): Record<string, unknown> {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const data = (parsed as { data?: unknown }).data;
    return { ...(parsed as Record<string, unknown>), ...(data && typeof data === 'object' ? (data as Record<string, unknown>) : {}) };
  } catch {
    return {};
  }
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/**
 * Sends the postings queued for HTTP hotels to the hotel's callback URL (the wake-up settings' URL and
 * secret), signed like the PMS interface's requests and the wake-up callbacks, through the safe
 * remote fetch (never a private address unless a test allows it). The answer is recorded:
 * - 2xx: posted, under the answer's `reference` (else `posting-<sequence>`);
 * - 400, 404, 409, 422: the PMS refused it: failed with its `reason` (or `errmsg`, `message`);
 * - anything else (5xx, 429, a timeout, a network failure): tried again with back-off, given up as not
 *   reachable after `POSTING_ATTEMPTS`.
 * Rows are claimed as `claimDueRecords` says.
 */
export async function sendHttpPostings(db: Db): Promise<number> {
  const claimed = await claimDueRecords<PostingRecord>(db, 'postingHttp');
  let settled = 0;
  for (const row of claimed) {
    const config = await configOf(db, row.hotelId);
    const attempts = (row.record.attempts ?? 0) + 1;
    const done = async (extra: Record<string, unknown> = {}) =>
      db
        .update(pmsOutbox)
        .set({ sentAt: sql`now()`, record: sql`${pmsOutbox.record} || ${JSON.stringify({ attempts, ...extra })}::jsonb` })
        .where(eq(pmsOutbox.id, row.id));
    if (!config.callbackUrl || !config.callbackSecret) {
      await markPostingFailed(db, row.record.chargeId, POSTING_NO_URL);
      await done({ failed: true });
      continue;
    }
    const body = postingBody(row.record);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = { [PMS_TIMESTAMP_HEADER]: timestamp, [PMS_SIGNATURE_HEADER]: signPmsRequest(config.callbackSecret, timestamp, body) };
    const answer = await postRemoteForAnswer(config.callbackUrl, body, headers, { timeoutMs: POSTING_TIMEOUT_MS, maxBytes: POSTING_ANSWER_BYTES }).catch(() => ({ status: 0, body: Buffer.alloc(0) }));
    const fields = answerOf(answer.body);
    if (answer.status >= 200 && answer.status < 300) {
      const reference = textOf(fields.reference) || `posting-${row.record.chargeId}`;
      await markPosted(db, row.record.chargeId, reference);
      await done({ status: answer.status, reference });
      settled++;
    } else if ([400, 404, 409, 422].includes(answer.status)) {
      const reason = textOf(fields.reason) || textOf(fields.errmsg) || textOf(fields.message) || `HTTP ${answer.status}`;
      await markPostingFailed(db, row.record.chargeId, reason);
      await done({ status: answer.status, failed: true, reason: reason.slice(0, 200) });
      settled++;
    } else if (attempts >= POSTING_ATTEMPTS) {
      await markPostingFailed(db, row.record.chargeId, POSTING_UNREACHABLE);
      await done({ status: answer.status, failed: true });
      settled++;
    } else {
      const next = sql`now() + make_interval(secs => ${callbackBackoffS(attempts)})`;
      await db
        .update(pmsOutbox)
        .set({ record: sql`${pmsOutbox.record} || jsonb_build_object('attempts', ${attempts}::int, 'status', ${answer.status}::int, 'nextAt', ${next})` })
        .where(eq(pmsOutbox.id, row.id));
    }
  }
  return settled;
}
