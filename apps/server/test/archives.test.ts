import { uploadRules, type UploadRule } from '@htv/shared';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/index.js';
import { bufferSource, readArchive, unsafeEntryName } from '../src/files/archive.js';
import { readSheet } from '../src/files/excel.js';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { deflatedSheet, deflatedStream, sheetXml, xlsxArchive, zipArchive, type ArchiveEntrySpec } from './support/archives.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

/** The archive inspector (files/archive.ts) on uploads, and the bounded Excel reader (files/excel.ts) on every Excel route. */

const MB = 1024 * 1024;

let t: TestApp;
let a: Tenant;
let platform: Client;
let customerId: number;
/** The inspector writes zip uploads aside in TMPDIR: a folder of this file's own shows what it leaves behind. */
let spoolDir: string;
const previousTmp = process.env.TMPDIR;

beforeAll(async () => {
  spoolDir = mkdtempSync(join(tmpdir(), 'htv-spool-test-'));
  process.env.TMPDIR = spoolDir;
  t = await testApp();
  a = await createTenant(t, ['terminal.read', 'room.create']);
  platform = await createPlatformAdmin(t);
  const customer = await platform.post('/api/records/oem-customer', { name: 'Bomb TV', pinyinKey: `bomb${Date.now()}` });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  customerId = customer.body.data.id;
});

afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
});

function post(client: Client, url: string, data: Buffer, name = 'file.xlsx'): Promise<ApiResponse> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', url, payload, headers);
}

/** Zip uploads still written aside (the test app keeps its data folder in TMPDIR too). */
const spooled = () => readdirSync(spoolDir).filter((name) => name.startsWith('htv-archive-'));

const fileError = (res: ApiResponse, field = 'file') => (res.body.errors as Record<string, string[]> | undefined)?.[field]?.[0];

async function storedCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files).where(eq(files.uploadedBy, a.users.hotel.id));
  return row!.n;
}

/** Every Excel route, each with the client allowed to call it. */
const excelRoutes = () =>
  [
    ['parse-list', a.hotel, '/api/terminals/parse-list?kind=mac'],
    ['search_macs/excel', a.hotel, '/api/terminals/search_macs/excel'],
    ['manufacturer MAC search', platform, `/api/oem/customers/${customerId}/mac-search/excel`],
    ['room import', a.hotel, `/api/hotels/${a.hotelIds[0]}/rooms/import`],
  ] as const;

describe('archive inspector on uploads', () => {
  it('refuses entry names that would leave the folder they are unpacked into, keeping nothing', async () => {
    const before = await storedCount();
    for (const name of ['../../../../tmp/evil.sh', '/etc/cron.d/evil', 'C:\\x', 'c:/windows/evil.dll', 'part0/..\\..\\evil', 'part0/../../evil.png']) {
      const res = await post(a.hotel, '/api/files?rule=bootAnimation', zipArchive([{ name: 'desc.txt', data: '1920 1080 30' }, { name, data: png(4, 4) }]), 'anim.zip');
      expect(res.status, name).toBe(422);
      expect(fileError(res)).toBe(`The archive holds an unsafe path: ${name}`);
    }
    const zh = await post(a.hotel.withLang('zh-CN'), '/api/files?rule=bootAnimation', zipArchive([{ name: '../evil', data: 'x' }]), 'anim.zip');
    expect(fileError(zh)).toBe('压缩文件含有不安全的路径：../evil');
    expect(await storedCount()).toBe(before);
    expect(spooled()).toEqual([]);
    // The names alone: dots inside names and folders are fine.
    expect(['part0/0001.png', 'a..b/c', './x', 'desc.txt'].filter(unsafeEntryName)).toEqual([]);
  });

  it('refuses a zip bomb by its declared sizes and ratio before inflating, and too many entries', async () => {
    // 100 MB of zeros in a few hundred KB: one entry past the 16M entry limit.
    const zeros = await deflatedStream(Array.from({ length: 100 }, () => Buffer.alloc(MB)));
    expect(zeros.bytes.length).toBeLessThan(MB);
    const bomb = await post(a.hotel, '/api/files?rule=bootAnimation', zipArchive([{ name: 'part0/0001.png', data: zeros }]), 'anim.zip');
    expect(bomb.status).toBe(422);
    expect(fileError(bomb)).toBe('Unpacked, the content must be within 16M');

    // Entries each under the limit, together past the 64M total (4 letters at random: about 4:1).
    const letters = randomBytes(10 * MB).map((byte) => 0x61 + (byte & 3));
    const tenMb = await deflatedStream([letters]);
    const many = zipArchive(Array.from({ length: 8 }, (_, i) => ({ name: `part0/${i}.png`, data: tenMb })));
    expect(fileError(await post(a.hotel, '/api/files?rule=bootAnimation', many, 'anim.zip'))).toBe('Unpacked, the content must be within 64M');

    // Small enough, but 1000:1.
    const dense = await deflatedStream([Buffer.alloc(4 * MB)]);
    const ratio = await post(a.hotel.withLang('zh-CN'), '/api/files?rule=bootAnimation', zipArchive([{ name: 'part0/1.png', data: dense }]), 'anim.zip');
    expect(fileError(ratio)).toBe('压缩文件的压缩比不能超过100:1');

    const entries: ArchiveEntrySpec[] = Array.from({ length: 2001 }, (_, i) => ({ name: `part0/${i}.png`, data: 'x', store: true }));
    expect(fileError(await post(a.hotel, '/api/files?rule=bootAnimation', zipArchive(entries), 'anim.zip'))).toBe('The archive may hold at most 2000 files');
    expect(spooled()).toEqual([]);
  });

  it('stops inflating a directory that lies about its sizes', async () => {
    // The directory says 1,000 bytes; the entry inflates to 50 MB.
    const zeros = await deflatedStream(Array.from({ length: 50 }, () => Buffer.alloc(MB)));
    const liar = zipArchive([{ name: 'part0/0001.png', data: zeros, declaredSize: 1000 }]);
    const res = await post(a.hotel, '/api/files?rule=bootAnimation', liar, 'anim.zip');
    expect(res.status).toBe(422);
    expect(fileError(res)).toBe('The archive is damaged or in an unsupported format');

    // What the inspector hands on of such an entry never passes the declared size.
    const archive = await readArchive(bufferSource(liar), uploadRules.bootAnimation.archive);
    let inflated = 0;
    await expect(
      (async () => {
        for await (const chunk of archive.open(archive.entries[0]!)) inflated += chunk.length;
      })(),
    ).rejects.toMatchObject({ key: 'upload.badArchive' });
    expect(inflated).toBeLessThanOrEqual(1000);
    expect(spooled()).toEqual([]);
  });

  it('refuses overlapping entries, duplicate names and a local header naming another file', async () => {
    const twice = zipArchive([
      { name: 'a.png', data: 'one' },
      { name: 'a.png', data: 'two' },
    ]);
    expect(fileError(await post(a.hotel, '/api/files?rule=bootAnimation', twice, 'anim.zip'))).toBe('The archive is damaged or in an unsupported format');
    // Both directory records point at the same local entry.
    const single = zipArchive([{ name: 'a.png', data: png(4, 4) }]);
    const records = zipArchive([
      { name: 'a.png', data: 'one' },
      { name: 'b.png', data: 'one' },
    ]);
    const overlapping = Buffer.from(records);
    const secondRecord = overlapping.indexOf(Buffer.from('PK\x01\x02', 'latin1'), overlapping.indexOf(Buffer.from('PK\x01\x02', 'latin1')) + 4);
    overlapping.writeUInt32LE(0, secondRecord + 42);
    expect(fileError(await post(a.hotel, '/api/files?rule=bootAnimation', overlapping, 'anim.zip'))).toBe('The archive is damaged or in an unsupported format');
    expect((await post(a.hotel, '/api/files?rule=bootAnimation', single, 'anim.zip')).status).toBe(200);
  });

  it('accepts legitimate archives: a boot animation, an apk, a workbook', async () => {
    // Real frames of desc.txt's size: the boot rule's content check decodes each one (docs/boot.md).
    const frames: ArchiveEntrySpec[] = [{ name: 'desc.txt', data: '64 36 30\np 1 0 part0\n' }, { name: 'part0/', data: '', store: true }];
    for (let i = 0; i < 40; i++) frames.push({ name: `part0/${String(i).padStart(4, '0')}.png`, data: png(64, 36, [i * 5, 30, 30]) });
    expect((await post(a.hotel, '/api/files?rule=bootAnimation', zipArchive(frames), '开机动画.zip')).body.data).toMatchObject({ mime: 'application/zip' });
    const apk = zipArchive([
      { name: 'AndroidManifest.xml', data: Buffer.alloc(2000, 3) },
      { name: 'classes.dex', data: Buffer.alloc(300_000, 9) },
      { name: 'resources.arsc', data: Buffer.alloc(1000, 1), store: true },
    ]);
    expect((await post(a.hotel, '/api/files?rule=apk', apk, 'app.apk')).body.data).toMatchObject({ mime: 'application/vnd.android.package-archive' });
    const book = new ExcelJS.Workbook();
    book.addWorksheet('MAC').addRow(['AABBCCDDEEFF']);
    expect((await post(a.hotel, '/api/files?rule=spreadsheet', Buffer.from(await book.xlsx.writeBuffer()), 'macs.xlsx')).body.data).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(spooled()).toEqual([]);
  });

  it('has archive limits on every rule that accepts a zip-based file', () => {
    const zipBased = Object.entries(uploadRules as Record<string, UploadRule>).filter(([, rule]) => rule.types.some((type) => ['zip', 'apk', 'xlsx'].includes(type)));
    expect(zipBased.map(([name]) => name).sort()).toEqual(['apk', 'bootAnimation', 'otaFirmware', 'spreadsheet']);
    for (const [, rule] of zipBased) expect(rule.archive).toBeDefined();
  });
});

describe('Excel routes against compressed bombs', () => {
  it('refuses an .xlsx whose sheet declares more than the limit, on every route', async () => {
    // 100 MB of rows in about 300 KB.
    const sheet = await deflatedSheet('<row><c t="inlineStr"><is><t>AABBCCDDEEFF</t></is></c></row>', 1_800_000);
    expect(sheet.size).toBeGreaterThan(90 * MB);
    const bomb = xlsxArchive(sheet);
    expect(bomb.length).toBeLessThan(MB);
    for (const [route, client, url] of excelRoutes()) {
      const res = await post(client, url, bomb);
      expect(res.status, route).toBe(422);
      expect(fileError(res), route).toBe('Unpacked, the content must be within 32M');
    }
    const zh = await post(a.hotel.withLang('zh-CN'), '/api/terminals/parse-list?kind=mac', bomb);
    expect(fileError(zh)).toBe('解压后的内容须在32M以内');
    expect(fileError(await post(a.hotel, '/api/files?rule=spreadsheet', bomb))).toBe('Unpacked, the content must be within 32M');
  });

  it('stops inflating an .xlsx whose directory lies, on every route', async () => {
    const sheet = await deflatedSheet('<row><c t="inlineStr"><is><t>AABBCCDDEEFF</t></is></c></row>', 1_800_000);
    const liar = xlsxArchive(sheet, { declaredSize: 900_000 });
    for (const [route, client, url] of excelRoutes()) {
      const res = await post(client, url, liar);
      expect(res.status, route).toBe(422);
      expect(fileError(res), route).toBe('Only Excel upload is supported');
    }
    const memory = process.memoryUsage().rss;
    await expect(readSheet(liar)).rejects.toMatchObject({ key: 'error.validation' });
    // Nothing near the 100 MB the entry really holds was kept.
    expect(process.memoryUsage().rss - memory).toBeLessThan(40 * MB);
  });

  it('caps the rows of a sheet, on every route', async () => {
    const sheet = await deflatedSheet((i) => `<row><c t="inlineStr"><is><t>${i}</t></is></c></row>`, 60_000);
    for (const [route, client, url] of excelRoutes()) {
      const res = await post(client, url, xlsxArchive(sheet));
      expect(res.status, route).toBe(422);
      expect(fileError(res), route).toBe('The Excel sheet may hold at most 50000 rows and 500000 cells');
    }
  });

  it('refuses unsafe names and entity tricks inside an .xlsx as not Excel', async () => {
    const slip = zipArchive([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/../../evil.sh', data: 'x' },
    ]);
    const doctype = xlsxArchive(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>${sheetXml('<row><c t="inlineStr"><is><t>&a;</t></is></c></row>')}`);
    for (const bytes of [slip, doctype]) {
      const res = await post(a.hotel, '/api/terminals/parse-list?kind=mac', bytes);
      expect(fileError(res)).toBe('Only Excel upload is supported');
    }
  });

  it('reads what spreadsheet programs write: shared and inline strings, numbers, entities, sparse columns', async () => {
    const handmade = xlsxArchive(
      sheetXml(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
          '<row r="3"><c r="A3" t="inlineStr"><is><r><t>AA:BB:</t></r><r><t>CC:DD:EE:FF</t></r></is></c><c r="B3"><v>801</v></c><c r="C3" t="str"><f>A1</f><v>x &amp; y</v></c></row>' +
          '<row r="4"><c r="A4"/></row>',
      ),
      { sharedStrings: ['MAC', '备注 <1>'] },
    );
    expect(await readSheet(handmade)).toEqual([
      { index: 1, cells: ['MAC', '', '备注 <1>'] },
      { index: 3, cells: ['AA:BB:CC:DD:EE:FF', '801', 'x & y'] },
    ]);
    const res = await post(a.hotel, '/api/terminals/parse-list?kind=mac', handmade);
    expect(res.body.data).toMatchObject({ values: ['AABBCCDDEEFF'], count: 1 });

    // A workbook written by ExcelJS (deflated entries with data descriptors, shared strings).
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('rooms');
    sheet.addRow(['Room number', 'Floor']);
    for (let i = 1; i <= 300; i++) sheet.addRow([`${800 + i}`, 8]);
    const imported = await post(a.hotel, `/api/hotels/${a.hotelIds[0]}/rooms/import`, Buffer.from(await book.xlsx.writeBuffer()));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 300, first: '801', last: '1100' });
  });
});
