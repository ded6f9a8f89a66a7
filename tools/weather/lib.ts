import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Open-Meteo's forecast API, simulated (docs/weather.md): `GET /v1/forecast` answers in the real
 * API's format (see apps/server/test/fixtures/weather) with figures that follow the place and the
 * hour, so the demo and the tests have weather without reaching the internet. A latitude or
 * longitude out of range gets the real API's refusal (400, `{reason, error: true}`).
 */

/** A repeatable number in [0, 1) from a place and an hour. */
function noise(...parts: number[]): number {
  let h = 2166136261;
  for (const byte of Buffer.from(parts.join(':'))) h = Math.imul(h ^ byte, 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

const CODES = [0, 1, 2, 3, 45, 61, 80, 3, 1, 0];
const round = (n: number) => Math.round(n * 10) / 10;
const iso = (date: Date) => date.toISOString().slice(0, 16);

/** The answer to one forecast request (the variables the server's adapter asks for). */
export function forecastAnswer(latitude: number, longitude: number, days: number, now = new Date()): Record<string, unknown> {
  // A whole-hour offset from the longitude, as `timezone=auto` would give (near enough for a simulation).
  const offsetHours = Math.max(-12, Math.min(14, Math.round(longitude / 15)));
  const local = new Date(now.getTime() + offsetHours * 3_600_000);
  local.setUTCMinutes(Math.floor(local.getUTCMinutes() / 15) * 15, 0, 0);
  const hour = Math.floor(now.getTime() / 3_600_000);
  // Warmer near the equator, a day's swing peaking mid-afternoon.
  const base = 28 - Math.abs(latitude) * 0.45;
  const temperature = round(base + 5 * Math.sin(((local.getUTCHours() - 9) / 24) * 2 * Math.PI) + 2 * noise(latitude, longitude, hour));
  const dates = Array.from({ length: days }, (_, i) => new Date(local.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  const code = (i: number) => CODES[Math.floor(noise(latitude, longitude, Math.floor(hour / 24) + i) * CODES.length)]!;
  return {
    latitude: round(latitude),
    longitude: round(longitude),
    generationtime_ms: 0.1,
    utc_offset_seconds: offsetHours * 3600,
    timezone: `GMT${offsetHours >= 0 ? '+' : ''}${offsetHours}`,
    timezone_abbreviation: `GMT${offsetHours >= 0 ? '+' : ''}${offsetHours}`,
    elevation: 10.0,
    current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C', weather_code: 'wmo code', wind_speed_10m: 'm/s' },
    current: { time: iso(local), interval: 900, temperature_2m: temperature, weather_code: code(0), wind_speed_10m: round(1 + 6 * noise(longitude, latitude, hour)) },
    daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°C', temperature_2m_min: '°C' },
    daily: {
      time: dates,
      weather_code: dates.map((_, i) => code(i)),
      temperature_2m_max: dates.map((_, i) => round(base + 5 + 3 * noise(latitude, i))),
      temperature_2m_min: dates.map((_, i) => round(base - 5 - 3 * noise(longitude, i))),
    },
  };
}

/**
 * The answer to one air-quality request (`/v1/air-quality?current=pm2_5,pm10`, the real API's format
 * at the same origin: the real service is air-quality-api.open-meteo.com), hourly figures that follow
 * the place and the hour.
 */
export function airQualityAnswer(latitude: number, longitude: number, now = new Date()): Record<string, unknown> {
  const offsetHours = Math.max(-12, Math.min(14, Math.round(longitude / 15)));
  const local = new Date(now.getTime() + offsetHours * 3_600_000);
  local.setUTCMinutes(0, 0, 0);
  const hour = Math.floor(now.getTime() / 3_600_000);
  const pm25 = round(8 + 60 * noise(latitude, longitude, hour, 25));
  return {
    latitude: round(latitude),
    longitude: round(longitude),
    generationtime_ms: 0.1,
    utc_offset_seconds: offsetHours * 3600,
    timezone: `GMT${offsetHours >= 0 ? '+' : ''}${offsetHours}`,
    timezone_abbreviation: `GMT${offsetHours >= 0 ? '+' : ''}${offsetHours}`,
    elevation: 10.0,
    current_units: { time: 'iso8601', interval: 'seconds', pm2_5: 'μg/m³', pm10: 'μg/m³' },
    current: { time: iso(local), interval: 3600, pm2_5: pm25, pm10: round(pm25 * (1.3 + 0.5 * noise(longitude, hour))) },
  };
}

/** Serves the simulated API on `port` (0: any free port); answers the server and its address. */
export async function startWeatherSimulator(port = 0, host = '127.0.0.1'): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || (url.pathname !== '/v1/forecast' && url.pathname !== '/v1/air-quality')) return send(404, { reason: 'Not Found', error: true });
    const latitude = Number(url.searchParams.get('latitude'));
    const longitude = Number(url.searchParams.get('longitude'));
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return send(400, { reason: `Latitude must be in range of -90 to 90°. Given: ${latitude.toFixed(1)}.`, error: true });
    if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return send(400, { reason: `Longitude must be in range of -180 to 180°. Given: ${longitude.toFixed(1)}.`, error: true });
    if (url.pathname === '/v1/air-quality') return send(200, airQualityAnswer(latitude, longitude));
    send(200, forecastAnswer(latitude, longitude, Math.min(16, Math.max(1, Number(url.searchParams.get('forecast_days') ?? 7)))));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host}:${address.port}` };
}
