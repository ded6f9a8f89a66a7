import { expect, test, type Page } from '@playwright/test';
import { MqttWsRelay } from '../../tools/mqtt-ws-relay.js';
import { ENV_MQTT_URL, ENV_MQTT_WS_PORT } from '../support/broker.js';
import { Api, DEMO, unique } from '../support/shell.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * The browser TV's push over MQTT on a WebSocket (docs/scaling.md, "Push over MQTT"). The e2e server
 * pushes through the run's Mosquitto and names a WebSocket address for browser TVs; Mosquitto here has
 * no WebSocket listener, so this test runs a relay there (tools/mqtt-ws-relay.ts) that carries the TV's
 * MQTT bytes to the broker's TCP port unchanged, and decodes them on the side. Skipped when the run has
 * no broker (Mosquitto not installed).
 */
test.skip(!process.env[ENV_MQTT_WS_PORT], 'no MQTT broker in this run: Mosquitto is not installed');

/** The TV page's device API traffic: long-polls waiting, the commands any answer carried (long-poll or heartbeat), progress reports sent over HTTP. */
function deviceTraffic(tv: Page) {
  const polls = new Set<object>();
  let pollsStarted = 0;
  const answers: Promise<string[]>[] = [];
  const isPoll = (url: string) => url.includes('/api/device/v1/commands');
  tv.on('request', (request) => {
    if (!isPoll(request.url())) return;
    polls.add(request);
    pollsStarted++;
  });
  tv.on('requestfinished', (request) => polls.delete(request));
  tv.on('requestfailed', (request) => polls.delete(request));
  tv.on('response', (response) => {
    if (!/\/api\/device\/v1\/(commands|heartbeat)/.test(response.url())) return;
    answers.push(response.json().then((body: { data?: { commands?: { type: string }[] } }) => (body.data?.commands ?? []).map((c) => c.type), () => []));
  });
  let reports = 0;
  tv.on('request', (request) => {
    if (request.url().includes('/api/device/v1/releases/progress')) reports++;
  });
  return {
    reportsOverHttp: () => reports,
    waiting: () => polls.size,
    started: () => pollsStarted,
    commands: async () => (await Promise.all(answers)).flat(),
  };
}

test('a browser TV takes its commands over MQTT on a WebSocket and reports its release progress there, and long-polls once the WebSocket is gone', async ({ browser, request }) => {
  const relay = await MqttWsRelay.start(process.env[ENV_MQTT_URL]!, Number(process.env[ENV_MQTT_WS_PORT]));
  const brand = await Api.as(request, DEMO.sunrise);
  const platform = await Api.as(request, DEMO.admin);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const tv = await context.newPage();
  const traffic = deviceTraffic(tv);
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'P');
    // Its connection through the relay: CONNECT as its terminal, its topics granted; then no long-poll waits.
    await expect.poll(() => relay.sent('broker').some((p) => p.cmd === 'suback')).toBe(true);
    const connect = relay.sent('client').find((p) => p.cmd === 'connect');
    const terminal = connect?.cmd === 'connect' ? connect.username : undefined;
    expect(terminal).toMatch(/^t\d+$/);
    await expect.poll(traffic.waiting).toBe(0);
    const polls = traffic.started();
    const overHttp = await traffic.commands();
    const acks = () => relay.sent('client').flatMap((p) => (p.cmd === 'publish' && p.topic === `htv/${terminal}/ack` ? [(JSON.parse(p.payload.toString()) as { type: string }).type] : []));
    const acked = async () => (await platform.get<{ mqttCommandsAcked: number }>('/terminals/device-metrics')).mqttCommandsAcked;
    const ackedBefore = await acked();

    // Authorized in the console: the configuration command comes over MQTT, the TV acknowledges it on
    // its ack topic and the server hears the acknowledgement; no HTTP answer carried a command.
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    expect(relay.sent('broker')).toContainEqual(expect.objectContaining({ cmd: 'publish', topic: `htv/${terminal}/cmd` }));
    await expect.poll(acks).toEqual(['config']);
    await expect.poll(acked).toBeGreaterThan(ackedBefore);

    // A task (refetch the configuration) comes the same way, and the TV reports its result.
    const item = await platform.post<{ id: number }>('/records/task-items', { name: unique('E2E推送'), action: 'refetchConfig' });
    const reported = tv.waitForRequest((r) => r.url().endsWith('/api/device/v1/tasks/result'));
    await platform.post('/tasks', { itemId: item.id, macs: [mac] });
    expect((await reported).postDataJSON()).toMatchObject({ state: 'success' });
    await expect.poll(acks).toEqual(['config', 'task']);
    expect(await traffic.commands()).toEqual(overHttp);
    expect(traffic.started()).toBe(polls);

    // A firmware released to this TV: it installs it and reports each step on its progress topic,
    // none over HTTP, and the server writes them: the rollout ends with the TV upgraded.
    const firmware = await request.post('/api/files?rule=otaFirmware', {
      headers: { authorization: `Bearer ${platform.token}` },
      multipart: { file: { name: 'fw.img', mimeType: 'application/octet-stream', buffer: Buffer.concat([Buffer.from('FW'), Buffer.alloc(40_000, 7)]) } },
    });
    expect(firmware.status()).toBe(200);
    const version = `2027${String(Date.now() % 1e6).padStart(6, '0')}`;
    const pkg = await platform.post<{ id: number }>('/records/ota-packages', { name: 'E2E MQTT', version, model: 'Browser TV', fileId: (await firmware.json()).data.id });
    const rollout = await platform.post<{ id: number }>('/releases/rollouts', { name: unique('E2E推送升级'), kind: 'ota', packageId: pkg.id, target: 'terminal', macs: [mac], installType: 'forced', maxRetries: 0 });
    await expect.poll(async () => (await platform.get<{ state: string }>(`/releases/rollouts/${rollout.id}`)).state, { timeout: 30_000 }).toBe('finished');
    const [action] = (await platform.get<{ items: { mac: string; state: string }[] }>(`/releases/rollouts/${rollout.id}/actions`)).items;
    expect(action).toMatchObject({ mac, state: 'success' });
    const progress = relay
      .sent('client')
      .flatMap((p) => (p.cmd === 'publish' && p.topic === `htv/${terminal}/progress` ? (JSON.parse(p.payload.toString()) as { reports: { state: string }[] }).reports.map((r) => r.state) : []));
    expect(progress).toEqual(['downloading', 'downloaded', 'installing', 'success']);
    expect(traffic.reportsOverHttp()).toBe(0);

    // The WebSocket goes away: the TV long-polls again, and a change (disabled) reaches it that way.
    const polling = tv.waitForRequest((r) => r.url().includes('/api/device/v1/commands'));
    await relay.stop();
    await polling;
    await brand.post('/terminals/disable', { macs: [mac], tip: 'MQTT' });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'disabled');
    expect((await traffic.commands()).slice(overHttp.length)).toContain('config');
  } finally {
    await context.close();
    await relay.stop();
  }
});
