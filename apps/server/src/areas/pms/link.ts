import type { PmsProtocol } from '@htv/shared/areas/pms/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels, pmsInterfaces, recordTables } from '../../db/schema/index.js';

/** A hotel as the PMS interfaces see it: its owner ids, the protocol its PMS vendor speaks, its secret and FIAS link. */
export interface PmsHotel {
  id: number;
  brandId: number;
  publicId: string;
  /** Null while the hotel names no enabled PMS vendor: no interface accepts its events. */
  protocol: PmsProtocol | null;
  secret: string;
  fiasEnabled: boolean;
  fiasPort: number | null;
  fiasAllowed: string[];
}

/** The hotel's interface row, created (with a fresh secret) the first time anything asks for it. */
export async function ensureInterface(db: Db, hotel: { id: number; brandId: number }) {
  // Read first: every PMS request asks, and the row exists from the first one on.
  const [found] = await db.select().from(pmsInterfaces).where(eq(pmsInterfaces.hotelId, hotel.id));
  if (found) return found;
  await db.insert(pmsInterfaces).values({ hotelId: hotel.id, brandId: hotel.brandId }).onConflictDoNothing();
  const [row] = await db.select().from(pmsInterfaces).where(eq(pmsInterfaces.hotelId, hotel.id));
  return row!;
}

export const addressList = (value: string): string[] => value.split(/[\s,，]+/).filter(Boolean);

async function pmsHotelWhere(db: Db, where: ReturnType<typeof eq>): Promise<PmsHotel | null> {
  const vendors = recordTables.pmsVendor!;
  // One statement for the hotel, its vendor's protocol and its interface row (every PMS request asks).
  const [found] = await db
    .select({
      hotel: { id: hotels.id, brandId: hotels.brandId, publicId: hotels.publicId, protocol: sql<string | null>`case when ${vendors.enabled} then ${vendors.protocol} end` },
      link: pmsInterfaces,
    })
    .from(hotels)
    .leftJoin(vendors, eq(vendors.id, hotels.pmsVendorId))
    .leftJoin(pmsInterfaces, eq(pmsInterfaces.hotelId, hotels.id))
    .where(where)
    .limit(1);
  if (!found) return null;
  const { hotel } = found;
  const link = found.link ?? (await ensureInterface(db, hotel));
  return {
    ...hotel,
    protocol: (hotel.protocol as PmsProtocol | null) ?? null,
    secret: link.secret,
    fiasEnabled: link.fiasEnabled,
    fiasPort: link.fiasPort,
    fiasAllowed: addressList(link.fiasAllowed),
  };
}

export const pmsHotelByPublicId = (db: Db, publicId: string) => pmsHotelWhere(db, eq(hotels.publicId, publicId));
export const pmsHotelById = (db: Db, id: number) => pmsHotelWhere(db, eq(hotels.id, id));
