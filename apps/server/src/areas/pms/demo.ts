import { FiasPmsLink, HotelDay, HttpPmsLink, playDay, type PmsLink } from '@htv/tools/pms';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { hotels, pmsInterfaces, recordTables, rooms } from '../../db/schema/index.js';
import { ensureInterface } from './link.js';

/**
 * The demo's PMSs (docs/demo.md): the Sunrise Bund Hotel's Opera speaks FIAS to this server, the
 * Sunrise West Lake Hotel's 绿云 iHotel posts signed HTTP events; each plays a day of the hotel in
 * its last rooms (where the demo fleet's TVs are), so rooms have guests and the PMS log fills.
 */
const DEMO_PMS = [
  { publicId: '1000001', vendorKey: 'opera', protocol: 'fias' },
  { publicId: '1000002', vendorKey: 'lvyun_ihotel', protocol: 'http' },
] as const;
const ROOMS = 40;
/** Seconds between two events of a demo hotel, on average. */
const EVERY_S = 90;
/** The demo Opera's FIAS port (`DEMO_PMS_FIAS_PORT`; 0: the demo plays HTTP only). */
export const DEMO_FIAS_PORT = Number(process.env.DEMO_PMS_FIAS_PORT ?? 5010);

/** Every start: the demo vendors' protocols and the demo hotels' interfaces (a FIAS link on localhost). */
export async function prepareDemoPms(db: Db): Promise<void> {
  const vendors = recordTables.pmsVendor!;
  for (const demo of DEMO_PMS) {
    await db.update(vendors).set({ protocol: demo.protocol }).where(eq(vendors.key, demo.vendorKey));
    const [hotel] = await db.select({ id: hotels.id, brandId: hotels.brandId }).from(hotels).where(eq(hotels.publicId, demo.publicId));
    if (!hotel) continue;
    const link = await ensureInterface(db, hotel);
    if (demo.protocol === 'fias' && DEMO_FIAS_PORT && link.fiasPort === null) {
      await db.update(pmsInterfaces).set({ fiasEnabled: true, fiasPort: DEMO_FIAS_PORT, fiasAllowed: '127.0.0.1,::1' }).where(eq(pmsInterfaces.hotelId, hotel.id));
    }
  }
}

/** Starts the demo hotels' PMSs against the server at `url` (FIAS on `fiasHost`). */
export async function runDemoPms(db: Db, url: string, fiasHost: string, log: FastifyBaseLogger): Promise<{ stop(): void }> {
  const found = await db
    .select({ id: hotels.id, publicId: hotels.publicId, secret: pmsInterfaces.secret, fiasPort: pmsInterfaces.fiasPort, fiasEnabled: pmsInterfaces.fiasEnabled })
    .from(hotels)
    .innerJoin(pmsInterfaces, eq(pmsInterfaces.hotelId, hotels.id))
    .where(inArray(hotels.publicId, DEMO_PMS.map((demo) => demo.publicId)));
  const running: { stop(): void }[] = [];
  for (const hotel of found) {
    const protocol = DEMO_PMS.find((demo) => demo.publicId === hotel.publicId)!.protocol;
    const numbers = (await db.select({ number: rooms.number }).from(rooms).where(eq(rooms.hotelId, hotel.id)).orderBy(desc(rooms.id)).limit(ROOMS)).map((room) => room.number);
    let link: PmsLink;
    if (protocol === 'fias') {
      if (!hotel.fiasEnabled || !hotel.fiasPort) continue;
      link = new FiasPmsLink(fiasHost, hotel.fiasPort, (state) => log.info({ hotel: hotel.publicId, state }, 'demo PMS FIAS link'));
    } else {
      link = new HttpPmsLink(url, hotel.publicId, hotel.secret);
    }
    running.push(playDay(new HotelDay(hotel.publicId, numbers, { occupancy: 0.6, group: `TG${hotel.publicId.slice(-2)}` }), link, EVERY_S * 1000, (error) => log.debug({ err: error }, 'demo PMS')));
  }
  return { stop: () => running.forEach((day) => day.stop()) };
}
