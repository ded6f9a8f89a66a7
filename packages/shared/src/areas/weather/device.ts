/**
 * The weather as a TV receives it (the `weather` configuration part, docs/weather.md): the hotel's
 * local city with the provider's last answer, or `city: null` when the hotel has no local city or no
 * recent answer (the TV then shows no figures rather than invented ones). No schema: the TV carries no zod.
 */
export interface WeatherConfigPart {
  city: WeatherCityOnTv | null;
  /**
   * The local city's PM2.5 and PM10 (μg/m³) when the hotel's PM2.5 feature is on and the answer is
   * recent (`WEATHER_STALE_MS`); absent or null otherwise (docs/weather.md "PM2.5").
   */
  air?: AirOnTv | null;
}

export interface AirOnTv {
  pm25: number;
  pm10: number;
  observedAt: string;
}

export interface WeatherCityOnTv {
  name: string;
  nameEn: string | null;
  /** WMO weather interpretation code (`weatherWords`). */
  weatherCode: number;
  temperature: number;
  /** Metres a second. */
  wind: number;
  observedAt: string;
  days: WeatherDay[];
}

export interface WeatherDay {
  /** The city's local date, yyyy-mm-dd. */
  date: string;
  weatherCode: number;
  max: number;
  min: number;
}

/** Words for the WMO weather interpretation codes (the provider's `weather_code`), by group. */
const WORDS: readonly [codes: readonly number[], zh: string, en: string][] = [
  [[0], '晴', 'Clear'],
  [[1, 2], '多云', 'Partly cloudy'],
  [[3], '阴', 'Overcast'],
  [[45, 48], '雾', 'Fog'],
  [[51, 53, 55, 56, 57], '毛毛雨', 'Drizzle'],
  [[61, 63, 65, 66, 67], '雨', 'Rain'],
  [[71, 73, 75, 77], '雪', 'Snow'],
  [[80, 81, 82], '阵雨', 'Showers'],
  [[85, 86], '阵雪', 'Snow showers'],
  [[95, 96, 99], '雷雨', 'Thunderstorm'],
];

/** A weather code in words, Chinese for the Chinese languages; an unknown code says so. */
export function weatherWords(code: number, chinese: boolean): string {
  const found = WORDS.find(([codes]) => codes.includes(code));
  return found ? found[chinese ? 1 : 2] : chinese ? '未知' : 'Unknown';
}

/** An answer older than this is not shown: the provider has been unreachable too long. */
export const WEATHER_STALE_MS = 3 * 3_600_000;

/** The local city's air, hiding an answer missing or older than `WEATHER_STALE_MS`. */
export function airPart(local: { pm25?: number | string | null; pm10?: number | string | null; airObservedAt?: string | Date | null } | undefined, now = Date.now()): AirOnTv | null {
  const observed = local?.airObservedAt ? new Date(local.airObservedAt) : null;
  if (!local || !observed || local.pm25 === null || local.pm25 === undefined || local.pm10 === null || local.pm10 === undefined || now - observed.getTime() > WEATHER_STALE_MS) return null;
  return { pm25: Number(local.pm25), pm10: Number(local.pm10), observedAt: observed.toISOString() };
}

/** A PM2.5 concentration (24-hour, μg/m³) in words by China's air-quality grades (HJ 633-2012 breakpoints 35/75/115/150/250). */
export function pm25Words(pm25: number, chinese: boolean): string {
  const grades: [number, string, string][] = [
    [35, '优', 'Good'],
    [75, '良', 'Moderate'],
    [115, '轻度污染', 'Lightly polluted'],
    [150, '中度污染', 'Moderately polluted'],
    [250, '重度污染', 'Heavily polluted'],
  ];
  const found = grades.find(([limit]) => pm25 <= limit);
  return found ? found[chinese ? 1 : 2] : chinese ? '严重污染' : 'Severely polluted';
}

interface CityRow {
  name: string;
  nameEn?: string | null;
  weatherCode?: number | null;
  temperature?: number | string | null;
  wind?: number | string | null;
  forecast?: unknown;
  observedAt?: string | Date | null;
}

/** The part from the hotel's local city row (undefined: none), hiding an answer missing or older than `WEATHER_STALE_MS`. */
export function weatherPart(local: CityRow | undefined, now = Date.now()): WeatherConfigPart {
  const observed = local?.observedAt ? new Date(local.observedAt) : null;
  if (!local || !observed || local.weatherCode === null || local.weatherCode === undefined || local.temperature === null || local.temperature === undefined || now - observed.getTime() > WEATHER_STALE_MS) return { city: null };
  return {
    city: {
      name: local.name,
      nameEn: local.nameEn || null,
      weatherCode: local.weatherCode,
      temperature: Number(local.temperature),
      wind: Number(local.wind ?? 0),
      observedAt: observed.toISOString(),
      days: Array.isArray(local.forecast) ? (local.forecast as WeatherDay[]) : [],
    },
  };
}
