import type { CreateTaskRequest, TaskResultRequest, TerminalTask } from '@htv/shared/areas/tasks/protocol';
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { taskLogs, taskRuns, tasks } from './schema.js';

type Target = CreateTaskRequest & { itemId: number };
const DAY_MS = 86_400_000;

/** The next moment a daily task runs at `hhmm` (UTC) after `after`. */
export function nextDaily(hhmm: string, after: Date): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), h, m));
  return at.getTime() > after.getTime() ? at : new Date(at.getTime() + DAY_MS);
}

/** The actor's tenancy as a condition on a table with brand and hotel columns (none for the platform). */
function ownFilter(actor: Actor, brandCol: SQL | unknown, hotelCol: SQL | unknown): SQL | undefined {
  if (actor.userType === 1) return undefined;
  if (actor.userType === 2) return actor.brandId === null ? sql`false` : sql`${brandCol} = ${actor.brandId}`;
  return actor.hotelId === null ? sql`false` : sql`${hotelCol} = ${actor.hotelId}`;
}

/** The terminals a target names, inside the creator's tenancy (a task's `brandId`/`hotelId`). */
async function targetTerminals(db: Db, task: { target: Target | typeof tasks.$inferSelect.target; brandId: number | null; hotelId: number | null }) {
  const t = recordTables.terminal!;
  const { macs, hotelIds, brandIds, tags } = task.target;
  const any: SQL[] = [];
  if (macs.length) any.push(inArray(t.mac, macs.map((m) => m.replace(/[^0-9a-f]/gi, '').toUpperCase())));
  if (hotelIds.length) any.push(inArray(t.hotelId, hotelIds));
  if (brandIds.length) any.push(inArray(t.brandId, brandIds));
  for (const tag of tags) any.push(sql`(',' || coalesce(${t.tags}, '') || ',') like ${`%,${tag.replace(/[%_\\]/g, '\\$&')},%`}`);
  if (!any.length) return [];
  const scope = task.hotelId !== null ? eq(t.hotelId, task.hotelId) : task.brandId !== null ? eq(t.brandId, task.brandId) : undefined;
  return (await db
    .select({ id: t.id, mac: t.mac, brandId: t.brandId, hotelId: t.hotelId })
    .from(t)
    .where(and(sql`(${sql.join(any, sql` or `)})`, scope))) as { id: number; mac: string; brandId: number | null; hotelId: number | null }[];
}

/** Tells terminals that task work waits for them (the `task` command on the push channel, in every process). */
export type TaskNotify = (terminalIds: number[]) => void;

/**
 * Starts a run of a task: a pending log per terminal, and a `task` command to each (heartbeat
 * fallback). The run claims the task's due time, so with several processes one of them runs it
 * (null when another did).
 */
export async function runTask(db: Db, notify: TaskNotify, task: typeof tasks.$inferSelect): Promise<{ runId: number; terminals: number } | null> {
  const terminals = await targetTerminals(db, task);
  const runId = await db.transaction(async (tx) => {
    // After the due time that ran (or now, if later): a daily task's next run is always a new time.
    const after = new Date(Math.max(Date.now(), task.nextRunAt?.getTime() ?? 0));
    const next = task.schedule === 'daily' && task.dailyAt ? nextDaily(task.dailyAt, after) : null;
    const due = task.nextRunAt === null ? sql`${tasks.nextRunAt} is null` : eq(tasks.nextRunAt, task.nextRunAt);
    const claimed = await tx.update(tasks).set({ nextRunAt: next }).where(and(eq(tasks.id, task.id), due)).returning({ id: tasks.id });
    if (!claimed.length) return null;
    const [run] = await tx.insert(taskRuns).values({ taskId: task.id }).returning({ id: taskRuns.id });
    if (terminals.length) await tx.insert(taskLogs).values(terminals.map((x) => ({ runId: run!.id, terminalId: x.id, mac: x.mac, brandId: x.brandId, hotelId: x.hotelId })));
    return run!.id;
  });
  if (runId === null) return null;
  notify(terminals.map((x) => x.id));
  return { runId, terminals: terminals.length };
}

/** Checks and stores a task; a `now` task runs at once. */
export async function createTask(db: Db, notify: TaskNotify, actor: Actor, body: CreateTaskRequest) {
  const items = recordTables.taskItem!;
  const [item] = await db.select({ id: items.id }).from(items).where(eq(items.id, body.itemId));
  if (!item) throw invalidFields({ itemId: { key: 'error.notFound' } });
  if (!body.macs.length && !body.hotelIds.length && !body.brandIds.length && !body.tags.length) throw invalidFields({ macs: { key: 'tasks.noTarget' } });
  if (body.schedule === 'once' && !body.runAt) throw invalidFields({ runAt: { key: 'tasks.when' } });
  if (body.schedule === 'daily' && !body.dailyAt) throw invalidFields({ dailyAt: { key: 'tasks.when' } });
  // Hotels and brands named in the target must be the actor's own.
  if (actor.userType !== 1 && (body.hotelIds.length || body.brandIds.length)) {
    const ownHotels = body.hotelIds.length ? await db.select({ id: hotels.id }).from(hotels).where(and(inArray(hotels.id, body.hotelIds), ownFilter(actor, hotels.brandId, hotels.id))) : [];
    const ownBrands = actor.userType === 2 && actor.brandId !== null ? body.brandIds.filter((b) => b === actor.brandId) : [];
    if (ownHotels.length !== body.hotelIds.length) throw invalidFields({ hotelIds: { key: 'error.notFound' } });
    if (ownBrands.length !== body.brandIds.length) throw invalidFields({ brandIds: { key: 'error.notFound' } });
  } else if (body.brandIds.length) {
    const found = await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, body.brandIds));
    if (found.length !== new Set(body.brandIds).size) throw invalidFields({ brandIds: { key: 'error.notFound' } });
  }
  const owner = { brandId: actor.userType === 1 ? null : actor.brandId, hotelId: actor.userType === 3 ? actor.hotelId : null };
  const target = { macs: body.macs, hotelIds: body.hotelIds, brandIds: body.brandIds, tags: body.tags };
  if (!(await targetTerminals(db, { target, ...owner })).length) throw invalidFields({ macs: { key: 'tasks.noTerminals' } });
  const nextRunAt = body.schedule === 'now' ? new Date() : body.schedule === 'once' ? new Date(body.runAt!) : nextDaily(body.dailyAt!, new Date());
  const [task] = await db
    .insert(tasks)
    .values({ itemId: body.itemId, ...owner, target, schedule: body.schedule, dailyAt: body.schedule === 'daily' ? body.dailyAt! : null, nextRunAt, createdBy: actor.userId })
    .returning();
  const run = body.schedule === 'now' ? await runTask(db, notify, task!) : null;
  return { id: task!.id, runId: run?.runId ?? null, terminals: run?.terminals ?? null, nextRunAt: body.schedule === 'now' ? null : nextRunAt.toISOString() };
}

/** Runs the tasks that are due (the scheduler's tick). */
export async function runDueTasks(db: Db, notify: TaskNotify, now = new Date()): Promise<number> {
  const due = await db.select().from(tasks).where(lte(tasks.nextRunAt, now));
  let ran = 0;
  for (const task of due) if (await runTask(db, notify, task)) ran++;
  return ran;
}

/** The runs the actor may see, newest first, each with its terminals' results. */
export async function listRuns(db: Db, actor: Actor, page: number, pagesize: number) {
  const items = recordTables.taskItem!;
  const where = ownFilter(actor, tasks.brandId, tasks.hotelId);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(taskRuns).innerJoin(tasks, eq(tasks.id, taskRuns.taskId)).where(where);
  const runs = await db
    .select({
      id: taskRuns.id,
      taskId: tasks.id,
      startedAt: taskRuns.startedAt,
      schedule: tasks.schedule,
      dailyAt: tasks.dailyAt,
      itemName: sql<string>`${items.name}`,
      action: sql<string>`${items.action}`,
      parameter: sql<string | null>`${items.parameter}`,
    })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .leftJoin(items, eq(items.id, tasks.itemId))
    .where(where)
    .orderBy(sql`${taskRuns.id} desc`)
    .limit(pagesize)
    .offset((page - 1) * pagesize);
  const logs = runs.length
    ? await db
        .select({ id: taskLogs.id, runId: taskLogs.runId, mac: taskLogs.mac, state: taskLogs.state, failureCode: taskLogs.failureCode, reason: taskLogs.reason, file: taskLogs.file, reportedAt: taskLogs.reportedAt })
        .from(taskLogs)
        .where(and(inArray(taskLogs.runId, runs.map((r) => r.id)), ownFilter(actor, taskLogs.brandId, taskLogs.hotelId)))
        .orderBy(taskLogs.id)
    : [];
  return { total, items: runs.map((r) => ({ ...r, results: logs.filter((l) => l.runId === r.id) })) };
}

/** One task log the actor may see; a wrong id answers the spec's "task log id error". */
export async function taskLog(db: Db, actor: Actor, id: number) {
  const [log] = await db.select().from(taskLogs).where(and(eq(taskLogs.id, id), ownFilter(actor, taskLogs.brandId, taskLogs.hotelId)));
  if (!log) throw new AppError('notFound', 'tasks.logId');
  return log;
}

/** The pending work of a terminal (the TV asks after a `task` command, or at start). */
export async function pendingTasks(db: Db, terminalId: number): Promise<TerminalTask[]> {
  const items = recordTables.taskItem!;
  const rows = await db
    .select({ logId: taskLogs.id, action: sql<string>`${items.action}`, parameter: sql<string | null>`${items.parameter}` })
    .from(taskLogs)
    .innerJoin(taskRuns, eq(taskRuns.id, taskLogs.runId))
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .innerJoin(items, eq(items.id, tasks.itemId))
    .where(and(eq(taskLogs.terminalId, terminalId), eq(taskLogs.state, 'pending')))
    .orderBy(taskLogs.id)
    .limit(20);
  return rows as TerminalTask[];
}

/** A TV's result for one of its task logs; another terminal's or an unknown id is the "task log id error". */
export async function reportResult(db: Db, terminalId: number, body: TaskResultRequest): Promise<void> {
  const updated = await db
    .update(taskLogs)
    .set({ state: body.state, failureCode: body.failureCode ?? null, reason: body.reason ?? null, file: body.file ?? null, reportedAt: new Date() })
    .where(and(eq(taskLogs.id, body.logId), eq(taskLogs.terminalId, terminalId)))
    .returning({ id: taskLogs.id });
  if (!updated.length) throw new AppError('notFound', 'tasks.logId');
}
