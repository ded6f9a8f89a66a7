import { ACTION_STEP, FINAL_ACTION_STATES, type ActionState, type ProgressReport } from '@htv/shared/areas/releases/index';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { retryDeadlocks } from '../../db/errors.js';
import { invalidateConfig } from '../devices/plugin.js';
import { evaluateRollouts } from './service.js';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const FINAL = new Set<string>(FINAL_ACTION_STATES);
const ignore = () => undefined;

/**
 * A report of an attempt that already failed, or of an earlier step of this attempt than the action
 * reached (docs/releases.md, "What the TV does": stale reports). A TV's reports over MQTT may be taken by two server
 * processes and written out of order; over HTTP a TV waits for each answer, so they come in order.
 */
const stale = (report: ProgressReport, action: ActionRow) =>
  (report.attempt !== undefined && report.attempt < action.attempts) || ACTION_STEP[report.state] < ACTION_STEP[action.state as ActionState];

interface Pending {
  terminalId: number;
  reports: ProgressReport[];
  done: (accepted: number) => void;
  fail: (error: unknown) => void;
}

interface ActionRow {
  id: number;
  terminalId: number;
  state: string;
  attempts: number;
  progress: number;
  notBefore: Date | null;
  code: string | null;
  reason: string | null;
  rolloutId: number;
  maxRetries: number;
  retryBaseSeconds: number;
  kind: string;
  packageName: string;
  versionName: string;
  versionCode: number | null;
  installType: string;
}

/** States a TV reports again and again with a further percentage (the download's, the install's). */
const REPEATED_STATES = new Set<string>(['downloading', 'installing']);

interface Repeat {
  terminalId: number;
  state: string;
  attempt: number | null;
  /** The last percentage reported (none: the action's stays). */
  progress: number | null;
}

/**
 * The actions whose every report of the batch repeats one state of REPEATED_STATES, from one terminal
 * and one attempt, without a failure code or reason: if the action is already in that state, all they
 * can change is its progress (the last one wins), so they are written by `moveProgress`.
 */
function repeatedStates(batch: Pending[]): Map<number, Repeat> {
  const repeats = new Map<number, Repeat>();
  const excluded = new Set<number>();
  for (const { terminalId, reports } of batch) {
    for (const report of reports) {
      const { actionId } = report;
      if (excluded.has(actionId)) continue;
      const seen = repeats.get(actionId);
      const attempt = report.attempt ?? null;
      if (
        !REPEATED_STATES.has(report.state) ||
        report.code !== undefined ||
        report.reason !== undefined ||
        (seen && (seen.terminalId !== terminalId || seen.state !== report.state || seen.attempt !== attempt))
      ) {
        excluded.add(actionId);
        repeats.delete(actionId);
        continue;
      }
      repeats.set(actionId, { terminalId, state: report.state, attempt, progress: report.progress ?? seen?.progress ?? null });
    }
  }
  return repeats;
}

/**
 * Writes the progress of the repeated states in one statement, without reading and locking the
 * actions first: the most frequent report (a download's next percentage) costs one update of a
 * column no index holds, which PostgreSQL can make in place (a HOT update). Only the actions that are
 * in the reported state, of the reporting terminal, not past the reported attempt and in a running or
 * paused rollout are moved (the checks the full path makes); their ids are returned. The others go
 * the full path (an action still pending, say).
 */
async function moveProgress(tx: Pick<Db, 'execute'>, repeats: Map<number, Repeat>): Promise<Set<number>> {
  // Sorted by id, as the full path locks them: concurrent batches meet the same rows in the same order.
  const list = [...repeats].sort(([a], [b]) => a - b);
  const ids = list.map(([id]) => id);
  // The rows are named by id beside the join to `unnest`: from the join alone PostgreSQL may read the
  // whole table (every rollout's actions) into a hash for each batch.
  const rows = rowsOf(
    await tx.execute(sql`
      update release_actions a set progress = coalesce(u.progress, a.progress), updated_at = now()
        from unnest(${sql.param(ids)}::int[], ${sql.param(list.map(([, r]) => r.terminalId))}::int[],
                    ${sql.param(list.map(([, r]) => r.state))}::text[], ${sql.param(list.map(([, r]) => r.attempt))}::int[],
                    ${sql.param(list.map(([, r]) => r.progress))}::int[]) as u(id, terminal_id, state, attempt, progress)
       where a.id = any(${sql.param(ids)}::int[]) and a.id = u.id and a.terminal_id = u.terminal_id and a.state = u.state and (u.attempt is null or u.attempt >= a.attempts)
         and a.rollout_id in (select id from release_rollouts where state in ('running', 'paused'))
      returning a.id`),
  );
  return new Set(rows.map((r) => r.id as number));
}

/** Queued reports that start a write without waiting for the gathering time. */
const BATCH = 2000;
/** Batches written at once (each on its own connection): a write waits on the database most of its time. */
const WRITERS = 4;
/**
 * Queued reports that start another write beside one in flight: fewer wait for it to end and go
 * with the next, so a steady stream makes batches of what arrives during a write rather than many
 * small transactions (whose fixed cost the database would pay for each).
 */
const PARALLEL_BATCH = 200;
/** Reports of calls waiting for their answer arriving within this many ms are written together. */
const GATHER_MS = 2;
/**
 * Reports nobody waits for (MQTT messages) are written within this many ms: a steady stream of them
 * goes in a few larger transactions a second instead of hundreds of small ones.
 */
const LAZY_GATHER_MS = 50;
/** The thresholds of the rollouts reports concern are checked at most this often. */
const EVALUATE_MS = 100;

/**
 * Progress reports of TVs, written in batches: the reports of calls arriving within 2 ms, or while the
 * previous batch was being written, go to the database in one transaction: a download's further
 * percentages in one statement (`moveProgress`), the other reports in four (read and lock their actions,
 * append the history of states passed, update the actions, record installed versions); the rollouts concerned are moved by their
 * thresholds at most every 100 ms, apart from the writes.
 * A report counts only for an action of the reporting terminal that is not final, in a rollout that
 * runs or is paused (TVs already installing finish). A failure with retries left sends the action
 * back to pending after a back-off (base × 2^(attempt − 1)); a download-only action ends at downloaded.
 */
export class ProgressWriter {
  private queue: Pending[] = [];
  private queued = 0;
  /** Reports added and not yet written (queued or being written). */
  backlog = 0;
  /** Reports written that counted (for an action of the reporting terminal that was not final). */
  written = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  /** Whether a queued report's caller waits for its answer (then the next write starts as soon as it can). */
  private urgent = false;
  /** Batches being written (at most WRITERS, each in its own transaction). */
  private readonly writing = new Set<Promise<void>>();
  /** Rollouts whose thresholds are checked on the next evaluation (at most one every EVALUATE_MS). */
  private readonly toEvaluate = new Set<number>();
  private evaluation: NodeJS.Timeout | null = null;
  private evaluating: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Queues one call's reports, written within GATHER_MS (the caller waits for the answer); resolves
   * with how many counted once they are written.
   */
  add(terminalId: number, reports: ProgressReport[]): Promise<number> {
    return new Promise((done, fail) => this.enqueue({ terminalId, reports, done, fail }, true));
  }

  /**
   * Queues the reports of a message nobody waits for (MQTT), written within LAZY_GATHER_MS; a failed
   * write is logged here. No promise a message: at thousands a second, they are a cost of their own.
   */
  post(terminalId: number, reports: ProgressReport[]): void {
    this.enqueue({ terminalId, reports, done: ignore, fail: ignore }, false);
  }

  private enqueue(pending: Pending, waited: boolean) {
    this.queue.push(pending);
    this.queued += pending.reports.length;
    this.backlog += pending.reports.length;
    if (waited) this.urgent = true;
    this.schedule(this.queued >= BATCH ? 0 : waited ? GATHER_MS : LAZY_GATHER_MS);
  }

  /** Pumps within `ms` (an earlier pump already due stays). */
  private schedule(ms: number) {
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, ms);
  }

  /**
   * Starts writing what is queued: at once when nothing is being written, beside the writes in flight
   * (up to WRITERS) once PARALLEL_BATCH reports wait; a write that ends starts the next with everything
   * queued meanwhile when a caller waits (else the next is due within LAZY_GATHER_MS), so under load
   * batches grow instead of queueing up. Concurrent batches lock their actions in id order (no deadlock
   * between them), and a TV sends its next report after the answer to the previous one (over MQTT, in
   * order on its connection), so one TV's reports stay in order.
   */
  private pump(): void {
    while (this.queue.length && this.writing.size < WRITERS && (this.writing.size === 0 || this.queued >= PARALLEL_BATCH)) {
      const batch = this.queue;
      this.queue = [];
      this.queued = 0;
      this.urgent = false;
      const write: Promise<void> = this.write(batch).finally(() => {
        this.writing.delete(write);
        if (this.urgent || this.queued >= PARALLEL_BATCH) this.pump();
        else if (this.queue.length) this.schedule(LAZY_GATHER_MS);
      });
      this.writing.add(write);
    }
  }

  /** Waits for everything queued so far to be written. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    for (this.pump(); this.writing.size; this.pump()) await Promise.all([...this.writing]);
    if (this.evaluation) {
      clearTimeout(this.evaluation);
      this.evaluation = null;
      this.evaluating = this.evaluating.then(() => this.evaluate());
    }
    await this.evaluating;
  }

  /** Checks the thresholds of the rollouts reports changed since the last check (one at a time). */
  private scheduleEvaluation(rollouts: Iterable<number>) {
    for (const id of rollouts) this.toEvaluate.add(id);
    if (this.evaluation || !this.toEvaluate.size) return;
    this.evaluation = setTimeout(() => {
      this.evaluation = null;
      this.evaluating = this.evaluating.then(() => this.evaluate());
    }, EVALUATE_MS);
  }

  private async evaluate(): Promise<void> {
    const ids = [...this.toEvaluate];
    this.toEvaluate.clear();
    if (ids.length) await evaluateRollouts(this.db, ids).catch((error) => this.log.error({ err: error }, 'rollout evaluation failed'));
  }

  private async write(batch: Pending[]): Promise<void> {
    if (!batch.length) return;
    const reports = batch.reduce((sum, p) => sum + p.reports.length, 0);
    try {
      const { accepted, rollouts, retried } = await retryDeadlocks(() => this.apply(batch));
      batch.forEach((p, i) => p.done(accepted[i]!));
      this.written += accepted.reduce((sum, n) => sum + n, 0);
      if (retried.size) invalidateConfig({ terminalIds: [...retried] });
      this.scheduleEvaluation(rollouts);
    } catch (error) {
      this.log.error({ err: error }, 'progress reports not written');
      for (const p of batch) p.fail(error);
    } finally {
      this.backlog -= reports;
    }
  }

  private async apply(batch: Pending[]) {
    const repeats = repeatedStates(batch);
    return this.db.transaction(async (tx) => {
      // Not waiting for the log's flush to disk: a database crash may forget the last fraction of a
      // second of reports, which TVs send again (an ended action still listed is reported again).
      await tx.execute(sql`set local synchronous_commit = off`);
      const moved = repeats.size ? await moveProgress(tx, repeats) : new Set<number>();
      const ids = [...new Set(batch.flatMap((p) => p.reports.map((r) => r.actionId)))].filter((id) => !moved.has(id));
      const rows = !ids.length
        ? []
        : rowsOf(
            await tx.execute(sql`
            select a.id, a.terminal_id, a.state, a.attempts, a.progress, a.not_before, a.failure_code, a.failure_reason, a.rollout_id,
                   r.max_retries, r.retry_base_seconds, r.kind, r.package_name, r.version_name, r.version_code, r.install_type
              from release_actions a join release_rollouts r on r.id = a.rollout_id
             where a.id = any(${sql.param(ids)}::int[]) and r.state in ('running', 'paused')
             order by a.id for update of a`),
          );
      const actions = new Map<number, ActionRow>(
        rows.map((r) => [
          r.id as number,
          {
            id: r.id as number,
            terminalId: r.terminal_id as number,
            state: r.state as string,
            attempts: Number(r.attempts),
            progress: Number(r.progress),
            notBefore: r.not_before ? new Date(r.not_before as string) : null,
            code: (r.failure_code as string | null) ?? null,
            reason: (r.failure_reason as string | null) ?? null,
            rolloutId: r.rollout_id as number,
            maxRetries: Number(r.max_retries),
            retryBaseSeconds: Number(r.retry_base_seconds),
            kind: r.kind as string,
            packageName: r.package_name as string,
            versionName: r.version_name as string,
            versionCode: (r.version_code as number | null) ?? null,
            installType: r.install_type as string,
          },
        ]),
      );
      const events: { id: number; state: string; progress: number | null; code: string | null; reason: string | null }[] = [];
      const changed = new Set<ActionRow>();
      const installed: ActionRow[] = [];
      const rollouts = new Set<number>();
      const retried = new Set<number>();
      const now = Date.now();
      const accepted = batch.map((pending) => {
        let count = 0;
        for (const report of pending.reports) {
          if (moved.has(report.actionId)) {
            count++;
            continue;
          }
          const action = actions.get(report.actionId);
          if (!action || action.terminalId !== pending.terminalId || FINAL.has(action.state) || stale(report, action)) continue;
          count++;
          changed.add(action);
          const code = report.code ?? null;
          const reason = report.reason ?? null;
          // The history keeps the states passed: a download's further percentages only move `progress`.
          if (report.state !== action.state || code || reason) events.push({ id: action.id, state: report.state, progress: report.progress ?? null, code, reason });
          let next: ActionState = report.state;
          if (report.state === 'failed') {
            action.attempts += 1;
            action.code = code;
            action.reason = reason;
            if (action.attempts <= action.maxRetries) {
              next = 'pending';
              action.notBefore = new Date(now + action.retryBaseSeconds * 1000 * 2 ** (action.attempts - 1));
              retried.add(action.terminalId);
            }
          } else if (report.state === 'incompatible') {
            action.code = code;
            action.reason = reason;
          } else if (report.state === 'downloaded' && action.installType === 'downloadOnly') {
            next = 'success';
          }
          if (report.progress !== undefined) action.progress = report.progress;
          if (next === 'success' || next === 'alreadyInstalled') {
            action.progress = 100;
            installed.push(action);
          }
          if (next !== report.state) events.push({ id: action.id, state: next, progress: null, code: null, reason: null });
          action.state = next;
          if (FINAL.has(next) || next === 'pending') rollouts.add(action.rolloutId);
        }
        return count;
      });
      if (events.length) {
        await tx.execute(sql`
          insert into release_action_events (action_id, state, progress, code, reason)
          select * from unnest(${sql.param(events.map((e) => e.id))}::int[], ${sql.param(events.map((e) => e.state))}::text[],
                               ${sql.param(events.map((e) => e.progress))}::int[], ${sql.param(events.map((e) => e.code))}::text[],
                               ${sql.param(events.map((e) => e.reason))}::text[])`);
      }
      if (changed.size) {
        const list = [...changed];
        const changedIds = list.map((a) => a.id); // named beside the join, as in moveProgress
        await tx.execute(sql`
          update release_actions a set state = u.state, progress = u.progress, attempts = u.attempts, not_before = u.not_before,
                 failure_code = u.code, failure_reason = u.reason, updated_at = now()
            from unnest(${sql.param(changedIds)}::int[], ${sql.param(list.map((a) => a.state))}::text[],
                        ${sql.param(list.map((a) => a.progress))}::int[], ${sql.param(list.map((a) => a.attempts))}::int[],
                        ${sql.param(list.map((a) => a.notBefore?.toISOString() ?? null))}::timestamptz[],
                        ${sql.param(list.map((a) => a.code))}::text[], ${sql.param(list.map((a) => a.reason))}::text[])
                 as u(id, state, progress, attempts, not_before, code, reason)
           where a.id = any(${sql.param(changedIds)}::int[]) and a.id = u.id`);
      }
      if (installed.length) {
        await tx.execute(sql`
          insert into terminal_packages (terminal_id, kind, package_name, version_name, version_code)
          select distinct on (terminal_id, kind, package_name) * from unnest(${sql.param(installed.map((a) => a.terminalId))}::int[], ${sql.param(installed.map((a) => a.kind))}::text[],
                 ${sql.param(installed.map((a) => a.packageName))}::text[], ${sql.param(installed.map((a) => a.versionName))}::text[],
                 ${sql.param(installed.map((a) => a.versionCode))}::int[]) as p(terminal_id, kind, package_name, version_name, version_code)
          on conflict (terminal_id, kind, package_name) do update set version_name = excluded.version_name, version_code = excluded.version_code, installed_at = now()`);
      }
      return { accepted, rollouts, retried };
    });
  }
}
