import { idSchema } from '@htv/shared';
import { ROBOT_FIELDS, robotInput, type RobotAdapter, type RobotDelivery, type RobotInput, type RobotView } from '@htv/shared/areas/robot/robot';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { httpRobot } from './adapter.js';
import { robotGateways, robotTasks } from './schema.js';

const tags = ['robot'];
const OPEN_CALL = ['pending', 'processing'];

async function robotView(db: Db, hotelId: number): Promise<RobotView> {
  const [row] = await db.select().from(robotGateways).where(eq(robotGateways.hotelId, hotelId)).limit(1);
  return row ? { url: row.url, enabled: row.enabled, hasSecret: !!row.secret } : { url: null, enabled: false, hasSecret: false };
}

/** The hotel's enabled robot, or null. */
export async function robotOf(db: Db, hotelId: number): Promise<RobotAdapter | null> {
  const [row] = await db.select().from(robotGateways).where(and(eq(robotGateways.hotelId, hotelId), eq(robotGateways.enabled, true))).limit(1);
  return row ? httpRobot(row.url, row.secret) : null;
}

/** The hotel's deliveries, newest first; the open ones asked again of the robot first (what it reports now). */
export async function deliveriesOf(db: Db, hotelId: number): Promise<RobotDelivery[]> {
  const robot = await robotOf(db, hotelId);
  if (robot) {
    const open = await db.select().from(robotTasks).where(and(eq(robotTasks.hotelId, hotelId), inArray(robotTasks.state, ['queued', 'moving', 'arrived'])));
    for (const task of open) {
      if (!task.taskId) continue;
      const status = await robot.status(task.taskId).catch(() => null);
      if (status && (status.state !== task.state || status.progress !== task.progress)) {
        await db.update(robotTasks).set({ ...status, updatedAt: new Date() }).where(eq(robotTasks.id, task.id));
      }
    }
  }
  const rows = await db.select().from(robotTasks).where(eq(robotTasks.hotelId, hotelId)).orderBy(desc(robotTasks.id)).limit(50);
  return rows.map((row) => ({ id: row.id, callId: row.callId, roomNumber: row.roomNumber, content: row.content, state: row.state as RobotDelivery['state'], progress: row.progress, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
}

/**
 * The delivery robot (docs/robot.md): the hotel's robot service (`/robot`), sending an open service
 * call of the hotel to the robot, and the deliveries with the progress the robot reports.
 */
export function registerRobot(app: FastifyInstance, db: Db): void {
  const hotelOnly = (permission: string) => ({ auth: { userTypes: [3] as const, permission } });

  app.get('/api/robot/gateway', { schema: { tags, summary: "The hotel's robot service (never its key)" }, config: hotelOnly('robot.read') }, async (request) => ok(await robotView(db, actorOf(request).hotelId!)));

  app.put('/api/robot/gateway', { schema: { tags, body: robotInput, summary: "Saves the hotel's robot service (an empty key keeps the stored one)" }, config: { ...hotelOnly('robot.update'), fields: ROBOT_FIELDS } }, async (request) => {
    const actor = actorOf(request);
    const hotelId = actor.hotelId!;
    const input = request.body as RobotInput;
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ secret: robotGateways.secret }).from(robotGateways).where(eq(robotGateways.hotelId, hotelId)).limit(1);
      const secret = input.secret || existing?.secret || null;
      if (!secret) throw invalidFields({ secret: { key: 'rcu.secretRequired' } });
      const [hotel] = await tx.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotelId));
      const values = { url: input.url, secret, enabled: input.enabled, updatedAt: new Date() };
      await tx.insert(robotGateways).values({ hotelId, brandId: hotel!.brandId, ...values }).onConflictDoUpdate({ target: robotGateways.hotelId, set: values });
      await writeOpLog(tx, actor, { action: 'robot_gateway', recordType: 'hotel', recordId: hotelId, after: { url: input.url, enabled: input.enabled, secret: input.secret ? '***' : undefined } }, request.ip);
    });
    return ok(await robotView(db, hotelId));
  });

  app.get('/api/robot/tasks', { schema: { tags, summary: "The hotel's deliveries with the robot's progress (open ones read from the robot now)" }, config: hotelOnly('robot.read') }, async (request) => ok({ items: await deliveriesOf(db, actorOf(request).hotelId!) }));

  const sendBody = z.strictObject({ callId: idSchema });
  app.post('/api/robot/tasks', { schema: { tags, body: sendBody, summary: 'Sends an open service call of the hotel to the robot' }, config: hotelOnly('robot.send') }, async (request) => {
    const actor = actorOf(request);
    const hotelId = actor.hotelId!;
    const robot = await robotOf(db, hotelId);
    if (!robot) throw new AppError('conflict', 'robot.notConfigured');
    const calls = recordTables.aiServiceCall!;
    const [call] = await db.select().from(calls).where(and(eq(calls.id, (request.body as z.infer<typeof sendBody>).callId), eq(calls.hotelId, hotelId))).limit(1);
    if (!call) throw notFound();
    if (!OPEN_CALL.includes(call.status as string)) throw new AppError('conflict', 'robot.callClosed');
    if (!call.roomNumber) throw new AppError('conflict', 'robot.noRoom');
    const [task] = await db
      .insert(robotTasks)
      .values({ brandId: call.brandId as number, hotelId, callId: call.id as number, roomNumber: call.roomNumber as string, content: String(call.content).slice(0, 1000) })
      .returning({ id: robotTasks.id });
    try {
      const { taskId } = await robot.send({ room: call.roomNumber as string, content: String(call.content) });
      await db.update(robotTasks).set({ taskId, state: 'queued', updatedAt: new Date() }).where(eq(robotTasks.id, task!.id));
    } catch (error) {
      await db.update(robotTasks).set({ state: 'failed', updatedAt: new Date() }).where(eq(robotTasks.id, task!.id));
      throw error;
    }
    await writeOpLog(db, actor, { action: 'robot_send', recordType: 'hotel', recordId: hotelId, after: { callId: call.id, taskId: task!.id } }, request.ip);
    return ok((await deliveriesOf(db, hotelId)).find((d) => d.id === task!.id));
  });
}
