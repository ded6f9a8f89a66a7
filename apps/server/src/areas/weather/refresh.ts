import { translate, type MessageKey } from '@htv/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { invalidateLevel } from '../devices/record-parts.js';
import { WeatherUnavailable, type WeatherProvider } from './provider.js';

/** The provider's answers are fetched again this often (its models update hourly). */
export const WEATHER_REFRESH_MS = 30 * 60_000;

/** A failure as the console shows it, in both languages (the row has one column). */
function failureText(error: WeatherUnavailable): string {
  const say = (lang: 'zh-CN' | 'en-US') => {
    const reason = typeof error.params.reason === 'string' ? translate(error.params.reason as MessageKey, lang, error.params.reasonParams as Record<string, unknown>) : '';
    return translate(error.key, lang, { reason });
  };
  return `${say('zh-CN')} / ${say('en-US')}`.slice(0, 200);
}

/**
 * Fetches each city code once (a code's weather is the same for every hotel listing it) and writes
 * the answer on every row with that code; a failure keeps the last answer and records why, so the
 * console says so and the TV hides an answer once it is stale (`WEATHER_STALE_MS`). Answers how many
 * codes were refreshed and how many failed.
 */
export async function refreshWeather(db: Db, provider: WeatherProvider): Promise<{ refreshed: number; failed: number }> {
  const cities = recordTables.weatherCity!;
  const codes = [...new Set((await db.selectDistinct({ code: cities.code }).from(cities)).map((row) => row.code as string))];
  const failedCodes = new Set<string>();
  const owners = { id: cities.id, hotelId: cities.hotelId, brandId: cities.brandId };
  for (const code of codes) {
    let written: { id: number; hotelId: unknown; brandId: unknown }[];
    try {
      const report = await provider.report(code);
      written = await db
        .update(cities)
        .set({ weatherCode: report.weatherCode, temperature: String(report.temperature), wind: String(report.wind), forecast: report.days, observedAt: report.observedAt, fetchError: null })
        .where(eq(cities.code, code))
        .returning(owners);
    } catch (error) {
      if (!(error instanceof WeatherUnavailable)) throw error;
      failedCodes.add(code);
      written = await db.update(cities).set({ fetchError: failureText(error) }).where(eq(cities.code, code)).returning(owners);
    }
    if (provider.air) {
      // PM2.5 and PM10 (the hotels' PM2.5 feature shows them); a failure keeps the last figures and says why.
      try {
        const air = await provider.air(code);
        await db.update(cities).set({ pm25: String(air.pm25), pm10: String(air.pm10), airObservedAt: air.observedAt }).where(eq(cities.code, code));
      } catch (error) {
        if (!(error instanceof WeatherUnavailable)) throw error;
        failedCodes.add(code);
        await db.update(cities).set({ fetchError: failureText(error) }).where(eq(cities.code, code));
      }
    }
    // The TVs of the hotels listing the city fetch their weather part again.
    written.forEach(invalidateLevel);
  }
  return { refreshed: codes.length - failedCodes.size, failed: failedCodes.size };
}

/** The hotel's local city row, if it has one. */
export async function localCity(db: Db, hotelId: number) {
  const cities = recordTables.weatherCity!;
  const [row] = await db.select().from(cities).where(and(eq(cities.hotelId, hotelId), eq(cities.local, true))).limit(1);
  return row;
}

/** Refreshes on a schedule (in the one process that runs the database jobs). */
export function startWeatherRefresh(db: Db, provider: WeatherProvider, log: { error(obj: object, msg: string): void }): { stop(): void } {
  const run = () => void refreshWeather(db, provider).catch((error: unknown) => log.error({ err: error }, 'weather not refreshed'));
  const timer = setInterval(run, WEATHER_REFRESH_MS);
  timer.unref();
  run();
  return { stop: () => clearInterval(timer) };
}
