import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../../tools/simulator/lib.js';
import { recordTables } from '../src/db/schema/index.js';
import { installCodeOf } from './devices-support.js';
import { listeningUrl, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant } from './support/fixtures.js';
import { multipartBody } from './support/images.js';

let t: TestApp;
const fleets: Fleet[] = [];

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  t = await testApp();
});

afterAll(async () => {
  for (const fleet of fleets) await fleet.stop();
});

describe('a rollout with the simulated fleet', () => {
  it('installs firmware, reports the new version in heartbeats, and pauses itself at its error threshold', async () => {
    const platform = await createPlatformAdmin(t);
    const tenant = await createTenant(t, ['terminal.authorize']);
    const hotel = tenant.hotelIds[0];
    const url = await listeningUrl(t);
    const seed = `rel-${Date.now()}`;
    const code = await installCodeOf(t, hotel);
    // Six TVs that install fine, four that always fail: 40% failures against a 30% error threshold.
    const good = await startFleet({ url, count: 6, seed, installCode: code, interval: 1, installMs: 20 });
    const bad = await startFleet({ url, count: 4, seed, offset: 100, installCode: code, interval: 1, installMs: 20, installFailureShare: 1 });
    fleets.push(good, bad);
    const terminals = recordTables.terminal!;
    const all = [...good.tvs, ...bad.tvs];
    expect((await tenant.hotel.post('/api/terminals/authorize', { macs: all.map((tv) => tv.mac) })).status).toBe(200);
    await until(() => all.every((tv) => tv.authorization === 'authorized'));

    const { payload, headers } = multipartBody({ name: 'fw.img', data: Buffer.concat([Buffer.from('FW'), Buffer.alloc(200_000, 9)]) });
    const file = await platform.request('POST', '/api/files?rule=otaFirmware', payload, headers);
    const pkg = await platform.post('/api/records/ota-packages', { name: 'Spring', version: '20270301', model: 'SIM-55U', fileId: file.body.data.id });
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    const created = await platform.post('/api/releases/rollouts', { name: 'Spring firmware', kind: 'ota', packageId: pkg.body.data.id, target: 'hotel', hotelIds: [hotel], errorThreshold: 30, successThreshold: 90, maxRetries: 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const state = async () => (await platform.get(`/api/releases/rollouts/${id}`)).body.data;

    await until(async () => (await state()).state === 'paused');
    expect((await state()).pauseReason).toBe('errorThreshold');
    // The TVs that installed report the new version in their heartbeats.
    await until(async () => {
      const rows = await t.database.db.select({ ota: terminals.otaVersion }).from(terminals).where(eq(terminals.hotelId, hotel));
      return rows.filter((r) => r.ota === '20270301').length >= 1;
    });
    const failed = await platform.get(`/api/task_info/tasks?failed=1&pagesize=50`);
    const mine = failed.body.data.items.filter((x: { mac: string }) => bad.tvs.some((tv) => tv.mac === x.mac));
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine[0]).toMatchObject({ failureCode: 'E_INSTALL', failureReason: 'simulated install failure' });
  }, 60_000);
});
