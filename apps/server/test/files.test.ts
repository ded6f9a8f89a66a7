import { records, uploadRules } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../src/auth/sessions.js';
import { files } from '../src/db/schema/index.js';
import { canReadFile, checkFileRefs } from '../src/files/access.js';
import { bufferSource, readArchive } from '../src/files/archive.js';
import { detectType, zipKind } from '../src/files/detect.js';
import { contentDisposition, parseRange } from '../src/files/routes.js';
import { LocalStorage, storageKeyFor } from '../src/files/storage.js';
import { AppError } from '../src/http/errors.js';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { bmp, jpeg, mp4, multipartBody, png, transportStream, zip } from './support/images.js';
import { h264TransportStream } from './support/transport-stream.js';

const MB = 1024 * 1024;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

interface Upload {
  field?: string;
  name: string;
  data: Buffer;
  type?: string;
}

function upload(client: Client, rule: string, file: Upload, lang?: 'zh-CN' | 'en-US'): Promise<ApiResponse> {
  const { payload, headers } = multipartBody(file);
  return (lang ? client.withLang(lang) : client).request('POST', `/api/files?rule=${rule}`, payload, headers);
}

async function uploaded(client: Client, rule: string, file: Upload) {
  const res = await upload(client, rule, file);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; url: string; name: string; size: number; mime: string; width: number | null; height: number | null };
}

const fileError = (res: ApiResponse) => (res.body.errors as Record<string, string[]> | undefined)?.file?.[0];

/** Files in the storage folder, temporary ones included. */
function storedFiles(): string[] {
  const root = join(t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, []);
  b = await createTenant(t, []);
  platform = await createPlatformAdmin(t);
});

describe('uploads', () => {
  it('accepts a boot logo, reports its size and serves it back byte for byte with safe headers', async () => {
    const bytes = jpeg(1920, 1080);
    const data = await uploaded(a.hotel, 'bootLogo', { name: '开机画面 1.jpg', data: bytes, type: 'image/jpeg' });
    expect(data).toMatchObject({ url: `/api/files/${data.id}`, name: '开机画面 1.jpg', size: bytes.length, mime: 'image/jpeg', width: 1920, height: 1080 });

    const [row] = await t.database.db.select().from(files).where(eq(files.id, data.id));
    expect(row).toMatchObject({ rule: 'bootLogo', brandId: a.brandId, hotelId: a.hotelIds[0], uploadedBy: a.users.hotel.id, storageKey: storageKeyFor(data.id) });
    expect(row!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const got = await a.hotel.get(data.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.raw.rawPayload, bytes)).toBe(0);
    expect(got.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
    });
    expect(got.headers['content-disposition']).toBe(`inline; filename="____ 1.jpg"; filename*=UTF-8''${encodeURIComponent('开机画面 1.jpg')}`);

    // A friendly download name in the URL serves the same file.
    const named = await a.hotel.get(`${data.url}/boot-logo.jpg`);
    expect(Buffer.compare(named.raw.rawPayload, bytes)).toBe(0);

    // Conditional GET with the content hash.
    const again = await a.hotel.request('GET', data.url, undefined, { 'if-none-match': String(got.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('accepts PNG and BMP by content and reads their pixel size', async () => {
    const pngBytes = png(300, 200);
    expect(await uploaded(a.brand, 'faqImage', { name: 'a.png', data: pngBytes })).toMatchObject({ mime: 'image/png', width: 300, height: 200 });
    const bmpBytes = bmp(1280, 720);
    expect(await uploaded(a.brand, 'bootLogoBitmap', { name: 'logo.bmp', data: bmpBytes })).toMatchObject({ mime: 'image/bmp', width: 1280, height: 720 });
    // A JPEG whose size sits behind 200K of metadata.
    expect(await uploaded(a.brand, 'faqImage', { name: 'exif.jpg', data: jpeg(640, 360, { app1Bytes: 200_000 }) })).toMatchObject({ width: 640, height: 360 });
  });

  it('detects the type by content, not by the name', async () => {
    const bytes = jpeg(64, 48);
    const data = await uploaded(a.hotel, 'faqImage', { name: 'photo.png', data: bytes, type: 'image/png' });
    expect(data).toMatchObject({ mime: 'image/jpeg', name: 'photo.png' });
    expect((await a.hotel.get(data.url)).headers['content-type']).toBe('image/jpeg');

    const refused = await upload(a.hotel, 'bootAnimationFrame', { name: 'photo.png', data: bytes, type: 'image/png' });
    expect(refused.status).toBe(422);
    expect(fileError(refused)).toBe('Unsupported file type, allowed: png');

    const script = await upload(a.hotel, 'faqImage', { name: 'x.png', data: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/png' });
    expect(fileError(script)).toBe('Unsupported file type, allowed: png, jpeg, gif');
    // A file that only starts like a JPEG, with no readable size, is refused too.
    const broken = await upload(a.hotel, 'faqImage', { name: 'x.jpg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x20)]) });
    expect(broken.status).toBe(422);
  });

  it('refuses over-size files with the limit in both languages, keeping nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([jpeg(16, 16), Buffer.alloc(3 * MB)]);
    const en = await upload(a.hotel, 'feedbackImage', { name: 'big.jpg', data: big }, 'en-US');
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({ code: '-1', errkey: 'error.validation', errors: { file: ['Please select pictures within 3M'] } });
    const zh = await upload(a.hotel, 'feedbackImage', { name: 'big.jpg', data: big }, 'zh-CN');
    expect(fileError(zh)).toBe('请选择3M以内的图片');

    const five = await upload(a.hotel, 'faqImage', { name: 'big.jpg', data: Buffer.concat([big, Buffer.alloc(2 * MB)]) }, 'en-US');
    expect(fileError(five)).toBe('Please select pictures within 5M');
    const fiveZh = await upload(a.hotel, 'faqImage', { name: 'big.jpg', data: Buffer.concat([big, Buffer.alloc(2 * MB)]) }, 'zh-CN');
    expect(fileError(fiveZh)).toBe('请选择5M以内的图片');

    // Exactly at the limit is fine; one byte over is not.
    const rule = 800 * 1024;
    const frame = png(10, 10);
    const padded = Buffer.concat([frame, Buffer.alloc(rule - frame.length)]);
    expect((await upload(a.hotel, 'bootAnimationFrame', { name: 'f.png', data: padded })).status).toBe(200);
    const over = await upload(a.hotel, 'bootAnimationFrame', { name: 'f.png', data: Buffer.concat([padded, Buffer.alloc(1)]) });
    expect(fileError(over)).toBe('Please select pictures within 800K');

    // Not a picture rule: "files".
    const sheet = zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': Buffer.alloc(10 * MB) });
    expect(fileError(await upload(a.hotel, 'spreadsheet', { name: 'big.xlsx', data: sheet }))).toBe('Please select files within 10M');

    expect(storedFiles().length).toBe(before + 1);
    expect(storedFiles().filter((path) => path.includes(`${join('files', 'tmp')}`))).toEqual([]);
  });

  it('checks exact pixel sizes of the boot logo', async () => {
    const wrong = await upload(a.hotel, 'bootLogo', { name: 'logo.jpg', data: jpeg(1000, 1000) });
    expect(wrong.status).toBe(422);
    expect(fileError(wrong)).toBe('please upload 1920*1080 or 1280*720 px images');
    const zh = await upload(a.hotel, 'bootLogo', { name: 'logo.jpg', data: jpeg(1920, 1079) }, 'zh-CN');
    expect(fileError(zh)).toBe('请上传1920*1080或1280*720像素的图片');
    expect(await uploaded(a.hotel, 'bootLogo', { name: 'logo.jpg', data: jpeg(1280, 720) })).toMatchObject({ width: 1280, height: 720 });
    // bmp accepted for the bitmap variant only
    expect(fileError(await upload(a.hotel, 'bootLogo', { name: 'logo.jpg', data: bmp(16, 16) }))).toBe('Unsupported file type, allowed: jpeg');
  });

  it('checks the 16:9 ratio of intro images with a pixel of rounding', async () => {
    expect(await uploaded(a.hotel, 'introImage', { name: 'i.png', data: png(1600, 900) })).toMatchObject({ width: 1600, height: 900 });
    expect(await uploaded(a.hotel, 'introImage', { name: 'i.png', data: png(1366, 768) })).toMatchObject({ width: 1366, height: 768 });
    const square = await upload(a.hotel, 'introImage', { name: 'i.png', data: png(1000, 1000) });
    expect(fileError(square)).toBe('The image ratio must be 16:9');
    const zh = await upload(a.hotel, 'introImage', { name: 'i.png', data: png(1600, 1000) }, 'zh-CN');
    expect(fileError(zh)).toBe('图片比例须为16:9');
  });

  it('accepts videos, archives and spreadsheets by content', async () => {
    expect(await uploaded(a.hotel, 'faqVideo', { name: 'v.mp4', data: mp4(5000) })).toMatchObject({ mime: 'video/mp4', width: null, height: null });
    // The boot rule reads the resolution from the stream (docs/boot.md): a real H.264 stream.
    expect(await uploaded(a.hotel, 'bootVideo', { name: 'boot.ts', data: h264TransportStream(1280, 720) })).toMatchObject({ mime: 'video/mp2t', width: 1280, height: 720 });
    const apk = zip({ 'AndroidManifest.xml': Buffer.alloc(100, 1), 'classes.dex': Buffer.alloc(9000, 2) });
    expect(await uploaded(a.hotel, 'apk', { name: 'app.apk', data: apk })).toMatchObject({ mime: 'application/vnd.android.package-archive' });
    const sheet = zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': Buffer.alloc(6000, 0x41) });
    expect(await uploaded(a.hotel, 'spreadsheet', { name: 'macs.xlsx', data: sheet })).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(await uploaded(a.hotel, 'bootAnimation', { name: 'anim.zip', data: zip({ 'part0/0001.png': png(4, 4) }) })).toMatchObject({ mime: 'application/zip' });

    expect(fileError(await upload(a.hotel, 'apk', { name: 'app.apk', data: zip({ 'readme.txt': 'hello' }) }))).toBe('Unsupported file type, allowed: apk');
    expect(fileError(await upload(a.hotel, 'spreadsheet', { name: 'a.xlsx', data: apk }))).toBe('Unsupported file type, allowed: xlsx');
    expect(fileError(await upload(a.hotel, 'faqVideo', { name: 'v.mp4', data: png(10, 10) }))).toMatch(/^Unsupported file type/);
  });

  it('answers 422 on the rule, a missing file, and a body that is not multipart', async () => {
    const unknown = await upload(a.hotel, 'nope', { name: 'a.png', data: png(2, 2) });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(422);
    expect(unknown.body.errors).toEqual({ rule: ['Unknown upload rule'] });
    const proto = await upload(a.hotel, '__proto__', { name: 'a.png', data: png(2, 2) });
    expect(proto.status, JSON.stringify(proto.body)).toBe(422);

    const otherField = await upload(a.hotel, 'faqImage', { field: 'picture', name: 'a.png', data: png(2, 2) });
    expect(otherField.status, JSON.stringify(otherField.body)).toBe(422);
    expect(otherField.body.errors).toEqual({ file: ['Please choose a file to upload'] });
    const boundary = 'xyz';
    const fieldsOnly = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const noFile = await a.hotel.request('POST', '/api/files?rule=faqImage', fieldsOnly, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(noFile.status, JSON.stringify(noFile.body)).toBe(422);
    expect(noFile.body.errors).toEqual({ file: ['Please choose a file to upload'] });

    const json = await a.hotel.post('/api/files?rule=faqImage', { file: 'x' });
    expect(json.status, JSON.stringify(json.body)).toBe(422);
    expect(json.body.errors).toEqual({ file: ['Please choose a file to upload'] });

    const noBoundary = await a.hotel.request('POST', '/api/files?rule=faqImage', 'garbage', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toMatchObject({ code: '-1', errkey: 'error.badRequest' });

    const empty = await upload(a.hotel, 'faqImage', { name: 'a.png', data: Buffer.alloc(0) });
    expect(fileError(empty)).toBe('Please choose a file to upload');
  });

  it('keeps only the name of a client path', async () => {
    const data = await uploaded(a.hotel, 'faqImage', { name: '..\\..\\etc/pass\u0007wd.png', data: png(2, 2) });
    expect(data.name).toBe('passwd.png');
  });
});

describe('downloads', () => {
  it('serves ranges of a video', async () => {
    const bytes = mp4(100_000);
    const { url } = await uploaded(a.hotel, 'faqVideo', { name: 'clip.mp4', data: bytes });
    const range = (value: string) => a.hotel.request('GET', url, undefined, { range: value });

    const first = await range('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers).toMatchObject({ 'content-range': 'bytes 0-99/100000', 'content-length': '100', 'content-type': 'video/mp4' });
    expect(Buffer.compare(first.raw.rawPayload, bytes.subarray(0, 100))).toBe(0);

    const tail = await range('bytes=99990-');
    expect(tail.headers['content-range']).toBe('bytes 99990-99999/100000');
    expect(Buffer.compare(tail.raw.rawPayload, bytes.subarray(99990))).toBe(0);

    const suffix = await range('bytes=-10');
    expect(suffix.status).toBe(206);
    expect(Buffer.compare(suffix.raw.rawPayload, bytes.subarray(-10))).toBe(0);

    const beyond = await range('bytes=200000-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */100000');

    const several = await range('bytes=0-1,5-6');
    expect(several.status).toBe(200);
    expect(several.raw.rawPayload.length).toBe(100_000);

    const whole = await a.hotel.get(url);
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('serves other files as attachments', async () => {
    const sheet = zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    const { url } = await uploaded(a.hotel, 'spreadsheet', { name: '报表 Q1 (final).xlsx', data: sheet });
    const got = await a.hotel.get(url);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="__ Q1 (final).xlsx"; filename*=UTF-8''%E6%8A%A5%E8%A1%A8%20Q1%20%28final%29.xlsx`);
  });

  it('lets each tenant read only what it may', async () => {
    const hotelFile = (await uploaded(a.hotel, 'faqImage', { name: 'h.png', data: png(3, 3) })).url;
    const siblingFile = (await uploaded(a.sibling, 'faqImage', { name: 's.png', data: png(3, 3) })).url;
    const brandFile = (await uploaded(a.brand, 'faqImage', { name: 'b.png', data: png(3, 3) })).url;
    const otherBrandFile = (await uploaded(b.brand, 'faqImage', { name: 'ob.png', data: png(3, 3) })).url;
    const platformFile = (await uploaded(platform, 'faqImage', { name: 'p.png', data: png(3, 3) })).url;
    const status = async (client: Client, url: string) => (await client.get(url)).status;

    // Another brand's users see nothing of brand A.
    for (const url of [hotelFile, siblingFile, brandFile]) {
      expect(await status(b.hotel, url)).toBe(404);
      expect(await status(b.brand, url)).toBe(404);
    }
    // A sibling hotel of the same brand cannot read the other hotel's file...
    expect(await status(a.sibling, hotelFile)).toBe(404);
    expect(await status(a.hotel, siblingFile)).toBe(404);
    // ...but both read their brand's and the platform's files, not another brand's.
    expect(await status(a.hotel, brandFile)).toBe(200);
    expect(await status(a.sibling, brandFile)).toBe(200);
    expect(await status(a.hotel, platformFile)).toBe(200);
    expect(await status(a.hotel, otherBrandFile)).toBe(404);
    // The brand reads its hotels' files; the platform reads everything.
    expect(await status(a.brand, hotelFile)).toBe(200);
    expect(await status(a.brand, siblingFile)).toBe(200);
    expect(await status(a.brand, platformFile)).toBe(200);
    for (const url of [hotelFile, siblingFile, brandFile, otherBrandFile, platformFile]) expect(await status(platform, url)).toBe(200);

    // A foreign file, a missing one and a malformed id get the same answer.
    const foreign = await b.hotel.get(hotelFile);
    const missing = await b.hotel.get(`/api/files/${randomUUID()}`);
    const malformed = await b.hotel.get('/api/files/..%2F..%2Fsecrets.json');
    expect(foreign.body).toEqual(missing.body);
    expect(malformed.status).toBe(404);
    expect(missing.body).toMatchObject({ code: '-1', errkey: 'error.notFound' });
  });

  it('needs a session; the cookie works for GET but not for POST', async () => {
    const { url } = await uploaded(a.hotel, 'faqImage', { name: 'c.png', data: png(3, 3) });
    const anonymous = new Client(t.app);
    expect((await anonymous.get(url)).status).toBe(401);
    expect((await upload(anonymous, 'faqImage', { name: 'c.png', data: png(3, 3) })).status).toBe(401);

    const cookie = { cookie: `sessionToken=${a.hotel.token}` };
    const viaCookie = await anonymous.request('GET', url, undefined, cookie);
    expect(viaCookie.status).toBe(200);
    const { payload, headers } = multipartBody({ name: 'c.png', data: png(3, 3) });
    const postViaCookie = await anonymous.request('POST', '/api/files?rule=faqImage', payload, { ...headers, ...cookie });
    expect(postViaCookie.status).toBe(401);
    // Another tenant's cookie gets the same 404 as its token.
    expect((await anonymous.request('GET', url, undefined, { cookie: `sessionToken=${b.hotel.token}` })).status).toBe(404);
  });
});

describe('file references of records', () => {
  const faq = records.faq;

  async function actorOf(client: Client) {
    const actor = await resolveSession(t.database.db, client.token!);
    if (!actor) throw new Error('no session');
    return actor;
  }

  async function refError(promise: Promise<void>): Promise<Record<string, string[]> | undefined> {
    try {
      await promise;
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const errors = (error as AppError).errors;
      return typeof errors === 'function' ? (errors('en-US') as Record<string, string[]>) : (errors as Record<string, string[]>);
    }
  }

  it('accepts readable files of the field rule and names the fields of others', async () => {
    const db = t.database.db;
    const hotelActor = await actorOf(a.hotel);
    const image = (await uploaded(a.hotel, 'faqImage', { name: 'i.png', data: png(3, 3) })).id;
    const video = (await uploaded(a.hotel, 'faqVideo', { name: 'v.mp4', data: mp4(3000) })).id;
    const brandImage = (await uploaded(a.brand, 'faqImage', { name: 'b.png', data: png(3, 3) })).id;
    const feedback = (await uploaded(a.hotel, 'feedbackImage', { name: 'f.png', data: png(3, 3) })).id;
    const sibling = (await uploaded(a.sibling, 'faqImage', { name: 's.png', data: png(3, 3) })).id;

    await checkFileRefs(db, hotelActor, faq, { images: [image, brandImage], videos: [video], title: 'x' });
    await checkFileRefs(db, hotelActor, faq, { images: [], videos: null });
    await checkFileRefs(db, hotelActor, faq, { title: 'fields absent from a partial update are not checked' });

    expect(await refError(checkFileRefs(db, hotelActor, faq, { images: [image, feedback] }))).toEqual({ images: ['A file of Images is invalid, please upload it again'] });
    expect(await refError(checkFileRefs(db, hotelActor, faq, { images: [feedback], videos: [image] }))).toEqual({
      images: ['A file of Images is invalid, please upload it again'],
      videos: ['A file of Videos is invalid, please upload it again'],
    });
    // Files outside the writer's reach, missing or malformed ids: "not found", like any foreign id.
    for (const ids of [[sibling], [randomUUID()], ['------------------------------------']]) {
      await expect(checkFileRefs(db, hotelActor, faq, { images: ids })).rejects.toMatchObject({ kind: 'notFound' });
    }

    // The brand may read its hotel's file, but not put it on a row of the sibling hotel.
    const brandActor = await actorOf(a.brand);
    await checkFileRefs(db, brandActor, faq, { images: [image] }, { brandId: a.brandId, hotelId: a.hotelIds[0] });
    expect(await refError(checkFileRefs(db, brandActor, faq, { images: [image] }, { brandId: a.brandId, hotelId: a.hotelIds[1] }))).toHaveProperty('images');
    await checkFileRefs(db, brandActor, faq, { images: [brandImage] }, { brandId: a.brandId, hotelId: a.hotelIds[1] });
  });

  it('decides readability by level', () => {
    const platformFile = { brandId: null, hotelId: null };
    const brandFile = { brandId: 1, hotelId: null };
    const hotelFile = { brandId: 1, hotelId: 10 };
    expect(canReadFile({ level: 'platform' }, hotelFile)).toBe(true);
    expect(canReadFile({ level: 'brand', brandId: 1 }, hotelFile)).toBe(true);
    expect(canReadFile({ level: 'brand', brandId: 2 }, brandFile)).toBe(false);
    expect(canReadFile({ level: 'brand', brandId: null }, platformFile)).toBe(true);
    expect(canReadFile({ level: 'hotel', brandId: 1, hotelId: 11 }, brandFile)).toBe(true);
    expect(canReadFile({ level: 'hotel', brandId: 1, hotelId: 11 }, hotelFile)).toBe(false);
    expect(canReadFile({ level: 'hotel', brandId: 1, hotelId: 10 }, hotelFile)).toBe(true);
  });
});

describe('content detection', () => {
  const head = (...parts: (string | number[] | Buffer)[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
  const riff = (form: string) => head('RIFF', [0, 0, 0, 0], form, Buffer.alloc(20));

  it('recognises each supported type by its magic bytes', () => {
    expect(detectType(jpeg(8, 8))).toBe('jpeg');
    expect(detectType(png(1, 1))).toBe('png');
    expect(detectType(head('GIF89a', Buffer.alloc(10)))).toBe('gif');
    expect(detectType(head('GIF87a', Buffer.alloc(10)))).toBe('gif');
    expect(detectType(bmp(2, 2))).toBe('bmp');
    expect(detectType(riff('WEBP'))).toBe('webp');
    expect(detectType(riff('AVI '))).toBe('avi');
    expect(detectType(riff('WAVE'))).toBe('wav');
    expect(detectType(riff('WAVX'))).toBeNull();
    expect(detectType(head('fLaC', Buffer.alloc(38)))).toBe('flac');
    expect(detectType(mp4(64))).toBe('mp4');
    expect(detectType(head([0, 0, 0, 20], 'ftypqt  ', Buffer.alloc(8)))).toBe('mov');
    expect(detectType(head([0, 0, 0, 8], 'moov', Buffer.alloc(8)))).toBe('mov');
    expect(detectType(head([0, 0, 0, 24], 'ftypheic', Buffer.alloc(12)))).toBeNull();
    expect(detectType(head('OggS', Buffer.alloc(20)))).toBe('ogg');
    expect(detectType(head('FLV', [1], Buffer.alloc(20)))).toBe('flv');
    expect(detectType(head('.RMF', Buffer.alloc(20)))).toBe('rmvb');
    expect(detectType(transportStream(10))).toBe('ts');
    expect(detectType(transportStream(1))).toBeNull();
    expect(detectType(zip({ 'a.txt': 'a' }))).toBe('zip');
    expect(detectType(head('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectType(head('GET / HTTP/1.1'))).toBeNull();
    expect(detectType(Buffer.alloc(0))).toBeNull();
  });

  it('tells apk and xlsx from a zip by the entry names of its central directory', async () => {
    const kind = async (entries: Record<string, Buffer | string>) => zipKind((await readArchive(bufferSource(zip(entries)), uploadRules.apk.archive)).names);
    expect(await kind({ 'res/a.xml': Buffer.alloc(5000, 7), 'AndroidManifest.xml': Buffer.alloc(50, 1) })).toBe('apk');
    expect(await kind({ '[Content_Types].xml': 'x', 'xl/workbook.xml': 'y' })).toBe('xlsx');
    expect(await kind({ '[Content_Types].xml': 'x', 'word/document.xml': 'y' })).toBe('zip');
  });

  it('parses single byte ranges and builds RFC 5987 dispositions', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=4-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(contentDisposition('application/zip', 'a "b"\\c;d%.zip')).toBe(`attachment; filename="a _b__c_d_.zip"; filename*=UTF-8''a%20%22b%22%5Cc%3Bd%25.zip`);
    expect(contentDisposition('application/zip', "it's (1).zip")).toBe(`attachment; filename="it's (1).zip"; filename*=UTF-8''it%27s%20%281%29.zip`);
  });
});

describe('local storage', () => {
  it('stores all or nothing under sharded keys it made itself', async () => {
    const root = mkdtempSync(join(tmpdir(), 'htv-storage-'));
    const storage = new LocalStorage(root);
    const key = storageKeyFor(randomUUID());
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);

    await storage.put(key, Buffer.from('hello world'));
    expect(await storage.exists(key)).toBe(true);
    const whole = await storage.get(key);
    expect(whole!.size).toBe(11);
    const part = await storage.get(key, { start: 6, end: 10 });
    const chunks: Buffer[] = [];
    for await (const chunk of part!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    whole!.stream.destroy();

    // A stream failing half-way leaves neither the object nor a temporary file.
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error('client went away'));
      },
    });
    const other = storageKeyFor(randomUUID());
    await expect(storage.put(other, failing)).rejects.toThrow('client went away');
    expect(await storage.exists(other)).toBe(false);
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);

    await expect(storage.put('../../escape', Buffer.from('x'))).rejects.toThrow();
    expect(() => storageKeyFor('../x')).toThrow();
  });
});
