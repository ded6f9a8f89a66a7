import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { installCodeOf, registerTv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let tenant: Tenant;

async function sheetRows(res: { raw: { rawPayload: Buffer } }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  tenant = await createTenant(t, ['terminal.read']);
});

describe('fleet logs', () => {
  it('lists the TV boot log of the fleet with its filters, and exports it', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[0]), roomNumber: '301' });
    const quiet = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[1]) });
    expect((await tv.device.post('/api/device/v1/boot', { softwareVersion: '3.1.0', launcher: 'hotelos' })).status).toBe(200);
    expect((await quiet.device.post('/api/device/v1/boot', {})).status).toBe(200);
    await t.app.devices.boots.flush();

    const byMac = await platform.get(`/api/runlogs/tv?mac=${tv.mac}`);
    expect(byMac.status).toBe(200);
    expect(byMac.body.data.items).toHaveLength(1);
    expect(byMac.body.data.items[0]).toMatchObject({ mac: tv.mac, roomNumber: '301', softwareVersion: '3.1.0', launcher: 'hotelos' });
    const byHotel = await platform.get(`/api/runlogs/tv?hotelId=${tenant.hotelIds[1]}`);
    expect(byHotel.body.data.items.map((r: { mac: string }) => r.mac)).toEqual([quiet.mac]);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await platform.get(`/api/runlogs/tv?mac=${tv.mac}&from=${future}`)).body.data.items).toHaveLength(0);

    const exported = await platform.withLang('en-US').get(`/api/runlogs/tv/export?mac=${tv.mac}`);
    expect(exported.status).toBe(200);
    const rows = await sheetRows(exported);
    expect(rows[0]).toContain('Switched on at');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(tv.mac);
  });

  it('lists the terminal state history with its filters, and exports it', async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[0]) });
    const res = await platform.get(`/api/runlogs/terminal-states?mac=${tv.mac}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((r: { state: string }) => r.state).sort()).toEqual(['assigned', 'registered']);
    const assigned = await platform.get(`/api/runlogs/terminal-states?mac=${tv.mac}&state=assigned`);
    expect(assigned.body.data.items).toHaveLength(1);
    const rows = await sheetRows(await platform.get(`/api/runlogs/terminal-states/export?mac=${tv.mac}&state=registered`));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('registered');
  });

  it("lists one terminal's heartbeat log with a state and time filter, and exports it; an unknown MAC is a 404", async () => {
    const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[0]) });
    expect((await tv.device.post('/api/device/v1/heartbeat', { state: 'playing', softwareVersion: '3.2.0' })).status).toBe(200);
    await t.app.devices.heartbeats.flush();
    const res = await platform.get(`/api/runlogs/heartbeats?mac=${tv.mac}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0]).toMatchObject({ mac: tv.mac, state: 'playing', softwareVersion: '3.2.0' });
    expect((await platform.get(`/api/runlogs/heartbeats?mac=${tv.mac}&state=standby`)).body.data.items).toHaveLength(0);
    const rows = await sheetRows(await platform.get(`/api/runlogs/heartbeats/export?mac=${tv.mac}`));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('playing');
    expect((await platform.get('/api/runlogs/heartbeats?mac=000000000000')).status).toBe(404);
  });

  it('is for the platform: brand and hotel users get 403', async () => {
    for (const client of [tenant.brand, tenant.hotel]) {
      for (const path of ['/api/runlogs/tv', '/api/runlogs/tv/export', '/api/runlogs/terminal-states', '/api/runlogs/terminal-states/export', '/api/runlogs/heartbeats?mac=AABBCCDDEEFF']) {
        expect((await client.get(path)).status, path).toBe(403);
      }
    }
  });
});
