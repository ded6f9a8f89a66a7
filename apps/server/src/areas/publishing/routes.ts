import { PUBLISH_RECEIPT_IDS_MAX, PUBLISH_RECEIPTS_PATH } from '@htv/shared/areas/publishing/device';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import { runPeriodically } from '../../system/periodic.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { ok } from '../../http/reply.js';
import { getRow } from '../../records/engine.js';
import { sendToHotels } from './copies.js';
import { addRecordHooks } from '../../records/hooks.js';
import { perTerminalLimit, rateLimit } from '../devices/limits.js';
import { deviceAuthHook, type DeviceRuntime } from '../devices/plugin.js';
import { notifyConfigChanged } from '../devices/service.js';
import { allPublishables, itemReceipts, publishDue, recordReceipts, tellHotel } from './service.js';

const tags = ['publishing'];
/** Receipts one terminal may post a minute (a TV sends one when a part arrives and one a read). */
const RECEIPTS_PER_MIN = 60;
/** How often each process looks for scheduled items whose time has come. */
const TICK_MS = 5_000;

const idSchema = z.number().int().positive().max(2_147_483_647);
/** Hotels one send may reach: a brand's hotels fit many times over. */
const SEND_HOTELS_MAX = 200;
const sendBody = z.strictObject({ hotelIds: z.array(idSchema).min(1).max(SEND_HOTELS_MAX) });

const receiptBody = z.strictObject({
  kind: z.string().max(40),
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(PUBLISH_RECEIPT_IDS_MAX),
  state: z.enum(['delivered', 'read']),
});

let installed = false;

/**
 * The publishing mechanism's routes (docs/publishing.md): each publishable's receipts for the
 * console, and the scheduler of timed publishing. Register after the publishable areas.
 */
export function registerPublishing(app: FastifyInstance, db: Db): void {
  if (!installed) {
    installed = true;
    // Items published by tour group follow the group's rooms.
    addRecordHooks('tourGroup', { afterCommit: (_ctx, { rows }) => rows.forEach((row) => tellHotel(row.hotelId as number)) });
  }
  for (const { kind, def } of allPublishables()) {
    app.get(
      `/api/publishing/${def.path}/:id/receipts`,
      {
        schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), tags, summary: `Receipts of one ${kind}: per room and terminal, delivered and read` },
        config: { auth: { userTypes: def.userTypes, permission: `${def.permission}.read` } },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const row = await getRow(db, def, actorOf(request), id);
        return ok(await itemReceipts(db, kind, row));
      },
    );
    app.post(
      `/api/publishing/${def.path}/:id/send-to-hotels`,
      {
        schema: {
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: sendBody,
          tags,
          summary: `A ${kind} sent to other hotels of the caller's reach: a copy for all rooms of each, published as the item is`,
        },
        // Brand targets: hotel users have one hotel and nothing to send to.
        config: { auth: { userTypes: def.userTypes.filter((type) => type !== 3), permission: `${def.permission}.create` } },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const { hotelIds } = request.body as z.infer<typeof sendBody>;
        return ok(await sendToHotels({ db, actor: actorOf(request), ip: request.ip, lang: request.lang }, kind, id, hotelIds));
      },
    );
  }
  runPeriodically(app, 'publishing scheduler', TICK_MS, () => publishDue(db));
}

/** The TVs' receipts under /api/device/v1 (rate-limited per terminal). */
export function registerPublishingDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime): void {
  const perTerminal = rateLimit(RECEIPTS_PER_MIN, 60_000);
  scope.decorateRequest('deviceTerminal', null);
  scope.post(
    PUBLISH_RECEIPTS_PATH,
    {
      schema: { body: receiptBody, tags: ['device API v1'], summary: 'Receipts of items published to the terminal’s room: delivered or read' },
      config: { auth: { public: true } },
      preValidation: [deviceAuthHook(runtime), perTerminalLimit(perTerminal, 'publishing.receiptsLimited')],
    },
    async (request) => {
      const body = request.body as z.infer<typeof receiptBody>;
      const terminals = recordTables.terminal!;
      const [terminal] = await db
        .select({ id: terminals.id, mac: terminals.mac, brandId: terminals.brandId, hotelId: terminals.hotelId, roomNumber: terminals.roomNumber })
        .from(terminals)
        .where(and(eq(terminals.id, request.deviceTerminal!.id), eq(terminals.authorization, 'authorized')));
      if (!terminal) return ok({ recorded: 0 });
      const result = await recordReceipts(db, terminal as Parameters<typeof recordReceipts>[1], body.kind, body.ids, body.state);
      if (result.newlyRead) {
        const roomTvs = await db
          .select({ id: terminals.id })
          .from(terminals)
          .where(and(eq(terminals.hotelId, terminal.hotelId as number), eq(terminals.roomNumber, terminal.roomNumber as string)));
        notifyConfigChanged(roomTvs.map((row) => row.id as number));
      }
      return ok({ recorded: result.recorded });
    },
  );
}
