import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { ok } from '../../http/reply.js';

/**
 * `GET /api/web/weather/pm` (`/content/weather-pm`): the hotel's PM2.5 feature, its weather
 * feature, and its cities' last PM2.5 and PM10 from the provider (the local city first). The flag
 * is switched with `set_hotel_info_by_key?key=pm25` (permission `pm25.update`).
 */
export function registerWeatherPm(app: FastifyInstance, db: Db): void {
  app.get(
    '/api/web/weather/pm',
    { schema: { tags: ['weather'], summary: 'The hotel’s PM2.5 feature and its weather cities’ PM2.5 and PM10' }, config: { auth: { userTypes: [3], permission: 'pm25.read' } } },
    async (request) => {
      const actor = actorOf(request);
      if (actor.hotelId === null) throw new AppError('forbidden', 'error.forbidden');
      const cities = recordTables.weatherCity!;
      const [[hotel], rows] = await Promise.all([
        db.select({ pm25: hotels.pm25, weatherVer: hotels.weatherVer }).from(hotels).where(eq(hotels.id, actor.hotelId)).limit(1),
        db
          .select({ id: cities.id, name: cities.name, nameEn: cities.nameEn, local: cities.local, pm25: cities.pm25, pm10: cities.pm10, airObservedAt: cities.airObservedAt, fetchError: cities.fetchError })
          .from(cities)
          .where(eq(cities.hotelId, actor.hotelId))
          .orderBy(desc(cities.local), asc(cities.id)),
      ]);
      return ok({
        enabled: hotel?.pm25 === true,
        weatherOn: hotel?.weatherVer !== 0,
        cities: rows.map((row) => ({ ...row, pm25: row.pm25 === null ? null : Number(row.pm25), pm10: row.pm10 === null ? null : Number(row.pm10) })),
      });
    },
  );
}
