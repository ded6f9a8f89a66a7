import type { WeatherConfigPart } from '@htv/shared/areas/weather/device';
import { translate } from '@htv/shared';
import { startWeatherSimulator } from '@htv/tools/weather';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMeteo, readOpenMeteo, readOpenMeteoAir, WeatherUnavailable, type WeatherProvider } from '../src/areas/weather/provider.js';
import { refreshWeather } from '../src/areas/weather/refresh.js';
import { recordTables } from '../src/db/schema/index.js';
import { allowRemoteForTests } from '../src/files/remote.js';
import { configPartOf, hotelTv } from './devices-support.js';
import { recordedProvider, type RecordedProvider } from './support/net.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/weather/${name}`, import.meta.url));
const RECORDED = fixture('open-meteo-forecast.json');
const REFUSAL = fixture('open-meteo-refusal.json');
const AIR = fixture('open-meteo-air-quality.json');

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** A local server answering what each test sets: the provider's recorded answers. */
let provider: RecordedProvider;
let simulator: { server: Server; url: string };

async function created(client: Client, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post('/api/records/weather-city', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const weatherOf = (tv: Awaited<ReturnType<typeof hotelTv>>) => configPartOf<WeatherConfigPart>(tv, 'weather');

beforeAll(async () => {
  provider = await recordedProvider('application/json', RECORDED);
  simulator = await startWeatherSimulator();
  t = await testApp();
  a = await createTenant(t, ['weather.read', 'weather.create', 'weather.update', 'weather.delete', 'pm25.read', 'pm25.update']);
  b = await createTenant(t, ['weather.read', 'weather.create', 'weather.update', 'weather.delete']);
});

afterAll(async () => {
  allowRemoteForTests(null);
  await provider.close();
  simulator.server.close();
});

/** Lets the adapter reach the local servers (loopback is refused otherwise). */
const allowLocal = () => allowRemoteForTests((address) => address === '127.0.0.1');

describe('the Open-Meteo adapter', () => {
  it('reads a recorded answer: now in the city’s time, the weather code, wind in m/s and three days', () => {
    expect(readOpenMeteo(JSON.parse(RECORDED.toString('utf8')))).toEqual({
      observedAt: new Date('2026-09-15T08:00:00Z'), // 12:00 at UTC+4
      weatherCode: 3,
      temperature: 18.5,
      wind: 3,
      days: [
        { date: '2026-09-15', weatherCode: 3, max: 19.8, min: 13.3 },
        { date: '2026-09-16', weatherCode: 80, max: 21.4, min: 15.3 },
        { date: '2026-09-17', weatherCode: 3, max: 16.6, min: 12.1 },
      ],
    });
  });

  it('asks the forecast with the variables it reads, over HTTP within the limits', async () => {
    allowLocal();
    provider.asked.length = 0;
    provider.answer = { status: 200, body: RECORDED };
    const report = await openMeteo(provider.url).report('53.19,50.13');
    expect(report.temperature).toBe(18.5);
    const url = provider.asked[0]!;
    expect(url.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '53.19',
      longitude: '50.13',
      current: 'temperature_2m,weather_code,wind_speed_10m',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min',
      wind_speed_unit: 'ms',
      timezone: 'auto',
      forecast_days: '3',
    });
  });

  it('says why it has no figures: a refusal, an answer it cannot read, one too large, a private address', async () => {
    allowLocal();
    const failure = async (provider: WeatherProvider) => {
      const error = await provider.report('53.19,50.13').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WeatherUnavailable);
      return error as WeatherUnavailable;
    };
    provider.answer = { status: 400, body: REFUSAL };
    expect(await failure(openMeteo(provider.url))).toMatchObject({ key: 'weather.unreachable', params: { reason: 'theme.remoteStatus', reasonParams: { status: 400 } } });
    provider.answer = { status: 200, body: Buffer.from('<html>maintenance</html>') };
    expect((await failure(openMeteo(provider.url))).key).toBe('weather.badAnswer');
    provider.answer = { status: 200, body: Buffer.from(JSON.stringify({ current: { time: '2026-09-15T12:00' } })) };
    expect((await failure(openMeteo(provider.url))).key).toBe('weather.badAnswer');
    provider.answer = { status: 200, body: Buffer.alloc(300 * 1024, 32) };
    expect((await failure(openMeteo(provider.url))).params.reason).toBe('theme.importTooLarge');
    // Without the allowance a loopback address is never fetched.
    allowRemoteForTests(null);
    expect((await failure(openMeteo(provider.url))).params.reason).toBe('theme.remoteRefused');
  });

  it('answers the same format from the simulator the demo runs', async () => {
    allowLocal();
    const report = await openMeteo(simulator.url).report('31.23,121.47');
    expect(report.days).toHaveLength(3);
    expect(report.temperature).toBeGreaterThan(-30);
    expect(report.temperature).toBeLessThan(45);
    expect(Date.now() - report.observedAt.getTime()).toBeLessThan(3_600_000);
    // The simulator refuses as the real API does.
    const refused = await fetch(`${simulator.url}/v1/forecast?latitude=999&longitude=0`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(JSON.parse(REFUSAL.toString('utf8')));
  });
});

describe('weather cities', () => {
  it('require the city and a latitude,longitude code; the weather columns are the server’s', async () => {
    const missing = await a.hotel.post('/api/records/weather-city', { nameEn: 'Nowhere' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['code', 'name']);
    const bad = await a.hotel.post('/api/records/weather-city', { name: '上海', code: '101020100' });
    expect(bad.body.errors.code).toEqual([translate('weather.codeFormat', 'en-US')]);
    const invented = await a.hotel.post('/api/records/weather-city', { name: '上海', code: '31.23,121.47', temperature: 40 });
    expect(Object.keys(invented.body.errors)).toEqual(['temperature']);
  });

  it('keep one local city per hotel, and stay within their tenant', async () => {
    const first = await created(a.hotel, { name: '上海', nameEn: 'Shanghai', code: '31.23,121.47', local: true });
    const second = await created(a.hotel, { name: '伦敦', nameEn: 'London', code: '51.51,-0.13', international: true, local: true });
    expect((await a.hotel.get(`/api/records/weather-city/${first.id}`)).body.data.local).toBe(false);
    expect(second.local).toBe(true);
    // Another hotel's local city is untouched by this hotel's choice.
    const theirs = await created(b.hotel, { name: '东京', code: '35.68,139.69', local: true });
    await created(a.hotel, { name: '北京', code: '39.9,116.41', local: true });
    expect((await b.hotel.get(`/api/records/weather-city/${theirs.id}`)).body.data.local).toBe(true);
    for (const outsider of [b.hotel, b.brand, a.sibling]) {
      expect((await outsider.get(`/api/records/weather-city/${first.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/records/weather-city/${first.id}`, { name: 'x', code: '1,1' })).status).toBe(404);
      expect((await outsider.delete(`/api/records/weather-city/${first.id}`)).status).toBe(404);
    }
  });
});

describe('the weather part', () => {
  it('carries the local city’s last answer after a refresh, hides it once the provider has failed too long, and says why in the console', async () => {
    const tv = await hotelTv(t, a.hotelIds[1]);
    expect(await weatherOf(tv)).toEqual({ city: null, air: null });
    const city = await created(a.sibling, { name: '萨马拉', nameEn: 'Samara', code: '53.19,50.13', local: true });

    // The recorded answer, fresh: the TV shows it (its observation time moved to now).
    allowLocal();
    const now = new Date();
    const fresh = JSON.parse(RECORDED.toString('utf8'));
    fresh.utc_offset_seconds = 0;
    fresh.current.time = now.toISOString().slice(0, 16);
    provider.answer = { status: 200, body: Buffer.from(JSON.stringify(fresh)) };
    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await refreshWeather(t.database.db, openMeteo(provider.url))).failed).toBe(0);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect(await weatherOf(tv)).toEqual({
      city: { name: '萨马拉', nameEn: 'Samara', weatherCode: 3, temperature: 18.5, wind: 3, observedAt: expect.any(String), days: expect.arrayContaining([{ date: '2026-09-16', weatherCode: 80, max: 21.4, min: 15.3 }]) },
      air: null,
    });
    // Another hotel's TV never gets it.
    expect(await weatherOf(await hotelTv(t, b.hotelIds[1]))).toEqual({ city: null, air: null });

    // The provider fails: the console says why, in both languages; the TV keeps the last answer a while.
    provider.answer = { status: 400, body: REFUSAL };
    expect((await refreshWeather(t.database.db, openMeteo(provider.url))).failed).toBeGreaterThan(0);
    const row = (await a.sibling.get(`/api/records/weather-city/${city.id}`)).body.data;
    expect(row.fetchError).toContain('The weather provider cannot be reached: The address answered with status 400');
    expect(row.fetchError).toContain('天气服务暂时无法访问');
    expect((await weatherOf(tv))!.city).not.toBeNull();
    // The hotel's weather feature switched off (`weatherVer` 0): its TVs show no weather.
    await t.database.db.update(recordTables.hotel!).set({ weatherVer: 0 }).where(eq(recordTables.hotel!.id, a.hotelIds[1]));
    expect(await weatherOf(tv)).toEqual({ city: null, air: null });
    await t.database.db.update(recordTables.hotel!).set({ weatherVer: 2 }).where(eq(recordTables.hotel!.id, a.hotelIds[1]));
    // Past the stale limit the TV shows no figures rather than old ones.
    await t.database.db.update(recordTables.weatherCity!).set({ observedAt: new Date(Date.now() - 4 * 3_600_000) }).where(eq(recordTables.weatherCity!.id, city.id));
    expect(await weatherOf(tv)).toEqual({ city: null, air: null });
  });
});

describe('PM2.5', () => {
  it('reads Open-Meteo’s recorded air-quality answer: μg/m³ at the city’s time', () => {
    expect(readOpenMeteoAir(JSON.parse(AIR.toString('utf8')))).toEqual({ observedAt: new Date('2026-07-29T16:00:00Z'), pm25: 13.7, pm10: 25.3 });
    expect(() => readOpenMeteoAir({ current: { time: '2026-07-29T18:00', pm10: 3 } })).toThrow(WeatherUnavailable);
  });

  it('asks the air-quality API for the variables it reads; the simulator answers the same format', async () => {
    allowLocal();
    provider.asked.length = 0;
    provider.answer = { status: 200, body: AIR };
    const air = await openMeteo(provider.url, provider.url).air!('40.4,-3.7');
    expect(air.pm25).toBe(13.7);
    expect(provider.asked[0]!.pathname).toBe('/v1/air-quality');
    expect(Object.fromEntries(provider.asked[0]!.searchParams)).toEqual({ latitude: '40.4', longitude: '-3.7', current: 'pm2_5,pm10', timezone: 'auto' });
    // Without an air-quality address the provider has no air.
    expect(openMeteo(provider.url).air).toBeUndefined();
    const simulated = await openMeteo(simulator.url, simulator.url).air!('31.23,121.47');
    expect(simulated.pm25).toBeGreaterThan(0);
    expect(Date.now() - simulated.observedAt.getTime()).toBeLessThan(3_600_000);
  });

  it('is on the TVs’ weather part only while the hotel’s PM2.5 feature is on; the console page shows the figures of its own hotel', async () => {
    const c = await createTenant(t, ['weather.read', 'weather.create', 'pm25.read', 'pm25.update']);
    const hotelId = c.hotelIds[0];
    const tv = await hotelTv(t, hotelId);
    const city = await created(c.hotel, { name: '马德里', nameEn: 'Madrid', code: '40.4,-3.7', local: true });
    allowLocal();
    const now = new Date();
    const forecast = JSON.parse(RECORDED.toString('utf8'));
    forecast.utc_offset_seconds = 0;
    forecast.current.time = now.toISOString().slice(0, 16);
    const air = JSON.parse(AIR.toString('utf8'));
    air.utc_offset_seconds = 0;
    air.current.time = now.toISOString().slice(0, 16);
    // One local server for both APIs: each path its recorded answer.
    const both = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(request.url?.startsWith('/v1/air-quality') ? air : forecast));
    });
    await new Promise<void>((resolve) => both.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(both.address() as AddressInfo).port}`;
    try {
      expect((await refreshWeather(t.database.db, openMeteo(url, url))).failed).toBe(0);
    } finally {
      both.close();
    }
    // The feature is off (the hotel's default): the TV gets the weather without the air.
    let part = (await weatherOf(tv))!;
    expect(part.city).not.toBeNull();
    expect(part.air).toBeNull();
    const page = await c.hotel.get('/api/web/weather/pm');
    expect(page.body.data).toMatchObject({ enabled: false, weatherOn: true, cities: [expect.objectContaining({ id: city.id, pm25: 13.7, pm10: 25.3, local: true })] });
    // Switched on by key (permission pm25.update): the TV shows PM2.5 and PM10.
    expect((await c.hotel.post('/api/web/set_hotel_info_by_key?key=pm25&value=true')).status).toBe(200);
    part = (await weatherOf(tv))!;
    expect(part.air).toEqual({ pm25: 13.7, pm10: 25.3, observedAt: expect.any(String) });
    expect((await c.hotel.get('/api/web/weather/pm')).body.data.enabled).toBe(true);
    // The weather feature off hides the air too.
    await t.database.db.update(recordTables.hotel!).set({ weatherVer: 0 }).where(eq(recordTables.hotel!.id, hotelId));
    expect(await weatherOf(tv)).toEqual({ city: null, air: null });
    expect((await c.hotel.get('/api/web/weather/pm')).body.data.weatherOn).toBe(false);
    await t.database.db.update(recordTables.hotel!).set({ weatherVer: 2 }).where(eq(recordTables.hotel!.id, hotelId));
    // Stale air is not shown.
    await t.database.db.update(recordTables.weatherCity!).set({ airObservedAt: new Date(Date.now() - 4 * 3_600_000) }).where(eq(recordTables.weatherCity!.id, city.id));
    expect((await weatherOf(tv))!.air).toBeNull();
    // Another hotel's page lists none of its cities; users without the right and brand users are refused.
    expect((await c.sibling.get('/api/web/weather/pm')).body.data.cities).toEqual([]);
    expect((await b.hotel.get('/api/web/weather/pm')).status).toBe(403);
    expect((await c.brand.get('/api/web/weather/pm')).status).toBe(403);
  });

  it('a failing air-quality answer keeps the weather and says why', async () => {
    allowLocal();
    const failing = createServer((request, response) => {
      if (request.url?.startsWith('/v1/air-quality')) {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('bad gateway');
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(RECORDED);
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const city = await created(b.hotel, { name: '喀山', nameEn: 'Kazan', code: '55.79,49.12' });
    try {
      expect((await refreshWeather(t.database.db, openMeteo(url, url))).failed).toBeGreaterThan(0);
    } finally {
      failing.close();
    }
    const row = (await b.hotel.get(`/api/records/weather-city/${city.id}`)).body.data;
    expect(row.temperature).toBe(18.5);
    expect(row.pm25).toBeNull();
    expect(row.fetchError).toContain('The air-quality provider cannot be reached: The address answered with status 502');
  });
});
