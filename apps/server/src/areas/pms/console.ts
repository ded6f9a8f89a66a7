import { idSchema, PERMISSIONS } from '@htv/shared';
import { PMS_INTERFACE_FIELDS, pmsInterfaceUpdate, type PmsInterfaceUpdate, type PmsInterfaceView } from '@htv/shared/areas/pms/protocol';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { z } from 'zod';
import { can, type Actor } from '../../auth/actor.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { pmsInterfaces } from '../../db/schema/index.js';
import { forbidden, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { hotelInReach } from '../tenants/reach.js';
import { addressList, pmsHotelById } from './link.js';

const tags = ['pms'];
const FIELDS = { ...PMS_INTERFACE_FIELDS, hotel_id: { kind: 'ref' as const, required: false, label: { 'zh-CN': '酒店', 'en-US': 'Hotel' }, schema: idSchema } };

/**
 * The caller and the hotel a call is about, within the caller's reach. Hotel users need the PMS
 * interface right; platform and brand users the right to change the hotel.
 */
async function callerAndHotel(db: Db, request: FastifyRequest, hotelId: number | undefined): Promise<{ actor: Actor; hotelId: number }> {
  const actor = actorOf(request);
  if (!can(actor, actor.userType === 3 ? PERMISSIONS.pmsInterface : 'hotel.update')) throw forbidden();
  return { actor, hotelId: (await hotelInReach(db, actor, hotelId)).id };
}

async function viewOf(db: Db, hotelId: number): Promise<PmsInterfaceView> {
  const hotel = (await pmsHotelById(db, hotelId))!;
  return {
    hotelId,
    protocol: hotel.protocol,
    endpoint: `/api/pms/v1/hotels/${hotel.publicId}/events`,
    secret: hotel.secret,
    fiasEnabled: hotel.fiasEnabled,
    fiasPort: hotel.fiasPort,
    fiasAllowed: hotel.fiasAllowed.join('\n'),
  };
}

async function checkFias(db: Db, hotelId: number, input: PmsInterfaceUpdate): Promise<void> {
  const addresses = addressList(input.fiasAllowed ?? '');
  if (addresses.some((address) => !isIP(address))) throw invalidFields({ fiasAllowed: { key: 'pms.addressList' } });
  if (input.fiasEnabled && !input.fiasPort) throw invalidFields({ fiasPort: { key: 'validation.required', params: { field: PMS_INTERFACE_FIELDS.fiasPort.label } } });
  if (input.fiasPort) {
    const [taken] = await db
      .select({ hotelId: pmsInterfaces.hotelId })
      .from(pmsInterfaces)
      .where(and(eq(pmsInterfaces.fiasPort, input.fiasPort), ne(pmsInterfaces.hotelId, hotelId)));
    if (taken) throw invalidFields({ fiasPort: { key: 'pms.portTaken' } });
  }
}

/**
 * The hotel's PMS interface in the console (docs/pms.md): its endpoint and secret, rotating the secret,
 * and the FIAS link (enabled, port, allowed addresses). Every call names a hotel in the caller's reach.
 */
export function registerPmsConsole(app: FastifyInstance, db: Db): void {
  const hotelQuery = z.object({ hotel_id: idSchema.optional() });
  const auth = { userTypes: [1, 2, 3] as const };
  app.get(
    '/api/pms/interface',
    { schema: { querystring: hotelQuery, tags, summary: "The hotel's PMS interface: protocol, endpoint, secret, FIAS link" }, config: { auth, fields: FIELDS } },
    async (request) => {
      const { hotelId } = await callerAndHotel(db, request, (request.query as { hotel_id?: number }).hotel_id);
      return ok(await viewOf(db, hotelId));
    },
  );
  app.post(
    '/api/pms/interface/rotate',
    { schema: { body: hotelQuery, tags, summary: "Draws a new secret for the hotel's HTTP interface (the old one stops working at once)" }, config: { auth, fields: FIELDS } },
    async (request) => {
      const { actor, hotelId } = await callerAndHotel(db, request, (request.body as { hotel_id?: number }).hotel_id);
      await pmsHotelById(db, hotelId);
      await db.transaction(async (tx) => {
        await tx
          .update(pmsInterfaces)
          .set({ secret: sql`encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex')`, updatedAt: new Date() })
          .where(eq(pmsInterfaces.hotelId, hotelId));
        await writeOpLog(tx, actor, { action: 'pms_secret_rotate', recordType: 'hotel', recordId: hotelId }, request.ip);
      });
      return ok(await viewOf(db, hotelId));
    },
  );
  app.put(
    '/api/pms/interface',
    { schema: { body: pmsInterfaceUpdate, tags, summary: "Sets the hotel's FIAS link: enabled, port, addresses allowed to connect" }, config: { auth, fields: FIELDS } },
    async (request) => {
      const input = request.body as PmsInterfaceUpdate;
      const { actor, hotelId } = await callerAndHotel(db, request, input.hotel_id);
      const before = await viewOf(db, hotelId);
      await checkFias(db, hotelId, input);
      const after = { fiasEnabled: input.fiasEnabled, fiasPort: input.fiasPort ?? null, fiasAllowed: addressList(input.fiasAllowed ?? '').join(',') };
      await db.transaction(async (tx) => {
        await tx.update(pmsInterfaces).set({ ...after, updatedAt: new Date() }).where(eq(pmsInterfaces.hotelId, hotelId));
        await writeOpLog(tx, actor, { action: 'pms_fias_update', recordType: 'hotel', recordId: hotelId, before: { fiasEnabled: before.fiasEnabled, fiasPort: before.fiasPort, fiasAllowed: before.fiasAllowed }, after }, request.ip);
      });
      return ok(await viewOf(db, hotelId));
    },
  );
}
