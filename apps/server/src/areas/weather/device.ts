import { airPart, weatherPart } from '@htv/shared/areas/weather/device';
import { invalidateConfig } from '../devices/config.js';
import { addRecordConfigPart } from '../devices/record-parts.js';
import { addRecordHooks } from '../../records/hooks.js';
import { and, eq, ne } from 'drizzle-orm';
import { recordTables } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { localCity } from './refresh.js';

/** The hotel's weather feature (`weatherVer`, spec part 2 §6: 0 off) and its PM2.5 feature (`pm25`). */
async function weatherFlags(db: Db, hotelId: number): Promise<{ off: boolean; pm25: boolean }> {
  const hotels = recordTables.hotel!;
  const [hotel] = await db.select({ version: hotels.weatherVer, pm25: hotels.pm25 }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  return { off: hotel?.version === 0, pm25: hotel?.pm25 === true };
}

let installed = false;

/**
 * The TVs' `weather` part (the hotel's local city and its last answer; authorized TVs only), sent
 * again when a city is written or refreshed; and the one-local-city rule: setting a city local
 * clears the flag on the hotel's others in the same transaction.
 */
export function installWeather(): void {
  if (installed) return;
  installed = true;
  addRecordConfigPart('weather', ['weatherCity'], async (terminal, { db }) => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
    const flags = await weatherFlags(db, terminal.hotelId);
    if (flags.off) return { city: null, air: null };
    const local = await localCity(db, terminal.hotelId);
    return { ...weatherPart(local as Parameters<typeof weatherPart>[0]), air: flags.pm25 ? airPart(local as Parameters<typeof airPart>[0]) : null };
  });
  // The hotel's form switching its weather feature off or on reaches its TVs at once.
  addRecordHooks('hotel', { afterCommit: (_ctx, { rows }) => rows.forEach((row) => invalidateConfig({ hotelId: row.id as number })) });
  addRecordHooks('weatherCity', {
    async beforeWrite(ctx, values, existing) {
      if (values.local !== true || existing?.local === true) return values;
      const cities = recordTables.weatherCity!;
      const hotelId = (existing?.hotelId ?? values.hotelId ?? ctx.actor.hotelId ?? null) as number | null;
      if (hotelId !== null) await ctx.db.update(cities).set({ local: false }).where(and(eq(cities.hotelId, hotelId), eq(cities.local, true), existing ? ne(cities.id, existing.id as number) : undefined));
      return values;
    },
  });
}
