import type { ControlLinkConfigPart } from '@htv/shared/areas/rcu/device';
import { scenesBetween } from '@htv/shared/areas/rcu/device';
import type { RcuDevice } from '@htv/shared/areas/rcu/adapter';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, installCodeOf, registerTv, type Tv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { mp4, multipartBody, png } from './support/images.js';

const PERMISSIONS = ['controlLinkMaterial.read', 'controlLinkMaterial.create', 'controlLinkMaterial.update', 'controlLinkMaterial.delete', 'rcu.read', 'rcu.update'];
const PATH = '/api/records/control-link-materials';

let t: TestApp;
let a: Tenant;
let b: Tenant;

async function upload(client: Client, data: Buffer, name: string): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return (await client.request('POST', '/api/files?rule=controlLinkMedia', payload, headers)) as ApiResponse<{ id: string }>;
}

async function material(client: Client, body: Record<string, unknown>, data: Buffer = png(64, 36), name = 'night.png'): Promise<Record<string, any>> {
  const file = await upload(client, data, name);
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const res = await client.post(PATH, { title: 'Good night', scene: 'lightsOff', media: file.body.data.id, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** An authorized TV of a room of the tenant's hotel. */
async function roomTv(tenant: Tenant, room: string | null, hotel: 0 | 1 = 0): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[hotel]), ...(room ? { roomNumber: room } : {}) });
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
}

const gateway = (client: Client, enabled: boolean) => client.put('/api/rcu/gateway', { vendor: 'htv-json', enabled, url: 'http://127.0.0.1:9', secret: 'control-link-key' });
const partOf = (tv: Tv) => configPartOf<ControlLinkConfigPart | null>(tv, 'controlLink');

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
});

describe('control-link materials', () => {
  it('need a name, a scene and a picture or video checked by content; numbers in range', async () => {
    const missing = await a.hotel.post(PATH, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['media', 'scene', 'title']);
    const file = await upload(a.hotel, png(64, 36), 'a.png');
    const bad = await a.hotel.post(PATH, { title: 'x', scene: 'party', media: file.body.data.id, seconds: 1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['scene', 'seconds']);
    // Neither a picture nor a video, whatever its name.
    expect((await upload(a.hotel, Buffer.from('%PDF-1.4 not a picture'), 'night.png')).status).toBe(422);
    // A video is taken as such.
    const video = await material(a.hotel, { title: 'Welcome', scene: 'lightsOn', seconds: 30 }, mp4(5000), 'welcome.mp4');
    expect(video).toMatchObject({ scene: 'lightsOn', seconds: 30, enabled: true, sort: 0 });
  });

  it('stay within their hotel: others cannot see, change or delete them, nor name another hotel’s upload', async () => {
    const mine = await material(a.hotel, { title: 'Mine' });
    for (const outsider of [b.hotel, a.sibling]) {
      expect((await outsider.get(`${PATH}/${mine.id}`)).status).toBe(404);
      expect((await outsider.put(`${PATH}/${mine.id}`, { title: 'y', scene: 'dndOn', media: mine.media })).status).toBe(404);
      expect((await outsider.delete(`${PATH}/${mine.id}`)).status).toBe(404);
      const listed = await outsider.get(`${PATH}?pagesize=100`);
      expect(listed.body.data.items.map((row: { id: number }) => row.id)).not.toContain(mine.id);
    }
    // The screen is the hotel's own: a brand user is refused.
    expect((await a.brand.get(`${PATH}/${mine.id}`)).status).toBe(403);
    expect((await a.brand.get(PATH)).status).toBe(403);
    const theirs = await upload(b.hotel, png(64, 36), 'theirs.png');
    expect([404, 422]).toContain((await a.hotel.post(PATH, { title: 'x', scene: 'dndOn', media: theirs.body.data.id })).status);
  });
});

describe('the TVs’ controlLink part', () => {
  it('carries the enabled materials by scene to the room TVs of a hotel with room control; signed files of its own hotel only', async () => {
    const hotel = b.sibling;
    const tv = await roomTv(b, '1208', 1);
    const noRoom = await roomTv(b, null, 1);
    const later = await material(hotel, { title: 'Night 2', sort: 1 });
    const first = await material(hotel, { title: 'Night 1', sort: 5, seconds: 6 });
    const video = await material(hotel, { title: 'DND', scene: 'dndOn' }, mp4(5000), 'dnd.mp4');
    const off = await material(hotel, { title: 'Off', scene: 'murOn', enabled: false });
    // No room control: nothing to link to.
    expect(await partOf(tv)).toBeNull();
    expect((await gateway(hotel, true)).status).toBe(200);
    const part = (await partOf(tv))!;
    expect(Object.keys(part.scenes).sort()).toEqual(['dndOn', 'lightsOff']);
    expect(part.scenes.lightsOff!.map((m) => m.id)).toEqual([first.id, later.id]);
    expect(part.scenes.lightsOff![0]).toMatchObject({ kind: 'image', seconds: 6 });
    expect(part.scenes.dndOn).toEqual([expect.objectContaining({ id: video.id, kind: 'video', seconds: 10 })]);
    expect(JSON.stringify(part)).not.toContain(String(off.media));
    // A TV of no room is not linked to any room's control.
    expect(await partOf(noRoom)).toBeNull();

    // Served to this TV at its signed address; a tampered address, or another hotel's TV, 404.
    const url = part.scenes.lightsOff![0]!.url;
    expect((await tv.device.get(url)).status).toBe(200);
    expect((await tv.device.get(url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);
    const other = await roomTv(a, '1208', 1);
    expect(await partOf(other)).toBeNull();
    expect((await other.device.get(url.replace(`/${tv.terminalId}/`, `/${other.terminalId}/`))).status).toBe(404);

    // A write tells the hotel's TVs; a disabled material leaves the part and its file is no longer served.
    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await hotel.put(`${PATH}/${video.id}`, { title: 'DND', scene: 'dndOn', media: video.media, enabled: false })).status).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    const after = (await partOf(tv))!;
    expect(Object.keys(after.scenes)).toEqual(['lightsOff']);
    expect((await tv.device.get(part.scenes.dndOn![0]!.url)).status).toBe(404);
    // The gateway switched off: the part goes.
    expect((await gateway(hotel, false)).status).toBe(200);
    expect(await partOf(tv)).toBeNull();
  });
});

describe('the scenes between two reads of a room', () => {
  const room = (lights: boolean[], curtain = false, dnd = false, mur = false): RcuDevice[] => [
    ...lights.map((on, i) => ({ id: `L${i}`, type: 'light' as const, name: `Light ${i}`, on })),
    { id: 'C1', type: 'curtain', name: 'Curtain', on: curtain },
    { id: 'D1', type: 'dnd', name: 'DND', on: dnd },
    { id: 'M1', type: 'mur', name: 'MUR', on: mur },
  ];
  it('are changes of the room as a whole, none at the first read', () => {
    expect(scenesBetween(null, room([false, false]))).toEqual([]);
    expect(scenesBetween(room([true, false]), room([false, true]))).toEqual([]); // still some light on
    expect(scenesBetween(room([true, false]), room([false, false]))).toEqual(['lightsOff']);
    expect(scenesBetween(room([false, false]), room([true, false]))).toEqual(['lightsOn']);
    expect(scenesBetween(room([true], false), room([true], true))).toEqual(['curtainsOpen']);
    expect(scenesBetween(room([true], true), room([true], false))).toEqual(['curtainsClosed']);
    expect(scenesBetween(room([true], false, false, true), room([false], false, true, false))).toEqual(['lightsOff', 'dndOn']);
    expect(scenesBetween(room([true], false, true), room([true], false, false))).toEqual([]); // do-not-disturb cleared: no scene
    // A device the gateway stopped listing is no change.
    expect(scenesBetween(room([true]), room([]))).toEqual([]);
  });
});
