import type { SurveyPart } from '@htv/shared/areas/hotelsurvey/device';
import { surveyFigures, surveyVerdict } from '@htv/shared/areas/hotelsurvey/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet, type TvEvent } from '../../../tools/simulator/lib.js';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, hotelTv, installCodeOf, randomMac, type Tv } from './devices-support.js';
import { createUser } from './support/fixtures.js';
import { Client, clientFor, listeningUrl, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let tvA: Tv;
let tvB: Tv;

const base = () => ({ hotel: a.hotelIds[0], surveyDate: '2026-12-01', tvCount: 2, macs: `${tvA.mac.toLowerCase()}, ${tvB.mac}`, rooms: '801,802', ips: '192.168.1.20,192.168.1.21' });
async function create(body: Record<string, unknown> = base()) {
  const res = await platform.post('/api/records/hotel-surveys', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, any>;
}
const act = (id: number, action: string) => platform.post(`/api/records/hotel-surveys/${id}/actions/${action}`);

let fleet: Fleet | undefined;
afterAll(async () => {
  await fleet?.stop();
});

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['survey.read', 'survey.create', 'survey.update', 'survey.delete', 'survey.start']);
  tvA = await hotelTv(t, a.hotelIds[0]);
  tvB = await hotelTv(t, a.hotelIds[0]);
});

describe('hotel survey rules', () => {
  it("answers the spec's messages: MAC format, max 9 MACs, hotel id not filled, counts above 0, required fields", async () => {
    const zh = platform.withLang('zh-CN');
    const format = await zh.post('/api/records/hotel-surveys', { ...base(), macs: 'AABBCCDDEEF' });
    expect(format.status).toBe(422);
    expect(format.body.errors.macs).toEqual(['MAC格式错误']);
    const formatEn = await platform.post('/api/records/hotel-surveys', { ...base(), macs: 'AA:BB:CC:DD:EE:FF' });
    expect(formatEn.body.errors.macs).toEqual(['MAC format error']);
    const ten = Array.from({ length: 10 }, () => randomMac()).join(',');
    const tooMany = await platform.post('/api/records/hotel-surveys', { ...base(), macs: ten });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.macs).toEqual(['Max 9 MACs']);
    expect((await zh.post('/api/records/hotel-surveys', { ...base(), macs: ten })).body.errors.macs).toEqual(['最多9个MAC']);
    const nine = await platform.post('/api/records/hotel-surveys', { ...base(), macs: Array.from({ length: 9 }, () => randomMac()).join('\n') });
    expect(nine.status).toBe(200);
    const { hotel: _hotel, ...noHotel } = base();
    const missing = await zh.post('/api/records/hotel-surveys', noHotel);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.hotel).toEqual(['酒店ID未填写']);
    expect((await platform.post('/api/records/hotel-surveys', noHotel)).body.errors.hotel).toEqual(['Hotel id not filled']);
    const empty = await platform.post('/api/records/hotel-surveys', { hotel: a.hotelIds[0], surveyDate: '2026-12-01', tvCount: 0, macs: tvA.mac });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['ips', 'rooms', 'tvCount']);
    const unknownHotel = await platform.post('/api/records/hotel-surveys', { ...base(), hotel: 2_000_000_000 });
    expect(unknownHotel.status).toBe(404);
  });

  it('stores the MACs upper case without duplicates; start locks editing and deleting; pause, resume, complete and close follow the states', async () => {
    const survey = await create({ ...base(), macs: `${tvA.mac.toLowerCase()},${tvA.mac}` });
    expect(survey.macs).toBe(tvA.mac);
    expect(survey.status).toBe('notStarted');
    const edited = await platform.put(`/api/records/hotel-surveys/${survey.id}`, { ...base(), rooms: '803' });
    expect(edited.status).toBe(200);
    expect((await act(survey.id, 'pause')).body.errkey).toBe('error.invalidAction');
    const started = await act(survey.id, 'start');
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('inProgress');
    expect(started.body.data.startedAt).toBeTruthy();
    const locked = await platform.put(`/api/records/hotel-surveys/${survey.id}`, { ...base(), rooms: '804' });
    expect(locked.status).toBe(409);
    expect(locked.body.errkey).toBe('hotelsurvey.locked');
    expect((await platform.delete(`/api/records/hotel-surveys/${survey.id}`)).status).toBe(409);
    expect((await platform.get(`/api/records/hotel-surveys/${survey.id}`)).body.data.rooms).toBe('803');
    // Irreversible: nothing leads back to not started, and start is refused once started.
    const again = await act(survey.id, 'start');
    expect(again.status).toBe(409);
    expect(again.body.errkey).toBe('error.invalidAction');
    expect((await act(survey.id, 'pause')).body.data.status).toBe('paused');
    expect((await platform.put(`/api/records/hotel-surveys/${survey.id}`, base())).status).toBe(409);
    expect((await act(survey.id, 'pause')).status).toBe(409);
    expect((await act(survey.id, 'resume')).body.data.status).toBe('inProgress');
    expect((await act(survey.id, 'complete')).body.data.status).toBe('completed');
    expect((await platform.put(`/api/records/hotel-surveys/${survey.id}`, base())).body.errkey).toBe('hotelsurvey.locked');
    expect((await act(survey.id, 'resume')).status).toBe(409);
    expect((await act(survey.id, 'close')).body.data.status).toBe('closed');
    // Closed stays locked for edits (the declaration's locked states), in the caller's language.
    const closedEdit = await platform.withLang('zh-CN').put(`/api/records/hotel-surveys/${survey.id}`, base());
    expect(closedEdit.status).toBe(409);
    expect(closedEdit.body.errmsg).toBe(translate('hotelsurvey.locked', 'zh-CN'));
    expect((await act(survey.id, 'start')).status).toBe(409);
    expect((await platform.delete(`/api/records/hotel-surveys/${survey.id}`)).status).toBe(200);
  });

  it('is the platform’s alone: brand and hotel users get 403 on every route, even with the permission strings', async () => {
    const survey = await create();
    for (const client of [a.brand, a.hotel]) {
      expect((await client.get('/api/records/hotel-surveys')).status).toBe(403);
      expect((await client.get(`/api/records/hotel-surveys/${survey.id}`)).status).toBe(403);
      expect((await client.post('/api/records/hotel-surveys', base())).status).toBe(403);
      expect((await client.put(`/api/records/hotel-surveys/${survey.id}`, base())).status).toBe(403);
      expect((await client.post(`/api/records/hotel-surveys/${survey.id}/actions/start`)).status).toBe(403);
      expect((await client.delete(`/api/records/hotel-surveys/${survey.id}`)).status).toBe(403);
      expect((await client.get(`/api/hotel-surveys/${survey.id}/results`)).status).toBe(403);
    }
    // A platform user without the permission is refused too.
    const clerk = await clientFor(t, await createUser(t.database.db, { userType: 1, permissions: [] }));
    expect((await clerk.get(`/api/hotel-surveys/${survey.id}/results`)).status).toBe(403);
    expect((await clerk.get('/api/records/hotel-surveys')).status).toBe(403);
    expect((await platform.get('/api/hotel-surveys/2000000000/results')).status).toBe(404);
  });
});

describe('what a survey measures', () => {
  it('sends the survey part to the listed TVs of its hotel while in progress, takes their reports and shows each verdict', async () => {
    const other = await createTenant(t, []);
    const foreign = await hotelTv(t, other.hotelIds[0]);
    const survey = await create({ ...base(), macs: `${tvA.mac},${tvB.mac},${foreign.mac}` });
    expect(await configPartOf(tvA, 'survey')).toBeUndefined();
    await act(survey.id, 'start');
    const part = (await configPartOf<SurveyPart>(tvA, 'survey'))!;
    expect(part).toMatchObject({ surveyId: survey.id, pings: 5, downloadBytes: 1024 * 1024 });
    // A TV of another hotel never takes part in this hotel's survey, even when its MAC is listed.
    expect(await configPartOf(foreign, 'survey')).toBeUndefined();
    const ping = await tvA.device.get('/api/device/v1/survey/ping');
    expect(ping.status).toBe(200);
    const file = await tvA.device.get('/api/device/v1/survey/download');
    expect(file.status).toBe(200);
    expect(file.raw.body.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(file.raw.body.length).toBeLessThan(1024 * 1024 + 200);
    const good = { surveyId: survey.id, runId: part.runId, pingsMs: [12, 15, 11, 20, 14], downloadBytes: 1048576, downloadMs: 400, model: 'HT-55U', firmware: '3.1.0' };
    expect((await tvA.device.post('/api/device/v1/survey/report', good)).body.data.verdict).toBe('good');
    const partB = (await configPartOf<SurveyPart>(tvB, 'survey'))!;
    const poor = await tvB.device.post('/api/device/v1/survey/report', { surveyId: survey.id, runId: partB.runId, pingsMs: [300, null, 250, 280, 310], downloadBytes: 1048576, downloadMs: 3000 });
    expect(poor.body.data.verdict).toBe('poor');
    const refused = await foreign.device.post('/api/device/v1/survey/report', { ...good });
    expect(refused.status).toBe(409);
    expect(refused.body.errkey).toBe('hotelsurvey.notSurveying');
    const invalid = await tvA.device.post('/api/device/v1/survey/report', { ...good, pingsMs: [], downloadMs: -1, extra: 1 });
    expect(invalid.status).toBe(422);
    const results = await platform.get(`/api/hotel-surveys/${survey.id}/results`);
    expect(results.status).toBe(200);
    const byMac = Object.fromEntries((results.body.data.results as any[]).map((r) => [r.mac, r]));
    expect(byMac[tvA.mac]).toMatchObject({ verdict: 'good', rttMs: 14, loss: 0, model: 'HT-55U', firmware: '3.1.0', terminalId: tvA.terminalId });
    expect(byMac[tvA.mac].mbps).toBeCloseTo(20.97, 1);
    expect(byMac[tvB.mac]).toMatchObject({ verdict: 'poor', rttMs: 285, loss: 0.2, model: 'HT-55U', firmware: '3.1.0' });
    expect(byMac[foreign.mac]).toMatchObject({ verdict: null, terminalId: null });
    // Paused: the part is gone and reports are refused; resumed: a new run is measured.
    await act(survey.id, 'pause');
    expect(await configPartOf(tvA, 'survey')).toBeUndefined();
    expect((await tvA.device.post('/api/device/v1/survey/report', good)).status).toBe(409);
    await act(survey.id, 'resume');
    const resumed = (await configPartOf<SurveyPart>(tvA, 'survey'))!;
    expect(resumed.runId).not.toBe(part.runId);
    expect((await tvA.device.post('/api/device/v1/survey/report', good)).status).toBe(409);
    expect((await tvA.device.post('/api/device/v1/survey/report', { ...good, runId: resumed.runId })).status).toBe(200);
    await act(survey.id, 'complete');
    expect(await configPartOf(tvA, 'survey')).toBeUndefined();
  });

  it('rate-limits the device calls per terminal', async () => {
    const tv = await hotelTv(t, a.hotelIds[0]);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await tv.device.get('/api/device/v1/survey/download')).status);
    expect(statuses.slice(0, 6).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await new Client(t.app).get('/api/device/v1/survey/ping')).status).toBe(401);
  });

  it('judges by the documented thresholds', () => {
    expect(surveyVerdict(surveyFigures({ pingsMs: [50, 60], downloadBytes: 1_000_000, downloadMs: 1000 }))).toBe('good');
    expect(surveyVerdict(surveyFigures({ pingsMs: [50, null], downloadBytes: 1_000_000, downloadMs: 1000 }))).toBe('poor');
    expect(surveyVerdict(surveyFigures({ pingsMs: [150], downloadBytes: 1_000_000, downloadMs: 1000 }))).toBe('poor');
    expect(surveyVerdict(surveyFigures({ pingsMs: [null, null], downloadBytes: 1_000_000, downloadMs: 1000 }))).toBe('failed');
    expect(surveyVerdict(surveyFigures({ pingsMs: [20], downloadBytes: null, downloadMs: null }))).toBe('failed');
    expect(surveyVerdict(surveyFigures({ pingsMs: [20], downloadBytes: 100_000, downloadMs: 1000 }))).toBe('failed');
  });

  it('the simulator answers a survey: it measures and reports once per run', async () => {
    const events: TvEvent[] = [];
    fleet = await startFleet({ url: await listeningUrl(t), count: 1, seed: `survey-${Date.now()}`, installCode: await installCodeOf(t, a.hotelIds[0]), roomPrefix: '7', interval: 1, onEvent: (_tv, event) => events.push(event) });
    const tv = fleet.tvs[0]!;
    const terminals = recordTables.terminal!;
    await t.database.db.update(terminals).set({ authorization: 'authorized' }).where(eq(terminals.mac, tv.mac));
    const survey = await create({ ...base(), macs: tv.mac });
    await act(survey.id, 'start');
    const deadline = Date.now() + 20_000;
    while (!events.some((e) => e.type === 'survey') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.find((e) => e.type === 'survey')).toMatchObject({ type: 'survey', surveyId: survey.id });
    const results = (await platform.get(`/api/hotel-surveys/${survey.id}/results`)).body.data.results as any[];
    expect(results[0]).toMatchObject({ mac: tv.mac, loss: 0 });
    expect(['good', 'poor']).toContain(results[0].verdict);
    expect(results[0].mbps).toBeGreaterThan(0);
    await act(survey.id, 'close');
  });
});
