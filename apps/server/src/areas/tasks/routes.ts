import { idSchema, pagingShape } from '@htv/shared';
import { createTaskRequest, taskResultRequest, type CreateTaskRequest, type TaskResultRequest } from '@htv/shared/areas/tasks/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { idParts } from '../../system/bus.js';
import { deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { mqttTopics } from '../devices/mqtt.js';
import { createTask, listRuns, pendingTasks, reportResult, runDueTasks, taskLog, type TaskNotify } from './service.js';

const tags = ['tasks'];
/** Task results one terminal may report per minute. */
const REPORTS_PER_MIN = 30;
/** How often the scheduler looks for due tasks. */
const TICK_MS = 15_000;
const PUSH_TOPIC = 'tasks.push';
let installed = false;

/**
 * The `task` command to terminals: on this process's push hub, on each terminal's MQTT topic when a
 * broker is configured (a TV connected there does not long-poll), and published to the other processes' hubs.
 */
export function taskNotifier(app: FastifyInstance, runtime: DeviceRuntime): TaskNotify {
  return (terminalIds) => {
    for (const id of terminalIds) {
      runtime.hub.push(id, 'task');
      runtime.mqtt?.publish(mqttTopics.terminal(id), 'task');
    }
    if (app.bus.shared) for (const part of idParts(terminalIds)) app.bus.publish(PUSH_TOPIC, { terminalIds: part });
  };
}

/** Task items' parameter rules: a volume 0-100, a maintenance command's name. */
function install() {
  addRecordHooks('taskItem', {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values };
      const parameter = typeof merged.parameter === 'string' ? merged.parameter.trim() : '';
      if (merged.action === 'setVolume' && !/^(100|[1-9]?\d)$/.test(parameter)) throw invalidFields({ parameter: { key: 'tasks.volume' } });
      if (merged.action === 'maintenance' && !parameter) throw invalidFields({ parameter: { key: 'tasks.command' } });
      return values;
    },
  });
}

/**
 * The task system (docs/tasks.md): create a task (now, once, daily), the runs with each terminal's
 * result, one task log; the scheduler that starts due runs.
 */
export function registerTasks(app: FastifyInstance, db: Db, runtime: DeviceRuntime) {
  if (!installed) install();
  installed = true;
  const read = { auth: { userTypes: [1, 2, 3] as const, permission: 'task.read' } };
  const write = { auth: { userTypes: [1, 2, 3] as const, permission: 'task.create' } };
  const notify = taskNotifier(app, runtime);
  const unsubscribe = app.bus.subscribe<{ terminalIds: number[] }>(PUSH_TOPIC, ({ terminalIds }) => {
    for (const id of terminalIds) runtime.hub.push(id, 'task');
  });

  app.post('/api/tasks', { schema: { body: createTaskRequest, tags, summary: 'Apply a task item to MACs, hotels, brands or tags: now, once or daily' }, config: write }, async (request) =>
    ok(await createTask(db, notify, actorOf(request), request.body as CreateTaskRequest)),
  );
  app.get('/api/tasks/runs', { schema: { querystring: z.object(pagingShape()), tags, summary: "Task runs, newest first, with each terminal's result" }, config: read }, async (request) => {
    const { page, pagesize } = request.query as { page: number; pagesize: number };
    return ok({ ...(await listRuns(db, actorOf(request), page, pagesize)), page, pagesize });
  });
  app.get('/api/tasks/logs/:id', { schema: { params: z.object({ id: z.coerce.number().int() }), tags, summary: "One terminal's task log (failed file, failure code, reason)" }, config: read }, async (request) => {
    const { id } = request.params as { id: number };
    if (!idSchema.safeParse(id).success) throw new AppError('notFound', 'tasks.logId');
    return ok(await taskLog(db, actorOf(request), id));
  });

  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (busy) return;
      busy = true;
      runDueTasks(db, notify)
        .catch((error: unknown) => app.log.error({ err: error }, 'task scheduler failed'))
        .finally(() => (busy = false));
    }, TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
  });
}

/** The TVs' side under /api/device/v1: their pending task work and their results (rate-limited). */
export function registerTaskDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime) {
  const perTerminal = rateLimit(REPORTS_PER_MIN, 60_000);
  scope.decorateRequest('deviceTerminal', null);
  const deviceTags = ['device API v1'];
  scope.get('/tasks', { schema: { tags: deviceTags, summary: "This terminal's pending task work" }, config: { auth: { public: true } }, preHandler: deviceAuthHook(runtime) }, async (request) =>
    ok({ tasks: await pendingTasks(db, request.deviceTerminal!.id) }),
  );
  scope.post(
    '/tasks/result',
    {
      schema: { body: taskResultRequest, tags: deviceTags, summary: 'The result of one task log: success, failed (code, reason, file) or unsupported' },
      config: { auth: { public: true } },
      preValidation: [
        deviceAuthHook(runtime),
        perTerminalLimit(perTerminal, 'tasks.reportsLimited'),
      ],
    },
    async (request) => {
      await reportResult(db, request.deviceTerminal!.id, request.body as TaskResultRequest);
      return ok({});
    },
  );
}
