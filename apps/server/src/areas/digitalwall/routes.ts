import { DIGITAL_WALL_CONFIG_FIELDS, digitalWallConfigInput, type DigitalWallConfig } from '@htv/shared/areas/digitalwall/records';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../files/storage.js';
import { invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { addConfigPart, invalidateConfig, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';
import { writeOpLog } from '../oplog/log.js';
import { isHotelWallFile, publicTvIds, saveWallConfig, wallConfigOf, wallPart } from './service.js';

/** The wall's pictures and videos at addresses signed for each terminal. */
const wallFiles = signedDeviceFiles('digitalwall', isHotelWallFile);
let installed = false;

async function pushWall(db: Db, hotelIds: Iterable<number>): Promise<void> {
  for (const hotelId of new Set(hotelIds)) {
    const ids = await publicTvIds(db, hotelId);
    if (ids.length) invalidateConfig({ terminalIds: ids });
  }
}

/**
 * The TVs' side of the digital wall (docs/digitalwall.md): the `digitalWall` part of public-area TVs
 * and its signed files, and the items' rules (the switch window: both times or neither, start before
 * end). A write of an item or of the settings is pushed to the hotel's public-area TVs only.
 */
export function registerDigitalWallDeviceRoutes(scope: FastifyInstance, runtime: DeviceRuntime, db: Db, storage: Storage, signingKey: string): void {
  wallFiles.register(scope, db, runtime, storage, signingKey);
  if (installed) return;
  installed = true;
  addConfigPart('digitalWall', (terminal, ctx) => {
    const urlOf = wallFiles.forTerminal(ctx.runtime, terminal.id);
    return urlOf ? wallPart(ctx.db, terminal, urlOf) : undefined;
  });
  addRecordHooks('digitalWallItem', {
    beforeWrite(_ctx, values, existing) {
      const row = { ...(existing ?? {}), ...values };
      const start = row.switchStart as string | null | undefined;
      const end = row.switchEnd as string | null | undefined;
      if (!start !== !end) throw invalidFields({ [start ? 'switchEnd' : 'switchStart']: { key: 'digitalwall.switchBoth' } });
      if (start && end && start >= end) throw invalidFields({ switchEnd: { key: 'digitalwall.switchOrder' } });
      return values;
    },
    afterCommit(ctx, { rows }) {
      return pushWall(ctx.db, rows.map((row) => row.hotelId as number));
    },
  });
}

/** The hotel's wall settings (`GET|PUT /api/digital-wall/config`, hotel users). */
export function registerDigitalWall(app: FastifyInstance, db: Db): void {
  const tags = ['digital wall'];
  const hotelOnly = (permission: string) => ({ auth: { userTypes: [3] as const, permission }, fields: DIGITAL_WALL_CONFIG_FIELDS });
  app.get('/api/digital-wall/config', { schema: { tags, summary: "The hotel's digital-wall settings" }, config: hotelOnly('digitalWall.read') }, async (request) => ok(await wallConfigOf(db, actorOf(request).hotelId!)));
  app.put(
    '/api/digital-wall/config',
    { schema: { tags, body: digitalWallConfigInput, summary: "Saves the hotel's digital-wall settings" }, config: hotelOnly('digitalWall.update') },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body as DigitalWallConfig;
      await db.transaction(async (tx) => {
        await saveWallConfig(tx, actor.hotelId!, input);
        await writeOpLog(tx, actor, { action: 'digital_wall_config', recordType: 'hotel', recordId: actor.hotelId!, after: input }, request.ip);
      });
      await pushWall(db, [actor.hotelId!]);
      return ok(await wallConfigOf(db, actor.hotelId!));
    },
  );
}
