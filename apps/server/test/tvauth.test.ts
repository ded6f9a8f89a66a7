import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables, terminalStateLogs } from '../src/db/schema/index.js';
import { distanceMetres } from '../src/areas/tvauth/service.js';
import { installCodeOf, publicIdOf, randomMac, registerTv, type Tv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let anonymous: Client;
let tenant: Tenant;

/** The Bund, Shanghai, and a point about 1.1 km north of it. */
const SITE = { longitude: 121.4905, latitude: 31.2397 };
const NEAR = { longitude: 121.4905, latitude: 31.2497 };

async function createProject(body: Record<string, unknown>, models: Record<string, number>) {
  const res = await platform.post('/api/records/tv-auth-projects', { name: 'Bund project', launcher: 'hotelos', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const project = res.body.data as { id: number; authKey: string };
  for (const [model, quantity] of Object.entries(models)) {
    const m = await platform.post('/api/records/tv-auth-project-models', { project: project.id, model, quantity });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
  }
  return project;
}

const authorize = (body: Record<string, unknown>) => anonymous.post('/api/device/v1/tv-auth', body);

async function logsOf(projectId: number) {
  const res = await platform.get(`/api/records/tv-auth-logs?project=${projectId}&pagesize=100`);
  expect(res.status).toBe(200);
  return res.body.data.items as { mac: string; result: string; reason: string | null; distance: number | null }[];
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  anonymous = new Client(t.app);
  tenant = await createTenant(t, ['terminal.read']);
});

describe('TV-auth projects (console)', () => {
  it('gives a new project a random key and requires coordinates when the location is matched', async () => {
    const a = await createProject({}, {});
    const b = await createProject({}, {});
    expect(a.authKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.authKey).not.toBe(b.authKey);
    const missing = await platform.post('/api/records/tv-auth-projects', { name: 'Located', launcher: 'hotelos', matchLocation: true, longitude: 121.5 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.latitude).toEqual(['Longitude and latitude are required when the location is matched']);
    const bounds = await platform.post('/api/records/tv-auth-projects', { name: 'X', launcher: '', latitude: 91, radius: 5 });
    expect(bounds.status).toBe(422);
    expect(Object.keys(bounds.body.errors).sort()).toEqual(['latitude', 'launcher', 'name', 'radius']);
    const defaults = await platform.get(`/api/records/tv-auth-projects/${a.id}`);
    expect(defaults.body.data).toMatchObject({ radius: 1000, enabled: true, matchLocation: false });
  });

  it('refuses a model twice in one project (any case) and a quantity below 1', async () => {
    const project = await createProject({}, { 'HT-55U': 1 });
    const twice = await platform.post('/api/records/tv-auth-project-models', { project: project.id, model: 'ht-55u', quantity: 2 });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.model).toEqual(['The project already has this model']);
    const zero = await platform.post('/api/records/tv-auth-project-models', { project: project.id, model: 'HT-65U', quantity: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.quantity).toBeDefined();
  });

  it('answers the QR code as a PNG carrying the project key', async () => {
    const project = await createProject({}, {});
    const res = await platform.get(`/api/tv-auth/projects/${project.id}/qr`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.raw.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(String(res.headers['x-tv-auth-url'])).toContain(`/tv-auth?key=${project.authKey}`);
    expect((await platform.get('/api/tv-auth/projects/999999999/qr')).status).toBe(404);
  });

  it('leads the address the QR code encodes to the installer’s page, with its key, for anyone', async () => {
    const project = await createProject({}, {});
    const address = new URL(String((await platform.get(`/api/tv-auth/projects/${project.id}/qr`)).headers['x-tv-auth-url']));
    const landing = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe(`/new-frontend/tv-auth?key=${project.authKey}`);
    const bare = await t.app.inject({ method: 'GET', url: '/tv-auth' });
    expect(bare.headers.location).toBe('/new-frontend/tv-auth');
  });

  it('is for platform users only: brand and hotel users get 403', async () => {
    const project = await createProject({}, {});
    for (const client of [tenant.brand, tenant.hotel]) {
      expect((await client.get('/api/records/tv-auth-projects')).status).toBe(403);
      expect((await client.get('/api/records/tv-auth-logs')).status).toBe(403);
      expect((await client.post('/api/records/tv-auth-projects', { name: 'Mine', launcher: 'hotelos' })).status).toBe(403);
      expect((await client.get(`/api/tv-auth/projects/${project.id}/qr`)).status).toBe(403);
    }
  });
});

describe('POST /api/device/v1/tv-auth', () => {
  it('refuses, in order, with a translated answer and a notPass log row for each rule', async () => {
    const project = await createProject({ matchLocation: true, ...SITE, radius: 500 }, { 'HT-55U': 5 });
    const tv = await registerTv(t);
    const otherLauncher = await registerTv(t, { launcher: 'ky-hotel' });
    const otherModel = await registerTv(t, { model: 'HT-75X' });
    const disabled = await registerTv(t);
    expect((await platform.post(`/api/records/terminals/${disabled.terminalId}/actions/disable`)).status).toBe(200);

    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ key: 'no-such-key', mac: tv.mac }, 404, 'tvAuth.projectUnknown', 'The authorization project does not exist or is disabled'],
      [{ key: project.authKey, mac: randomMac() }, 404, 'tvAuth.notRegistered', 'The TV is not registered yet; switch it on and connect it first'],
      [{ key: project.authKey, mac: disabled.mac, ...SITE }, 409, 'tvAuth.terminalDisabled', 'The TV has been disabled; contact the administrator'],
      [{ key: project.authKey, mac: otherLauncher.mac, ...SITE }, 422, 'tvAuth.launcherMismatch', "The TV's launcher differs from the project's"],
      [{ key: project.authKey, mac: otherModel.mac, ...SITE }, 422, 'tvAuth.modelNotAllowed', "The TV's model is not part of the project"],
      [{ key: project.authKey, mac: tv.mac }, 422, 'tvAuth.locationRequired', 'This project needs your location; allow it and try again'],
      [{ key: project.authKey, mac: tv.mac, ...NEAR }, 422, 'tvAuth.tooFar', "You are too far from the project's address"],
    ];
    for (const [body, status, errkey, errmsg] of cases) {
      const res = await authorize(body);
      expect(res.status, errkey).toBe(status);
      expect(res.body).toMatchObject({ code: '-1', errkey, errmsg });
    }
    const zh = await new Client(t.app, undefined, 'zh-CN').post('/api/device/v1/tv-auth', { key: project.authKey, mac: tv.mac, ...NEAR });
    expect(zh.body.errmsg).toBe('当前位置距离项目地址太远');

    const logs = await logsOf(project.id);
    expect(logs.map((l) => l.reason).reverse()).toEqual(['notRegistered', 'terminalDisabled', 'launcherMismatch', 'modelNotAllowed', 'locationRequired', 'tooFar', 'tooFar']);
    expect(logs.every((l) => l.result === 'notPass')).toBe(true);
    expect(logs[0]!.distance).toBe(Math.round(distanceMetres(SITE, NEAR)));
    const unknown = await platform.get(`/api/records/tv-auth-logs?mac=${tv.mac}&result=notPass&pagesize=100`);
    expect(unknown.body.data.items.some((l: { project: number | null; reason: string }) => l.project === null && l.reason === 'projectUnknown')).toBe(true);
    const [terminal] = await t.database.db.select({ authorization: recordTables.terminal!.authorization }).from(recordTables.terminal!).where(eq(recordTables.terminal!.id, tv.terminalId));
    expect(terminal!.authorization).toBe('unauthorized');
  });

  it('refuses a disabled project and malformed requests', async () => {
    const project = await createProject({ enabled: false }, { 'HT-55U': 5 });
    const tv = await registerTv(t);
    expect((await authorize({ key: project.authKey, mac: tv.mac })).body.errkey).toBe('tvAuth.projectUnknown');
    const bad = await authorize({ key: project.authKey, mac: 'AA:BB', latitude: 100 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['latitude', 'mac']);
  });

  it('authorizes within the radius: state history, config and push as a manual authorization, the hotel assigned, a pass log', async () => {
    const hotelId = tenant.hotelIds[0];
    const project = await createProject({ matchLocation: true, ...SITE, radius: 2000, hotel: hotelId }, { 'ht-55u': 3 });
    const tv = await registerTv(t);
    const stampBefore = (await tv.device.post('/api/device/v1/heartbeat', {})).body.data.config;

    const res = await authorize({ key: project.authKey, mac: tv.mac.toLowerCase(), ...NEAR });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const distance = Math.round(distanceMetres(SITE, NEAR));
    expect(res.body.data).toEqual({ mac: tv.mac, authorization: 'authorized', distance, hotel: { publicId: await publicIdOf(t, hotelId), name: expect.any(String) } });

    const beat = await tv.device.post('/api/device/v1/heartbeat', {});
    expect(beat.body.data.config).not.toBe(stampBefore);
    expect(beat.body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    const config = await tv.device.get('/api/device/v1/config');
    expect(config.body.data.authorization).toEqual({ state: 'authorized', tip: null });
    expect(config.body.data.hotel.publicId).toBe(await publicIdOf(t, hotelId));

    // Presence ('online') is logged by the heartbeat writer whenever its batch is flushed: not part of this history.
    const states = (await t.database.db.select({ state: terminalStateLogs.state, detail: terminalStateLogs.detail }).from(terminalStateLogs).where(eq(terminalStateLogs.terminalId, tv.terminalId)).orderBy(terminalStateLogs.id))
      .filter((s) => s.state !== 'online' && s.state !== 'offline');
    expect(states.map((s) => s.state)).toEqual(['registered', 'assigned', 'authorized']);
    expect(states[2]!.detail).toBe(`tv-auth #${project.id} Bund project`);
    // The hotel now sees its new, authorized terminal.
    const seen = await tenant.hotel.get(`/api/records/terminals?mac=${tv.mac}`);
    expect(seen.body.data.items[0]).toMatchObject({ mac: tv.mac, authorization: 'authorized' });

    const [log] = await logsOf(project.id);
    expect(log).toMatchObject({ mac: tv.mac, result: 'pass', reason: null, distance });
    const models = await platform.get(`/api/records/tv-auth-project-models?project=${project.id}`);
    expect(models.body.data.items[0]).toMatchObject({ quantity: 3, used: 1 });

    // Scanning it again answers the same and uses nothing.
    const again = await authorize({ key: project.authKey, mac: tv.mac, ...NEAR });
    expect(again.body.data.authorization).toBe('authorized');
    expect(await logsOf(project.id)).toHaveLength(1);
  });

  it('keeps the hotel a terminal already has and needs no location when the project does not match it', async () => {
    const other = tenant.hotelIds[1];
    const project = await createProject({ hotel: tenant.hotelIds[0] }, { 'HT-55U': 1 });
    const tv = await registerTv(t, { installCode: await installCodeOf(t, other) });
    const res = await authorize({ key: project.authKey, mac: tv.mac });
    expect(res.status).toBe(200);
    expect(res.body.data.hotel.publicId).toBe(await publicIdOf(t, other));
    expect(res.body.data.distance).toBeNull();
  });

  it('stops at the quantity, also when phones race for the last units', async () => {
    const project = await createProject({}, { 'HT-55U': 2 });
    const tvs: Tv[] = [];
    for (let i = 0; i < 4; i++) tvs.push(await registerTv(t));
    const answers = await Promise.all(tvs.map((tv) => authorize({ key: project.authKey, mac: tv.mac })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.errkey).toBe('tvAuth.quotaUsed');
    const logs = await logsOf(project.id);
    expect(logs.filter((l) => l.result === 'pass')).toHaveLength(2);
    expect(logs.filter((l) => l.reason === 'quotaUsed')).toHaveLength(2);
  });
});

describe('distanceMetres', () => {
  it('measures great-circle distances', () => {
    expect(distanceMetres(SITE, SITE)).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(Math.round(distanceMetres({ longitude: 0, latitude: 0 }, { longitude: 0, latitude: 1 }) / 100)).toBe(1112);
  });
});
