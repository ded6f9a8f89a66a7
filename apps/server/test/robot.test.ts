import { startRobotSimulator, type RobotSimulator } from '@htv/tools/robot';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatus } from '../src/areas/robot/adapter.js';
import { recordTables, robotGateways } from '../src/db/schema/index.js';
import { allowRemoteForTests } from '../src/files/remote.js';
import { testApp, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

const KEY = 'robot-key';
let t: TestApp;
let a: Tenant;
let b: Tenant;
let simulator: RobotSimulator;
/** A local server answering a robot service's recorded answers. */
let recorded: Server;
let recordedUrl: string;
let answer = { status: 201, body: '{"id":"R-77"}' };

beforeAll(async () => {
  recorded = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => recorded.listen(0, '127.0.0.1', resolve));
  recordedUrl = `http://127.0.0.1:${(recorded.address() as AddressInfo).port}`;
  simulator = await startRobotSimulator({ key: KEY, stepMs: 200 });
  allowRemoteForTests((address) => address === '127.0.0.1');
  t = await testApp();
  const permissions = ['robot.read', 'robot.update', 'robot.send'];
  a = await createTenant(t, permissions);
  b = await createTenant(t, permissions);
});

afterAll(() => {
  allowRemoteForTests(null);
  simulator.stop();
  recorded.close();
});

const call = async (tenant: Tenant, hotel: 0 | 1, status = 'pending') => {
  const calls = recordTables.aiServiceCall!;
  const [row] = await t.database.db
    .insert(calls)
    .values({ brandId: tenant.brandId, hotelId: tenant.hotelIds[hotel], roomNumber: '1208', mac: 'B70000000001', content: 'towel × 2 — two towels please', status, calledAt: new Date().toISOString() })
    .returning({ id: calls.id });
  return row!.id as number;
};

describe('the robot', () => {
  it('reads a status answer, refusing anything that is not one', () => {
    expect(readStatus({ state: 'moving', progress: 40.4 })).toEqual({ state: 'moving', progress: 40 });
    expect(() => readStatus({ state: 'flying', progress: 10 })).toThrow();
    expect(() => readStatus({ state: 'done' })).toThrow();
  });

  it('sends an open call of the hotel to the robot and shows its progress to done; the key stays secret', async () => {
    const first = await a.hotel.put('/api/robot/gateway', { url: simulator.url, enabled: true });
    expect(first.status).toBe(422);
    const saved = await a.hotel.put('/api/robot/gateway', { url: simulator.url, secret: KEY, enabled: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    const id = await call(a, 0);
    const sent = await a.hotel.post('/api/robot/tasks', { callId: id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ callId: id, roomNumber: '1208', state: 'queued', progress: 0 });
    expect([...simulator.tasks.values()].at(-1)).toMatchObject({ room: '1208', content: 'towel × 2 — two towels please' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const moving = (await a.hotel.get('/api/robot/tasks')).body.data.items[0];
    expect(moving.state).toBe('moving');
    expect(moving.progress).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await a.hotel.get('/api/robot/tasks')).body.data.items[0]).toMatchObject({ state: 'done', progress: 100 });
    // A closed call is not sent.
    expect((await a.hotel.post('/api/robot/tasks', { callId: await call(a, 0, 'completed') })).body.errkey).toBe('robot.callClosed');
  });

  it('says a refusal or an unreachable robot, and marks the delivery failed', async () => {
    await a.hotel.put('/api/robot/gateway', { url: recordedUrl, enabled: true });
    answer = { status: 400, body: '{"error":"room and content required"}' };
    expect((await a.hotel.post('/api/robot/tasks', { callId: await call(a, 0) })).body.errkey).toBe('robot.refused');
    answer = { status: 201, body: '<html>' };
    expect((await a.hotel.post('/api/robot/tasks', { callId: await call(a, 0) })).body.errkey).toBe('robot.unreachable');
    expect((await a.hotel.get('/api/robot/tasks')).body.data.items[0].state).toBe('failed');
    allowRemoteForTests(null);
    expect((await a.hotel.post('/api/robot/tasks', { callId: await call(a, 0) })).body.errkey).toBe('robot.unreachable');
    allowRemoteForTests((address) => address === '127.0.0.1');
    await a.hotel.put('/api/robot/gateway', { url: simulator.url, enabled: true });
  });

  it('keeps hotels apart: another hotel cannot send a call of this hotel nor see its robot or deliveries', async () => {
    const id = await call(a, 0);
    await b.hotel.put('/api/robot/gateway', { url: simulator.url, secret: KEY, enabled: true });
    expect((await b.hotel.post('/api/robot/tasks', { callId: id })).status).toBe(404);
    expect((await a.sibling.post('/api/robot/tasks', { callId: id })).body.errkey).toBe('robot.notConfigured');
    expect((await b.hotel.get('/api/robot/tasks')).body.data.items).toEqual([]);
    expect((await a.sibling.get('/api/robot/gateway')).body.data).toEqual({ url: null, enabled: false, hasSecret: false });
    const [row] = await t.database.db.select().from(robotGateways).where(eq(robotGateways.hotelId, a.hotelIds[0]));
    expect(row!.url).toBe(simulator.url);
    expect((await a.brand.get('/api/robot/tasks')).status).toBe(403);
  });
});
