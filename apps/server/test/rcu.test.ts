import type { RcuDevice } from '@htv/shared/areas/rcu/adapter';
import { RcuFailure } from '@htv/shared/areas/rcu/adapter';
import type { RcuConfigPart } from '@htv/shared/areas/rcu/device';
import type { VoiceAnswer } from '@htv/shared/areas/voice/device';
import { startRcuSimulator, type RcuSimulator } from '@htv/tools/rcu';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { htvJsonAdapter, readDevices } from '../src/areas/rcu/adapter.js';
import { extractSlots } from '../src/areas/voice/slots.js';
import { hotels, rcuGateways, rooms } from '../src/db/schema/index.js';
import { allowRemoteForTests } from '../src/files/remote.js';
import { configPartOf, installCodeOf, registerTv, type Tv } from './devices-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/rcu/${name}`, import.meta.url));
const RECORDED = fixture('room-devices.json');
const KEY = 'test-rcu-key';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let simulator: RcuSimulator;
/** A local server answering what each test sets: a gateway's recorded answers. */
let recorded: Server;
let recordedUrl: string;
let answer: { status: number; body: Buffer } = { status: 200, body: RECORDED };
let asked: { method: string; url: string; authorization?: string; body: string }[] = [];

const allowLocal = () => allowRemoteForTests((address) => address === '127.0.0.1');

beforeAll(async () => {
  recorded = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      asked.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => recorded.listen(0, '127.0.0.1', resolve));
  recordedUrl = `http://127.0.0.1:${(recorded.address() as AddressInfo).port}`;
  simulator = await startRcuSimulator({ rooms: ['801', '802', '901'], key: KEY });
  t = await testApp();
  a = await createTenant(t, ['rcu.read', 'rcu.update']);
  b = await createTenant(t, ['rcu.read', 'rcu.update']);
  allowLocal();
});

afterAll(() => {
  allowRemoteForTests(null);
  recorded.close();
  simulator.stop();
});

beforeEach(() => {
  allowLocal();
  answer = { status: 200, body: RECORDED };
  asked = [];
});

const roomTv = async (tenant: Tenant, room: string, hotel: 0 | 1 = 0): Promise<Tv> => {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[hotel]), roomNumber: room });
  const { recordTables } = await import('../src/db/schema/index.js');
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
};
const saveGateway = (client: Client, body: Record<string, unknown>) => client.put('/api/rcu/gateway', { vendor: 'htv-json', enabled: true, ...body });
const devicesOf = (client: Client, room: string) => client.get<{ room: string; devices: RcuDevice[] }>(`/api/rcu/rooms/${room}/devices`);
const simDevice = (room: string, id: string) => simulator.rooms.get(room)!.find((d) => d.id === id)!;

describe('the htv-json adapter against recorded answers', () => {
  it('reads the devices: known types only, an air conditioner’s set temperature, mode and room temperature', () => {
    expect(readDevices(JSON.parse(RECORDED.toString('utf8')))).toEqual([
      { id: 'L1', type: 'light', name: 'Ceiling', on: true },
      { id: 'L2', type: 'light', name: 'Reading lamp', on: false },
      { id: 'C1', type: 'curtain', name: 'Sheer curtain', on: false },
      { id: 'AC', type: 'aircon', name: 'Air conditioning', on: true, setpoint: 23.5, mode: 'cool', roomTemperature: 25.1 },
      { id: 'DND', type: 'dnd', name: 'Do not disturb', on: true },
      { id: 'MUR', type: 'mur', name: 'Make up room', on: false },
    ]);
  });

  it('asks over HTTP with the key, and turns refusals into reasons (never made-up states)', async () => {
    const adapter = htvJsonAdapter(recordedUrl, 'k-1');
    expect(await adapter.devices('1208')).toHaveLength(6);
    expect(asked[0]).toMatchObject({ method: 'GET', url: '/api/rooms/1208/devices', authorization: 'Bearer k-1' });
    await adapter.set('1208', 'L1', { on: false });
    expect(asked[1]).toMatchObject({ method: 'POST', url: '/api/rooms/1208/devices/L1', body: '{"on":false}', authorization: 'Bearer k-1' });

    const failure = async (run: () => Promise<unknown>) => run().then(() => null, (error: unknown) => (error instanceof RcuFailure ? error.key : String(error)));
    answer = { status: 200, body: fixture('bad-answer.json') };
    expect(await failure(() => adapter.devices('1208'))).toBe('rcu.badAnswer');
    answer = { status: 200, body: Buffer.from('<html>gateway</html>') };
    expect(await failure(() => adapter.devices('1208'))).toBe('rcu.badAnswer');
    answer = { status: 401, body: Buffer.from('{"error":"unauthorized"}') };
    expect(await failure(() => adapter.devices('1208'))).toBe('rcu.unauthorized');
    expect(await failure(() => adapter.set('1208', 'L1', { on: true }))).toBe('rcu.unauthorized');
    answer = { status: 404, body: Buffer.from('{"error":"unknown room"}') };
    expect(await failure(() => adapter.devices('9999'))).toBe('rcu.unknownRoom');
    answer = { status: 400, body: Buffer.from('{"error":"unsupported command"}') };
    expect(await failure(() => adapter.set('1208', 'L1', { on: true }))).toBe('rcu.refused');
    answer = { status: 503, body: Buffer.from('{}') };
    expect(await failure(() => adapter.devices('1208'))).toBe('rcu.unreachable');
  });

  it('never reaches a private address the operator has not allowed', async () => {
    allowRemoteForTests(null);
    const adapter = htvJsonAdapter(recordedUrl, 'k-1');
    await expect(adapter.devices('1208')).rejects.toMatchObject({ key: 'rcu.unreachable' });
    await expect(htvJsonAdapter('http://10.0.0.5', null).devices('1')).rejects.toMatchObject({ key: 'rcu.unreachable' });
    expect(asked).toEqual([]);
  });
});

describe('the htv-json adapter against the simulator', () => {
  it('switches, sets the temperature and the mode; do-not-disturb and make-up-room exclude each other; a wrong key is refused', async () => {
    const adapter = htvJsonAdapter(simulator.url, KEY);
    const before = await adapter.devices('901');
    expect(before.map((d) => d.type)).toEqual(['light', 'light', 'curtain', 'aircon', 'dnd', 'mur']);
    await adapter.set('901', 'light-main', { on: false });
    await adapter.set('901', 'aircon', { setpoint: 21 });
    await adapter.set('901', 'aircon', { mode: 'heat' });
    await adapter.set('901', 'mur', { on: true });
    await adapter.set('901', 'dnd', { on: true });
    const after = await adapter.devices('901');
    expect(after.find((d) => d.id === 'light-main')!.on).toBe(false);
    expect(after.find((d) => d.id === 'aircon')).toMatchObject({ setpoint: 21, mode: 'heat' });
    expect(after.find((d) => d.id === 'dnd')!.on).toBe(true);
    expect(after.find((d) => d.id === 'mur')!.on).toBe(false);
    await expect(adapter.set('901', 'light-main', { setpoint: 20 })).rejects.toMatchObject({ key: 'rcu.refused' });
    await expect(adapter.devices('nope')).rejects.toMatchObject({ key: 'rcu.unknownRoom' });
    await expect(htvJsonAdapter(simulator.url, 'wrong').devices('901')).rejects.toMatchObject({ key: 'rcu.unauthorized' });
  });
});

describe('the gateway in the console', () => {
  it('needs a key the first time, keeps it when left empty and never answers it; checks the address', async () => {
    const first = await a.hotel.put('/api/rcu/gateway?lang=en-US', { vendor: 'htv-json', url: simulator.url, enabled: true });
    expect(first.status).toBe(422);
    expect(first.body.errors.secret).toEqual(['Enter the access key']);
    const badUrl = await saveGateway(a.hotel, { url: 'ftp://gateway', secret: KEY });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.errors.url).toBeDefined();
    const saved = await saveGateway(a.hotel, { url: simulator.url, secret: KEY });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ vendor: 'htv-json', url: simulator.url, enabled: true, hasSecret: true });
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    expect((await saveGateway(a.hotel, { url: simulator.url, secret: '' })).status).toBe(200);
    const [row] = await t.database.db.select().from(rcuGateways).where(eq(rcuGateways.hotelId, a.hotelIds[0]));
    expect(row!.secret).toBe(KEY);
    expect(JSON.stringify((await a.hotel.get('/api/rcu/gateway')).body)).not.toContain(KEY);
  });

  it('shows a room’s devices from the gateway and changes them; the state shown is the gateway’s', async () => {
    await t.database.db.insert(rooms).values({ brandId: a.brandId, hotelId: a.hotelIds[0], number: '801' });
    expect((await a.hotel.get('/api/rcu/rooms')).body.data.rooms).toContain('801');
    const read = await devicesOf(a.hotel, '801');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.devices.find((d) => d.id === 'light-main')!.on).toBe(true);
    simulator.set('801', 'curtain', { on: true }); // a guest at the room's panel
    expect((await devicesOf(a.hotel, '801')).body.data.devices.find((d) => d.id === 'curtain')!.on).toBe(true);
    const changed = await a.hotel.post<{ devices: RcuDevice[] }>('/api/rcu/rooms/801/devices/aircon', { setpoint: 19 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.devices.find((d) => d.id === 'aircon')!.setpoint).toBe(19);
    expect(simDevice('801', 'aircon').setpoint).toBe(19);
    // Out of range, or a command the device does not take: refused before the gateway.
    expect((await a.hotel.post('/api/rcu/rooms/801/devices/aircon', { setpoint: 40 })).status).toBe(422);
    expect((await a.hotel.post('/api/rcu/rooms/801/devices/light-main', { mode: 'cool' })).status).toBe(422);
    expect((await a.hotel.post('/api/rcu/rooms/801/devices/ghost', { on: true })).status).toBe(404);
  });

  it('says the gateway cannot be reached instead of inventing states', async () => {
    await t.database.db.insert(rooms).values({ brandId: a.brandId, hotelId: a.hotelIds[0], number: '880' });
    await saveGateway(a.hotel, { url: 'http://127.0.0.1:9', secret: '' });
    const down = await devicesOf(a.hotel, '880');
    expect(down.status).toBe(409);
    expect(down.body.errkey).toBe('rcu.unreachable');
    expect(down.body.data ?? null).toBeNull();
    await saveGateway(a.hotel, { url: simulator.url, secret: '', enabled: false });
    expect((await devicesOf(a.hotel, '880')).body.errkey).toBe('rcu.notConfigured');
    await saveGateway(a.hotel, { url: simulator.url, secret: '' });
  });

  it('keeps tenants apart: another hotel’s gateway, rooms and devices cannot be read or changed', async () => {
    // The sibling hotel of the same brand and another brand's hotel see their own (empty) gateway.
    expect((await a.sibling.get('/api/rcu/gateway')).body.data).toMatchObject({ url: null, hasSecret: false });
    expect((await b.hotel.get('/api/rcu/gateway')).body.data).toMatchObject({ url: null, hasSecret: false });
    // Room 801 is hotel a's: to the others it does not exist.
    expect((await devicesOf(a.sibling, '801')).status).toBe(404);
    expect((await devicesOf(b.hotel, '801')).status).toBe(404);
    expect((await b.hotel.post('/api/rcu/rooms/801/devices/light-main', { on: false })).status).toBe(404);
    expect((await b.hotel.get('/api/rcu/rooms')).body.data.rooms).not.toContain('801');
    // Saving their own gateway never touches hotel a's.
    await saveGateway(b.hotel, { url: 'https://rcu.example.com', secret: 'other-key' });
    const [row] = await t.database.db.select().from(rcuGateways).where(eq(rcuGateways.hotelId, a.hotelIds[0]));
    expect(row!.url).toBe(simulator.url);
    // Brand users and anonymous callers have no room control.
    expect((await a.brand.get('/api/rcu/gateway')).status).toBe(403);
    expect((await a.brand.get('/api/rcu/rooms/801/devices')).status).toBe(403);
  });
});

describe('on the TV', () => {
  it('sends the rcu part while the gateway is enabled; the TV reads and changes its own room only', async () => {
    const tv = await roomTv(a, '802');
    expect(await configPartOf<RcuConfigPart>(tv, 'rcu')).toEqual({ room: '802' });
    const read = await tv.device.get<{ room: string; devices: RcuDevice[] }>('/api/device/v1/rcu/devices');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.room).toBe('802');
    const changed = await tv.device.post<{ devices: RcuDevice[] }>('/api/device/v1/rcu/devices/light-main', { on: false });
    expect(changed.body.data.devices.find((d) => d.id === 'light-main')!.on).toBe(false);
    expect(simDevice('802', 'light-main').on).toBe(false);
    expect(simDevice('801', 'light-main').on).toBe(true);
    // A TV of the other brand's hotel (no gateway enabled) has no part and no room control.
    await t.database.db.update(rcuGateways).set({ enabled: false }).where(eq(rcuGateways.hotelId, b.hotelIds[0]));
    const other = await roomTv(b, '801');
    expect(await configPartOf(other, 'rcu')).toBeNull();
    expect((await other.device.get('/api/device/v1/rcu/devices')).body.errkey).toBe('rcu.notConfigured');
    expect(simulator.requests.filter((r) => r.path.includes('/801/') && r.method === 'POST')).toHaveLength(1); // only the console's set-temperature
  });
});

describe('voice', () => {
  it('reads a temperature slot in both languages', () => {
    expect(extractSlots('set the air conditioning to 22 degrees', 'en', ['device', 'onoff', 'temperature'], [])).toEqual({ device: 'aircon', temperature: 22 });
    expect(extractSlots('空调调到二十五度', 'zh', ['device', 'temperature'], [])).toEqual({ device: 'aircon', temperature: 25 });
    expect(extractSlots('关灯', 'zh', ['device', 'onoff', 'temperature'], [])).toEqual({ device: 'light', onoff: 'off' });
  });

  it('“turn off the lights”, “打开窗帘” and “22 degrees” reach the TV’s room through the gateway; the TV says what was done', async () => {
    await t.database.db.update(hotels).set({ aiVoice: true }).where(eq(hotels.id, a.hotelIds[0]));
    const { recordTables } = await import('../src/db/schema/index.js');
    const owner = { brandId: a.brandId, hotelId: a.hotelIds[0], enabled: true };
    await t.database.db.insert(recordTables.aiIntent!).values([
      { ...owner, name: 'room.lights', title: 'Lights', slots: 'device,onoff', examplesZh: '关灯\n开灯\n把灯关了\n打开灯', examplesEn: 'turn off the lights\nturn on the lights\nlights off\nswitch the lamp on' },
      { ...owner, name: 'room.curtains', title: 'Curtains', slots: 'device,onoff', examplesZh: '打开窗帘\n关上窗帘\n拉开窗帘', examplesEn: 'open the curtains\nclose the curtains\ndraw the curtains' },
      { ...owner, name: 'room.aircon', title: 'Air conditioning', slots: 'device,onoff,temperature', examplesZh: '空调调到22度\n把空调打开\n关掉空调', examplesEn: 'set the air conditioning to 22 degrees\nturn on the air conditioning\nturn off the aircon' },
    ]);
    const tv = await roomTv(a, '901');
    const say = (text: string) => tv.device.post<VoiceAnswer>('/api/device/v1/voice/understand', { text });
    simulator.set('901', 'light-main', { on: true });
    simulator.set('901', 'light-bed', { on: true });
    const off = await say('turn off the lights');
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.action).toEqual({ do: 'room', device: 'light', power: 'off', handled: true });
    expect(off.body.data.say).toBe('OK, the lights are off');
    expect(simDevice('901', 'light-main').on).toBe(false);
    expect(simDevice('901', 'light-bed').on).toBe(false);
    const curtains = await say('打开窗帘');
    expect(curtains.body.data.say).toBe('好的，已打开窗帘');
    expect(simDevice('901', 'curtain').on).toBe(true);
    const ac = await say('set the air conditioning to 22 degrees');
    expect(ac.body.data.action).toMatchObject({ do: 'room', device: 'aircon', temperature: 22, handled: true });
    expect(ac.body.data.say).toBe('OK, the air conditioning is set to 22 degrees');
    expect(simDevice('901', 'aircon').setpoint).toBe(22);
    // Another room of the hotel is untouched.
    expect(simDevice('802', 'curtain').on).toBe(false);
    // The gateway down: the TV says so, nothing is claimed.
    await t.database.db.update(rcuGateways).set({ url: 'http://127.0.0.1:9' }).where(eq(rcuGateways.hotelId, a.hotelIds[0]));
    const down = await say('turn on the lights');
    expect(down.body.data.action).toMatchObject({ do: 'room', handled: false });
    expect(down.body.data.say).toBe('Sorry, the room control cannot be reached right now');
    await t.database.db.update(rcuGateways).set({ url: simulator.url }).where(eq(rcuGateways.hotelId, a.hotelIds[0]));
  });
});
