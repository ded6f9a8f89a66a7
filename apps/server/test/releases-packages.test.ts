import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { resourcePaths, resourceValues } from '../src/areas/releases/arsc.js';
import { buildApk, encodeArsc, mipmapId, type ApkSpec } from './support/apk.js';
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
  it('shows the platform’s offered apps to hotels, read-only, and keeps each hotel’s own apps to itself', async () => {
    const name = pkg();
    const shared = `Shared ${Date.now() % 1e6}`;
    const platformApp = await platform.post('/api/records/apps', { name: shared, apkFileId: await apk(platform, { packageName: name, versionCode: 1, versionName: '1' }) });
    expect(platformApp.status).toBe(200);
    const mine = await a.hotel.post('/api/records/apps', { name: 'Hotel own', apkFileId: await apk(a.hotel, { packageName: pkg(), versionCode: 1, versionName: '1' }) });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.hotelId).toBe(a.hotelIds[0]);

    // An official app is offered to every hotel from its creation.
    const idsOf = async (path: string) => (await a.hotel.get(path)).body.data.items.map((r: { id: number }) => r.id);
    expect(await idsOf(`/api/records/apps?pagesize=100&keyword=${encodeURIComponent(shared)}`)).toContain(platformApp.body.data.id);
    expect(await idsOf('/api/records/apps?pagesize=100&keyword=Hotel%20own')).toContain(mine.body.data.id);
    expect(await idsOf(`/api/releases/offered-apps?pagesize=100&keyword=${encodeURIComponent(shared)}`)).toContain(platformApp.body.data.id);
    expect(await idsOf('/api/releases/offered-apps?pagesize=100&keyword=Hotel%20own')).not.toContain(mine.body.data.id);
    const changed = await a.hotel.put(`/api/records/apps/${platformApp.body.data.id}`, { name: "Changed", apkFileId: platformApp.body.data.apkFileId });
    expect(changed.status, JSON.stringify(changed.body)).toBe(403);
    expect((await a.hotel.delete(`/api/records/apps/${platformApp.body.data.id}`)).status).toBe(403);
    expect((await a.hotel.put(`/api/releases/apps/${platformApp.body.data.id}/offers`, { all: true })).status).toBe(403);
    expect((await a.hotel.get(`/api/releases/apps/${platformApp.body.data.id}/offers`)).status).toBe(403);

    expect((await a.sibling.get(`/api/records/apps/${mine.body.data.id}`)).status).toBe(404);
    expect((await a.sibling.put(`/api/records/apps/${mine.body.data.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await a.sibling.get('/api/releases/offered-apps?pagesize=100')).body.data.items.map((r: { id: number }) => r.id)).not.toContain(mine.body.data.id);
    expect((await a.brand.get('/api/records/apps')).status).toBe(403);
    expect((await a.brand.get('/api/releases/offered-apps')).status).toBe(403);
    // A hotel's own app is not the platform's to offer.
    expect((await platform.get(`/api/releases/apps/${mine.body.data.id}/offers`)).status).toBe(404);
  });

  it('offers a platform app to every hotel, to brands or to hotels; a hotel sees only what it is offered', async () => {
    const b = await createTenant(t, [...APP_PERMISSIONS, 'release.publish']);
    const title = `Trial ${Date.now() % 1e6}`;
    const trial = await platform.post('/api/records/apps', { name: title, distribution: 'trial', apkFileId: await apk(platform, { packageName: pkg(), versionCode: 1, versionName: '1' }) });
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    const id = trial.body.data.id as number;
    const offer = (body: Record<string, unknown>) => platform.put(`/api/releases/apps/${id}/offers`, body);
    const { packageName, versionName, versionCode, apkFileId } = trial.body.data;
    const edit = (distribution: string) => platform.put(`/api/records/apps/${id}`, { name: title, apkFileId, packageName, versionName, versionCode, distribution });
    const sees = async (client: Client) => {
      const query = `pagesize=100&keyword=${encodeURIComponent(title)}`;
      const listed = (await client.get(`/api/records/apps?${query}`)).body.data.items.some((r: { id: number }) => r.id === id);
      const offered = (await client.get(`/api/releases/offered-apps?${query}`)).body.data.items.some((r: { id: number }) => r.id === id);
      const got = (await client.get(`/api/records/apps/${id}`)).status;
      // The list, the offered list and the row itself always agree.
      expect([listed, offered, got === 200]).toEqual([listed, listed, listed]);
      return listed;
    };
    const hotels = [a.hotel, a.sibling, b.hotel, b.sibling];
    const seenBy = async () => Promise.all(hotels.map(sees));
    const cases: { body: Record<string, unknown>; seen: boolean[] }[] = [
      // A new partial trial is offered to no hotel.
      { body: { brandIds: [], hotelIds: [] }, seen: [false, false, false, false] },
      { body: { hotelIds: [a.hotelIds[0]] }, seen: [true, false, false, false] },
      { body: { brandIds: [a.brandId] }, seen: [true, true, false, false] },
      { body: { brandIds: [b.brandId], hotelIds: [a.hotelIds[1]] }, seen: [false, true, true, true] },
    ];
    for (const c of cases) {
      const res = await offer(c.body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await seenBy(), JSON.stringify(c.body)).toEqual(c.seen);
      // A rollout of it: unknown to a hotel not offered it (404); an offered one gets as far as its terminals (none: 422).
      const rollout = await b.hotel.post('/api/releases/rollouts', { name: 'x', kind: 'app', packageId: id, target: 'hotel', hotelIds: [b.hotelIds[0]] });
      expect(rollout.status, JSON.stringify(c.body)).toBe(c.seen[2] ? 422 : 404);
    }
    expect((await platform.get(`/api/releases/apps/${id}/offers`)).body.data).toMatchObject({ distribution: 'trial', all: false, brands: [{ id: b.brandId }], hotels: [{ id: a.hotelIds[1] }] });

    // A partial trial is never offered to every hotel; an app offered to every hotel cannot become one.
    const all = await offer({ all: true });
    expect(all.status).toBe(422);
    expect(Object.keys(all.body.errors)).toEqual(['all']);
    expect((await offer({ hotelIds: [2_000_000_000] })).status).toBe(404);
    expect((await offer({ brandIds: [2_000_000_000] })).status).toBe(404);
    const official = await edit('official');
    expect(official.status, JSON.stringify(official.body)).toBe(200);
    expect((await offer({ all: true })).status).toBe(200);
    expect(await seenBy()).toEqual([true, true, true, true]);
    const toTrial = await edit('trial');
    expect(toTrial.status).toBe(422);
    expect(Object.keys(toTrial.body.errors)).toEqual(['distribution']);
    expect((await offer({ all: false })).status).toBe(200);
    expect(await seenBy()).toEqual([false, false, false, false]);
  });
});

describe('app icons', () => {
  const square = (size: number, format: 'png' | 'webp' = 'png') => sharp({ create: { width: size, height: size, channels: 4, background: '#3a7' } })[format]().toBuffer();
  /** The stored icon of an app made from `spec`: its format and size, or null. */
  const iconOf = async (client: Client, spec: Partial<ApkSpec>) => {
    const res = await client.post('/api/records/apps', { name: 'Icon app', apkFileId: await apk(client, { packageName: pkg(), versionCode: 1, versionName: '1', ...spec }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.iconFileId as string | null;
    if (!id) return null;
    const file = await client.get(`/api/files/${id}`);
    expect(file.status).toBe(200);
    const meta = await sharp(file.raw.rawPayload).metadata();
    return { id, format: meta.format, width: meta.width, height: meta.height };
  };

  it('reads the icon a path or a resource names, the densest real picture, written again as PNG', async () => {
    const densities = encodeArsc([
      [{ density: 160, path: 'res/mipmap-mdpi/ic_launcher.png' }, { density: 480, path: 'res/mipmap-xxhdpi/ic_launcher.png' }, { density: 0xffff, path: 'res/mipmap-anydpi-v26/ic_launcher.xml' }],
      [{ density: 0, ref: mipmapId(0) }],
      [{ density: 320, path: 'res/mipmap-xhdpi/broken.png' }, { density: 160, path: 'res/mipmap-mdpi/ic_launcher.png' }],
    ]);
    const files = async () => [
      { name: 'res/mipmap-mdpi/ic_launcher.png', data: await square(48) },
      { name: 'res/mipmap-xxhdpi/ic_launcher.png', data: await square(144) },
      { name: 'res/mipmap-anydpi-v26/ic_launcher.xml', data: Buffer.from('<adaptive-icon/>') },
      { name: 'res/mipmap-xhdpi/broken.png', data: Buffer.from('not a picture at all, only its name is .png') },
      { name: 'resources.arsc', data: densities },
    ];
    const cases: { spec: Partial<ApkSpec>; want: { width: number } | null }[] = [
      { spec: { icon: 'res/icon.png', files: [{ name: 'res/icon.png', data: await square(96) }] }, want: { width: 96 } },
      { spec: { icon: { ref: mipmapId(0) }, files: await files() }, want: { width: 144 } },
      // An alias (an adaptive icon's) is followed.
      { spec: { icon: { ref: mipmapId(1) }, files: await files() }, want: { width: 144 } },
      // A file named .png that is not one is passed over for the next density.
      { spec: { icon: { ref: mipmapId(2) }, files: await files() }, want: { width: 48 } },
      // WebP is read too, and a large icon is made at most 512 px.
      { spec: { icon: 'res/big.webp', files: [{ name: 'res/big.webp', data: await square(1024, 'webp') }] }, want: { width: 512 } },
      { spec: { icon: 'res/fake.png', files: [{ name: 'res/fake.png', data: Buffer.from('GIF89a not really') }] }, want: null },
      { spec: { icon: { ref: mipmapId(0) } }, want: null },
      { spec: { icon: { ref: mipmapId(9) }, files: await files() }, want: null },
      { spec: {}, want: null },
    ];
    for (const c of cases) {
      const icon = await iconOf(platform, c.spec);
      expect(icon && { width: icon.width }, JSON.stringify(c.spec.icon)).toEqual(c.want);
      if (icon) expect(icon).toMatchObject({ format: 'png', height: icon.width });
    }
  });

  it('reads a real APK built by Android’s packager: package, versions, launcher activity and its densest icon', async () => {
    // test/fixtures/icon-app (built by aapt, see its build.sh): mdpi 48 px red, xhdpi 96 px green.
    const bytes = await readFile(new URL('./fixtures/icon-app.apk', import.meta.url));
    const res = await a.hotel.post('/api/records/apps', { name: 'Fixture', apkFileId: await uploaded(a.hotel, 'apk', 'icon-app.apk', bytes) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      packageName: 'com.htv.fixture.iconapp',
      versionCode: 3,
      versionName: '1.2.0',
      launchParam: 'com.htv.fixture.iconapp/com.htv.fixture.iconapp.MainActivity',
      icon: expect.stringMatching(/^resourceId:0x7f/),
    });
    const icon = await a.hotel.get(`/api/files/${res.body.data.iconFileId}`);
    expect(icon.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(icon.raw.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([96, 96]);
    expect([...data.subarray(0, 3)]).toEqual([40, 160, 60]);
  });

  it('keeps an icon at its app’s level: a platform app’s for every hotel offered it, a hotel’s for that hotel', async () => {
    const files = [{ name: 'res/icon.png', data: await square(64) }];
    const platformIcon = await iconOf(platform, { icon: 'res/icon.png', files });
    expect((await a.hotel.get(`/api/files/${platformIcon!.id}`)).status).toBe(200);
    const hotelIcon = await iconOf(a.hotel, { icon: 'res/icon.png', files });
    expect((await a.sibling.get(`/api/files/${hotelIcon!.id}`)).status).toBe(404);
  });

  it('reads nothing from a damaged resource table, never past its end', () => {
    const table = encodeArsc([[{ density: 160, path: 'res/a.png' }, { density: 320, path: 'res/b.png' }]]);
    expect(resourcePaths(table, mipmapId(0))).toEqual(['res/b.png', 'res/a.png']);
    for (let length = 0; length < table.length; length += 7) expect(() => resourceValues(table.subarray(0, length), mipmapId(0))).not.toThrow();
    // Every word of it overwritten with a huge or a zero value: at most fewer values, never an error.
    for (let at = 0; at + 4 <= table.length; at += 4) {
      for (const value of [0, 0xffffffff, 0x7fffffff]) {
        const damaged = Buffer.from(table);
        damaged.writeUInt32LE(value, at);
        expect(resourceValues(damaged, mipmapId(0)).length).toBeLessThanOrEqual(2);
      }
    }
    // An alias loop ends.
    expect(resourcePaths(encodeArsc([[{ density: 0, ref: mipmapId(1) }], [{ density: 0, ref: mipmapId(0) }]]), mipmapId(0))).toEqual([]);
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
