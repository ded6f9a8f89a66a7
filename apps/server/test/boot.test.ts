import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuPasswordMatches } from '@htv/shared/areas/boot/menu';
import { windowTime } from '../src/areas/boot/resolve.js';
import { recordTables } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { deflatedStream, zipArchive } from './support/archives.js';
import { startFleet, type Fleet } from '../../../tools/simulator/lib.js';
import { Client, listeningUrl, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { bmp, jpeg, multipartBody } from './support/images.js';
import { h264TransportStream } from './support/transport-stream.js';

const MB = 1024 * 1024;
let t: TestApp;
let a: Tenant;
let other: Tenant;
let platform: Client;

const HOTEL_PERMISSIONS = ['bootConfig.read', 'bootConfig.create', 'bootConfig.update', 'bootConfig.delete', 'terminal.read', 'downloadTask.read', 'hotelTvMenu.read', 'hotelTvMenu.create', 'hotelTvMenu.update'];

function upload(client: Client, rule: string, name: string, data: Buffer): Promise<ApiResponse> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers);
}
const fileErrors = (res: ApiResponse) => (res.body as { errors?: { file?: string[] } }).errors?.file ?? [];

async function uploaded(client: Client, rule: string, name: string, data: Buffer): Promise<string> {
  const res = await upload(client, rule, name, data);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: { id: string } }).data.id;
}

const realJpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1a5' } }).jpeg().toBuffer();
const realPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#51a' } }).png().toBuffer();
/** A PNG of random pixels, barely compressible: about width x height x 3 bytes. */
const noisePng = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

async function authorizedTv(hotelId: number): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId) });
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
}

async function bootOf(tv: Tv) {
  const res = await tv.device.get('/api/device/v1/config');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.boot;
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, HOTEL_PERMISSIONS);
  other = await createTenant(t, HOTEL_PERMISSIONS);
  platform = await createPlatformAdmin(t);
});

afterAll(async () => {
  // Tests share a database: leave no platform default behind.
  await t.database.db.update(recordTables.bootPolicy!).set({ active: false });
});

describe('boot logo rules on real pixels', () => {
  it('takes 1920x1080 and 1280x720 jpgs and refuses other sizes with the spec’s message', async () => {
    await uploaded(a.hotel, 'bootLogo', 'logo.jpg', await realJpeg(1920, 1080));
    await uploaded(a.hotel, 'bootLogo', 'logo.jpg', await realJpeg(1280, 720));
    const wide = await upload(a.hotel, 'bootLogo', 'logo.jpg', await realJpeg(1921, 1080));
    expect(wide.status).toBe(422);
    expect(fileErrors(wide)).toEqual(['please upload 1920*1080 or 1280*720 px images']);
    const zh = await upload(a.hotel.withLang('zh-CN'), 'bootLogo', 'logo.jpg', await realJpeg(1921, 1080));
    expect(fileErrors(zh)).toEqual(['请上传1920*1080或1280*720像素的图片']);
  });

  it('refuses a PNG renamed .jpg, a 1.1 MB jpg, a bmp over 8 MB and a jpg whose pixels are cut off', async () => {
    const renamed = await upload(a.hotel, 'bootLogo', 'logo.jpg', await realPng(1920, 1080));
    expect(renamed.status).toBe(422);
    expect(fileErrors(renamed)[0]).toMatch(/jpeg/);
    const heavy = jpeg(1920, 1080, { app1Bytes: Math.round(1.1 * MB) });
    expect(heavy.length).toBeGreaterThan(1.1 * MB);
    expect(fileErrors(await upload(a.hotel, 'bootLogo', 'logo.jpg', heavy))).toEqual(['Please select pictures within 1M']);
    const bigBmp = bmp(2000, 1450);
    expect(bigBmp.length).toBeGreaterThan(8 * MB);
    expect(fileErrors(await upload(a.hotel, 'bootLogoBitmap', 'logo.bmp', bigBmp))).toEqual(['Please select pictures within 8M']);
    const good = await realJpeg(1920, 1080);
    const cut = await upload(a.hotel, 'bootLogo', 'logo.jpg', good.subarray(0, Math.floor(good.length * 0.6)));
    expect(fileErrors(cut)).toEqual(['The picture’s pixel data is incomplete or cannot be decoded']);
  });

  it('checks a bmp’s pixel array and a raw file’s size against the allowed sizes', async () => {
    await uploaded(a.hotel, 'bootLogoBitmap', 'logo.bmp', bmp(1280, 720));
    const short = bmp(1280, 720);
    expect(fileErrors(await upload(a.hotel, 'bootLogoBitmap', 'logo.bmp', short.subarray(0, short.length - 5000)))).toEqual(['The picture’s pixel data is incomplete or cannot be decoded']);
    const raw = await upload(a.hotel, 'bootLogoBitmap', 'logo.raw', Buffer.alloc(1280 * 720 * 2, 7));
    expect(raw.status).toBe(200);
    expect(raw.body.data).toMatchObject({ width: 1280, height: 720, mime: 'application/octet-stream' });
    expect(fileErrors(await upload(a.hotel, 'bootLogoBitmap', 'logo.raw', Buffer.alloc(1000 * 1000 * 3, 7)))).toEqual(['please upload 1920*1080 or 1280*720 px images']);
  });
});

describe('boot video and ts.ini', () => {
  it('reads the resolution from the stream: 1920x1080 passes, 2560x1440 is over 2K', async () => {
    const ok = await upload(a.hotel, 'bootVideo', 'boot.ts', h264TransportStream(1920, 1080));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ width: 1920, height: 1080, mime: 'video/mp2t' });
    const over = await upload(a.hotel, 'bootVideo', 'boot.ts', h264TransportStream(2560, 1440));
    expect(over.status).toBe(422);
    expect(fileErrors(over)).toEqual(['The boot video must be at most 2K (2048*1152); this one is 2560*1440']);
    // Sync bytes without a readable video stream.
    const packets = Buffer.alloc(188 * 40, 0xff);
    for (let i = 0; i < 40; i++) packets[i * 188] = 0x47;
    expect(fileErrors(await upload(a.hotel, 'bootVideo', 'boot.ts', packets))).toEqual(['The resolution cannot be read from the video stream']);
  });

  it('wants the ini named ts.ini and reports its errors line by line', async () => {
    const good = '[video]\nloop=1\nduration = 15 ; seconds\nvolume=60\nfile=boot.ts\n';
    expect(fileErrors(await upload(a.hotel, 'bootIni', 'video.ini', Buffer.from(good)))).toEqual(['The ini file must be named ts.ini']);
    await uploaded(a.hotel, 'bootIni', 'ts.ini', Buffer.from(good));
    const bad = await upload(a.hotel, 'bootIni', 'ts.ini', Buffer.from('loop=1\nthis is not ini\nvolume=300\nloop=0\ncolour=red\n'));
    expect(bad.status).toBe(422);
    expect(fileErrors(bad)).toEqual([
      'Line 2: expected key=value, a [section] or a comment',
      'Line 3: volume must be a whole number from 0 to 100',
      'Line 4: loop is set twice',
      'Line 5: unknown key colour (known: loop, duration, volume, file)',
    ]);
    const zh = await upload(a.hotel.withLang('zh-CN'), 'bootIni', 'ts.ini', Buffer.from('volume=300\n'));
    expect(fileErrors(zh)).toEqual(['第1行：volume 须为0-100的整数']);
  });
});

describe('boot animation zips', () => {
  const frame = () => realPng(320, 180);
  const desc = '320 180 25\np 1 0 part0\nc 0 0 part1\n';

  it('takes an Android bootanimation whose frames decode at desc.txt’s size', async () => {
    const f = await frame();
    await uploaded(a.hotel, 'bootAnimation', 'bootanimation.zip', zipArchive([
      { name: 'desc.txt', data: desc, store: true },
      { name: 'part0/0001.png', data: f, store: true },
      { name: 'part0/0002.png', data: f, store: true },
      { name: 'part1/0001.png', data: f, store: true },
    ]));
  });

  it('refuses ../ entries, a zip bomb, an oversize frame, a frame that does not decode, and desc.txt mistakes', async () => {
    const f = await frame();
    const slip = await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: '../part0/0001.png', data: f, store: true }]));
    expect(fileErrors(slip)).toEqual(['The archive holds an unsafe path: ../part0/0001.png']);
    const zeros = await deflatedStream(Array.from({ length: 40 }, () => Buffer.alloc(MB)));
    const bomb = await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'part0/0001.png', data: zeros }]));
    expect(fileErrors(bomb)).toEqual(['Unpacked, the content must be within 16M']);
    const big = await noisePng(600, 600);
    expect(big.length).toBeGreaterThan(800 * 1024);
    const oversize = await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'part0/0001.png', data: f, store: true }, { name: 'part0/0002.png', data: big, store: true }]));
    expect(fileErrors(oversize)[0]).toMatch(/^Animation frame part0\/0002.png is [\d.]+M; each picture must be within 800K$/);
    const broken = Buffer.concat([f.subarray(0, 40), randomBytes(200)]);
    expect(fileErrors(await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'part0/0001.png', data: broken, store: true }])))).toEqual([
      'Animation frame part0/0001.png is not a PNG picture that decodes',
    ]);
    expect(fileErrors(await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'part0/run.sh', data: 'rm -rf /' }])))).toEqual([
      'A boot animation holds only png frames, desc.txt, audio.wav and trim.txt: part0/run.sh',
    ]);
    const wrongDesc = await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'desc.txt', data: '320 180 25\np one 0 part0\np 1 0 part9\n' }, { name: 'part0/0001.png', data: f, store: true }]));
    expect(fileErrors(wrongDesc)).toEqual(['desc.txt line 2: expected "p|c count pause folder"']);
    const missingFolder = await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'desc.txt', data: '320 180 25\np 1 0 part9\n' }, { name: 'part0/0001.png', data: f, store: true }]));
    expect(fileErrors(missingFolder)).toEqual(['desc.txt line 2: folder part9 holds no frames']);
    const otherSize = await upload(a.hotel, 'bootAnimation', 'a.zip', zipArchive([{ name: 'desc.txt', data: '1920 1080 25\np 1 0 part0\n' }, { name: 'part0/0001.png', data: f, store: true }]));
    expect(fileErrors(otherSize)).toEqual(['Animation frame part0/0001.png is 320*180; desc.txt says 1920*1080']);
  });
});

describe('boot policies: the spec calls, copy and tenant isolation', () => {
  it('makes a policy from one multipart upload, refusing a wrong file on the field, and copies it', async () => {
    const { payload, headers } = multipartBody({ name: 'logo.jpg', data: await realJpeg(1920, 1080) });
    const res = await a.hotel.request('POST', '/api/web/boots_config?title=Spring&type=logo', payload, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const policy = res.body.data;
    expect(policy).toMatchObject({ name: 'Spring', brandId: a.brandId, hotelId: a.hotelIds[0], active: false, operator: expect.any(String) });
    expect(policy.logo).toMatch(/^[0-9a-f-]{36}$/);

    const wrong = multipartBody({ name: 'boot.ts', data: h264TransportStream(2560, 1440) });
    const refused = await a.hotel.request('POST', '/api/web/boots_config?title=Big&type=video', wrong.payload, wrong.headers);
    expect(refused.status).toBe(422);
    expect(fileErrors(refused)).toEqual(['The boot video must be at most 2K (2048*1152); this one is 2560*1440']);
    const badType = await a.hotel.request('POST', '/api/web/boots_config?title=X&type=nothing', payload, headers);
    expect(badType.status).toBe(422);

    const copy = await a.hotel.post(`/api/web/boots_config/copy?id=${policy.id}`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.data).toMatchObject({ name: 'Spring copy', logo: policy.logo, active: false, hotelId: a.hotelIds[0] });
    expect(copy.body.data.id).not.toBe(policy.id);
  });

  it('never lets a hotel or another brand read, change, copy or delete a policy that is not theirs', async () => {
    const mine = await a.hotel.post('/api/records/boot-policies', { name: 'Mine' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const id = mine.body.data.id;
    for (const client of [a.sibling, other.hotel, other.brand]) {
      expect((await client.get(`/api/records/boot-policies/${id}`)).status).toBe(404);
      expect((await client.put(`/api/records/boot-policies/${id}`, { name: 'Taken' })).status).toBe(404);
      expect((await client.post(`/api/web/boots_config/copy?id=${id}`)).status).toBe(404);
      expect((await client.delete(`/api/records/boot-policies/${id}`)).status).toBe(404);
      const list = await client.get('/api/records/boot-policies?pagesize=100');
      expect((list.body.data.items as { id: number }[]).map((row) => row.id)).not.toContain(id);
    }
    // A file of another hotel cannot be put into a policy.
    const foreign = await uploaded(other.hotel, 'bootLogo', 'logo.jpg', await realJpeg(1280, 720));
    const foreignRef = await a.hotel.put(`/api/records/boot-policies/${id}`, { name: 'Mine', logo: foreign });
    expect(foreignRef.status, JSON.stringify(foreignRef.body)).toBe(404);
    // The brand above sees and changes it.
    expect((await a.brand.put(`/api/records/boot-policies/${id}`, { name: 'Brand edit' })).status).toBe(200);
  });

  it('keeps one policy in use per level', async () => {
    const first = (await other.sibling.post('/api/records/boot-policies', { name: 'One', active: true })).body.data;
    const second = (await other.sibling.post('/api/records/boot-policies', { name: 'Two', active: true })).body.data;
    expect((await other.sibling.get(`/api/records/boot-policies/${first.id}`)).body.data.active).toBe(false);
    expect((await other.sibling.get(`/api/records/boot-policies/${second.id}`)).body.data.active).toBe(true);
  });
});

describe('the boot-logo library', () => {
  it('offers the spec’s calls to the platform and its items to brands and hotels to pick', async () => {
    const logo = await uploaded(platform, 'bootLogo', 'lib.jpg', await realJpeg(1920, 1080));
    const created = await platform.post('/api/admin/lib_start_logo', { title: 'Sunrise', logo });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const page = await platform.get('/api/admin/lib_start_logo?page=1&pagesize=10&title=Sunrise');
    expect(page.body.data.items.map((item: { id: number }) => item.id)).toContain(id);
    const copy = await platform.post(`/api/admin/lib_start_logo/copy/${id}`);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ title: 'Sunrise (2)', logo });
    expect((await platform.put(`/api/admin/lib_start_logo/${copy.body.data.id}`, { title: 'Sunset', logo })).body.data.title).toBe('Sunset');
    expect((await platform.delete(`/api/admin/lib_start_logo/${copy.body.data.id}`)).body.data.deleted).toBe(1);
    // Bad titles are field errors.
    const short = await platform.post('/api/admin/lib_start_logo', { title: 'S', logo });
    expect(short.status).toBe(422);
    expect(short.body.errors.title).toBeTruthy();

    // Brands and hotels read the library and pick a logo; they cannot change it.
    const all = await a.hotel.get('/api/admin/lib_start_logo/all');
    expect(all.status).toBe(200);
    const item = (all.body.data as { id: number; logo: string }[]).find((row) => row.id === id)!;
    expect(item.logo).toBe(logo);
    expect((await a.hotel.post('/api/admin/lib_start_logo', { title: 'Mine', logo })).status).toBe(403);
    expect((await a.brand.delete(`/api/admin/lib_start_logo/${id}`)).status).toBe(403);
    const picked = await a.hotel.post('/api/records/boot-policies', { name: 'Picked', logo: item.logo });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  });
});

describe('what the TV receives', () => {
  it('delivers the hotel’s policy over the brand’s and the platform’s, by MAC where one TV has its own', async () => {
    const tv = await authorizedTv(a.hotelIds[0]);
    const siblingTv = await authorizedTv(a.hotelIds[1]);
    const outsider = await authorizedTv(other.hotelIds[0]);
    const platformLogo = await uploaded(platform, 'bootLogo', 'p.jpg', await realJpeg(1280, 720));
    const def = await platform.post('/api/records/boot-policies', { name: 'Platform default', logo: platformLogo, active: true });
    expect(def.status, JSON.stringify(def.body)).toBe(200);
    expect((await bootOf(outsider)).policy).toMatchObject({ name: 'Platform default', source: 'platform' });

    const brandLogo = await uploaded(a.brand, 'bootLogo', 'b.jpg', await realJpeg(1920, 1080));
    expect((await a.brand.post('/api/records/boot-policies', { name: 'Brand', logo: brandLogo, active: true })).status).toBe(200);
    expect((await bootOf(siblingTv)).policy).toMatchObject({ name: 'Brand', source: 'brand' });

    const hotelLogo = await realJpeg(1920, 1080);
    const hotelLogoId = await uploaded(a.hotel, 'bootLogo', 'h.jpg', hotelLogo);
    const hotelPolicy = (await a.hotel.post('/api/records/boot-policies', { name: 'Hotel', logo: hotelLogoId, active: true, applyMode: 'window', windowStart: '02:00', windowEnd: '04:00', jitterMinutes: 60 })).body.data;
    const boot = await bootOf(tv);
    expect(boot.policy).toMatchObject({ id: hotelPolicy.id, name: 'Hotel', source: 'hotel', apply: { mode: 'window' } });
    expect(boot.policy.apply.at).toMatch(/^0[23]:[0-5]\d$/);
    const logo = boot.policy.files.logo;
    expect(logo).toMatchObject({ fileId: hotelLogoId, size: hotelLogo.length, sha256: createHash('sha256').update(hotelLogo).digest('hex'), width: 1920, height: 1080 });
    expect(logo.url).toBe(`/api/device/v1/boot-files/${hotelLogoId}/${logo.sha256}`);

    // The file at its immutable address, for this TV only.
    const file = await tv.device.get(logo.url);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toContain('immutable');
    expect(createHash('sha256').update(file.raw.rawPayload).digest('hex')).toBe(logo.sha256);
    expect((await siblingTv.device.get(logo.url)).status).toBe(404);
    expect((await outsider.device.get(logo.url)).status).toBe(404);

    // A policy naming a MAC wins for that TV only.
    const macPolicy = await a.brand.post('/api/records/boot-policies', { name: 'Suite 8', macs: tv.mac.toLowerCase(), active: true });
    expect(macPolicy.status, JSON.stringify(macPolicy.body)).toBe(200);
    expect((await bootOf(tv)).policy).toMatchObject({ name: 'Suite 8', source: 'mac' });
    expect((await bootOf(siblingTv)).policy).toMatchObject({ name: 'Brand', source: 'brand' });

    // The terminal detail explains it.
    const why = await a.hotel.get(`/api/admin/boot/resolution?mac=${tv.mac}`);
    expect(why.status).toBe(200);
    expect(why.body.data.candidates.map((c: { name: string; source: string; winner: boolean }) => [c.name, c.source, c.winner])).toEqual([
      ['Suite 8', 'mac', true],
      ['Hotel', 'hotel', false],
      ['Brand', 'brand', false],
      ['Platform default', 'platform', false],
    ]);
    expect((await other.hotel.get(`/api/admin/boot/resolution?mac=${tv.mac}`)).status).toBe(404);
    expect((await platform.put(`/api/records/boot-policies/${def.body.data.id}`, { name: 'Platform default', logo: platformLogo, active: false })).status).toBe(200);
    expect((await bootOf(outsider)).policy).toBeNull();
  });

  it('records download tasks the TV reports, shown within the tenant only', async () => {
    const tv = await authorizedTv(a.hotelIds[0]);
    const sha256 = 'ab'.repeat(32);
    const report = (state: string, reason?: string) =>
      tv.device.post('/api/device/v1/download-tasks', { kind: 'boot', subjectId: 1, name: 'logo', url: `/api/device/v1/boot-files/x/${sha256}`, sha256, size: 1234, state, ...(reason ? { reason } : {}) });
    expect((await report('downloading')).status).toBe(200);
    expect((await report('failed', 'SHA-256 mismatch')).status).toBe(200);
    const mine = await a.hotel.get(`/api/download-tasks?mac=${tv.mac}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items).toEqual([expect.objectContaining({ mac: tv.mac, kind: 'boot', name: 'logo', state: 'failed', reason: 'SHA-256 mismatch', finishedAt: expect.any(String) })]);
    // The download-task lists (/task_info) show boot files beside release packages, within the tenant.
    const failedTasks = await a.hotel.get(`/api/task_info/tasks?failed=1&mac=${tv.mac}`);
    expect(failedTasks.body.data.items).toEqual([expect.objectContaining({ source: 'boot', mac: tv.mac, fileName: 'logo', state: 'failed', failureReason: 'SHA-256 mismatch' })]);
    expect((await other.hotel.get(`/api/task_info/tasks?mac=${tv.mac}`)).body.data.total).toBe(0);
    expect((await report('success')).status).toBe(200);
    expect((await a.hotel.get(`/api/download-tasks?mac=${tv.mac}&state=success`)).body.data.total).toBe(1);
    expect((await other.hotel.get(`/api/download-tasks?mac=${tv.mac}`)).body.data.total).toBe(0);
    expect((await a.sibling.get(`/api/download-tasks?mac=${tv.mac}`)).body.data.total).toBe(0);
    const invalid = await tv.device.post('/api/device/v1/download-tasks', { kind: 'boot', name: 'logo', url: 'x', sha256: 'nothex', size: 1, state: 'done' });
    expect(invalid.status).toBe(422);
  });

  it('hides content modules by the platform’s rules and delivers the hotel’s TV menu', async () => {
    const tv = await authorizedTv(other.hotelIds[1]);
    await tv.device.get('/api/device/v1/commands?wait=0');
    // A rule naming the hotel is pushed to its TVs at once.
    const told = tv.device.get('/api/device/v1/commands?wait=10');
    await new Promise((r) => setTimeout(r, 100));
    const rule = await platform.post('/api/records/content-hide-rules', { name: 'No VOD on HT-55U', module: 'vod', hotelId: other.hotelIds[1], models: 'HT-55U|HT-65U' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect((await platform.post('/api/records/content-hide-rules', { name: 'Other model', module: 'shop', models: 'XYZ' })).status).toBe(200);
    expect((await bootOf(tv)).hide).toEqual(['vod']);
    expect((await other.hotel.post('/api/records/content-hide-rules', { name: 'x', module: 'vod' })).status).toBe(403);

    const siblingClient = other.sibling;
    const menu = await siblingClient.post('/api/records/hotel-tv-menus', { password: '1234', network: true, entries: 'Channel scan\nSource' });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    expect((await siblingClient.post('/api/records/hotel-tv-menus', { password: '5678' })).body.errors.password).toEqual(['The hotel already has an advanced menu; edit it instead']);
    expect((await siblingClient.post('/api/records/hotel-tv-menus', { password: 'abcd' })).status).toBe(422);
    expect((await other.hotel.post('/api/records/hotel-tv-menus', {})).body.errors).toEqual({ password: ['Advanced menu password is required'] });
    // The password reaches the TVs, never the console.
    expect((await siblingClient.get(`/api/records/hotel-tv-menus/${menu.body.data.id}`)).body.data.password).toBeUndefined();
    expect((await other.hotel.get(`/api/records/hotel-tv-menus/${menu.body.data.id}`)).status).toBe(404);
    expect((await siblingClient.put(`/api/records/hotel-tv-menus/${menu.body.data.id}`, { network: true, entries: 'Channel scan\nSource' })).status).toBe(200);
    // The TV gets the menu's name (none given: its own word), and a hash of the password salted with
    // its MAC, never the password.
    const tvMenu = (await bootOf(tv)).tvMenu!;
    expect(tvMenu).toEqual({ name: '', settings: ['network', 'display', 'sound', 'language'], password: { salt: tv.mac.toUpperCase(), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }, entries: ['Channel scan', 'Source'] });
    expect(tvMenu.password.sha256).toBe(createHash('sha256').update(`${tv.mac.toUpperCase()}:1234`).digest('hex'));
    expect(menuPasswordMatches('1234', tvMenu.password)).toBe(true);
    expect(menuPasswordMatches('4321', tvMenu.password)).toBe(false);
    const why = await other.sibling.get(`/api/admin/boot/resolution?mac=${tv.mac}`);
    expect(why.body.data.tvMenu.password).toEqual(tvMenu.password);
    expect(why.body.data.hide).toEqual([expect.objectContaining({ name: 'No VOD on HT-55U', module: 'vod' })]);
  });
});

describe('the simulator', () => {
  let fleet: Fleet | undefined;
  afterAll(async () => fleet?.stop());

  it('downloads its boot policy’s files and reports each download', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const logo = await uploaded(tenant.hotel, 'bootLogo', 'logo.jpg', await realJpeg(1280, 720));
    const video = await uploaded(tenant.hotel, 'bootVideo', 'boot.ts', h264TransportStream(1280, 720));
    const policy = (await tenant.hotel.post('/api/records/boot-policies', { name: 'Simulated', logo, video, active: true })).body.data;
    fleet = await startFleet({ url: await listeningUrl(t), count: 1, seed: `boot-${Date.now()}`, installCode: await installCodeOf(t, tenant.hotelIds[0]), interval: 1, push: false });
    const tv = fleet.tvs[0]!;
    expect((await tenant.brand.post('/api/terminals/authorize', { macs: [tv.mac] })).status).toBe(200);
    const end = Date.now() + 10_000;
    while (tv.bootDownloads < 2) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
    const tasks = await tenant.hotel.get(`/api/download-tasks?mac=${tv.mac}&kind=boot`);
    expect(tasks.body.data.items.map((task: { name: string; state: string; subjectId: number }) => [task.name, task.state, task.subjectId]).sort()).toEqual([
      ['logo', 'success', policy.id],
      ['video', 'success', policy.id],
    ]);
  });
});

describe('the maintenance window', () => {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const macs = Array.from({ length: 200 }, (_, i) => `B7${String(i).padStart(10, '0')}`);

  it('spreads a hotel’s TVs over the jitter inside the window, the same time for the same TV', () => {
    const times = macs.map((mac) => windowTime(mac, '02:00', '04:00', 60));
    expect(times.every((at) => minutes(at) >= 120 && minutes(at) <= 180)).toBe(true);
    expect(new Set(times).size).toBeGreaterThan(40);
    expect(windowTime(macs[7]!, '02:00', '04:00', 60)).toBe(times[7]);
    // No jitter: the window's start; a jitter longer than the window stays inside it.
    expect(windowTime(macs[0]!, '02:00', '04:00', 0)).toBe('02:00');
    expect(macs.map((mac) => minutes(windowTime(mac, '02:00', '02:30', 600))).every((m) => m >= 120 && m < 150)).toBe(true);
  });

  it('wraps a window that passes midnight', () => {
    const times = macs.map((mac) => minutes(windowTime(mac, '23:30', '00:30', 59)));
    expect(times.every((m) => m >= 23 * 60 + 30 || m < 30)).toBe(true);
    expect(times.some((m) => m < 30)).toBe(true);
  });

  it('asks for the window’s times when a policy applies in it', async () => {
    const res = await a.hotel.post('/api/records/boot-policies', { name: 'Windowed', applyMode: 'window', windowStart: '25:00' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ windowStart: ['Times are written HH:mm'] });
    const open = await a.hotel.post('/api/records/boot-policies', { name: 'Windowed', applyMode: 'window', windowStart: '02:00' });
    expect(open.status).toBe(422);
    expect(Object.keys(open.body.errors)).toEqual(['windowEnd']);
  });
});
