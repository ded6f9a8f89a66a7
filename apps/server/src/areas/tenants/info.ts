import { FEATURE_VERSIONS } from '@htv/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';

/**
 * What the user info reports about a hotel from its settings (spec §3 session user: hotelinfo with
 * extended_language and open_xb; feature versions weather, boots, channel, citys), for the user info
 * of a session working in that hotel.
 */
export async function hotelInfoFor(db: Db, hotelId: number) {
  const [hotel] = await db.select().from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  if (!hotel) return null;
  const settings = (hotel.settings ?? {}) as Record<string, unknown>;
  return {
    hotelinfo: {
      id: hotel.id,
      name: hotel.name,
      public_id: hotel.publicId,
      brand_id: hotel.brandId,
      extended_language: Array.isArray(settings.extended_language) ? (settings.extended_language as string[]) : [],
      open_xb: settings.open_xb === true,
    },
    features: {
      ...FEATURE_VERSIONS,
      weather_ver: hotel.weatherVer,
      boots_ver: hotel.bootsVer,
      channel_ver: hotel.channelVer,
      citys_ver: hotel.citysVer,
    },
  };
}
