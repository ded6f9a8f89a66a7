import { installWindow, msUntilWindow } from '@htv/shared/areas/releases/index';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { windowTime } from '../src/areas/boot/resolve.js';
import { PROGRESS_CALLS_PER_MINUTE, progressWriterFor } from '../src/areas/releases/device.js';
import { waveSizes } from '../src/areas/releases/service.js';
import { recordTables } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { buildApk } from './support/apk.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody } from './support/images.js';

let t: TestApp;
let platform: Client;
const HOTEL_PERMISSIONS = ['app.read', 'app.create', 'app.update', 'release.read', 'release.publish', 'release.deleteTerminal', 'downloadTask.read', 'terminal.read'];

async function uploaded(client: Client, rule: string, name: string, data: Buffer): Promise<string> {
  const { payload, headers } = multipartBody({ name, data });
  const res = await client.request('POST', `/api/files?rule=${rule}`, payload, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

let serial = 0;
/** A platform app with a real APK; answers its id and the APK's bytes. */
async function newApp(client = platform, versionCode = 2): Promise<{ id: number; apk: Buffer; packageName: string }> {
  const packageName = `com.rollout.app${++serial}n${Date.now() % 1e6}`;
  const apk = buildApk({ packageName, versionCode, versionName: `${versionCode}.0` });
  const res = await client.post('/api/records/apps', { name: `App ${serial}`, apkFileId: await uploaded(client, 'apk', 'app.apk', apk) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, apk, packageName };
}

/** Authorized TVs of a hotel. */
async function tvs(hotelId: number, count: number, body: Record<string, unknown> = {}): Promise<Tv[]> {
  const out: Tv[] = [];
  const code = await installCodeOf(t, hotelId);
  for (let i = 0; i < count; i++) {
    const tv = await registerTv(t, { installCode: code, ...body });
    await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
    out.push(tv);
  }
  return out;
}

interface Item { actionId: number; url: string; notBefore: string | null; versionName: string; kind: string; packageName: string | null; window: { start: string; end: string; source: string } | null }
const itemsOf = async (tv: Tv): Promise<Item[]> => {
  const res = await tv.device.get('/api/device/v1/config');
  expect(res.status).toBe(200);
  return res.body.data.releases as Item[];
};
const report = async (tv: Tv, actionId: number, state: string, extra: Record<string, unknown> = {}) => {
  const res = await tv.device.post('/api/device/v1/releases/progress', { reports: [{ actionId, state, ...extra }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Thresholds are checked apart from the writes (at most every 100 ms): settle them now.
  await progressWriterFor(t.database.db, t.app.devices).flush();
  return res.body.data.accepted as number;
};
const rollout = async (client: Client, id: number) => (await client.get(`/api/releases/rollouts/${id}`)).body.data;
const create = async (client: Client, body: Record<string, unknown>) => {
  const res = await client.post('/api/releases/rollouts', { name: 'Rollout', kind: 'app', target: 'hotel', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};

/** Each TV's first item, or undefined. */
const firstItems = async (list: Tv[]) => Promise.all(list.map(async (tv) => (await itemsOf(tv))[0]));

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
});

describe('waves', () => {
  it.each([
    { waves: [{ share: 100 }], total: 10, sizes: [10] },
    { waves: [{ count: 2 }, { share: 50 }], total: 10, sizes: [2, 8] },
    { waves: [{ share: 10 }, { share: 40 }, { share: 50 }], total: 10_000, sizes: [1000, 4000, 5000] },
    { waves: [{ share: 1 }, { count: 5 }], total: 3, sizes: [1, 2] },
    { waves: [{ count: 5 }, { count: 5 }, { count: 5 }], total: 4, sizes: [4, 0, 0] },
  ])('splits $total terminals by $waves', ({ waves, total, sizes }) => {
    expect(waveSizes(waves, total)).toEqual(sizes);
  });
});

describe('rollouts', () => {
  let a: Tenant;
  beforeAll(async () => {
    a = await createTenant(t, HOTEL_PERMISSIONS);
  });

  it('gives TVs only the started waves, starts the next wave at the success threshold and finishes', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const fleet = await tvs(hotel, 6);
    const app = await newApp();
    const id = await create(platform, { packageId: app.id, hotelIds: [hotel], waves: [{ count: 2 }, { share: 100 }], successThreshold: 50 });
    const first = await firstItems(fleet);
    const started = fleet.filter((_, i) => first[i]);
    expect(started).toHaveLength(2);
    expect((await rollout(platform, id)).waves.map((w: { total: number; state: string }) => [w.total, w.state])).toEqual([[2, 'running'], [4, 'waiting']]);

    const item = (await itemsOf(started[0]!))[0]!;
    expect(await report(started[0]!, item.actionId, 'downloading', { progress: 40 })).toBe(1);
    expect(await report(started[0]!, item.actionId, 'success')).toBe(1);
    // 1 of 2: the 50% threshold starts wave 2, whose TVs are given the package.
    const detail = await rollout(platform, id);
    expect(detail.currentWave).toBe(1);
    const now = await firstItems(fleet);
    expect(now.filter(Boolean)).toHaveLength(5);
    for (const [i, tv] of fleet.entries()) if (now[i]) await report(tv, now[i]!.actionId, 'success');
    expect((await rollout(platform, id)).state).toBe('finished');
    // The installed version shows on the terminal.
    const terminal = await platform.get(`/api/releases/terminals/${fleet[0]!.terminalId}`);
    expect(terminal.body.data.installed).toEqual([expect.objectContaining({ kind: 'app', packageName: app.packageName, versionCode: 2 })]);
    // A report for a final action counts nothing.
    expect(await report(started[0]!, item.actionId, 'failed')).toBe(0);
  });

  it('pauses by itself past the error threshold; resume accepts that wave’s errors; cancel cancels the rest', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const fleet = await tvs(hotel, 6);
    const app = await newApp();
    const id = await create(platform, { packageId: app.id, hotelIds: [hotel], waves: [{ count: 4 }, { share: 100 }], successThreshold: 50, errorThreshold: 25, maxRetries: 0 });
    const items = await firstItems(fleet);
    const wave = fleet.map((tv, i) => ({ tv, item: items[i] })).filter((x) => x.item);
    expect(wave).toHaveLength(4);
    await report(wave[0]!.tv, wave[0]!.item!.actionId, 'failed', { code: 'E_SPACE', reason: 'not enough storage' });
    expect((await rollout(platform, id)).state).toBe('running');
    await report(wave[1]!.tv, wave[1]!.item!.actionId, 'failed', { code: 'E_SIG', reason: 'signature mismatch' });
    const paused = await rollout(platform, id);
    expect(paused).toMatchObject({ state: 'paused', pauseReason: 'errorThreshold' });
    // Paused: TVs get nothing new to install.
    expect(await itemsOf(wave[2]!.tv)).toEqual([]);

    // The failed-task list shows the failures with their reasons.
    const failed = await platform.get(`/api/task_info/tasks?failed=1&mac=${wave[1]!.tv.mac}`);
    expect(failed.body.data.items).toEqual([expect.objectContaining({ source: 'release', state: 'failed', failureCode: 'E_SIG', failureReason: 'signature mismatch' })]);

    expect((await platform.post(`/api/releases/rollouts/${id}/resume`)).status).toBe(200);
    expect((await platform.post(`/api/releases/rollouts/${id}/resume`)).status).toBe(409);
    expect((await rollout(platform, id)).state).toBe('running');
    await report(wave[2]!.tv, (await itemsOf(wave[2]!.tv))[0]!.actionId, 'success');
    // 1 success of 4 with 2 errors accepted: still running, wave 1 not reached.
    expect((await rollout(platform, id)).currentWave).toBe(0);
    await report(wave[3]!.tv, (await itemsOf(wave[3]!.tv))[0]!.actionId, 'success');
    expect((await rollout(platform, id)).currentWave).toBe(1);

    expect((await platform.post(`/api/releases/rollouts/${id}/cancel`)).status).toBe(200);
    const stopped = await rollout(platform, id);
    expect(stopped.state).toBe('stopped');
    expect(stopped.counts.cancelled).toBe(2);
    for (const tv of fleet) expect(await itemsOf(tv)).toEqual([]);
    const actions = (await platform.get(`/api/releases/rollouts/${id}/actions?state=cancelled`)).body.data.items;
    const history = (await platform.get(`/api/releases/actions/${actions[0].id}/history`)).body.data;
    expect(history.map((h: { state: string }) => h.state)).toEqual(['pending', 'cancelled']);
  });

  it('retries a failed install after a back-off, then fails it for good', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const [tv] = await tvs(hotel, 1);
    const app = await newApp();
    const id = await create(platform, { packageId: app.id, hotelIds: [hotel], maxRetries: 1, retryBaseSeconds: 120 });
    const item = (await itemsOf(tv!))[0]!;
    await report(tv!, item.actionId, 'downloading');
    await report(tv!, item.actionId, 'failed', { code: 'E_IO', reason: 'disk error' });
    const retry = (await itemsOf(tv!))[0]!;
    expect(retry.actionId).toBe(item.actionId);
    expect(new Date(retry.notBefore!).getTime()).toBeGreaterThan(Date.now() + 100_000);
    await report(tv!, item.actionId, 'failed', { code: 'E_IO', reason: 'disk error again' });
    expect(await itemsOf(tv!)).toEqual([]);
    const [action] = (await platform.get(`/api/releases/rollouts/${id}/actions`)).body.data.items;
    expect(action).toMatchObject({ state: 'failed', attempts: 2, failureReason: 'disk error again' });
    const history = (await platform.get(`/api/releases/actions/${action.id}/history`)).body.data;
    expect(history.map((h: { state: string }) => h.state)).toEqual(['pending', 'downloading', 'failed', 'pending', 'failed']);
    // The only wave failed entirely: past the 50% error threshold, the rollout paused.
    expect((await rollout(platform, id)).state).toBe('paused');
  });

  it('drops stale reports (an earlier step of the attempt, a report of a failed attempt) and keeps percentages out of the history', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const [tv] = await tvs(hotel, 1);
    const app = await newApp();
    const id = await create(platform, { packageId: app.id, hotelIds: [hotel], maxRetries: 1, retryBaseSeconds: 1 });
    const item = (await itemsOf(tv!))[0]!;
    expect(item).toMatchObject({ attempt: 0 });
    const steps: [string, Record<string, unknown>, number][] = [
      ['downloading', { progress: 10, attempt: 0 }, 1],
      ['downloading', { progress: 60, attempt: 0 }, 1], // a percentage: the action's progress, not a new state
      ['downloaded', { progress: 100, attempt: 0 }, 1],
      ['downloading', { progress: 90, attempt: 0 }, 0], // late: the action is further on
      ['installing', { attempt: 0 }, 1],
      ['failed', { code: 'E_INSTALL', reason: 'bad', attempt: 0 }, 1], // a retry: pending, attempt 1
      ['installing', { attempt: 0 }, 0], // late, of the failed attempt
      ['downloading', { progress: 5, attempt: 1 }, 1],
    ];
    for (const [state, extra, accepted] of steps) expect(await report(tv!, item.actionId, state, extra), `${state} ${JSON.stringify(extra)}`).toBe(accepted);
    const [action] = (await platform.get(`/api/releases/rollouts/${id}/actions`)).body.data.items;
    expect(action).toMatchObject({ state: 'downloading', progress: 5, attempts: 1 });
    const history = (await platform.get(`/api/releases/actions/${action.id}/history`)).body.data;
    expect(history.map((h: { state: string }) => h.state)).toEqual(['pending', 'downloading', 'downloaded', 'installing', 'failed', 'pending', 'downloading']);
    expect((await itemsOf(tv!))[0]).toMatchObject({ actionId: item.actionId, attempt: 1 });
  });

  it('moves a download’s percentages with the checks of any report: terminal, attempt, rollout state, one batch', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const [tv, other] = await tvs(hotel, 2);
    const app = await newApp();
    const id = await create(platform, { packageId: app.id, hotelIds: [hotel], maxRetries: 1, retryBaseSeconds: 1 });
    const item = (await itemsOf(tv!))[0]!;
    const send = async (device: Tv, reports: Record<string, unknown>[]) => {
      const res = await device.device.post('/api/device/v1/releases/progress', { reports: reports.map((r) => ({ actionId: item.actionId, ...r })) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await progressWriterFor(t.database.db, t.app.devices).flush();
      return res.body.data.accepted as number;
    };
    const action = async () => (await platform.get(`/api/releases/rollouts/${id}/actions`)).body.data.items.find((a: { id: number }) => a.id === item.actionId);
    const states = async () => (await platform.get(`/api/releases/actions/${item.actionId}/history`)).body.data.map((h: { state: string }) => h.state);

    expect(await send(tv!, [{ state: 'downloading', progress: 5, attempt: 0 }])).toBe(1);
    // Several percentages of one call: each counts, the last one stays, the history keeps one row.
    expect(await send(tv!, [{ state: 'downloading', progress: 20 }, { state: 'downloading', progress: 30, attempt: 0 }])).toBe(2);
    expect(await action()).toMatchObject({ state: 'downloading', progress: 30 });
    // Another terminal's report of this action counts nothing and moves nothing.
    expect(await send(other!, [{ state: 'downloading', progress: 90 }])).toBe(0);
    // A report without a percentage keeps the one there.
    expect(await send(tv!, [{ state: 'downloading' }])).toBe(1);
    expect(await action()).toMatchObject({ progress: 30 });
    // A percentage and the next state in one call take the full path, in order.
    expect(await send(tv!, [{ state: 'downloading', progress: 99 }, { state: 'downloaded', progress: 100 }, { state: 'installing', progress: 10 }])).toBe(3);
    expect(await send(tv!, [{ state: 'installing', progress: 60 }])).toBe(1);
    expect(await action()).toMatchObject({ state: 'installing', progress: 60 });
    // A failure sends it back to pending for attempt 1: the failed attempt's percentages are stale.
    expect(await send(tv!, [{ state: 'failed', code: 'E_IO', reason: 'disk error', attempt: 0 }])).toBe(1);
    expect(await send(tv!, [{ state: 'downloading', progress: 10, attempt: 1 }])).toBe(1);
    expect(await send(tv!, [{ state: 'downloading', progress: 70, attempt: 0 }])).toBe(0);
    expect(await action()).toMatchObject({ state: 'downloading', progress: 10, attempts: 1 });
    // Paused, a download in progress goes on; stopped, nothing counts.
    expect((await platform.post(`/api/releases/rollouts/${id}/pause`)).status).toBe(200);
    expect(await send(tv!, [{ state: 'downloading', progress: 40, attempt: 1 }])).toBe(1);
    expect((await platform.post(`/api/releases/rollouts/${id}/cancel`)).status).toBe(200);
    expect(await send(tv!, [{ state: 'downloading', progress: 80, attempt: 1 }])).toBe(0);
    expect(await action()).toMatchObject({ state: 'cancelled', progress: 40 });
    expect(await states()).toEqual(['pending', 'downloading', 'downloaded', 'installing', 'failed', 'pending', 'downloading', 'cancelled']);
  });

  it('lets terminals that join a target during a rollout join its running wave', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    await tvs(hotel, 2);
    const app = await newApp();
    const id = await create(platform, { packageId: app.id, hotelIds: [hotel], waves: [{ count: 1 }, { share: 100 }] });
    const [late] = await tvs(hotel, 1);
    const items = await itemsOf(late!);
    expect(items).toHaveLength(1);
    const detail = await rollout(platform, id);
    expect(detail.total).toBe(3);
    expect(detail.waves[0].total).toBe(2);
  });

  it('takes a platform app only to the hotels it is offered to, whatever the target; a hotel offered later joins', async () => {
    const b = await createTenant(t, []);
    const [offered, other] = b.hotelIds as [number, number];
    const [inOffered] = await tvs(offered, 1);
    const [inOther] = await tvs(other, 1);
    const app = await newApp();
    expect((await platform.put(`/api/releases/apps/${app.id}/offers`, { hotelIds: [offered] })).status).toBe(200);
    const id = await create(platform, { packageId: app.id, hotelIds: [offered, other] });
    expect((await rollout(platform, id)).total).toBe(1);
    expect(await itemsOf(inOffered!)).toHaveLength(1);
    expect(await itemsOf(inOther!)).toHaveLength(0);
    // Offered to the other hotel during the rollout: its TVs join at their next configuration.
    expect((await platform.put(`/api/releases/apps/${app.id}/offers`, { hotelIds: [offered, other] })).status).toBe(200);
    const [joining] = await tvs(other, 1);
    expect(await itemsOf(joining!)).toHaveLength(1);
  });

  it('ranks MAC over hotel for one package, the later of one rank winning', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const [one, two] = await tvs(hotel, 2);
    const app = await newApp();
    const byHotel = await create(platform, { packageId: app.id, hotelIds: [hotel], name: 'by hotel' });
    const byMac = await create(platform, { packageId: app.id, target: 'terminal', macs: [one!.mac], name: 'by MAC' });
    expect((await itemsOf(one!))[0]!.actionId).not.toBe((await itemsOf(two!))[0]!.actionId);
    const macAction = (await platform.get(`/api/releases/rollouts/${byMac}/actions`)).body.data.items[0];
    expect((await itemsOf(one!))[0]!.actionId).toBe(macAction.id);
    // A later hotel rollout does not take the terminal its MAC rollout holds.
    const again = await create(platform, { packageId: app.id, hotelIds: [hotel], name: 'hotel again' });
    expect((await itemsOf(one!))[0]!.actionId).toBe(macAction.id);
    const againActions = (await platform.get(`/api/releases/rollouts/${again}/actions`)).body.data.items;
    expect(againActions.find((x: { mac: string }) => x.mac === one!.mac).state).toBe('cancelled');
    // …but it supersedes the earlier hotel rollout on the other terminal.
    const firstHotel = (await platform.get(`/api/releases/rollouts/${byHotel}/actions?state=cancelled`)).body.data.items;
    expect(firstHotel.map((x: { mac: string }) => x.mac).sort()).toEqual([one!.mac, two!.mac].sort());
  });

  it('marks firmware of other models incompatible and a version already there installed', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const [other] = await tvs(hotel, 1, { model: 'ZZ-1' });
    const [same] = await tvs(hotel, 1, { model: 'HT-55U', otaVersion: '20261201' });
    const [fresh] = await tvs(hotel, 1, { model: 'HT-65U' });
    const fileId = await uploaded(platform, 'otaFirmware', 'fw.img', Buffer.concat([Buffer.from('FIRMWARE'), Buffer.alloc(5000, 3)]));
    const pkg = await platform.post('/api/records/ota-packages', { name: 'Winter', version: '20261201', model: 'HT-55U', compatibleModels: 'HT-65U', fileId });
    const id = await create(platform, { kind: 'ota', packageId: pkg.body.data.id, hotelIds: [hotel] });
    const counts = (await rollout(platform, id)).counts;
    expect(counts).toEqual({ incompatible: 1, alreadyInstalled: 1, pending: 1 });
    expect(await itemsOf(other!)).toEqual([]);
    expect(await itemsOf(same!)).toEqual([]);
    const [item] = await itemsOf(fresh!);
    expect(item).toMatchObject({ kind: 'ota', versionName: '20261201' });
    // The download resumes with a range; another terminal cannot fetch it.
    const whole = await fresh!.device.get(item!.url);
    expect(whole.raw.rawPayload.length).toBe(5008);
    const part = await fresh!.device.request('GET', item!.url, undefined, { range: 'bytes=100-' });
    expect(part.status).toBe(206);
    expect(part.raw.rawPayload).toEqual(whole.raw.rawPayload.subarray(100));
    expect((await other!.device.get(item!.url)).status).toBe(404);
  });

  it('checks the form: trial not to all, shares within 100%, both window ends', async () => {
    const app = await newApp();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await platform.post('/api/releases/rollouts', { name: 'x', kind: 'app', packageId: app.id, target: 'all', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    };
    await bad({ distribution: 'trial' }, 'target');
    await bad({ waves: [{ share: 60 }, { share: 50 }] }, 'waves');
    await bad({ windowStart: '02:00' }, 'windowEnd');
    await bad({ installType: 'forced', windowStart: '02:00', windowEnd: '04:00' }, 'windowStart');
    await bad({ installType: 'downloadOnly', windowStart: '02:00', windowEnd: '04:00' }, 'windowStart');
    await bad({ successThreshold: 0 }, 'successThreshold');
  });

  it('keeps hotels to their own rollouts and terminals', async () => {
    const [mine] = await tvs(a.hotelIds[0], 1);
    const [theirs] = await tvs(a.hotelIds[1], 1);
    const app = await newApp(a.hotel);
    expect((await a.hotel.post('/api/releases/rollouts', { name: 'x', kind: 'app', packageId: app.id, target: 'all' })).status).toBe(422);
    expect((await a.hotel.post('/api/releases/rollouts', { name: 'x', kind: 'app', packageId: app.id, target: 'hotel', hotelIds: [a.hotelIds[1]] })).status).toBe(404);
    expect((await a.sibling.post('/api/releases/rollouts', { name: 'x', kind: 'app', packageId: app.id, target: 'hotel', hotelIds: [a.hotelIds[1]] })).status).toBe(404);
    const macOfOther = await a.hotel.post('/api/releases/rollouts', { name: 'x', kind: 'app', packageId: app.id, target: 'terminal', macs: [theirs!.mac] });
    expect(macOfOther.status).toBe(422);
    const id = await create(a.hotel, { packageId: app.id, hotelIds: [a.hotelIds[0]], distribution: 'trial', maxRetries: 0 });
    const [item] = await itemsOf(mine!);
    expect(item).toBeDefined();
    expect(await itemsOf(theirs!)).toEqual([]);
    await report(mine!, item!.actionId, 'failed', { code: 'E1', reason: 'boom' });

    expect((await a.sibling.get(`/api/releases/rollouts/${id}`)).status).toBe(404);
    expect((await a.sibling.post(`/api/releases/rollouts/${id}/pause`)).status).toBe(404);
    expect((await a.sibling.get(`/api/releases/actions/${item!.actionId}/history`)).status).toBe(404);
    expect((await a.sibling.post('/api/admin/upgrade_terminal/delete_batch', { ids: [item!.actionId] })).status).toBe(404);
    expect((await a.sibling.get(`/api/releases/terminals/${mine!.terminalId}`)).status).toBe(404);
    expect((await a.sibling.get('/api/task_info/tasks')).body.data.items.map((x: { mac: string }) => x.mac)).not.toContain(mine!.mac);
    expect((await a.sibling.get('/api/releases/actions')).body.data.items).toEqual([]);
    // A report for another terminal's action counts nothing.
    expect(await report(theirs!, item!.actionId, 'success')).toBe(0);
    // Another tenant's package is unknown; firmware is the platform's alone.
    const foreign = await newApp();
    expect((await a.sibling.post('/api/releases/rollouts', { name: 'x', kind: 'ota', packageId: foreign.id, target: 'hotel', hotelIds: [a.hotelIds[1]] })).status).toBe(404);
    expect((await a.brand.get('/api/releases/rollouts')).status).toBe(403);

    expect((await a.hotel.get('/api/task_info/tasks?failed=1')).body.data.items.map((x: { mac: string }) => x.mac)).toContain(mine!.mac);
    expect((await a.hotel.post('/api/admin/upgrade_terminal/delete_batch', { ids: [item!.actionId] })).body.data).toEqual({ deleted: 1 });
    expect((await a.hotel.get(`/api/releases/actions/${item!.actionId}/history`)).status).toBe(404);
  });

  it('limits progress calls per terminal and needs the device token', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const [tv] = await tvs(hotel, 1);
    const body = { reports: [{ actionId: 2_000_000_000, state: 'downloading' }] };
    // A bucket of 120 calls, refilled at 2 a second.
    let answered = 0;
    let limited = await tv!.device.post('/api/device/v1/releases/progress', body);
    while (limited.status === 200 && answered < PROGRESS_CALLS_PER_MINUTE * 2) {
      answered++;
      limited = await tv!.device.post('/api/device/v1/releases/progress', body);
    }
    expect(answered).toBeGreaterThanOrEqual(PROGRESS_CALLS_PER_MINUTE);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await new Client(t.app).post('/api/device/v1/releases/progress', body)).status).toBe(401);
    expect((await new Client(t.app).get('/api/device/v1/releases/1/file')).status).toBe(401);
  });

  it('writes concurrent reports in one batch', async () => {
    const hotel = (await createTenant(t, [])).hotelIds[0];
    const fleet = await tvs(hotel, 5);
    const app = await newApp();
    await create(platform, { packageId: app.id, hotelIds: [hotel] });
    const items = await firstItems(fleet);
    const accepted = await Promise.all(fleet.map((tv, i) => report(tv, items[i]!.actionId, 'downloading', { progress: 10 })));
    expect(accepted).toEqual([1, 1, 1, 1, 1]);
    await progressWriterFor(t.database.db, t.app.devices).flush();
  });
});

describe('maintenance windows', () => {
  const hotelWindow = { start: '02:00', end: '04:00' };
  const own = { start: '22:00', end: '23:30' };
  it.each([
    { installType: 'soft', rollout: own, hotel: hotelWindow, want: { ...own, source: 'rollout' } },
    { installType: 'soft', rollout: null, hotel: hotelWindow, want: { ...hotelWindow, source: 'hotel' } },
    { installType: 'soft', rollout: own, hotel: null, want: { ...own, source: 'rollout' } },
    { installType: 'soft', rollout: null, hotel: null, want: null },
    { installType: 'forced', rollout: own, hotel: hotelWindow, want: null },
    { installType: 'forced', rollout: null, hotel: hotelWindow, want: null },
    { installType: 'downloadOnly', rollout: null, hotel: hotelWindow, want: null },
  ])('a $installType install with rollout window $rollout and hotel window $hotel installs in $want', ({ installType, rollout, hotel, want }) => {
    expect(installWindow(installType, rollout, hotel)).toEqual(want);
  });

  const at = (hh: number, mm: number, ss = 0) => new Date(2026, 10, 26, hh, mm, ss);
  it.each([
    { window: { start: '02:00', end: '04:00' }, now: at(3, 0), wait: 0 },
    { window: { start: '02:00', end: '04:00' }, now: at(2, 0), wait: 0 },
    { window: { start: '02:00', end: '04:00' }, now: at(4, 0), wait: 22 * 3600 },
    { window: { start: '02:00', end: '04:00' }, now: at(1, 0, 30), wait: 3570 },
    { window: { start: '22:00', end: '02:00' }, now: at(23, 30), wait: 0 },
    { window: { start: '22:00', end: '02:00' }, now: at(1, 59), wait: 0 },
    { window: { start: '22:00', end: '02:00' }, now: at(12, 0), wait: 10 * 3600 },
    { window: { start: '05:00', end: '05:00' }, now: at(12, 0), wait: 0 },
  ])('waits $wait s for $window at $now', ({ window, now, wait }) => {
    expect(msUntilWindow(window, now)).toBe(wait * 1000);
  });

  const BOOT = ['bootConfig.read', 'bootConfig.create', 'bootConfig.update'];

  it('gives each terminal its install window: the rollout’s, else its hotel’s (the nearest boot policy setting one), none when forced or download-only', async () => {
    const b = await createTenant(t, [...HOTEL_PERMISSIONS, ...BOOT]);
    const [windowed] = await tvs(b.hotelIds[0], 1);
    const [byBrand] = await tvs(b.hotelIds[1], 1);
    const hotelPolicy = await b.hotel.post('/api/records/boot-policies', { name: 'Nights', active: true, applyMode: 'window', windowStart: '02:00', windowEnd: '04:00', jitterMinutes: 0 });
    expect(hotelPolicy.status, JSON.stringify(hotelPolicy.body)).toBe(200);
    // The sibling's own policy sets no window: its brand's applies.
    expect((await b.sibling.post('/api/records/boot-policies', { name: 'Logo only', active: true })).status).toBe(200);
    expect((await b.brand.post('/api/records/boot-policies', { name: 'Brand nights', active: true, applyMode: 'window', windowStart: '01:00', windowEnd: '03:00', jitterMinutes: 0 })).status).toBe(200);
    const cases = [
      { installType: 'soft', window: {}, mine: { start: '02:00', end: '04:00', source: 'hotel' }, brand: { start: '01:00', end: '03:00', source: 'hotel' } },
      { installType: 'soft', window: { windowStart: '22:00', windowEnd: '23:30' }, mine: { start: '22:00', end: '23:30', source: 'rollout' }, brand: { start: '22:00', end: '23:30', source: 'rollout' } },
      { installType: 'forced', window: {}, mine: null, brand: null },
      { installType: 'downloadOnly', window: {}, mine: null, brand: null },
    ];
    const apps: { packageName: string }[] = [];
    for (const c of cases) {
      const app = await newApp();
      await create(platform, { packageId: app.id, hotelIds: b.hotelIds, installType: c.installType, ...c.window });
      apps.push(app);
    }
    const byPackage = async (tv: Tv) => new Map((await itemsOf(tv)).map((item) => [item.packageName, item.window]));
    const mine = await byPackage(windowed!);
    const brand = await byPackage(byBrand!);
    cases.forEach((c, i) => {
      expect(mine.get(apps[i]!.packageName), c.installType).toEqual(c.mine);
      expect(brand.get(apps[i]!.packageName), c.installType).toEqual(c.brand);
    });
    // The terminal detail's Upgrades tab shows each pending action with the window its TV has.
    const detail = (await platform.get(`/api/releases/terminals/${byBrand!.terminalId}`)).body.data.actions as { versionName: string; window: unknown; packageTitle: string }[];
    expect(detail).toHaveLength(cases.length);
    expect(new Set(detail.map((action) => JSON.stringify(action.window)))).toEqual(new Set(cases.map((c) => JSON.stringify(c.brand))));

    // The hotel changes its window: its TVs are told (a new stamp), and the next configuration has it,
    // spread by the MAC within the policy's jitter.
    const etag = (await windowed!.device.get('/api/device/v1/config')).headers.etag as string;
    const stamp = (await windowed!.device.post('/api/device/v1/heartbeat', {})).body.data.config;
    const changed = await b.hotel.put(`/api/records/boot-policies/${hotelPolicy.body.data.id}`, { name: 'Nights', active: true, applyMode: 'window', windowStart: '03:00', windowEnd: '05:00', jitterMinutes: 60 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await windowed!.device.post('/api/device/v1/heartbeat', {})).body.data.config).not.toBe(stamp);
    const refreshed = await windowed!.device.request('GET', '/api/device/v1/config', undefined, { 'if-none-match': etag });
    expect(refreshed.status).toBe(200);
    const soft = (refreshed.body.data.releases as Item[]).find((item) => item.packageName === apps[0]!.packageName);
    expect(soft!.window).toEqual({ start: windowTime(windowed!.mac, '03:00', '05:00', 60), end: '05:00', source: 'hotel' });
    // The sibling hotel's TVs keep their brand's window.
    expect((await byPackage(byBrand!)).get(apps[0]!.packageName)).toEqual({ start: '01:00', end: '03:00', source: 'hotel' });
  });
});
