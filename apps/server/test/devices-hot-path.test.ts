import { translate } from '@htv/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateConfig } from '../src/areas/devices/plugin.js';
import { registerTv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

const beat = (client: Client) => client.post('/api/device/v1/heartbeat', { state: 'on' });

describe('device API: the heartbeat hot path', () => {
  it('answers the envelope as JSON, with the stamp and commands current after every change', async () => {
    const tv = await registerTv(t);
    const first = await beat(tv.device);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const stamp = first.body.data.config as string;
    expect(first.raw.body).toBe(JSON.stringify({ code: '0', data: { interval: 60, config: stamp } }));
    expect((await beat(tv.device)).raw.body).toBe(first.raw.body);

    // A change of this terminal: a new stamp, and the queued command with the next answer only.
    invalidateConfig({ terminalIds: [tv.terminalId] });
    const withCommand = await beat(tv.device);
    const changed = withCommand.body.data.config as string;
    expect(changed).not.toBe(stamp);
    expect(withCommand.body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect(Object.keys(withCommand.body.data)).toEqual(['interval', 'config', 'commands']);
    expect((await beat(tv.device)).raw.body).toBe(JSON.stringify({ code: '0', data: { interval: 60, config: changed } }));

    // A fleet-wide change: every stamp changes, no command.
    invalidateConfig({ all: true });
    const fleet = await beat(tv.device);
    expect(fleet.body.data.config).not.toBe(changed);
    expect(fleet.body.data.commands).toBeUndefined();
  });

  it('refuses unknown tokens in the language of the lang query or Accept-Language', async () => {
    const stranger = new Client(t.app, 'x'.repeat(43), 'zh-CN');
    const zh = await beat(stranger);
    expect(zh.status).toBe(401);
    expect(zh.body).toMatchObject({ code: '-1', errkey: 'device.unregistered', errmsg: translate('device.unregistered', 'zh-CN') });
    const byQuery = await stranger.post('/api/device/v1/heartbeat?lang=en-US', { state: 'on' });
    expect(byQuery.body.errmsg).toBe(translate('device.unregistered', 'en-US'));
    const byHeader = await stranger.request('POST', '/api/device/v1/heartbeat', { state: 'on' }, { 'accept-language': 'en-GB,en;q=0.8' });
    expect(byHeader.body.errmsg).toBe(translate('device.unregistered', 'en-US'));
  });

  it('accepts the bearer scheme in any case, and a token revoked by re-registration no more', async () => {
    const tv = await registerTv(t);
    const lowerCase = await tv.device.request('POST', '/api/device/v1/heartbeat', {}, { authorization: `bearer ${tv.token}` });
    expect(lowerCase.status).toBe(200);
    const again = await new Client(t.app).post('/api/device/v1/register', { mac: tv.mac, sn: tv.sn });
    expect(again.status).toBe(200);
    expect((await beat(tv.device)).status).toBe(401);
    expect((await beat(new Client(t.app, again.body.data.token))).status).toBe(200);
  });
});
