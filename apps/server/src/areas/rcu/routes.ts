import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import type { RcuCommand } from '@htv/shared/areas/rcu/adapter';
import type { RcuConfigPart, RcuRoomState } from '@htv/shared/areas/rcu/device';
import { RCU_GATEWAY_FIELDS, rcuCommandInput, rcuDeviceParam, rcuGatewayInput, rcuRoomParam, type RcuGatewayInput } from '@htv/shared/areas/rcu/gateway';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { addConfigPart, deviceAuthHook, invalidateConfig, type DeviceRuntime } from '../devices/plugin.js';
import { changeDevice, gatewayView, rcuEnabled, requireRoom, roomDevices, roomsOfHotel, saveGateway } from './service.js';
import { installVoiceRoomControl } from './voice.js';

const tags = ['rcu'];
/** A TV's room-control calls: reading after each change and a guest's presses, per TV. */
const TV_CALLS_PER_MINUTE = 60;

const roomParams = z.object({ room: rcuRoomParam });
const deviceParams = z.object({ room: rcuRoomParam, device: rcuDeviceParam });
const tvDeviceParams = z.object({ device: rcuDeviceParam });

let partInstalled = false;
/** The TVs' `rcu` part: the room, while the hotel's gateway is enabled (one registration a process). */
function installRcuPart() {
  if (partInstalled) return;
  partInstalled = true;
  addConfigPart('rcu', async (terminal, { db }): Promise<RcuConfigPart | null> =>
    terminal.authorization === 'authorized' && terminal.hotelId !== null && terminal.roomNumber && (await rcuEnabled(db, terminal.hotelId)) ? { room: terminal.roomNumber } : null,
  );
}

/**
 * Room control (docs/rcu.md): the hotel's gateway settings and its rooms' devices in the console
 * (`/rcu`, hotel users), the TV's own room through the device API, the `rcu` configuration part and
 * the voice assistant's room hook.
 */
export async function registerRcu(app: FastifyInstance, db: Db, runtime: DeviceRuntime): Promise<void> {
  const hotelOnly = (permission: string) => ({ auth: { userTypes: [3] as const, permission } });
  installRcuPart();
  installVoiceRoomControl(db);

  app.get('/api/rcu/gateway', { schema: { tags, summary: "The hotel's room-control gateway (never its key)" }, config: { ...hotelOnly('rcu.read'), fields: RCU_GATEWAY_FIELDS } }, async (request) => ok(await gatewayView(db, actorOf(request).hotelId!)));

  app.put(
    '/api/rcu/gateway',
    { schema: { tags, body: rcuGatewayInput, summary: "Saves the hotel's gateway (an empty key keeps the stored one)" }, config: { ...hotelOnly('rcu.update'), fields: RCU_GATEWAY_FIELDS } },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body as RcuGatewayInput;
      await db.transaction(async (tx) => {
        await saveGateway(tx, actor.hotelId!, input);
        const { secret: _secret, ...logged } = input;
        await writeOpLog(tx, actor, { action: 'rcu_gateway', recordType: 'hotel', recordId: actor.hotelId!, after: { ...logged, secret: input.secret ? '***' : undefined } }, request.ip);
      });
      invalidateConfig({ hotelId: actor.hotelId! });
      return ok(await gatewayView(db, actor.hotelId!));
    },
  );

  app.get('/api/rcu/rooms', { schema: { tags, summary: "The hotel's rooms (its rooms and its TVs' rooms)" }, config: hotelOnly('rcu.read') }, async (request) => ok({ rooms: await roomsOfHotel(db, actorOf(request).hotelId!) }));

  app.get('/api/rcu/rooms/:room/devices', { schema: { tags, params: roomParams, summary: "A room's devices and their states, read from the gateway now" }, config: hotelOnly('rcu.read') }, async (request) => {
    const hotelId = actorOf(request).hotelId!;
    const { room } = request.params as z.infer<typeof roomParams>;
    await requireRoom(db, hotelId, room);
    return ok({ room, devices: await roomDevices(db, hotelId, room) } satisfies RcuRoomState);
  });

  app.post(
    '/api/rcu/rooms/:room/devices/:device',
    { schema: { tags, params: deviceParams, body: rcuCommandInput, summary: 'Changes a device of a room; answers the room as the gateway reports it afterwards' }, config: hotelOnly('rcu.update') },
    async (request) => {
      const actor = actorOf(request);
      const { room, device } = request.params as z.infer<typeof deviceParams>;
      await requireRoom(db, actor.hotelId!, room);
      const devices = await changeDevice(db, actor.hotelId!, room, device, request.body as RcuCommand);
      await writeOpLog(db, actor, { action: 'rcu_device', recordType: 'hotel', recordId: actor.hotelId!, after: { room, device, ...(request.body as object) } }, request.ip);
      return ok({ room, devices } satisfies RcuRoomState);
    },
  );

  const calls = rateLimit(TV_CALLS_PER_MINUTE, 60_000);
  const auth = deviceAuthHook(runtime);
  const open = { auth: { public: true } };
  /** The TV's hotel and room: an authorized TV of a room only. */
  const tvRoom = async (terminalId: number) => {
    const t = recordTables.terminal!;
    const [row] = await db.select({ hotelId: t.hotelId, roomNumber: t.roomNumber, authorization: t.authorization }).from(t).where(eq(t.id, terminalId)).limit(1);
    if (!row || row.authorization !== 'authorized' || row.hotelId === null) throw new AppError('forbidden', 'error.forbidden');
    if (!row.roomNumber) throw new AppError('conflict', 'rcu.noRoom');
    return { hotelId: row.hotelId as number, room: row.roomNumber as string };
  };
  await app.register(
    async (scope) => {
      scope.decorateRequest('deviceTerminal', null);
      scope.get('/rcu/devices', { schema: { tags, summary: "The TV's room's devices, read from the gateway now" }, config: open, preValidation: [auth, perTerminalLimit(calls, 'rcu.rateLimited')] }, async (request) => {
        const { hotelId, room } = await tvRoom(request.deviceTerminal!.id);
        return ok({ room, devices: await roomDevices(db, hotelId, room) } satisfies RcuRoomState);
      });
      scope.post(
        '/rcu/devices/:device',
        { schema: { tags, params: tvDeviceParams, body: rcuCommandInput, summary: "Changes a device of the TV's room; answers the room afterwards" }, config: open, preValidation: [auth, perTerminalLimit(calls, 'rcu.rateLimited')] },
        async (request) => {
          const { hotelId, room } = await tvRoom(request.deviceTerminal!.id);
          const { device } = request.params as z.infer<typeof tvDeviceParams>;
          return ok({ room, devices: await changeDevice(db, hotelId, room, device, request.body as RcuCommand) } satisfies RcuRoomState);
        },
      );
    },
    { prefix: DEVICE_API_BASE, logLevel: 'warn' },
  );
}
