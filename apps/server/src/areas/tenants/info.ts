import { FEATURE_VERSIONS, type Lang } from '@htv/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';
import { titleSql } from '../../records/engine.js';

/**
 * What the user info reports about a hotel from its settings (spec §3 session user: hotelinfo with
 * extended_language and open_xb; feature versions weather, boots, channel, citys), for the user info
 * of a session working in that hotel; its name in `lang`.
 */
export async function hotelInfoFor(db: Db, hotelId: number, lang?: Lang) {
  const [hotel] = await db.select({ ...getTableColumns(hotels), title: titleSql('hotel', lang) }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  if (!hotel) return null;
  const settings = (hotel.settings ?? {}) as Record<string, unknown>;
  return {
    hotelinfo: {
      id: hotel.id,
      name: hotel.title,
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
