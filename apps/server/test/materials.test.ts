import { translate } from '@htv/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { materialsUsableBy, setMaterialUsage } from '../src/areas/material/service.js';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { mp4, multipartBody } from './support/images.js';
import { mp3Audio, mp4Video, trueTypeHeader } from './support/media.js';

let t: TestApp;
let a: Tenant;
let other: Tenant;
let platform: Client;

interface Material {
  id: number;
  name: string;
  kind: string;
  fileId: string;
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  thumbnailId: string | null;
  brandId: number | null;
  hotelId: number | null;
}

function upload(client: Client, name: string, data: Buffer, rule = 'material'): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers) as Promise<ApiResponse<{ id: string }>>;
}

/** Uploads a file and saves it as a material of the client's level. */
async function addMaterial(client: Client, name: string, data: Buffer, extra: Record<string, unknown> = {}): Promise<Material> {
  const file = await upload(client, name, data);
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const res = await client.post('/api/records/material', { name, fileId: file.body.data.id, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Material;
}

const realPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } }).png().toBuffer();
const realJpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#a37' } }).jpeg().toBuffer();
async function listNames(client: Client, query = ''): Promise<string[]> {
  const res = await client.get(`/api/records/material?pagesize=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.items as Material[]).map((m) => m.name);
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['material.read', 'material.create', 'material.update', 'material.delete']);
  other = await createTenant(t, ['material.read']);
  platform = await createPlatformAdmin(t);
});

describe('materials checked by content', () => {
  it('reads a picture’s size and serves a WebP thumbnail no larger than 320 px', async () => {
    const material = await addMaterial(a.hotel, 'lobby.png', await realPng(1280, 720), { folder: 'Lobby', tags: 'spring, welcome' });
    expect(material).toMatchObject({ kind: 'image', width: 1280, height: 720, durationMs: null, brandId: a.brandId, hotelId: a.hotelIds[0] });
    expect(material.thumbnailId).toMatch(/^[0-9a-f-]{36}$/);
    const thumbnail = await a.hotel.get(`/api/files/${material.thumbnailId}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.raw.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 180 });
    // The sibling hotel reads neither the picture nor its thumbnail.
    expect((await a.sibling.get(`/api/files/${material.thumbnailId}`)).status).toBe(404);
  });

  it('reads the length and picture size of an mp4 and the length of an mp3', async () => {
    const video = await addMaterial(a.hotel, 'welcome.mp4', mp4Video(640, 360, 2500));
    expect(video).toMatchObject({ kind: 'video', width: 640, height: 360, durationMs: 2500, thumbnailId: null });
    const audio = await addMaterial(a.hotel, 'music.mp3', mp3Audio(100));
    expect(audio.kind).toBe('audio');
    expect(Math.abs(audio.durationMs! - 2610)).toBeLessThan(20);
    const font = await addMaterial(a.hotel, 'title.ttf', trueTypeHeader());
    expect(font).toMatchObject({ kind: 'font', width: null, durationMs: null });
  });

  it('refuses renamed files, unplayable video and the server’s own thumbnail rule', async () => {
    const renamed = await upload(a.hotel, 'photo.png', Buffer.from('<html><script>alert(1)</script></html>'.padEnd(5000, ' ')));
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.file?.[0]).toContain('jpeg, png');
    const fontAsPicture = await upload(a.hotel, 'font.jpg', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(400)]));
    expect(fontAsPicture.status).toBe(422);

    // Starts like an mp4 but holds no track: stored, then refused when saved as a material.
    const file = await upload(a.hotel, 'broken.mp4', mp4(4096));
    expect(file.status).toBe(200);
    const res = await a.hotel.withLang('zh-CN').post('/api/records/material', { name: 'broken', fileId: file.body.data.id });
    expect(res.status).toBe(422);
    expect(res.body.errors.fileId?.[0]).toBe(translate('material.unreadableMedia', 'zh-CN'));

    expect((await upload(a.hotel, 'x.webp', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp().toBuffer(), 'materialThumbnail')).status).toBe(422);
  });

  it('takes kind, size and duration from the file, never from the client', async () => {
    const file = await upload(a.hotel, 'night.jpg', await realJpeg(200, 100));
    const claimed = await a.hotel.post('/api/records/material', { name: 'night', fileId: file.body.data.id, kind: 'font', durationMs: 9, width: 1 });
    expect(claimed.status).toBe(422);
    expect(Object.keys(claimed.body.errors).sort()).toEqual(['durationMs', 'kind', 'width']);
    const res = await a.hotel.post('/api/records/material', { name: 'night', fileId: file.body.data.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'image', width: 200, height: 100, durationMs: null });
  });
});

describe('sharing downward', () => {
  let urls: Record<string, string>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const made = {
      platformPic: await addMaterial(platform, 'shared-platform', await realPng(64, 64)),
      brandPic: await addMaterial(a.brand, 'shared-brand', await realPng(64, 64)),
      hotelPic: await addMaterial(a.hotel, 'shared-hotel', await realPng(64, 64)),
      siblingPic: await addMaterial(a.sibling, 'shared-sibling', await realPng(64, 64)),
      otherBrandPic: await addMaterial(other.brand, 'shared-other-brand', await realPng(64, 64)),
    };
    urls = Object.fromEntries(Object.entries(made).map(([key, m]) => [key, `/api/files/${m.fileId}`]));
    ids = Object.fromEntries(Object.entries(made).map(([key, m]) => [key, m.id]));
  });

  it('lists the platform’s, the brand’s and the hotel’s own materials to a hotel, never a sibling’s or another brand’s', async () => {
    const hotelSees = await listNames(a.hotel, '&keyword=shared-');
    expect(hotelSees.sort()).toEqual(['shared-brand', 'shared-hotel', 'shared-platform']);
    const brandSees = await listNames(a.brand, '&keyword=shared-');
    expect(brandSees.sort()).toEqual(['shared-brand', 'shared-hotel', 'shared-platform', 'shared-sibling']);
    expect((await a.hotel.get(`/api/records/material/${ids.siblingPic}`)).status).toBe(404);
    expect((await a.hotel.get(`/api/records/material/${ids.otherBrandPic}`)).status).toBe(404);
  });

  it('lets a hotel use but not change or delete what is shared from above', async () => {
    expect((await a.hotel.get(`/api/records/material/${ids.platformPic}`)).status).toBe(200);
    const brandPic = (await a.brand.get(`/api/records/material/${ids.brandPic}`)).body.data as Material;
    const change = await a.hotel.put(`/api/records/material/${ids.brandPic}`, { name: 'mine now', fileId: brandPic.fileId });
    expect(change.status, JSON.stringify(change.body)).toBe(403);
    expect((await a.hotel.delete(`/api/records/material/${ids.platformPic}`)).status).toBe(403);
    expect((await a.brand.delete(`/api/records/material/${ids.otherBrandPic}`)).status).toBe(404);
  });

  it('answers getinfo only for the materials the caller may use', async () => {
    const res = await a.hotel.post('/api/admin/material/getinfo', { material_urls: [...Object.values(urls), '/api/files/not-a-file', 'https://evil.example/x.png'] });
    expect(res.status).toBe(200);
    const answered = res.body.data as { name: string; url: string; kind: string; thumbnailUrl: string | null; width: number }[];
    expect(answered.map((m) => m.name).sort()).toEqual(['shared-brand', 'shared-hotel', 'shared-platform']);
    expect(answered.find((m) => m.name === 'shared-hotel')).toMatchObject({ url: urls.hotelPic, kind: 'image', width: 64 });
    expect(answered.every((m) => m.thumbnailUrl?.startsWith('/api/files/'))).toBe(true);

    const tooMany = await a.hotel.post('/api/admin/material/getinfo', { material_urls: Array.from({ length: 501 }, () => urls.hotelPic) });
    expect(tooMany.status).toBe(422);
    const tooManyInAll = await a.hotel.post('/api/admin/material/getinfo', { material_urls: Array.from({ length: 300 }, () => urls.hotelPic), material_ids: Array.from({ length: 201 }, () => ids.hotelPic) });
    expect(tooManyInAll.status).toBe(422);
    expect(Object.keys(tooManyInAll.body.errors)).toEqual(['material_urls']);
  });

  it('answers getinfo by material id too (theme documents name materials by id), within the same reach', async () => {
    const res = await a.hotel.post('/api/admin/material/getinfo', { material_ids: Object.values(ids) });
    expect(res.status).toBe(200);
    expect((res.body.data as { name: string }[]).map((m) => m.name).sort()).toEqual(['shared-brand', 'shared-hotel', 'shared-platform']);
    expect((await a.hotel.post('/api/admin/material/getinfo', { material_ids: [0] })).status).toBe(422);
  });

  it('tells the themes which materials a row’s owner may use (materialsUsableBy)', async () => {
    const refs = [urls.platformPic!, ids.brandPic!, `https://tv.example${urls.hotelPic}`, urls.siblingPic!, ids.otherBrandPic!, 'junk'];
    const { usable, missing } = await materialsUsableBy(t.database.db, { brandId: a.brandId, hotelId: a.hotelIds[0] }, refs);
    expect(usable.map((m) => m.name).sort()).toEqual(['shared-brand', 'shared-hotel', 'shared-platform']);
    expect(missing).toEqual([urls.siblingPic, ids.otherBrandPic, 'junk']);
    const forPlatform = await materialsUsableBy(t.database.db, { brandId: null, hotelId: null }, refs);
    expect(forPlatform.usable.map((m) => m.name).sort()).toEqual(['shared-platform']);
  });

  it('refuses to delete a material in use, naming its users in both languages, and allows it once released', async () => {
    const db = t.database.db;
    await setMaterialUsage(db, { kind: 'theme', id: 9001, name: 'Spring lobby' }, [ids.hotelPic!, ids.platformPic!]);
    await setMaterialUsage(db, { kind: 'theme', id: 9002, name: 'Spa' }, [ids.hotelPic!]);
    const en = await a.hotel.delete(`/api/records/material/${ids.hotelPic}`);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ code: '-1', errkey: 'material.inUse' });
    expect(en.body.errmsg).toBe('The material "shared-hotel" is used by theme "Spring lobby", theme "Spa" and cannot be deleted');
    const zh = await a.hotel.withLang('zh-CN').post('/api/records/material/batch-delete', { ids: [ids.hotelPic] });
    expect(zh.status).toBe(409);
    expect(zh.body.errmsg).toBe('素材「shared-hotel」正在被主题「Spring lobby」、主题「Spa」使用，不能删除');

    await setMaterialUsage(db, { kind: 'theme', id: 9001, name: 'Spring lobby' }, [ids.platformPic!]);
    await setMaterialUsage(db, { kind: 'theme', id: 9002, name: 'Spa' }, []);
    expect((await a.hotel.delete(`/api/records/material/${ids.hotelPic}`)).status).toBe(200);
    expect((await platform.delete(`/api/records/material/${ids.platformPic}`)).status).toBe(409);
  });
});

describe('library list', () => {
  it('searches name, folder and tags and filters by kind', async () => {
    expect(await listNames(a.hotel, '&keyword=welcome')).toContain('lobby.png');
    expect(await listNames(a.hotel, '&keyword=Lobby')).toContain('lobby.png');
    const videos = await listNames(a.hotel, '&kind=video');
    expect(videos).toContain('welcome.mp4');
    expect(videos).not.toContain('lobby.png');
  });
});
