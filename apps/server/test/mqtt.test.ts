import { execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@htv/shared/areas/devices/protocol';
import { WebSocket } from 'ws';
import { MqttClient } from '../../tv/src/mqtt-client.js';
import { MqttWsRelay } from '../../../tools/mqtt-ws-relay.js';
import { VirtualTv } from '../../../tools/simulator/lib.js';
import { buildApp } from '../src/app.js';
import { mqttPassword } from '../src/areas/devices/mqtt.js';
import { invalidateConfig } from '../src/areas/devices/plugin.js';
import { taskNotifier } from '../src/areas/tasks/routes.js';
import { loadSecrets, type Config } from '../src/config.js';
import { installCodeOf } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { testDatabase } from './support/database.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody } from './support/images.js';
import { freePort } from './support/net.js';
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';

/**
 * MQTT push against the broker on this machine (Mosquitto on 127.0.0.1:1883 here and in CI; its
 * anonymous listener: the per-terminal credentials are checked by the broker's HTTP auth in
 * production, docs/scaling.md, and through those endpoints here). Skipped when no broker answers.
 */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const brokerUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(BROKER);
  const socket = connect(Number(port || 1883), hostname, () => {
    socket.destroy();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.setTimeout(1000, () => {
    socket.destroy();
    resolve(false);
  });
});

const until = async (what: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !what() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 25));
  return what();
};

describe.runIf(brokerUp)('push over MQTT', () => {
  let t: TestApp;
  let a: Tenant;
  let app: FastifyInstance;
  let url: string;
  let config: Config;
  /** The browser TVs' WebSocket address: a relay to the broker's TCP port (docs/scaling.md). */
  let relay: MqttWsRelay;

  beforeAll(async () => {
    relay = await MqttWsRelay.start(BROKER);
    t = await testApp();
    a = await createTenant(t, ['terminal.read', 'terminal.update', 'terminal.authorize', 'terminal.disable']);
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-mqtt-'));
    const secrets = loadSecrets(dataDir);
    config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      production: false,
      secrets,
      trustProxy: ['127.0.0.1'],
      mqtt: { url: BROKER, tvUrl: BROKER, tvWsUrl: relay.url, signingKey: secrets.signingKey, authKey: 'broker-key' },
    };
    app = await buildApp({ config, database: await testDatabase() });
    await app.ready();
    await app.devices.mqtt!.ready();
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await relay?.stop();
  });

  it("carries commands to the TV on its topic, hotel-wide ones on the hotel's, and hears the acknowledgements", async () => {
    const tv = new VirtualTv({ url, seed: `mqtt-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), interval: 60, spreadSeconds: 60 });
    try {
      await tv.start();
      // The configuration names the broker and the TV's own credentials and topics.
      const push = (tv.config!.push as { mqtt: Record<string, unknown> }).mqtt;
      expect(push).toMatchObject({ url: BROKER, wsUrl: relay.url, username: `t${tv.terminalId}`, subscribe: [`htv/t${tv.terminalId}/cmd`, `htv/h${a.hotelIds[0]}/cmd`, `htv/b${a.brandId}/cmd`], ack: `htv/t${tv.terminalId}/ack` });
      expect(await until(() => tv.mqttConnected)).toBe(true);

      const metrics = app.devices.mqtt!.metrics;
      const acked = metrics.commandsAcked;
      const console = new Client(app, a.hotel.token);
      const started = Date.now();
      expect((await console.post('/api/terminals/authorize', { macs: [tv.mac] })).status).toBe(200);
      expect(await until(() => tv.commands.some((c) => c.type === 'config'))).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await until(() => tv.authorization === 'authorized')).toBe(true);
      // The acknowledgement reached the server, which then has nothing queued for the next heartbeat.
      expect(await until(() => metrics.commandsAcked > acked)).toBe(true);
      expect(app.devices.hub.has(tv.terminalId!)).toBe(false);

      // A hotel-wide change is one message on the hotel's topic.
      const before = tv.commands.length;
      invalidateConfig({ hotelId: a.hotelIds[0] });
      expect(await until(() => tv.commands.length > before)).toBe(true);
    } finally {
      await tv.stop();
    }
  });

  it("the browser TV's client, over a WebSocket to the broker: connects with the issued credentials, takes and acknowledges its commands, pings, and reconnects", { timeout: 30_000 }, async () => {
    const tv = new VirtualTv({ url, seed: `mqtt-ws-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), push: false });
    let client: MqttClient | undefined;
    try {
      await tv.register();
      await tv.fetchConfig();
      const part = (tv.config!.push as { mqtt: { wsUrl: string; clientId: string; username: string; password: string; subscribe: string[]; ack: string } }).mqtt;
      const received: DeviceCommand[] = [];
      const states: boolean[] = [];
      const tvClient = new MqttClient({
        url: part.wsUrl,
        clientId: part.clientId,
        username: part.username,
        password: part.password,
        subscribe: part.subscribe,
        open: (address) => new WebSocket(address, 'mqtt'),
        keepAlive: 2,
        retry: { minMs: 100, maxMs: 400 },
        onMessage: (_topic, payload) => {
          const command = JSON.parse(Buffer.from(payload).toString()) as DeviceCommand;
          received.push(command);
          tvClient.publish(part.ack, JSON.stringify({ id: command.id, type: command.type }));
        },
        onState: (connected) => states.push(connected),
      });
      client = tvClient;
      expect(await until(() => tvClient.connected)).toBe(true);
      // What went through the relay, decoded by another MQTT implementation: the TV's CONNECT and SUBSCRIBE, granted.
      expect(relay.sent('client').find((p) => p.cmd === 'connect' && p.clientId === part.clientId)).toMatchObject({ cmd: 'connect', protocolVersion: 4, username: part.username, password: Buffer.from(part.password), clean: true, keepalive: 2 });
      expect(relay.sent('client')).toContainEqual(expect.objectContaining({ cmd: 'subscribe', subscriptions: part.subscribe.map((topic) => ({ topic, qos: 1 })) }));
      expect(relay.sent('broker')).toContainEqual(expect.objectContaining({ cmd: 'suback', granted: part.subscribe.map(() => 1) }));

      // Authorized: the configuration command on its topic, acknowledged to the broker (PUBACK) and on the ack topic, which the server hears.
      const metrics = app.devices.mqtt!.metrics;
      const acked = metrics.commandsAcked;
      expect((await new Client(app, a.hotel.token).post('/api/terminals/authorize', { macs: [tv.mac] })).status).toBe(200);
      expect(await until(() => received.some((c) => c.type === 'config'))).toBe(true);
      expect(await until(() => metrics.commandsAcked > acked)).toBe(true);
      expect(relay.sent('client')).toContainEqual(expect.objectContaining({ cmd: 'puback' }));
      expect(relay.sent('broker')).toContainEqual(expect.objectContaining({ cmd: 'puback' }));
      // A task's command travels there too (a TV connected to the broker does not long-poll).
      taskNotifier(app, app.devices)([tv.terminalId!]);
      expect(await until(() => received.some((c) => c.type === 'task'))).toBe(true);

      // Pings keep the connection: the broker closes one silent for 1.5 keep-alive intervals.
      const pings = relay.sent('client').filter((p) => p.cmd === 'pingreq').length;
      await new Promise((r) => setTimeout(r, 4500));
      expect(tvClient.connected).toBe(true);
      expect(relay.sent('client').filter((p) => p.cmd === 'pingreq').length).toBeGreaterThanOrEqual(pings + 2);

      // The WebSocket goes away: not connected; back: it reconnects, subscribes again and takes the next command.
      const port = Number(new URL(relay.url).port);
      await relay.stop();
      expect(await until(() => !tvClient.connected)).toBe(true);
      relay = await MqttWsRelay.start(BROKER, port);
      expect(await until(() => tvClient.connected)).toBe(true);
      expect(states).toEqual([true, false, true]);
      const commands = received.length;
      invalidateConfig({ terminalIds: [tv.terminalId!] });
      expect(await until(() => received.length > commands)).toBe(true);
    } finally {
      client?.end();
      await tv.stop();
    }
  });

  it('takes release progress on the terminal\'s own progress topic: a TV connected to the broker installs without an HTTP report; unreadable messages are refused', { timeout: 30_000 }, async () => {
    const tv = new VirtualTv({ url, seed: `mqtt-rel-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), interval: 60, spreadSeconds: 60, installMs: 20 });
    const raw = await mqtt.connectAsync(BROKER, { reconnectPeriod: 0 });
    try {
      await tv.start();
      const push = (tv.config!.push as { mqtt: Record<string, unknown> }).mqtt;
      expect(push.progress).toBe(`htv/t${tv.terminalId}/progress`);
      expect(await until(() => tv.mqttConnected)).toBe(true);
      expect((await new Client(app, a.hotel.token).post('/api/terminals/authorize', { macs: [tv.mac] })).status).toBe(200);
      expect(await until(() => tv.authorization === 'authorized')).toBe(true);

      // The platform releases a firmware to this one TV (the upload goes to the server the TV downloads from).
      const platform = new Client(app, (await createPlatformAdmin(t)).token);
      const { payload, headers } = multipartBody({ name: 'fw.img', data: Buffer.concat([Buffer.from('FW'), Buffer.alloc(50_000, 3)]) });
      const file = await platform.request('POST', '/api/files?rule=otaFirmware', payload, headers);
      const pkg = await platform.post('/api/records/ota-packages', { name: 'Push', version: '20270401', model: 'SIM-55U', fileId: file.body.data.id });
      expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
      const metrics = app.devices.mqtt!.metrics;
      const taken = metrics.progressTaken;
      const created = await platform.post('/api/releases/rollouts', { name: 'Over MQTT', kind: 'ota', packageId: pkg.body.data.id, target: 'terminal', macs: [tv.mac], installType: 'forced', maxRetries: 0 });
      expect(created.status, JSON.stringify(created.body)).toBe(200);

      // downloading, downloaded, installing, success: each a message on the TV's topic (so none over
      // HTTP: the action's history is its creation and these four), written by the server.
      const state = async () => {
        const result = await t.database.db.execute(sql`select state from release_actions where terminal_id = ${tv.terminalId} and rollout_id = ${created.body.data.id}`);
        return (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
      };
      for (const end = Date.now() + 15_000; (await state()) !== 'success' && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
      expect(await state()).toBe('success');
      expect(metrics.progressTaken - taken).toBe(4);
      const events = await t.database.db.execute(sql`select e.state from release_action_events e join release_actions a on a.id = e.action_id where a.terminal_id = ${tv.terminalId} order by e.id`);
      expect((events as unknown as { rows: { state: string }[] }).rows.map((r) => r.state)).toEqual(['pending', 'downloading', 'downloaded', 'installing', 'success']);

      // Not JSON, no report, an unknown state: refused and counted, nothing written.
      const refused = metrics.progressRefused;
      const topic = `htv/t${tv.terminalId}/progress`;
      for (const message of ['not json', '{"reports":[]}', '{"reports":[{"actionId":1,"state":"exploded"}]}']) await raw.publishAsync(topic, message, { qos: 1 });
      expect(await until(() => metrics.progressRefused === refused + 3)).toBe(true);

      // The HTTP calls' limit per terminal holds for messages too: 120 a minute, four spent installing.
      const takenBefore = metrics.progressTaken;
      const late = JSON.stringify({ reports: [{ actionId: 1, state: 'downloading' }] });
      for (let i = 0; i < 125; i++) await raw.publishAsync(topic, late, { qos: 1 });
      expect(await until(() => metrics.progressTaken + metrics.progressRefused === takenBefore + refused + 3 + 125)).toBe(true);
      expect(metrics.progressTaken - takenBefore).toBe(116);
    } finally {
      raw.end(true);
      await tv.stop();
    }
  });

  it("answers the broker's HTTP authentication and authorization: a terminal's own credentials and topics only", async () => {
    const tv = new VirtualTv({ url, seed: `mqtt-auth-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), push: false });
    try {
      await tv.register();
      await tv.fetchConfig();
      const { username, password } = (tv.config!.push as { mqtt: { username: string; password: string } }).mqtt;
      const broker = (path: string, body: unknown, key = 'broker-key') => app.inject({ method: 'POST', url: `/api/device/v1/mqtt/${path}`, payload: body as object, headers: { 'x-mqtt-auth-key': key } });
      expect((await broker('auth', { username, password })).json()).toEqual({ result: 'allow' });
      expect((await broker('auth', { username, password }, 'wrong')).statusCode).toBe(403);
      expect((await broker('auth', { username, password: mqttPassword(config.secrets.signingKey, tv.terminalId!, new Date(0)) })).statusCode).toBe(403);
      expect((await broker('auth', { username: `t${tv.terminalId! + 1}`, password })).statusCode).toBe(403);
      const acl = async (topic: string, acc: number) => (await broker('acl', { username, topic, acc })).statusCode;
      expect(await acl(`htv/t${tv.terminalId}/cmd`, 4)).toBe(200);
      expect(await acl(`htv/h${a.hotelIds[0]}/cmd`, 1)).toBe(200);
      expect(await acl(`htv/h${a.hotelIds[1]}/cmd`, 4)).toBe(403);
      expect(await acl(`htv/t${tv.terminalId! + 1}/cmd`, 4)).toBe(403);
      expect(await acl(`htv/t${tv.terminalId}/ack`, 2)).toBe(200);
      expect(await acl(`htv/t${tv.terminalId}/progress`, 2)).toBe(200);
      expect(await acl(`htv/t${tv.terminalId! + 1}/progress`, 2)).toBe(403);
      expect(await acl(`htv/t${tv.terminalId}/cmd`, 2)).toBe(403);
      // An unbind revokes the password with the token.
      expect((await new Client(app, a.hotel.token).post('/api/web/hotel_terminal/unbind', { mac: tv.mac })).status).toBe(200);
      expect((await broker('auth', { username, password })).statusCode).toBe(403);
    } finally {
      await tv.stop();
    }
  });

  it("a broker that checks each terminal's credentials and topics itself: only the TV's own account reads its commands", { timeout: 60_000 }, async () => {
    // A Mosquitto of this test's own (the machine's broker is anonymous and not ours to configure): a
    // password file and ACL patterns on the username, as a file-based production setup would have. It
    // runs as this test's user (started as root it would switch to its own, which cannot read the files).
    const dir = mkdtempSync(join(tmpdir(), 'htv-broker-'));
    const port = await freePort();
    writeFileSync(join(dir, 'acl'), 'user server\ntopic readwrite htv/#\n\npattern read htv/%u/cmd\npattern write htv/%u/ack\npattern write htv/%u/progress\n');
    execFileSync('mosquitto_passwd', ['-b', '-c', join(dir, 'passwd'), 'server', 'server-secret']);
    writeFileSync(join(dir, 'mosquitto.conf'), `user ${userInfo().username}\nlistener ${port} 127.0.0.1\nallow_anonymous false\npassword_file ${join(dir, 'passwd')}\nacl_file ${join(dir, 'acl')}\npersistence false\n`);
    const broker = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    const brokerUrl = `mqtt://127.0.0.1:${port}`;
    const secrets = loadSecrets(mkdtempSync(join(tmpdir(), 'htv-mqtt-own-')));
    const own = await buildApp({
      config: { ...config, secrets, mqtt: { url: brokerUrl, username: 'server', password: 'server-secret', tvUrl: brokerUrl, signingKey: secrets.signingKey } },
      database: await testDatabase(),
    });
    try {
      await own.ready();
      await own.devices.mqtt!.ready();
      expect(own.devices.mqtt!.connected).toBe(true);
      const ownUrl = await own.listen({ port: 0, host: '127.0.0.1' });
      const tv = new VirtualTv({ url: ownUrl, seed: `mqtt-own-${Date.now()}`, index: 0, installCode: await installCodeOf(t, a.hotelIds[0]), interval: 60, spreadSeconds: 60 });
      await tv.register();
      await tv.fetchConfig();
      const { username, password } = (tv.config!.push as { mqtt: { username: string; password: string } }).mqtt;
      // The credentials the server issued go into the broker's password file (what the HTTP auth does live).
      execFileSync('mosquitto_passwd', ['-b', join(dir, 'passwd'), username, password]);
      broker.kill('SIGHUP');
      await new Promise((r) => setTimeout(r, 300));

      // A wrong password is refused by the broker.
      const intruder = mqtt.connect(brokerUrl, { username, password: `${password}x`, reconnectPeriod: 0 });
      const refused = await new Promise<string>((resolve) => {
        intruder.once('error', (error) => resolve(error.message));
        intruder.once('connect', () => resolve('connected'));
      });
      intruder.end(true);
      expect(refused).toMatch(/Not authorized|Bad username or password/);

      await tv.start();
      expect(await until(() => tv.mqttConnected)).toBe(true);
      const acked = own.devices.mqtt!.metrics.commandsAcked;
      expect((await new Client(own, a.hotel.token).post('/api/terminals/authorize', { macs: [tv.mac] })).status).toBe(200);
      expect(await until(() => tv.commands.some((c) => c.type === 'config'))).toBe(true);
      // Its acknowledgement passed the broker's ACL and reached the server.
      expect(await until(() => own.devices.mqtt!.metrics.commandsAcked > acked)).toBe(true);
      await tv.stop();
    } finally {
      await own.close();
      broker.kill('SIGTERM');
    }
  });
});
