import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordTables, themeSends } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;

const HOTEL_PERMISSIONS = ['theme.read', 'theme.create', 'theme.update', 'theme.publish', 'theme.send', 'terminal.read', 'terminal.update'];
const DAY = 86_400;
const sent: number[] = [];

interface Theme {
  id: number;
  kind: string;
  draftRevision: number;
  document: any;
}

async function create(client: Client, body: Record<string, unknown>): Promise<Theme> {
  const res = await client.post('/api/admin/theme', { name: 'Welcome', equipmentType: 'room', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await client.get(`/api/admin/theme/${res.body.data.id}`)).body.data as Theme;
}

async function published(client: Client, body: Record<string, unknown>): Promise<Theme> {
  const theme = await create(client, body);
  const res = await client.post(`/api/admin/theme/${theme.id}/publish`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return theme;
}

async function send(client: Client, id: number, body: Record<string, unknown>) {
  const res = await client.post(`/api/admin/theme/${id}/send`, { durationSeconds: DAY, ...body });
  if (res.status === 200) sent.push(id);
  return res;
}

const listIds = async (client: Client, query: string) => ((await client.get(`/api/admin/theme?page=1&pagesize=100&${query}`)).body.data.items as { id: number }[]).map((i) => i.id);

/** An authorized TV of a hotel. */
async function tvOf(hotelId: number): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId) });
  const terminals = recordTables.terminal!;
  await t.database.db.update(terminals).set({ authorization: 'authorized' }).where(eq(terminals.id, tv.terminalId));
  return tv;
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL_PERMISSIONS);
  b = await createTenant(t, HOTEL_PERMISSIONS);
});

// Tests share one database: a send to all would reach the next test's TVs.
afterEach(async () => {
  if (sent.length) await t.database.db.update(themeSends).set({ cancelledAt: new Date() }).where(and(inArray(themeSends.themeId, sent.splice(0))));
});

describe('welcome templates are a kind of theme', () => {
  it('are made with a welcome layout greeting the guest, listed apart, and keep their kind', async () => {
    const welcome = await create(platform, { kind: 'welcome' });
    expect(welcome.kind).toBe('welcome');
    expect(welcome.document.theme).toMatchObject({ kind: 'welcome', interfaceTypes: ['welcome'] });
    expect(welcome.document.layouts[0]).toMatchObject({ type: 'welcome', bootDisplay: true });
    expect(JSON.stringify(welcome.document)).toContain('{guest}');
    const launcher = await create(platform, { name: 'Launcher' });
    expect(launcher.kind).toBe('launcher');

    const welcomes = await listIds(platform, 'kind=welcome');
    expect(welcomes).toContain(welcome.id);
    expect(welcomes).not.toContain(launcher.id);
    expect(await listIds(platform, 'kind=launcher')).toEqual(expect.arrayContaining([launcher.id]));
    expect(await listIds(platform, 'kind=launcher')).not.toContain(welcome.id);
    expect((await platform.get('/api/admin/theme?page=1&pagesize=10&kind=boot')).status).toBe(422);

    // A draft save may not change the kind (422 on the document's path); other changes save.
    const changed = structuredClone(welcome.document);
    changed.theme.kind = 'launcher';
    const refused = await platform.put(`/api/admin/theme/${welcome.id}/draft`, { revision: welcome.draftRevision, document: changed });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors), JSON.stringify(refused.body)).toEqual(['theme.kind']);
    const zh = await platform.request('PUT', `/api/admin/theme/${welcome.id}/draft?lang=zh-CN`, { revision: welcome.draftRevision, document: changed });
    expect(zh.body.errors['theme.kind']?.[0]).toMatch(/欢迎页/);
    const renamed = structuredClone(welcome.document);
    renamed.layouts[0].pages[0].containers[0].blocks[0].text.en = 'Hello {guest}';
    expect((await platform.put(`/api/admin/theme/${welcome.id}/draft`, { revision: welcome.draftRevision, document: renamed })).status).toBe(200);

    // A copy is a welcome template too.
    const copy = await platform.post(`/api/admin/theme/${welcome.id}/copy`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((await platform.get(`/api/admin/theme/${copy.body.data.id}`)).body.data.kind).toBe('welcome');
  });

  it('keep to their tenant in lists, reads, saves and sends', async () => {
    const mine = await create(a.brand, { kind: 'welcome', name: 'Brand A welcome' });
    const hotels = await create(a.hotel, { kind: 'welcome', name: 'Hotel A welcome' });
    expect(await listIds(a.brand, 'kind=welcome')).toEqual(expect.arrayContaining([mine.id, hotels.id]));
    expect(await listIds(a.hotel, 'kind=welcome')).toEqual([hotels.id]);
    expect(await listIds(b.brand, 'kind=welcome')).not.toContain(mine.id);
    expect(await listIds(b.hotel, 'kind=welcome')).toEqual([]);
    expect(await listIds(a.sibling, 'kind=welcome')).not.toContain(hotels.id);

    for (const client of [b.brand, b.hotel, a.sibling]) {
      expect((await client.get(`/api/admin/theme/${hotels.id}`)).status).toBe(404);
      expect((await client.put(`/api/admin/theme/${hotels.id}/draft`, { revision: hotels.draftRevision, document: hotels.document })).status).toBe(404);
      expect((await client.post(`/api/admin/theme/${hotels.id}/publish`, {})).status).toBe(404);
    }
    // A welcome template is sent only within its owner's reach.
    expect((await a.brand.post(`/api/admin/theme/${mine.id}/publish`, {})).status).toBe(200);
    expect((await send(a.brand, mine.id, { target: 'hotel', hotelIds: [b.hotelIds[0]] })).status).toBe(404);
    expect((await send(b.brand, mine.id, { target: 'hotel', hotelIds: [b.hotelIds[0]] })).status).toBe(404);
    const tv = await tvOf(b.hotelIds[0]);
    expect((await tv.device.get('/api/device/v1/config')).body.data.welcome).toBeNull();
    // The resolution of another tenant's terminal is unknown.
    expect((await a.brand.get(`/api/admin/theme/resolution?mac=${tv.mac}&kind=welcome`)).status).toBe(404);
  });

  it('have a send to all of their own: one welcome and one launcher template at once', async () => {
    const welcome = await published(platform, { kind: 'welcome', name: 'All welcome' });
    const launcher = await published(platform, { name: 'All launcher' });
    const other = await published(platform, { kind: 'welcome', name: 'Other welcome' });
    expect((await send(platform, launcher.id, { target: 'all' })).status).toBe(200);
    expect((await send(platform, welcome.id, { target: 'all' })).status).toBe(200);
    const taken = await send(platform, other.id, { target: 'all' });
    expect(taken.status).toBe(409);
    expect(taken.body.errmsg).toContain('All welcome');

    const tv = await tvOf(a.hotelIds[1]);
    const config = (await tv.device.get('/api/device/v1/config')).body.data;
    expect(config.theme).toMatchObject({ id: launcher.id, version: 1 });
    expect(config.welcome).toMatchObject({ id: welcome.id, version: 1, guest: null });
    const why = (await platform.get(`/api/admin/theme/resolution?mac=${tv.mac}&kind=welcome`)).body.data;
    expect(why.theme).toMatchObject({ id: welcome.id });
    expect((await platform.get(`/api/admin/theme/resolution?mac=${tv.mac}`)).body.data.theme).toMatchObject({ id: launcher.id });
  });
});

describe('the template market', () => {
  it('offers no welcome templates (they have no screen below the platform)', async () => {
    const theme = await create(platform, { kind: 'welcome', name: 'Public welcome' });
    const doc = structuredClone(theme.document);
    doc.theme.visibility = 'public';
    expect((await platform.put(`/api/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document: doc })).status).toBe(200);
    expect((await platform.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    const launcher = await create(platform, { name: 'Public launcher' });
    const launcherDoc = structuredClone(launcher.document);
    launcherDoc.theme.visibility = 'public';
    expect((await platform.put(`/api/admin/theme/${launcher.id}/draft`, { revision: launcher.draftRevision, document: launcherDoc })).status).toBe(200);
    expect((await platform.post(`/api/admin/theme/${launcher.id}/publish`, {})).status).toBe(200);
    const market = ((await a.brand.get('/api/admin/template/shop?page=1&pagesize=100')).body.data.items as { id: number }[]).map((i) => i.id);
    expect(market).toContain(launcher.id);
    expect(market).not.toContain(theme.id);
    expect((await a.brand.post(`/api/admin/template/shop/${theme.id}/use`, {})).status).toBe(404);
  });
});

describe('what the TV receives', () => {
  it('gets the welcome template in its configuration with the guest the console sets, at once', async () => {
    const welcome = await published(a.hotel, { kind: 'welcome', name: 'Room welcome' });
    const tv = await tvOf(a.hotelIds[0]);
    const unauthorized = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]) });
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(200);
    expect((await send(a.hotel, welcome.id, { target: 'hotel', hotelIds: [a.hotelIds[0]] })).status).toBe(200);

    const config = await tv.device.get('/api/device/v1/config');
    const part = config.body.data.welcome;
    expect(part).toMatchObject({ id: welcome.id, name: 'Room welcome', version: 1, guest: null });
    expect(config.body.data.theme).toBeNull();
    expect((await unauthorized.device.get('/api/device/v1/config')).body.data.welcome).toBeNull();
    const payload = await tv.device.get(part.url);
    expect(payload.status).toBe(200);
    expect(payload.headers.etag).toBe(part.etag);
    expect(payload.body.document.theme.kind).toBe('welcome');

    // The console (or a PMS check-in) names the room's guest: the TV is told at once and greets them.
    await tv.device.get('/api/device/v1/commands?wait=0');
    const edited = await a.hotel.put(`/api/records/terminals/${tv.terminalId}`, { guest: 'Ms Chen' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const pushed = await tv.device.get('/api/device/v1/commands?wait=0');
    expect(pushed.body.data.commands.map((c: { type: string }) => c.type)).toContain('config');
    const after = await tv.device.get('/api/device/v1/config');
    expect(after.headers['x-config-stamp']).not.toBe(config.headers['x-config-stamp']);
    expect(after.body.data.welcome).toMatchObject({ id: welcome.id, url: part.url, guest: 'Ms Chen' });
    // Another hotel's user cannot name the guest of this room.
    expect((await b.hotel.put(`/api/records/terminals/${tv.terminalId}`, { guest: 'Intruder' })).status).toBe(404);

    // Cancelling the send takes the welcome away.
    expect((await a.hotel.post(`/api/admin/theme/${welcome.id}/cancel-send`, {})).status).toBe(200);
    expect((await tv.device.get('/api/device/v1/config')).body.data.welcome).toBeNull();
  });
});
