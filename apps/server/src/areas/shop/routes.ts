import { idSchema, type FieldDef } from '@htv/shared';
import { shopOrder } from '@htv/shared/areas/shop/records';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { registerShopCatalogueHooks } from './catalogue.js';
import { cancelOrder, openOrderCounts, registerShopOrderHooks } from './orders.js';

const tags = ['shop'];
const cancelBody = z.strictObject({ cancelReason: z.string().trim().min(1, { error: 'shop.cancelReasonRequired' }).max(200) });

/**
 * The console's shop routes beyond the generated records: cancelling an order with a reason, and the
 * open-order counts the order screen polls for its badge and sound (docs/shop.md "The console").
 */
export function registerShop(app: FastifyInstance, db: Db): void {
  registerShopCatalogueHooks();
  registerShopOrderHooks();
  app.post(
    '/api/admin/shop/orders/:id/cancel',
    {
      schema: { tags, params: z.object({ id: idSchema }), body: cancelBody, summary: 'Cancel an open order of the hotel with a reason (the room’s TV shows it)' },
      config: { auth: { userTypes: [3], permission: 'shopOrder.cancel' }, fields: { cancelReason: shopOrder.fields.cancelReason as unknown as FieldDef } },
    },
    async (request) => {
      await cancelOrder(db, actorOf(request), (request.params as { id: number }).id, (request.body as z.infer<typeof cancelBody>).cancelReason, request.ip);
      return ok({});
    },
  );
  app.get(
    '/api/admin/shop/orders/live',
    { schema: { tags, summary: 'The hotel’s open orders by state and its latest order id (polled by the order screen)' }, config: { auth: { userTypes: [3], permission: 'shopOrder.read' } } },
    async (request) => {
      const actor = actorOf(request);
      if (actor.hotelId === null) throw notFound();
      return ok(await openOrderCounts(db, actor.hotelId));
    },
  );
}
