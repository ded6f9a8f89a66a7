import { FiasPmsLink, HotelDay, HttpPmsLink } from '@htv/tools/pms';
import type { PmsEvent } from '@htv/shared/areas/pms/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { FiasLinks } from '../src/areas/pms/fias/links.js';
import { publicIdOf } from './devices-support.js';
import { createRooms, usePmsVendor } from './pms-support.js';
import { listeningUrl, testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let links: FiasLinks | undefined;
const ROOMS = Array.from({ length: 12 }, (_, i) => String(701 + i));

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function inHouseRooms(client: Client): Promise<string[]> {
  const res = await client.get('/api/records/stays?state=inHouse&pagesize=100');
  return (res.body.data.items as { roomNumber: string }[]).map((stay) => stay.roomNumber).sort();
}

const logCount = async (client: Client) => (await client.get('/api/records/pms-logs?pagesize=1')).body.data.total as number;

function dayOf(day: HotelDay, next: number): PmsEvent[] {
  return [...day.fill(), ...Array.from({ length: next }, () => day.next())];
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, ['pmsLog.read', 'room.read', 'room.create', 'pmsInterface.manage']);
  await createRooms(a.hotel, ROOMS);
  await createRooms(a.sibling, ROOMS);
});

afterAll(async () => {
  await links?.close();
});

describe('the PMS simulator plays a day', () => {
  it('over HTTP: every event applied, the server’s guests are the simulator’s', async () => {
    await usePmsVendor(t, platform, a.hotelIds[0], 'http');
    const secret = (await a.hotel.get('/api/pms/interface')).body.data.secret as string;
    const answers: { status: number; result?: string }[] = [];
    const link = new HttpPmsLink(await listeningUrl(t), await publicIdOf(t, a.hotelIds[0]), secret, (_event, status, body) => answers.push({ status, result: (body as { data?: { result?: string } }).data?.result }));
    const day = new HotelDay('h', ROOMS, { occupancy: 0.5, group: 'TGS' });
    const events = dayOf(day, 40);
    for (const event of events) await link.send(event);
    link.close();
    expect(answers).toHaveLength(events.length);
    expect(answers.filter((answer) => answer.status !== 200 || answer.result !== 'applied')).toEqual([]);
    expect(await inHouseRooms(a.hotel)).toEqual(day.occupied().sort());
    expect(await logCount(a.hotel)).toBe(events.length);
  });

  it('over FIAS: the link starts, every record is applied, the server’s guests are the simulator’s', async () => {
    await usePmsVendor(t, platform, a.hotelIds[1], 'fias');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect((await a.sibling.put('/api/pms/interface', { fiasEnabled: true, fiasPort: port, fiasAllowed: '127.0.0.1' })).status).toBe(200);
    links = new FiasLinks(t.database.db, { host: '127.0.0.1', idleMs: 60_000, checkMs: 60_000, leaseMs: 30_000 });
    await links.check();
    const states: string[] = [];
    const link = new FiasPmsLink('127.0.0.1', port, (state) => states.push(state));
    const day = new HotelDay('s', ROOMS, { occupancy: 0.5 });
    const events = dayOf(day, 30);
    for (const event of events) await link.send(event);
    await until(async () => (await logCount(a.sibling)) >= events.length);
    link.close();
    expect(states[0]).toBe('up');
    const rows = (await a.sibling.get('/api/records/pms-logs?pagesize=100')).body.data.items as { result: string; source: string }[];
    expect(rows.filter((row) => row.result !== 'applied' || row.source !== 'fias')).toEqual([]);
    expect(await inHouseRooms(a.sibling)).toEqual(day.occupied().sort());
  });
});
