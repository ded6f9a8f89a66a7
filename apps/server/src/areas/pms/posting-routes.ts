import { idSchema } from '@htv/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { runPeriodically } from '../../system/periodic.js';
import { writeOpLog } from '../oplog/log.js';
import { sendHttpPostings } from './posting-http.js';
import { installRoomChargePoster, retryPosting } from './posting.js';

/** How often the HTTP postings queued are sent (each waits its back-off). */
const POSTING_EVERY_MS = 5_000;

/**
 * Charges to the room posted to the PMS (docs/pms.md "Posting charges"): the poster every process
 * installs, the sender of HTTP postings, and the hotel's retry of a failed posting from its order
 * lists (the shop's and the VOD orders').
 */
export function registerPostings(app: FastifyInstance, db: Db, options: { scheduler?: boolean } = {}): void {
  installRoomChargePoster();
  if (options.scheduler !== false) runPeriodically(app, 'PMS postings', POSTING_EVERY_MS, () => sendHttpPostings(db));
  const routes = [
    { area: 'shop', path: '/api/admin/shop/orders/:id/repost', permission: 'shopOrder.deliver', recordType: 'shopOrder' },
    { area: 'vod', path: '/api/admin/vod/orders/:id/repost', permission: 'vodOrder.retry', recordType: 'vodOrder' },
  ] as const;
  for (const route of routes) {
    app.post(
      route.path,
      {
        schema: { tags: [route.area], params: z.object({ id: idSchema }), summary: 'Send a charge the PMS refused to the PMS again (same posting sequence)' },
        config: { auth: { userTypes: [3], permission: route.permission } },
      },
      async (request) => {
        const actor = actorOf(request);
        if (actor.hotelId === null) throw notFound();
        const id = (request.params as { id: number }).id;
        await retryPosting(db, actor.hotelId, route.area, id);
        await writeOpLog(db, actor, { action: 'repost', recordType: route.recordType, recordId: id }, request.ip);
        return ok({});
      },
    );
  }
}
