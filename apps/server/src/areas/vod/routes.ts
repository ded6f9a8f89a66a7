import type { VodConfigPart } from '@htv/shared/areas/vod/device';
import { idSchema, records } from '@htv/shared';
import { actorOf } from '../../auth/plugin.js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { runPeriodically } from '../../system/periodic.js';
import { SHOP_CURRENCY } from '../shop/device.js';
import { vodCatalogue } from './device.js';
import { applyDueSends, registerVodLibraryHooks } from './library.js';
import { registerVodOrderHooks } from './orders.js';
import { vodBillGenerateBody, type VodBillGenerateBody } from '@htv/shared/areas/vod/bills';
import { generateBills, registerVodBillHooks } from './bills.js';

/** How often timed sends are looked for (a send applies at its time; the tick marks it sent and pushes it). */
const SEND_TICK_MS = 15_000;

/**
 * The console's VOD: the pool's, libraries' and sends' rules, the order workflow, the timed sends'
 * tick, and the hotel UI preview (`/vod_operation/hotel_template`): what a chosen hotel's TVs resolve
 * (without MAC sends), at the console's file addresses. Answers the tick, for tests.
 */
export function registerVod(app: FastifyInstance, db: Db, options: { scheduler?: boolean } = {}): () => Promise<void> {
  registerVodLibraryHooks();
  registerVodOrderHooks();
  // The natural month's clock: the one settlement uses (DEVICE_STATS_UTC_OFFSET_MIN, China time by default).
  const utcOffsetMin = () => app.devices.options.statsUtcOffsetMin;
  registerVodBillHooks(utcOffsetMin);
  app.post(
    '/api/admin/vod/bills/generate',
    {
      schema: { tags: ['vod'], body: vodBillGenerateBody, summary: 'Computes the split bills of a month or quarter from its orders (budget bills again; later stages kept)' },
      config: { auth: { userTypes: [1], permission: 'vodBill.generate' }, fields: { period: records.vodBill.fields.period } },
    },
    async (request) => ok(await generateBills(db, actorOf(request), (request.body as VodBillGenerateBody).period, utcOffsetMin(), new Date(), request.ip)),
  );
  const tick = runPeriodically(app, 'VOD timed sends', SEND_TICK_MS, () => applyDueSends(db), { timer: options.scheduler !== false });
  const query = z.object({ hotelId: idSchema });
  app.get(
    '/api/admin/vod/hotel-preview',
    {
      schema: { tags: ['vod'], querystring: query, summary: 'The VOD page a hotel’s TVs resolve (sends to all, its brand and itself), for the hotel UI preview' },
      config: { auth: { userTypes: [1], permission: 'vodHotelTemplate.read' } },
    },
    async (request) => {
      const { hotelId } = request.query as z.infer<typeof query>;
      const h = recordTables.hotel!;
      const [hotel] = await db.select({ id: h.id, brandId: h.brandId }).from(h).where(eq(h.id, hotelId)).limit(1);
      if (!hotel) throw notFound();
      const catalogue = await vodCatalogue(db, { mac: null, brandId: hotel.brandId as number, hotelId }, (id) => `/api/files/${id}`);
      const part: VodConfigPart = { ...catalogue, rentals: [], canBuy: false, currency: SHOP_CURRENCY };
      return ok(part);
    },
  );
  return tick;
}
