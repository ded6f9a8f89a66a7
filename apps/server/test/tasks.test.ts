import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet, type TvEvent } from '../../../tools/simulator/lib.js';
import { tasks } from '../src/db/schema/index.js';
import { nextDaily, runDueTasks } from '../src/areas/tasks/service.js';
import { taskNotifier } from '../src/areas/tasks/routes.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { Client, listeningUrl, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let tenant: Tenant;
let other: Tenant;
let reboot: number;

async function item(body: Record<string, unknown>) {
  return platform.post('/api/records/task-items', body);
}

async function hotelTv(hotelId: number): Promise<Tv> {
  return registerTv(t, { installCode: await installCodeOf(t, hotelId) });
}

interface Run {
  id: number;
  taskId: number;
  action: string;
  results: { id: number; mac: string; state: string; failureCode: string | null; reason: string | null; file: string | null }[];
}
async function runs(client: Client): Promise<Run[]> {
  const res = await client.get('/api/tasks/runs?pagesize=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items as Run[];
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  tenant = await createTenant(t, ['task.read', 'task.create']);
  other = await createTenant(t, ['task.read', 'task.create']);
  const res = await item({ name: 'Reboot', action: 'reboot' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  reboot = res.body.data.id as number;
});

describe('task items', () => {
  it('checks the parameter of set volume and maintenance command, in both languages', async () => {
    const loud = await item({ name: 'Loud', action: 'setVolume', parameter: '101' });
    expect(loud.status).toBe(422);
    expect(loud.body.errors.parameter).toEqual(['The volume must be a whole number from 0 to 100']);
    const zh = await platform.request('POST', '/api/records/task-items', { name: 'Loud', action: 'setVolume', parameter: 'x' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.errors.parameter).toEqual(['音量须为0-100的整数']);
    expect((await item({ name: 'Maint', action: 'maintenance' })).body.errors.parameter).toEqual(['Enter the maintenance command name']);
    expect((await item({ name: 'Half', action: 'setVolume', parameter: '50' })).status).toBe(200);
    expect((await tenant.brand.get('/api/records/task-items')).status).toBe(403);
  });
});

describe('tasks', () => {
  it('runs now: pushes a task command, the TV fetches its work and reports; the list shows each result', async () => {
    const a = await hotelTv(tenant.hotelIds[0]);
    const b = await hotelTv(tenant.hotelIds[0]);
    const created = await platform.post('/api/tasks', { itemId: reboot, hotelIds: [tenant.hotelIds[0]] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.terminals).toBe(2);
    // Not listening on the push channel: the command waits for the next poll or heartbeat.
    const commands = await a.device.get('/api/device/v1/commands?wait=0');
    expect(commands.body.data.commands.map((c: { type: string }) => c.type)).toContain('task');
    const work = await a.device.get('/api/device/v1/tasks');
    expect(work.body.data.tasks).toEqual([expect.objectContaining({ action: 'reboot', parameter: null })]);
    const logId = work.body.data.tasks[0].logId as number;
    expect((await a.device.post('/api/device/v1/tasks/result', { logId, state: 'success' })).status).toBe(200);
    const bLog = (await b.device.get('/api/device/v1/tasks')).body.data.tasks[0].logId as number;
    const failed = await b.device.post('/api/device/v1/tasks/result', { logId: bLog, state: 'failed', failureCode: 'E_DISK', reason: 'No space left', file: '/data/cache.bin' });
    expect(failed.status).toBe(200);
    expect((await a.device.get('/api/device/v1/tasks')).body.data.tasks).toEqual([]);
    const run = (await runs(platform)).find((r) => r.id === created.body.data.runId)!;
    expect(run.action).toBe('reboot');
    expect(Object.fromEntries(run.results.map((r) => [r.mac, r.state]))).toEqual({ [a.mac]: 'success', [b.mac]: 'failed' });
    expect(run.results.find((r) => r.mac === b.mac)).toMatchObject({ failureCode: 'E_DISK', reason: 'No space left', file: '/data/cache.bin' });
    const log = await platform.get(`/api/tasks/logs/${bLog}`);
    expect(log.body.data).toMatchObject({ state: 'failed', failureCode: 'E_DISK' });
  });

  it('answers a wrong task log id with the task log id error, to the console and to another TV', async () => {
    const tv = await hotelTv(tenant.hotelIds[0]);
    const wrong = await platform.get('/api/tasks/logs/999999999');
    expect(wrong.status).toBe(404);
    expect(wrong.body.errmsg).toBe('Task log id error');
    const created = await platform.post('/api/tasks', { itemId: reboot, macs: [tv.mac] });
    const logId = (await tv.device.get('/api/device/v1/tasks')).body.data.tasks[0].logId as number;
    const stranger = await hotelTv(other.hotelIds[0]);
    const res = await stranger.device.post('/api/device/v1/tasks/result', { logId, state: 'success' });
    expect(res.status).toBe(404);
    expect(res.body.errmsg).toBe('Task log id error');
    expect(created.status).toBe(200);
    const bad = await tv.device.post('/api/device/v1/tasks/result', { logId, state: 'done' });
    expect(bad.status).toBe(422);
  });

  it('refuses a task without a target, without terminals, or a schedule without its time', async () => {
    expect((await platform.post('/api/tasks', { itemId: reboot })).body.errors.macs).toEqual(['Choose at least one target']);
    expect((await platform.post('/api/tasks', { itemId: reboot, macs: ['000000000001'] })).body.errors.macs).toEqual(['The target has no terminals you manage']);
    expect((await platform.post('/api/tasks', { itemId: reboot, hotelIds: [tenant.hotelIds[0]], schedule: 'once' })).body.errors.runAt).toBeDefined();
    expect((await platform.post('/api/tasks', { itemId: reboot, hotelIds: [tenant.hotelIds[0]], schedule: 'daily' })).body.errors.dailyAt).toBeDefined();
  });

  it('runs a scheduled task when due: once, and daily again the next day', async () => {
    const tv = await hotelTv(tenant.hotelIds[1]);
    const once = await platform.post('/api/tasks', { itemId: reboot, macs: [tv.mac], schedule: 'once', runAt: new Date(Date.now() + 60_000).toISOString() });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(once.body.data.runId).toBeNull();
    const daily = await platform.post('/api/tasks', { itemId: reboot, macs: [tv.mac], schedule: 'daily', dailyAt: '03:30' });
    expect(daily.status).toBe(200);
    expect(daily.body.data.nextRunAt).toMatch(/T03:30:00/);
    expect((await tv.device.get('/api/device/v1/tasks')).body.data.tasks).toEqual([]);
    // Past both due times, before the daily task's next one.
    const later = new Date(Math.max(Date.now() + 60_000, Date.parse(daily.body.data.nextRunAt as string)) + 60_000);
    const notify = taskNotifier(t.app, t.app.devices);
    // Two schedulers (processes) at the same moment: each due time is claimed once.
    const ran = await Promise.all([runDueTasks(t.database.db, notify, later), runDueTasks(t.database.db, notify, later)]);
    expect(ran[0] + ran[1]).toBe(2);
    expect((await tv.device.get('/api/device/v1/tasks')).body.data.tasks).toHaveLength(2);
    expect((await tv.device.get('/api/device/v1/commands?wait=0')).body.data.commands.map((c: { type: string }) => c.type)).toContain('task');
    const [onceRow] = await t.database.db.select().from(tasks).where(eq(tasks.id, once.body.data.id));
    const [dailyRow] = await t.database.db.select().from(tasks).where(eq(tasks.id, daily.body.data.id));
    expect(onceRow!.nextRunAt).toBeNull();
    expect(dailyRow!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(nextDaily('03:30', new Date('2026-01-01T04:00:00Z')).toISOString()).toBe('2026-01-02T03:30:00.000Z');
  });

  it('keeps tenants apart: a brand or hotel reaches only its own terminals, runs and logs', async () => {
    const mine = await hotelTv(tenant.hotelIds[0]);
    const theirs = await hotelTv(other.hotelIds[0]);
    // Another tenant's hotel, brand or MAC is not a target for a hotel user.
    expect((await tenant.hotel.post('/api/tasks', { itemId: reboot, hotelIds: [other.hotelIds[0]] })).status).toBe(422);
    expect((await tenant.brand.post('/api/tasks', { itemId: reboot, brandIds: [other.brandId] })).status).toBe(422);
    expect((await tenant.hotel.post('/api/tasks', { itemId: reboot, macs: [theirs.mac] })).body.errors.macs).toEqual(['The target has no terminals you manage']);
    // A hotel user's task by tag reaches only its hotel's terminals.
    const created = await tenant.hotel.post('/api/tasks', { itemId: reboot, macs: [mine.mac, theirs.mac] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.terminals).toBe(1);
    expect((await theirs.device.get('/api/device/v1/tasks')).body.data.tasks).toEqual([]);
    const own = await runs(tenant.hotel);
    expect(own.map((r) => r.id)).toEqual([created.body.data.runId]);
    expect(await runs(other.hotel)).toEqual([]);
    expect((await runs(tenant.sibling)).length).toBe(0);
    // The brand sees its hotels' runs, not the other brand's.
    expect((await runs(tenant.brand)).map((r) => r.id)).toContain(created.body.data.runId);
    expect((await runs(other.brand)).map((r) => r.id)).not.toContain(created.body.data.runId);
    const logId = own[0]!.results[0]!.id;
    expect((await other.hotel.get(`/api/tasks/logs/${logId}`)).body.errmsg).toBe('Task log id error');
    expect((await tenant.hotel.get(`/api/tasks/logs/${logId}`)).status).toBe(200);
  });

  it('limits how often a TV reports results', async () => {
    const tv = await hotelTv(tenant.hotelIds[1]);
    let last = 0;
    for (let i = 0; i < 32; i++) last = (await tv.device.post('/api/device/v1/tasks/result', { logId: 999999999, state: 'success' })).status;
    expect(last).toBe(429);
  });
});

describe('the simulator runs tasks', () => {
  let fleet: Fleet | undefined;
  afterAll(async () => fleet?.stop());

  it('gets a task over the push channel, does what it can and reports each result', async () => {
    const events: TvEvent[] = [];
    fleet = await startFleet({ url: await listeningUrl(t), count: 1, seed: `tasks-${Date.now()}`, installCode: await installCodeOf(t, other.hotelIds[1]), interval: 1, onEvent: (_tv, e) => events.push(e) });
    const tv = fleet.tvs[0]!;
    const volume = (await item({ name: 'Volume 30', action: 'setVolume', parameter: '30' })).body.data.id as number;
    const shot = (await item({ name: 'Shot', action: 'screenshot' })).body.data.id as number;
    for (const itemId of [volume, shot, reboot]) expect((await platform.post('/api/tasks', { itemId, macs: [tv.mac] })).status).toBe(200);
    const end = Date.now() + 8000;
    while (events.filter((e) => e.type === 'task').length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    expect(tv.volume).toBe(30);
    const results = (await runs(platform)).filter((r) => r.results.some((x) => x.mac === tv.mac)).map((r) => [r.action, r.results[0]!.state]);
    expect(Object.fromEntries(results)).toEqual({ setVolume: 'success', screenshot: 'unsupported', reboot: 'success' });
  });
});
