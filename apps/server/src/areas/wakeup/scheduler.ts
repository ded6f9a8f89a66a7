import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wakeNow } from './clock.js';
import { afterTick } from './alarms.js';
import { pushRooms } from './calls.js';

/** A call a tick moved, as the statement returned it. */
export interface MovedCall {
  id: number;
  hotelId: number;
  brandId: number;
  roomNumber: string;
  state: string;
  attempts: number;
  time: string;
  date: string;
}

export interface TickResult {
  rang: MovedCall[];
  missed: MovedCall[];
  retried: MovedCall[];
  notAnswered: MovedCall[];
}

/** Calls a tick claims at most per statement (the rest wait for the next tick, a second later). */
const CLAIM_LIMIT = 2_000;

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];
const moved = (row: Record<string, unknown>): MovedCall => ({
  id: Number(row.id),
  hotelId: Number(row.hotel_id),
  brandId: Number(row.brand_id),
  roomNumber: String(row.room_number),
  state: String(row.state),
  attempts: Number(row.attempts),
  time: String(row.time),
  date: String(row.date),
});

/**
 * The next occurrence of a daily call (`c`) with days left: the same minute on the next local day.
 * The hotel's offset comes from its settings (`w`, defaulting like WAKE_UP_CONFIG_DEFAULTS).
 */
const NEXT_DAY_DUE = sql.raw(`(((c.date + 1)::text || 'T' || c.time || ':00' || coalesce(w.utc_offset, '+08:00'))::timestamptz)`);

/**
 * One pass of the wake-up scheduler, safe with any number of processes: each step is one statement
 * that claims its rows (`for update skip locked`, and the state re-checked by the update), moves them
 * and writes their history together, so a call rings exactly once whichever process gets it.
 *
 * 1. Calls due longer ago than the hotel's `lateMinutes` (the server was down) are missed (a daily
 *    call with days left is scheduled for its next day).
 * 2. Calls due now ring: `ringing`, an attempt counted, `dueAt` the end of the ring.
 * 3. Rings that ended unanswered are retried after `retryMinutes` while retries are left, else the
 *    call is not answered (a daily call with days left is scheduled for its next day): the front
 *    desk's alarm and the PMS's record follow (alarms.ts).
 */
export async function tick(db: Db, now: Date = wakeNow()): Promise<TickResult> {
  const at = now.toISOString();
  const missed = rowsOf(
    await db.execute(sql`
      with due as (
        select c.id, c.days_left > 0 as again, ${NEXT_DAY_DUE} as next_due from wakeup_calls c left join wakeup_configs w on w.hotel_id = c.hotel_id
        where c.state in ('scheduled', 'snoozed') and c.due_at < ${at}::timestamptz - make_interval(mins => coalesce(w.late_minutes, 10))
        order by c.due_at limit ${CLAIM_LIMIT} for update of c skip locked
      ), done as (
        update wakeup_calls c set
          state = case when due.again then 'scheduled' else 'missed' end,
          date = case when due.again then c.date + 1 else c.date end,
          due_at = case when due.again then due.next_due else c.due_at end,
          days_left = greatest(c.days_left - 1, 0), attempts = 0, snoozes = 0, updated_at = now()
        from due where c.id = due.id and c.state in ('scheduled', 'snoozed')
        returning c.*, due.again
      ), logged as (
        insert into wakeup_events (call_id, hotel_id, state, by, note, at)
        select id, hotel_id, 'missed', 'server', null, ${at}::timestamptz from done
        union all select id, hotel_id, 'scheduled', 'server', 'nextDay', ${at}::timestamptz from done where again
      )
      select * from done`),
  ).map(moved);
  const rang = rowsOf(
    await db.execute(sql`
      with due as (
        select c.id, coalesce(w.ring_seconds, 60) as ring_seconds from wakeup_calls c left join wakeup_configs w on w.hotel_id = c.hotel_id
        where c.state in ('scheduled', 'snoozed') and c.due_at <= ${at}::timestamptz
        order by c.due_at limit ${CLAIM_LIMIT} for update of c skip locked
      ), done as (
        update wakeup_calls c set state = 'ringing', attempts = c.attempts + 1, due_at = ${at}::timestamptz + make_interval(secs => due.ring_seconds), updated_at = now()
        from due where c.id = due.id and c.state in ('scheduled', 'snoozed')
        returning c.*
      ), logged as (
        insert into wakeup_events (call_id, hotel_id, state, by, note, at)
        select id, hotel_id, 'ringing', 'server', 'attempt ' || attempts, ${at}::timestamptz from done
      )
      select * from done`),
  ).map(moved);
  const ended = rowsOf(
    await db.execute(sql`
      with due as (
        select c.id, c.attempts as rings, c.attempts <= coalesce(w.retries, 3) as retry, c.days_left > 0 as again, coalesce(w.retry_minutes, 2) as retry_minutes, ${NEXT_DAY_DUE} as next_due
        from wakeup_calls c left join wakeup_configs w on w.hotel_id = c.hotel_id
        where c.state = 'ringing' and c.due_at <= ${at}::timestamptz
        order by c.due_at limit ${CLAIM_LIMIT} for update of c skip locked
      ), done as (
        update wakeup_calls c set
          state = case when due.retry or due.again then 'scheduled' else 'notAnswered' end,
          due_at = case when due.retry then ${at}::timestamptz + make_interval(mins => due.retry_minutes) when due.again then due.next_due else c.due_at end,
          date = case when not due.retry and due.again then c.date + 1 else c.date end,
          days_left = case when not due.retry and due.again then c.days_left - 1 else c.days_left end,
          attempts = case when due.retry then c.attempts else 0 end,
          snoozes = case when due.retry then c.snoozes else 0 end,
          updated_at = now()
        from due where c.id = due.id and c.state = 'ringing'
        returning c.*, due.retry, due.again, due.rings
      ), logged as (
        insert into wakeup_events (call_id, hotel_id, state, by, note, at)
        select id, hotel_id, 'scheduled', 'server', 'retry', ${at}::timestamptz from done where retry
        union all select id, hotel_id, 'notAnswered', 'server', null, ${at}::timestamptz from done where not retry
        union all select id, hotel_id, 'scheduled', 'server', 'nextDay', ${at}::timestamptz from done where not retry and again
      )
      select * from done`),
  );
  const retried = ended.filter((row) => row.retry === true || row.retry === 't').map(moved);
  const notAnswered = ended.filter((row) => !(row.retry === true || row.retry === 't')).map((row) => ({ ...moved(row), attempts: Number(row.rings) }));
  await pushRooms(db, [...rang, ...missed, ...retried, ...notAnswered]);
  const result = { rang, missed, retried, notAnswered };
  await afterTick(db, result);
  return result;
}
