import type { EventsRequest, TrackingConfigPart, TrackingReportRow } from '@htv/shared/areas/tracking/index';
import { EventTracker } from '@htv/shared/areas/tracking/tracker';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { VirtualTv } from '../../../tools/simulator/lib.js';
import { Client, listeningUrl, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
let tvA: Tv;
let tvA2: Tv;
let tvB: Tv;
let today: string;

const configOf = async (tv: Tv) => {
  const res = await tv.device.get<{ tracking: TrackingConfigPart }>('/api/device/v1/config');
  expect(res.status).toBe(200);
  return res.body.data.tracking;
};
const reportOf = async (client: Client, query = '') => {
  const res = await client.get<{ items: TrackingReportRow[] }>(`/api/tracking/report?from=${today}&to=${today}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items;
};
const send = (tv: Tv, events: { event: string; at?: string }[]) => tv.device.post('/api/device/v1/events', { events });

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['eventTrack.read']);
  b = await createTenant(t, ['eventTrack.read']);
  tvA = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
  tvA2 = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[1]) });
  tvB = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[0]) });
  today = t.app.devices.today();
  // The worker's database is shared by the test files: start from no tracked events.
  await t.database.db.execute(sql`delete from tracked_events`);
});

describe('tracked events configuration', () => {
  it('reaches the TVs in the tracking part: enabled events with their sampling', async () => {
    expect(await configOf(tvA)).toEqual({ events: [] });
    const opened = await platform.post('/api/records/tracked-events', { event: 'appOpened', sampling: 50 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await platform.post('/api/records/tracked-events', { event: 'keyPressed', sampling: 100 })).status).toBe(200);
    expect((await platform.post('/api/records/tracked-events', { event: 'pageViewed', enabled: false, sampling: 100 })).status).toBe(200);
    expect(await configOf(tvA)).toEqual({ events: [{ event: 'appOpened', sampling: 50 }, { event: 'keyPressed', sampling: 100 }] });
    // A change reaches the TVs at once (the configuration is built again).
    const changed = await platform.put(`/api/records/tracked-events/${opened.body.data.id}`, { event: 'appOpened', enabled: true, sampling: 20 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await configOf(tvB)).events[0]).toEqual({ event: 'appOpened', sampling: 20 });
  });

  it('refuses a sampling outside 1-100, an unknown or duplicate event, with field messages in both languages', async () => {
    const low = await platform.post('/api/records/tracked-events', { event: 'contentPlayed', sampling: 0 });
    expect(low.status).toBe(422);
    expect(low.body.errors?.sampling?.[0]).toMatch(/at least 1/);
    const zh = await platform.withLang('zh-CN').post('/api/records/tracked-events', { event: 'contentPlayed', sampling: 101 });
    expect(zh.status).toBe(422);
    expect(zh.body.errors?.sampling?.[0]).toMatch(/不能大于100/);
    expect((await platform.post('/api/records/tracked-events', { event: 'scrolled' })).status).toBe(422);
    const twice = await platform.post('/api/records/tracked-events', { event: 'keyPressed', sampling: 10 });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.event).toBeDefined();
  });

  it('is the platform’s: brand and hotel users can neither read nor change it', async () => {
    expect((await a.brand.get('/api/records/tracked-events')).status).toBe(403);
    expect((await a.hotel.post('/api/records/tracked-events', { event: 'contentPlayed' })).status).toBe(403);
  });
});

describe('POST /api/device/v1/events', () => {
  it('needs the device token and a valid batch', async () => {
    expect((await new Client(t.app).post('/api/device/v1/events', { events: [{ event: 'appOpened' }] })).status).toBe(401);
    const bad = await send(tvA, [{ event: 'scrolled' }]);
    expect(bad.status).toBe(422);
    expect((await send(tvA, [])).status).toBe(422);
    expect((await send(tvA, Array.from({ length: 501 }, () => ({ event: 'appOpened' })))).status).toBe(422);
  });

  it('counts tracked events per day and event, ignores untracked ones, and reports them per tenant', async () => {
    const res = await send(tvA, [
      { event: 'appOpened' },
      { event: 'appOpened' },
      { event: 'keyPressed', at: new Date().toISOString() },
      // Not tracked (disabled, or not configured): not counted.
      { event: 'pageViewed' },
      { event: 'contentPlayed' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ accepted: 3 });
    expect((await send(tvA2, [{ event: 'appOpened' }])).body.data).toEqual({ accepted: 1 });
    expect((await send(tvB, Array.from({ length: 5 }, () => ({ event: 'keyPressed' })))).body.data).toEqual({ accepted: 5 });
    await t.app.trackedEvents.flush();

    expect(await reportOf(a.hotel)).toEqual([
      { day: today, event: 'appOpened', count: 2 },
      { day: today, event: 'keyPressed', count: 1 },
    ]);
    expect(await reportOf(a.sibling)).toEqual([{ day: today, event: 'appOpened', count: 1 }]);
    expect(await reportOf(a.brand)).toEqual([
      { day: today, event: 'appOpened', count: 3 },
      { day: today, event: 'keyPressed', count: 1 },
    ]);
    expect(await reportOf(b.brand)).toEqual([{ day: today, event: 'keyPressed', count: 5 }]);
    // Narrowing by another tenant's hotel never widens the reach.
    expect(await reportOf(b.brand, `&hotelId=${a.hotelIds[0]}`)).toEqual([]);
    const all = await reportOf(platform, `&brandId=${a.brandId}&event=appOpened`);
    expect(all).toEqual([{ day: today, event: 'appOpened', count: 3 }]);
  });

  it('a report range ends after it starts and spans at most a year', async () => {
    const res = await platform.get(`/api/tracking/report?from=2026-05-02&to=2026-05-01`);
    expect(res.status).toBe(422);
    expect(res.body.errors.to).toBeDefined();
    expect((await platform.get(`/api/tracking/report?from=2024-01-01&to=2026-01-01`)).status).toBe(422);
    expect((await platform.get(`/api/tracking/report?from=x&to=2026-01-01`)).status).toBe(422);
  });

  it('exports the report as a spreadsheet', async () => {
    const res = await a.brand.get(`/api/tracking/report/export?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('limits each terminal’s batches (429 with Retry-After)', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, b.hotelIds[1]) });
    for (let i = 0; i < 30; i++) expect((await send(tv, [{ event: 'keyPressed' }])).status).toBe(200);
    const limited = await send(tv, [{ event: 'keyPressed' }]);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.errkey).toBe('tracking.eventsLimited');
    // Another terminal is not affected.
    expect((await send(tvB, [{ event: 'keyPressed' }])).status).toBe(200);
  });
});

describe('the TV side: sampling and batches', () => {
  it('tracks configured events only, each kept with its sampling probability', async () => {
    const sent: EventsRequest[] = [];
    let draw = 0;
    // Draws 0, 0.25, 0.5, 0.75, … : a sampling of 50% keeps every other event.
    const tracker = new EventTracker(async (body) => (sent.push(body), true), () => (draw++ % 4) / 4);
    tracker.configure({ events: [{ event: 'keyPressed', sampling: 50 }, { event: 'appOpened', sampling: 100 }] });
    const kept = Array.from({ length: 8 }, () => tracker.track('keyPressed')).filter(Boolean).length;
    expect(kept).toBe(4);
    expect(tracker.track('contentPlayed')).toBe(false);
    expect(tracker.track('appOpened')).toBe(true);
    await tracker.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events.map((e) => e.event)).toEqual(['keyPressed', 'keyPressed', 'keyPressed', 'keyPressed', 'appOpened']);
    expect(tracker.sent).toBe(5);
  });

  it('keeps a batch the server did not take for the next flush', async () => {
    let accept = false;
    const tracker = new EventTracker(async () => accept);
    tracker.configure({ events: [{ event: 'pageViewed', sampling: 100 }] });
    tracker.track('pageViewed');
    await tracker.flush();
    expect(tracker.pending).toBe(1);
    accept = true;
    await tracker.flush();
    expect(tracker.pending).toBe(0);
  });

  it('a simulated TV sends its events, counted in the report', async () => {
    const url = await listeningUrl(t);
    const tv = new VirtualTv({ url, seed: `track-${b.brandId}`, index: 0, installCode: await installCodeOf(t, b.hotelIds[0]), push: false, eventsPerHeartbeat: 0 });
    try {
      await tv.register();
      await tv.fetchConfig();
      await t.app.trackedEvents.flush();
      const before = (await reportOf(b.hotel)).find((r) => r.event === 'keyPressed')?.count ?? 0;
      // keyPressed is sampled at 100%: every one is sent.
      for (let i = 0; i < 3; i++) tv.tracker.track('keyPressed');
      await tv.heartbeat();
      expect(tv.tracker.sent).toBe(3);
      await t.app.trackedEvents.flush();
      const after = (await reportOf(b.hotel)).find((r) => r.event === 'keyPressed')?.count ?? 0;
      expect(after - before).toBe(3);
    } finally {
      await tv.stop();
    }
  });
});
