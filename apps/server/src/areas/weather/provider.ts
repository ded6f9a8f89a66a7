import type { WeatherDay } from '@htv/shared/areas/weather/device';
import { fetchRemote, RemoteRefused } from '../../files/remote.js';

/** One city's weather as a provider answers it: now and the next days. */
export interface WeatherReport {
  observedAt: Date;
  weatherCode: number;
  /** Degrees Celsius. */
  temperature: number;
  /** Metres a second. */
  wind: number;
  days: WeatherDay[];
}

/** A place's air as a provider answers it: particulate matter in μg/m³. */
export interface AirReport {
  observedAt: Date;
  pm25: number;
  pm10: number;
}

/** A failed fetch: the reason as the console shows it (a catalogue key and its params). */
export class WeatherUnavailable extends Error {
  constructor(
    readonly key: 'weather.unreachable' | 'weather.badAnswer' | 'weather.airUnreachable',
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/**
 * A weather provider (docs/weather.md, "A provider's adapter"): answers one city's report by its
 * third-party code, or throws `WeatherUnavailable`. Never invents a figure.
 */
export interface WeatherProvider {
  readonly name: string;
  report(code: string): Promise<WeatherReport>;
  /** The place's PM2.5 and PM10 now (absent: the provider has no air quality). */
  air?(code: string): Promise<AirReport>;
}

/** Bounds of one provider request: a forecast answer is a few KB. */
const LIMITS = { maxBytes: 256 * 1024, timeoutMs: 10_000, maxRedirects: 2 };
const DAYS = 3;

const numbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((n) => typeof n === 'number');

/**
 * Reads an Open-Meteo forecast answer (`/v1/forecast` with `current=temperature_2m,weather_code,
 * wind_speed_10m`, `daily=weather_code,temperature_2m_max,temperature_2m_min`, `wind_speed_unit=ms`,
 * `timezone=auto`). Times are the city's local time with `utc_offset_seconds`.
 */
export function readOpenMeteo(body: unknown): WeatherReport {
  const answer = body as { utc_offset_seconds?: unknown; current?: Record<string, unknown>; daily?: Record<string, unknown> } | null;
  const current = answer?.current;
  const daily = answer?.daily;
  const offset = typeof answer?.utc_offset_seconds === 'number' ? answer.utc_offset_seconds : 0;
  const time = typeof current?.time === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(current.time) ? Date.parse(`${current.time}:00Z`) - offset * 1000 : NaN;
  const { temperature_2m: temperature, weather_code: code, wind_speed_10m: wind } = current ?? {};
  if (Number.isNaN(time) || typeof temperature !== 'number' || typeof code !== 'number' || typeof wind !== 'number') throw new WeatherUnavailable('weather.badAnswer');
  const dates = Array.isArray(daily?.time) ? (daily.time as unknown[]) : [];
  const [codes, max, min] = [daily?.weather_code, daily?.temperature_2m_max, daily?.temperature_2m_min];
  const days: WeatherDay[] =
    numbers(codes) && numbers(max) && numbers(min)
      ? dates.slice(0, DAYS).flatMap((date, i) => (typeof date === 'string' && codes[i] !== undefined && max[i] !== undefined && min[i] !== undefined ? [{ date, weatherCode: codes[i]!, max: max[i]!, min: min[i]! }] : []))
      : [];
  return { observedAt: new Date(time), weatherCode: code, temperature, wind, days };
}

/** The city's local time with its UTC offset (`2026-07-29T18:00` at 7200 s) as an instant; NaN when unreadable. */
const localTime = (time: unknown, offset: number) => (typeof time === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(time) ? Date.parse(`${time}:00Z`) - offset * 1000 : NaN);

/**
 * Reads an Open-Meteo air-quality answer (`/v1/air-quality` with `current=pm2_5,pm10`,
 * `timezone=auto`): μg/m³. A missing figure is a `weather.badAnswer`, never a zero.
 */
export function readOpenMeteoAir(body: unknown): AirReport {
  const answer = body as { utc_offset_seconds?: unknown; current?: Record<string, unknown> } | null;
  const offset = typeof answer?.utc_offset_seconds === 'number' ? answer.utc_offset_seconds : 0;
  const time = localTime(answer?.current?.time, offset);
  const { pm2_5: pm25, pm10 } = answer?.current ?? {};
  if (Number.isNaN(time) || typeof pm25 !== 'number' || typeof pm10 !== 'number' || pm25 < 0 || pm10 < 0) throw new WeatherUnavailable('weather.badAnswer');
  return { observedAt: new Date(time), pm25, pm10 };
}

/** One bounded GET of a JSON answer; failures as `WeatherUnavailable` with `unreachable` as the key of a refusal. */
async function getJson(url: URL, unreachable: 'weather.unreachable' | 'weather.airUnreachable'): Promise<unknown> {
  let body: Buffer;
  try {
    body = await fetchRemote(url.toString(), LIMITS);
  } catch (error) {
    if (error instanceof RemoteRefused) throw new WeatherUnavailable(unreachable, { reason: error.key, reasonParams: error.params ?? {} });
    throw error;
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new WeatherUnavailable('weather.badAnswer');
  }
}

/**
 * Open-Meteo (no key): `baseUrl` is https://api.open-meteo.com, or the simulator's address
 * (tools/weather). Fetched with the remote-fetch limits (time, size, public addresses only unless
 * the operator configured this address: `allowConfiguredRemote`).
 */
export function openMeteo(baseUrl: string, airUrl?: string): WeatherProvider {
  return {
    name: 'open-meteo',
    async report(code) {
      const [latitude, longitude] = code.split(',');
      const url = new URL('/v1/forecast', baseUrl);
      url.search = new URLSearchParams({
        latitude: latitude!,
        longitude: longitude!,
        current: 'temperature_2m,weather_code,wind_speed_10m',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min',
        wind_speed_unit: 'ms',
        timezone: 'auto',
        forecast_days: String(DAYS),
      }).toString();
      return readOpenMeteo(await getJson(url, 'weather.unreachable'));
    },
    ...(airUrl && {
      async air(code: string) {
        const [latitude, longitude] = code.split(',');
        const url = new URL('/v1/air-quality', airUrl);
        url.search = new URLSearchParams({ latitude: latitude!, longitude: longitude!, current: 'pm2_5,pm10', timezone: 'auto' }).toString();
        return readOpenMeteoAir(await getJson(url, 'weather.airUnreachable'));
      },
    }),
  };
}
