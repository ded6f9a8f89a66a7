import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { buildApk, type ApkSpec } from './support/apk.js';
import { zipArchive } from './support/archives.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody } from './support/images.js';

let t: TestApp;
let platform: Client;
let a: Tenant;

const APP_PERMISSIONS = ['app.read', 'app.create', 'app.update', 'app.delete'];

async function upload(client: Client, rule: string, name: string, data: Buffer): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers);
}

async function uploaded(client: Client, rule: string, name: string, data: Buffer): Promise<string> {
  const res = await upload(client, rule, name, data);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const apk = (client: Client, spec: ApkSpec) => uploaded(client, 'apk', `${spec.packageName}.apk`, buildApk(spec));
let serial = 0;
const pkg = () => `com.test.app${++serial}x${Date.now() % 100000}`;

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, APP_PERMISSIONS);
});

describe('apps read their APK', () => {
  it('takes package, versions, launch activity, size and MD5 from the file', async () => {
    const name = pkg();
    const bytes = buildApk({ packageName: name, versionCode: 3, versionName: '1.3.0' });
    const fileId = await uploaded(platform, 'apk', 'a.apk', bytes);
    const res = await platform.post('/api/records/apps', { name: 'Player', apkFileId: fileId, appType: '2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      packageName: name,
      versionCode: 3,
      versionName: '1.3.0',
      launchParam: `${name}/${name}.MainActivity`,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
    });
  });

  it('refuses another package, asks to confirm an upgrade or a downgrade, refuses the same MD5 twice', async () => {
    const name = pkg();
    const created = await platform.post('/api/records/apps', { name: 'Guide', apkFileId: await apk(platform, { packageName: name, versionCode: 5, versionName: '5.0' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;

    const other = await platform.put(`/api/records/apps/${id}`, { name: 'Guide', apkFileId: await apk(platform, { packageName: 'com.other.pkg', versionCode: 6, versionName: '6.0' }) });
    expect(other.status).toBe(422);
    expect(other.body.errors.apkFileId?.[0]).toContain('com.other.pkg');

    const higher = await apk(platform, { packageName: name, versionCode: 6, versionName: '6.0' });
    const asked = await platform.put(`/api/records/apps/${id}`, { name: 'Guide', apkFileId: higher });
    expect(asked.status).toBe(409);
    expect(asked.body.errkey).toBe('app.confirmUpgrade');
    const upgraded = await platform.put(`/api/records/apps/${id}`, { name: 'Guide', apkFileId: higher, versionConfirm: 'upgrade' });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.data).toMatchObject({ versionCode: 6, versionName: '6.0' });
    expect(upgraded.body.data.versionConfirm ?? null).toBeNull();

    const lower = await apk(platform, { packageName: name, versionCode: 4, versionName: '4.0' });
    const down = await platform.put(`/api/records/apps/${id}`, { name: 'Guide', apkFileId: lower, versionConfirm: 'upgrade' });
    expect(down.status).toBe(409);
    expect(down.body.errkey).toBe('app.confirmDowngrade');
    expect((await platform.put(`/api/records/apps/${id}`, { name: 'Guide', apkFileId: lower, versionConfirm: 'downgrade' })).status).toBe(200);

    // The same file for a second app of the platform: refused.
    const twice = await platform.post('/api/records/apps', { name: 'Guide 2', apkFileId: lower });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.apkFileId?.[0]).toMatch(/already exists/);
  });

  it('answers "get package info failed" for an APK whose manifest cannot be read', async () => {
    const broken = zipArchive([{ name: 'AndroidManifest.xml', data: Buffer.alloc(64, 1) }, { name: 'classes.dex', data: 'dex' }]);
    const zeroChunk = Buffer.alloc(16);
    zeroChunk.writeUInt16LE(3, 0);
    zeroChunk.writeUInt16LE(8, 2);
    zeroChunk.writeUInt32LE(16, 4);
    const looping = zipArchive([{ name: 'AndroidManifest.xml', data: zeroChunk }]);
    for (const bytes of [broken, looping]) {
      const fileId = await uploaded(platform, 'apk', 'bad.apk', bytes);
      const res = await platform.post('/api/records/apps', { name: 'Broken', apkFileId: fileId });
      expect(res.status).toBe(422);
      expect(res.body.errors.apkFileId).toEqual(['Get package info failed']);
    }
  });

  it('checks the other fields: name 2-20, rotation 5-30, core platforms, service class when self-starting', async () => {
    const res = await platform.post('/api/records/apps', {
      name: 'A',
      apkKind: 'virtual',
      packageName: 'com.virtual.one',
      versionName: '1',
      versionCode: 1,
      rotationSeconds: 31,
      corePlatforms: 'T972,X1',
      selfStart: true,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['corePlatforms', 'name', 'rotationSeconds']);
    const noClass = await platform.post('/api/records/apps', { name: 'Virtual', apkKind: 'virtual', packageName: 'com.virtual.one', versionName: '1', versionCode: 1, selfStart: true });
    expect(Object.keys(noClass.body.errors ?? {})).toEqual(['serviceClass']);
    const ok = await platform.post('/api/records/apps', {
      name: 'Virtual', apkKind: 'virtual', packageName: 'com.virtual.one', versionName: '1', versionCode: 1, rotationSeconds: 5, corePlatforms: 'T972,M838P', selfStart: true, serviceClass: 'com.virtual.one.Boot', distribution: 'trial',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const virtualWithoutVersion = await platform.post('/api/records/apps', { name: 'Virtual 2', apkKind: 'virtual', packageName: 'com.virtual.two' });
    expect(virtualWithoutVersion.status).toBe(422);
    expect(Object.keys(virtualWithoutVersion.body.errors).sort()).toEqual(['versionCode', 'versionName']);
  });

  it('takes background images of exactly 1920x1080 and at most 500K', async () => {
    const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#246' } }).png().toBuffer();
    expect((await upload(platform, 'appBackground', 'ok.png', await png(1920, 1080))).status).toBe(200);
    const wide = await upload(platform, 'appBackground', 'wide.png', await png(1921, 1080));
    expect(wide.status).toBe(422);
    const noisy = await sharp(Buffer.from(Array.from({ length: 1920 * 1080 * 3 }, (_, i) => (i * 2654435761) % 251)), { raw: { width: 1920, height: 1080, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noisy.length).toBeGreaterThan(501 * 1024);
    const large = await upload(platform, 'appBackground', 'large.png', noisy);
    expect(large.status).toBe(422);
    expect(large.body.errors.file?.[0]).toMatch(/500K/);
  });
});

describe('apps of hotels', () => {
  it('shows the platform’s apps to hotels, read-only, and keeps each hotel’s own apps to itself', async () => {
    const name = pkg();
    const platformApp = await platform.post('/api/records/apps', { name: 'Shared', apkFileId: await apk(platform, { packageName: name, versionCode: 1, versionName: '1' }) });
    expect(platformApp.status).toBe(200);
    const mine = await a.hotel.post('/api/records/apps', { name: 'Hotel own', apkFileId: await apk(a.hotel, { packageName: pkg(), versionCode: 1, versionName: '1' }) });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.hotelId).toBe(a.hotelIds[0]);

    const seen = await a.hotel.get('/api/records/apps?pagesize=100');
    const ids = seen.body.data.items.map((r: { id: number }) => r.id);
    expect(ids).toContain(platformApp.body.data.id);
    expect(ids).toContain(mine.body.data.id);
    const changed = await a.hotel.put(`/api/records/apps/${platformApp.body.data.id}`, { name: "Changed", apkFileId: platformApp.body.data.apkFileId });
    expect(changed.status, JSON.stringify(changed.body)).toBe(403);
    expect((await a.hotel.delete(`/api/records/apps/${platformApp.body.data.id}`)).status).toBe(403);

    expect((await a.sibling.get(`/api/records/apps/${mine.body.data.id}`)).status).toBe(404);
    expect((await a.sibling.put(`/api/records/apps/${mine.body.data.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await a.brand.get('/api/records/apps')).status).toBe(403);
  });
});

describe('firmware and control packages', () => {
  it('stores firmware with the md5 and sha256 computed while it streamed', async () => {
    const bytes = Buffer.concat([Buffer.from('ANDROID-OTA-IMAGE'), Buffer.alloc(300_000, 7)]);
    const fileId = await uploaded(platform, 'otaFirmware', 'update.img', bytes);
    const res = await platform.post('/api/records/ota-packages', { name: 'Autumn build', version: '20261101', model: 'HT-55U', compatibleModels: 'HT-65U', fileId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect((await a.brand.get('/api/records/ota-packages')).status).toBe(403);
    expect((await a.hotel.get(`/api/records/ota-packages/${res.body.data.id}`)).status).toBe(403);
    const control = await platform.post('/api/records/control-upgrades', { versionName: '2.0', versionCode: 20, fileId: await apk(platform, { packageName: 'com.htv.control', versionCode: 20, versionName: '2.0', filler: 'c' }) });
    expect(control.status, JSON.stringify(control.body)).toBe(200);
    expect(control.body.data.md5).toMatch(/^[0-9a-f]{32}$/);
  });
});
