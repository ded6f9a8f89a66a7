import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, files, operationLogs, themes } from '../src/db/schema/index.js';
import { bufferSource, readArchive } from '../src/files/archive.js';
import { allowRemoteForTests, fetchRemote } from '../src/files/remote.js';
import { storageKeyFor } from '../src/files/storage.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { deflatedStream, repeated, zipArchive } from './support/archives.js';
import { multipartBody, png } from './support/images.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let tenant: Tenant;
let other: Tenant;

const PERMISSIONS = ['theme.read', 'theme.create', 'theme.update', 'theme.delete', 'theme.publish', 'theme.lock', 'themeVersion.read', 'templateShop.read', 'material.read', 'material.create'];

interface Theme {
  id: number;
  name: string;
  draftRevision: number;
  locked: boolean;
  brandId: number | null;
  hotelId: number | null;
  document: any;
}

async function createTheme(client: Client, name: string): Promise<Theme> {
  const res = await client.post('/api/admin/theme', { name, equipmentType: 'room' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return getTheme(client, res.body.data.id);
}

async function getTheme(client: Client, id: number): Promise<Theme> {
  const res = await client.get(`/api/admin/theme/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Theme;
}

/** Saves the theme's draft with one container of blocks on the home page, and theme fields changed. */
async function saveWith(client: Client, theme: Theme, container: Record<string, unknown>, fields: Record<string, unknown> = {}): Promise<Theme> {
  const document = structuredClone(theme.document);
  document.theme = { ...document.theme, ...fields };
  document.layouts[0].pages[0].containers = [{ key: 'c1', name: 'Main', x: 0, y: 0, width: 1920, height: 1080, blocks: [], ...container }];
  const res = await client.put(`/api/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Theme;
}

async function addMaterial(client: Client, name: string, data = png(64, 64)): Promise<number> {
  const { payload, headers } = multipartBody({ name: `${name}.png`, data });
  const file = await client.request('POST', '/api/files?rule=material', payload, headers);
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const res = await client.post('/api/records/material', { name, fileId: file.body.data.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

const image = (key: string, id: number, extra: Record<string, unknown> = {}) => ({ type: 'image', key, x: 0, y: 0, width: 200, height: 200, materialIds: [id], ...extra });
const text = (key: string, words: string, extra: Record<string, unknown> = {}) => ({ type: 'text', key, x: 0, y: 300, width: 600, height: 100, text: { en: words }, ...extra });

function importZip(client: Client, data: Buffer) {
  const { payload, headers } = multipartBody({ name: 'theme.zip', type: 'application/zip', data });
  return client.request('POST', '/api/admin/theme/import', payload, headers);
}

/** Files stored on disk (not temporary parts): a failed import leaves none behind. */
function storedFiles(): number {
  const root = join(t.config.dataDir, 'files');
  let n = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'tmp') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else n++;
    }
  };
  try {
    walk(root);
  } catch {
    return 0;
  }
  return n;
}

const themesOf = async (brandId: number) => (await t.database.db.select({ id: themes.id }).from(themes).where(eq(themes.brandId, brandId))).length;

/** An export zip built by hand: the document, the manifest and the given entries. */
function exportZip(document: unknown, assets: unknown[], entries: { name: string; data: Buffer | string }[] = []) {
  return zipArchive([
    { name: 'theme.json', data: JSON.stringify({ format: 'htv-theme', version: 1, document }) },
    { name: 'manifest.json', data: JSON.stringify({ assets }) },
    ...entries,
  ]);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  tenant = await createTenant(t, PERMISSIONS);
  other = await createTenant(t, PERMISSIONS);
});

describe('copy and backup', () => {
  it("copies a theme of the caller's reach into a private draft of the caller's level, never another tenant's", async () => {
    const picture = await addMaterial(tenant.brand, 'Copy picture');
    let shared = await createTheme(tenant.brand, 'Shared lobby');
    shared = await saveWith(tenant.brand, shared, { blocks: [image('pic', picture)] }, { visibility: 'public' });

    const copy = await tenant.hotel.post(`/api/admin/theme/${shared.id}/copy`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.data).toMatchObject({ name: 'Shared lobby copy', brandId: tenant.brandId, hotelId: tenant.hotelIds[0], locked: false, status: 'unpublished' });
    const copied = await getTheme(tenant.hotel, copy.body.data.id);
    expect(copied.document.theme.visibility).toBe('private');
    expect(copied.document.layouts[0].pages[0].containers[0].blocks[0].materialIds).toEqual([picture]);
    const zh = await tenant.hotel.withLang('zh-CN').post(`/api/admin/theme/${shared.id}/copy`, {});
    expect(zh.body.data.name).toBe('Shared lobby-副本');
    const named = await tenant.hotel.post(`/api/admin/theme/${shared.id}/copy`, { name: 'Mine' });
    expect(named.body.data.name).toBe('Mine');
    expect((await tenant.hotel.post(`/api/admin/theme/${shared.id}/copy`, { name: 'x'.repeat(31) })).status).toBe(422);

    const siblingTheme = await createTheme(tenant.sibling, 'Sibling only');
    expect((await tenant.hotel.post(`/api/admin/theme/${siblingTheme.id}/copy`, {})).status).toBe(404);
    expect((await other.brand.post(`/api/admin/theme/${shared.id}/copy`, {})).status).toBe(404);
    expect((await other.hotel.post(`/api/admin/theme/${shared.id}/backup`)).status).toBe(404);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.action, 'theme_copy'), eq(operationLogs.recordId, String(copy.body.data.id))));
    expect(logs).toHaveLength(1);
  });

  it('backs up a theme the caller changes into a locked copy beside it, named with the time', async () => {
    const theme = await createTheme(tenant.brand, 'A very long template name!!');
    const backup = await tenant.brand.post(`/api/admin/theme/${theme.id}/backup`);
    expect(backup.status, JSON.stringify(backup.body)).toBe(200);
    expect(backup.body.data).toMatchObject({ locked: true, brandId: tenant.brandId, hotelId: null });
    expect(backup.body.data.name).toMatch(/^A very long.* backup \d{6}-\d{4}$/);
    expect([...backup.body.data.name].length).toBeLessThanOrEqual(30);
    // A brand backs up its hotel's theme beside it, in the hotel.
    const hotelTheme = await createTheme(tenant.hotel, 'Hotel lobby');
    const beside = await tenant.brand.post(`/api/admin/theme/${hotelTheme.id}/backup`);
    expect(beside.body.data).toMatchObject({ hotelId: tenant.hotelIds[0], locked: true });
    // A shared theme is copied, not backed up, from below.
    expect((await tenant.hotel.post(`/api/admin/theme/${theme.id}/backup`)).status).toBe(404);
    const shared = await saveWith(tenant.brand, theme, {}, { visibility: 'public' });
    expect((await tenant.hotel.post(`/api/admin/theme/${shared.id}/backup`)).status).toBe(403);
    // A backup of a shared theme is not shared itself.
    const quiet = await tenant.brand.post(`/api/admin/theme/${shared.id}/backup`);
    expect((await getTheme(tenant.brand, quiet.body.data.id)).document.theme.visibility).toBe('private');
  });
});

describe('export and import', () => {
  it("round-trips a theme: the zip lists each asset's size and sha256, and the assets land in the importer's library", async () => {
    const logo = png(80, 40, [10, 120, 200]);
    const picture = await addMaterial(tenant.brand, 'Export logo', logo);
    let theme = await createTheme(tenant.brand, 'Exported');
    theme = await saveWith(tenant.brand, theme, { blocks: [image('logo', picture), text('hello', 'Welcome', { clickEvent: { action: 'playMedia', materialId: picture } })] }, { previewMaterialIds: [picture] });

    const res = await tenant.brand.get(`/api/admin/theme/${theme.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zipBytes = res.raw.rawPayload;
    const archive = await readArchive(bufferSource(zipBytes), { maxEntries: 10, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20, maxRatio: 100 });
    await archive.verify();
    expect([...archive.names].sort()).toEqual(['assets/' + sha256(logo), 'manifest.json', 'theme.json']);
    const read = async (name: string) => {
      const parts: Buffer[] = [];
      for await (const chunk of archive.open(archive.entry(name)!)) parts.push(chunk);
      return Buffer.concat(parts);
    };
    expect(JSON.parse((await read('manifest.json')).toString())).toEqual({ assets: [{ id: picture, name: 'Export logo', size: logo.length, sha256: sha256(logo), path: `assets/${sha256(logo)}` }] });
    expect((await read(`assets/${sha256(logo)}`)).equals(logo)).toBe(true);
    expect(JSON.parse((await read('theme.json')).toString()).document.theme.name).toBe('Exported');

    const before = await themesOf(other.brandId);
    const imported = await importZip(other.brand, zipBytes);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ name: 'Exported', brandId: other.brandId, hotelId: null, status: 'unpublished' });
    expect(await themesOf(other.brandId)).toBe(before + 1);
    const doc = (await getTheme(other.brand, imported.body.data.id)).document;
    const newId = doc.theme.previewMaterialIds[0] as number;
    expect(newId).not.toBe(picture);
    expect(doc.layouts[0].pages[0].containers[0].blocks[0].materialIds).toEqual([newId]);
    expect(doc.layouts[0].pages[0].containers[0].blocks[1].clickEvent).toEqual({ action: 'playMedia', materialId: newId });
    const material = await other.brand.get(`/api/records/material/${newId}`);
    expect(material.status).toBe(200);
    expect(material.body.data).toMatchObject({ name: 'Export logo', kind: 'image', width: 80, height: 40, folder: 'Exported', brandId: other.brandId, hotelId: null });
    expect(material.body.data.thumbnailId).toBeTruthy();
    // The import is publishable as it is: its materials are the importer's.
    expect((await other.brand.post(`/api/admin/theme/${imported.body.data.id}/publish`, {})).status).toBe(200);

    // Importing again reuses the material with the same bytes.
    const again = await importZip(other.brand, zipBytes);
    expect(again.status).toBe(200);
    expect((await getTheme(other.brand, again.body.data.id)).document.theme.previewMaterialIds).toEqual([newId]);
    // A hotel of the other brand imports into its own level and may use its brand's copy of the bytes.
    const byHotel = await importZip(other.hotel, zipBytes);
    expect(byHotel.body.data).toMatchObject({ hotelId: other.hotelIds[0] });
    expect((await getTheme(other.hotel, byHotel.body.data.id)).document.theme.previewMaterialIds).toEqual([newId]);
    // The exported theme is not another tenant's to export.
    expect((await other.brand.get(`/api/admin/theme/${theme.id}/export`)).status).toBe(404);
    expect((await tenant.sibling.get(`/api/admin/theme/${theme.id}/export`)).status).toBe(404);
  });

  it('refuses to export a theme whose materials do not resolve', async () => {
    const theme = await saveWith(tenant.brand, await createTheme(tenant.brand, 'Dangling'), { blocks: [image('gone', 987_654)] });
    const res = await tenant.brand.get(`/api/admin/theme/${theme.id}/export`);
    expect(res.status).toBe(422);
    expect(res.body.errors['layouts.0.pages.0.containers.0.blocks.0']).toEqual(['Material 987654 does not exist or may not be used']);
  });

  describe('hostile zips are refused, and nothing is written', () => {
    const logo = png(32, 32);
    const document = (blockExtra: Record<string, unknown> = {}) => ({
      theme: { name: 'Hostile', languages: ['en'], interfaceTypes: ['main'], previewMaterialIds: [] },
      layouts: [{ key: 'main', name: 'Main', type: 'main', pages: [{ key: 'home', name: 'Home', containers: [{ key: 'c', name: 'C', x: 0, y: 0, width: 100, height: 100, blocks: [image('b', 7, blockExtra)] }] }] }],
    });
    const asset = (data: Buffer, path = 'assets/logo') => ({ id: 7, name: 'logo.png', size: data.length, sha256: sha256(data), path });

    const cases: [string, () => Promise<Buffer>, (body: any) => void][] = [
      ['an entry that climbs out of its folder', async () => exportZip(document(), [asset(logo, '../logo')], [{ name: '../logo', data: logo }]), (b) => expect(b.errors.file[0]).toContain('../logo')],
      [
        'a bomb',
        async () => zipArchive([{ name: 'theme.json', data: await deflatedStream(repeated('{"a":"', '0'.repeat(1000), 30_000, '"}')) }]),
        (b) => expect(b.errors.file[0]).toMatch(/compress/i),
      ],
      [
        'a directory that understates a size',
        async () => zipArchive([
          { name: 'theme.json', data: JSON.stringify({ format: 'htv-theme', version: 1, document: document() }) },
          { name: 'manifest.json', data: JSON.stringify({ assets: [{ ...asset(logo), size: 10 }] }) },
          { name: 'assets/logo', data: logo, declaredSize: 10 },
        ]),
        (b) => expect(b.errors.file[0]).toMatch(/logo\.png/),
      ],
      ['a file that is not a zip', async () => Buffer.from('not a zip at all'), (b) => expect(Object.keys(b.errors)).toEqual(['file'])],
      ['a zip without theme.json', async () => zipArchive([{ name: 'readme.txt', data: 'hello' }]), (b) => expect(b.errors.file).toEqual(['Not a template export: theme.json is missing or unreadable'])],
      ['a document the schema refuses', async () => exportZip(document({ blur: 99 }), [asset(logo)], [{ name: 'assets/logo', data: logo }]), (b) => expect(Object.keys(b.errors)).toEqual(['layouts.0.pages.0.containers.0.blocks.0.blur'])],
      ['a material the manifest does not list', async () => exportZip(document(), [], []), (b) => expect(b.errors['layouts.0.pages.0.containers.0.blocks.0']).toEqual(['Material 7 is not in the export manifest'])],
      ['an asset whose bytes differ from the manifest', async () => exportZip(document(), [asset(logo)], [{ name: 'assets/logo', data: png(32, 32, [1, 2, 3]) }]), (b) => expect(b.errors.file[0]).toContain('assets/logo')],
      [
        'an asset whose content is not a material',
        async () => {
          const script = Buffer.from('<script>alert(1)</script>'.repeat(10));
          return exportZip(document(), [asset(script)], [{ name: 'assets/logo', data: script }]);
        },
        (b) => expect(b.errors.file[0]).toMatch(/logo\.png/),
      ],
    ];

    it.each(cases)('%s', async (_name, make, check) => {
      const data = await make();
      const [themesBefore, filesBefore, rowsBefore] = [await themesOf(other.brandId), storedFiles(), (await t.database.db.select({ id: files.id }).from(files).where(eq(files.brandId, other.brandId))).length];
      const res = await importZip(other.brand, data);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe('-1');
      check(res.body);
      expect(await themesOf(other.brandId)).toBe(themesBefore);
      expect(storedFiles()).toBe(filesBefore);
      expect((await t.database.db.select({ id: files.id }).from(files).where(eq(files.brandId, other.brandId))).length).toBe(rowsBefore);
    });

    it("refuses assets past the importer's storage quota before storing any", async () => {
      const full = await createTenant(t, PERMISSIONS);
      await t.database.db.update(brands).set({ uploadQuotaMb: 1 }).where(eq(brands.id, full.brandId));
      const big = randomUUID();
      await t.database.db.insert(files).values({ id: big, storageKey: storageKeyFor(big), name: 'big.bin', mime: 'application/octet-stream', size: 1024 * 1024, rule: 'material', sha256: '0'.repeat(64), brandId: full.brandId });
      const filesBefore = storedFiles();
      const res = await importZip(full.brand, exportZip(document(), [asset(logo)], [{ name: 'assets/logo', data: logo }]));
      expect(res.status).toBe(422);
      expect(res.body.errors.file?.[0]).toMatch(/^Not enough storage: 1M of 1M used/);
      expect(await themesOf(full.brandId)).toBe(0);
      expect(storedFiles()).toBe(filesBefore);
    });

    it('answers the refusal in Chinese too', async () => {
      const res = await importZip(other.brand.withLang('zh-CN'), zipArchive([{ name: 'readme.txt', data: 'hello' }]));
      expect(res.body.errors.file).toEqual(['不是模板导出文件：缺少或无法读取theme.json']);
    });
  });

  describe('from a remote address', () => {
    let allowed: Server;
    let forbiddenServer: Server;
    let allowedPort: number;
    let forbiddenPort: number;
    const logo = png(48, 48, [0, 200, 0]);
    const remoteDoc = {
      format: 'htv-theme',
      version: 1,
      document: {
        theme: { name: 'Remote', languages: ['en'], interfaceTypes: ['main'], previewMaterialIds: [3] },
        layouts: [{ key: 'main', name: 'Main', type: 'main', pages: [{ key: 'home', name: 'Home', containers: [] }] }],
      },
      assets: [{ id: 3, name: 'remote.png', size: logo.length, sha256: sha256(logo), path: 'files/remote.png' }],
    };
    const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

    beforeAll(async () => {
      forbiddenServer = createServer((_req, res) => res.end(JSON.stringify(remoteDoc)));
      forbiddenPort = await listen(forbiddenServer);
      allowed = createServer((req, res) => {
        const url = req.url ?? '';
        if (url === '/theme.json') return res.setHeader('content-type', 'application/json').end(JSON.stringify(remoteDoc));
        if (url === '/files/remote.png') return res.end(logo);
        if (url === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:${forbiddenPort}/theme.json` }).end();
        if (url === '/to-private') return res.writeHead(301, { location: 'http://10.1.2.3/theme.json' }).end();
        if (url === '/to-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        if (url === '/large') return res.end(Buffer.alloc(3 * 1024 * 1024, 32));
        if (url === '/slow') return; // never answers
        res.writeHead(404).end();
      });
      allowedPort = await listen(allowed);
      // Only this test server's port on loopback: every other loopback address and port stays refused.
      allowRemoteForTests((address, port) => address === '127.0.0.1' && port === allowedPort);
    });

    afterAll(async () => {
      allowRemoteForTests(null);
      allowed.closeAllConnections();
      forbiddenServer.closeAllConnections();
      await Promise.all([new Promise((r) => allowed.close(r)), new Promise((r) => forbiddenServer.close(r))]);
    });

    it('imports a remote JSON and its assets into the importer', async () => {
      const res = await other.hotel.post('/api/admin/theme/import-url', { url: `http://127.0.0.1:${allowedPort}/theme.json` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Remote', hotelId: other.hotelIds[0] });
      const doc = (await getTheme(other.hotel, res.body.data.id)).document;
      const material = await other.hotel.get(`/api/records/material/${doc.theme.previewMaterialIds[0]}`);
      expect(material.body.data).toMatchObject({ name: 'remote.png', hotelId: other.hotelIds[0], width: 48 });
    });

    const refusals: [string, () => string, string][] = [
      ['loopback', () => `http://127.0.0.1:${forbiddenPort}/theme.json`, 'This address may not be fetched (private, loopback or link-local)'],
      ['loopback by name', () => `http://localhost:${forbiddenPort}/theme.json`, 'This address may not be fetched (private, loopback or link-local)'],
      ['IPv6 loopback', () => `http://[::1]:${forbiddenPort}/theme.json`, 'This address may not be fetched (private, loopback or link-local)'],
      ['loopback written as a number', () => 'http://2130706433/theme.json', 'This address may not be fetched (private, loopback or link-local)'],
      ['loopback mapped into IPv6', () => 'http://[::ffff:127.0.0.1]/theme.json', 'This address may not be fetched (private, loopback or link-local)'],
      ['a private address', () => 'http://10.0.0.1/theme.json', 'This address may not be fetched (private, loopback or link-local)'],
      ['a link-local address', () => 'http://169.254.169.254/latest/meta-data', 'This address may not be fetched (private, loopback or link-local)'],
      ['a redirect to loopback', () => `http://127.0.0.1:${allowedPort}/to-loopback`, 'This address may not be fetched (private, loopback or link-local)'],
      ['a redirect to a private address', () => `http://127.0.0.1:${allowedPort}/to-private`, 'This address may not be fetched (private, loopback or link-local)'],
      ['a redirect to link-local', () => `http://127.0.0.1:${allowedPort}/to-metadata`, 'This address may not be fetched (private, loopback or link-local)'],
      ['another scheme', () => 'file:///etc/passwd', 'This address may not be fetched (private, loopback or link-local)'],
      ['an answer over the size limit', () => `http://127.0.0.1:${allowedPort}/large`, 'large is larger than 2M'],
      ['a missing document', () => `http://127.0.0.1:${allowedPort}/nothing`, 'The address answered with status 404'],
    ];

    it.each(refusals)('refuses %s with a message on the url', async (_name, url, message) => {
      const before = await themesOf(other.brandId);
      const res = await other.brand.post('/api/admin/theme/import-url', { url: url() });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors).toEqual({ url: [message] });
      expect(await themesOf(other.brandId)).toBe(before);
    });

    it('keeps the test allowance out of production', () => {
      const mode = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        expect(() => allowRemoteForTests(() => true)).toThrow();
      } finally {
        process.env.NODE_ENV = mode;
      }
    });

    it('gives up on an address that does not answer in time', async () => {
      const started = Date.now();
      await expect(fetchRemote(`http://127.0.0.1:${allowedPort}/slow`, { maxBytes: 1024, timeoutMs: 300 })).rejects.toMatchObject({ key: 'theme.remoteTimeout' });
      expect(Date.now() - started).toBeLessThan(3000);
    });
  });
});

describe('the template market', () => {
  it('lists the public published templates of the platform and of the brand, with previews and a category filter, and copies one', async () => {
    const category = await platform.post('/api/records/theme-types', { name: `Mkt${Date.now() % 10000}`, permission: 'public' });
    const privateCategory = await platform.post('/api/records/theme-types', { name: `Prv${Date.now() % 10000}`, permission: 'private' });
    const preview = await addMaterial(platform, 'Market preview');
    let market = await createTheme(platform, 'Platform market');
    market = await saveWith(platform, market, { blocks: [text('hello', 'Published words')] }, { visibility: 'public', typeId: category.body.data.id, previewMaterialIds: [preview] });
    expect((await platform.post(`/api/admin/theme/${market.id}/publish`, {})).status).toBe(200);
    // Later draft edits are not what the market hands out.
    await saveWith(platform, market, { blocks: [text('hello', 'Unpublished words')] }, { visibility: 'public', typeId: category.body.data.id, previewMaterialIds: [preview] });
    let hidden = await createTheme(platform, 'Private category');
    hidden = await saveWith(platform, hidden, {}, { visibility: 'public', typeId: privateCategory.body.data.id });
    await platform.post(`/api/admin/theme/${hidden.id}/publish`, {});
    const draftOnly = await saveWith(platform, await createTheme(platform, 'Never published'), {}, { visibility: 'public' });
    let brandShared = await createTheme(tenant.brand, 'Brand market');
    brandShared = await saveWith(tenant.brand, brandShared, {}, { visibility: 'public' });
    await tenant.brand.post(`/api/admin/theme/${brandShared.id}/publish`, {});

    const brandView = await tenant.brand.get('/api/admin/template/shop?pagesize=100');
    expect(brandView.status).toBe(200);
    const brandIds = brandView.body.data.items.map((i: { id: number }) => i.id);
    expect(brandIds).toContain(market.id);
    expect(brandIds).not.toContain(hidden.id);
    expect(brandIds).not.toContain(draftOnly.id);
    expect(brandIds).not.toContain(brandShared.id);
    const item = brandView.body.data.items.find((i: { id: number }) => i.id === market.id);
    expect(item).toMatchObject({ publisher: 'platform', version: 1, typeId: category.body.data.id });
    expect(item.previews).toHaveLength(1);
    expect((await tenant.hotel.get(item.previews[0].thumbnailUrl)).status).toBe(200);

    expect(brandView.body.data.categories).toContainEqual({ id: category.body.data.id, name: category.body.data.name });
    expect(brandView.body.data.categories.map((c: { id: number }) => c.id)).not.toContain(privateCategory.body.data.id);
    const filtered = await tenant.hotel.get(`/api/admin/template/shop?pagesize=100&typeId=${category.body.data.id}`);
    expect(filtered.body.data.items.map((i: { id: number }) => i.id)).toEqual([market.id]);
    const hotelIds = (await tenant.hotel.get('/api/admin/template/shop?pagesize=100')).body.data.items.map((i: { id: number }) => i.id);
    expect(hotelIds).toEqual(expect.arrayContaining([market.id, brandShared.id]));
    const foreignIds = (await other.hotel.get('/api/admin/template/shop?pagesize=100')).body.data.items.map((i: { id: number }) => i.id);
    expect(foreignIds).toContain(market.id);
    expect(foreignIds).not.toContain(brandShared.id);

    const used = await tenant.hotel.post(`/api/admin/template/shop/${market.id}/use`, {});
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.data).toMatchObject({ name: 'Platform market', hotelId: tenant.hotelIds[0] });
    const copy = await getTheme(tenant.hotel, used.body.data.id);
    expect(copy.document.layouts[0].pages[0].containers[0].blocks[0].text).toEqual({ en: 'Published words' });
    expect(copy.document.theme.visibility).toBe('private');
    expect((await tenant.hotel.post(`/api/admin/template/shop/${brandShared.id}/use`, { name: 'From brand' })).body.data.name).toBe('From brand');
    for (const id of [hidden.id, draftOnly.id]) expect((await tenant.hotel.post(`/api/admin/template/shop/${id}/use`, {})).status).toBe(404);
    expect((await other.hotel.post(`/api/admin/template/shop/${brandShared.id}/use`, {})).status).toBe(404);

    const readOnly = await createTenant(t, ['templateShop.read']);
    expect((await readOnly.hotel.get('/api/admin/template/shop')).status).toBe(200);
    expect((await readOnly.hotel.post(`/api/admin/template/shop/${market.id}/use`, {})).status).toBe(403);
    expect((await platform.get('/api/admin/template/shop')).status).toBe(403);
  });
});

describe('quick settings', () => {
  /** A brand template shared with its hotels: a tagged welcome container (text and logo), a tagged footer block in an untagged container. */
  async function brandTemplate(): Promise<{ theme: Theme; logo: number }> {
    const logo = await addMaterial(tenant.brand, 'Brand logo');
    let theme = await createTheme(tenant.brand, 'Quick brand');
    const document = structuredClone(theme.document);
    document.theme.visibility = 'public';
    document.layouts[0].pages[0].containers = [
      { key: 'welcome', name: 'Welcome', attrTag: 'welcome', x: 0, y: 0, width: 1920, height: 500, blocks: [text('greeting', 'Welcome'), image('logo', logo)] },
      { key: 'rest', name: 'Rest', x: 0, y: 500, width: 1920, height: 580, blocks: [text('footer', 'Footer', { y: 0 }), text('motto', 'Motto', { attrTag: 'welcome', y: 100 })] },
    ];
    const saved = await tenant.brand.put(`/api/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    theme = await getTheme(tenant.brand, theme.id);
    return { theme, logo };
  }

  it('lets a hotel change tagged attributes of a brand template in its own override, and nothing else', async () => {
    const { theme, logo } = await brandTemplate();
    const list = await tenant.hotel.get(`/api/admin/container/get_list_by_tag?theme_id=${theme.id}&page_id=home&attr_tag=welcome`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toMatchObject({ themeId: null, baseThemeId: theme.id });
    expect(list.body.data.containers.map((c: { key: string }) => c.key)).toEqual(['welcome']);
    expect(list.body.data.blocks.map((b: { key: string }) => b.key)).toEqual(['greeting', 'logo', 'motto']);
    expect(list.body.data.blocks[0]).toMatchObject({ type: 'text', attrs: { text: { en: 'Welcome' }, scroll: false }, attrNames: ['text', 'scroll'] });
    expect(list.body.data.blocks[1].attrs.materialIds).toEqual([logo]);

    const hotelLogo = await addMaterial(tenant.hotel, 'Hotel logo');
    const saved = await tenant.hotel.post('/api/admin/theme/update_contents', {
      theme_id: theme.id,
      blocks: [
        { key: 'greeting', attrs: { text: { en: 'Welcome to the Bund' } } },
        { key: 'logo', attrs: { materialIds: [hotelLogo] } },
      ],
      containers: [{ key: 'welcome', attrs: { name: 'Hello' } }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const overrideId = saved.body.data.themeId as number;
    expect(overrideId).not.toBe(theme.id);
    expect(saved.body.data.baseThemeId).toBe(theme.id);
    const override = await getTheme(tenant.hotel, overrideId);
    expect(override).toMatchObject({ hotelId: tenant.hotelIds[0], name: 'Quick brand' });
    expect(override.document.layouts[0].pages[0].containers[0].blocks[0].text).toEqual({ en: 'Welcome to the Bund' });
    // The brand's template is untouched; the hotel's override is publishable with its own logo.
    expect((await getTheme(tenant.brand, theme.id)).document.layouts[0].pages[0].containers[0].blocks[0].text).toEqual({ en: 'Welcome' });
    expect((await tenant.hotel.post(`/api/admin/theme/${overrideId}/publish`, {})).status).toBe(200);
    const again = await tenant.hotel.get(`/api/admin/container/get_list_by_tag?theme_id=${theme.id}&attr_tag=welcome`);
    expect(again.body.data.themeId).toBe(overrideId);
    expect(again.body.data.blocks[0].attrs.text).toEqual({ en: 'Welcome to the Bund' });
    expect(again.body.data.containers[0].attrs).toEqual({ name: 'Hello' });
    // A second save updates the same override.
    const second = await tenant.hotel.post('/api/admin/theme/update_contents', { theme_id: theme.id, blocks: [{ key: 'motto', attrs: { text: { en: 'Since 1920' } } }] });
    expect(second.body.data.themeId).toBe(overrideId);
    const sibling = await tenant.sibling.get(`/api/admin/container/get_list_by_tag?theme_id=${theme.id}&attr_tag=welcome`);
    expect(sibling.body.data.themeId).toBeNull();
    expect(sibling.body.data.blocks[0].attrs.text).toEqual({ en: 'Welcome' });

    // Untagged parts, attributes outside quick settings and unknown keys are refused on their paths.
    const refused = await tenant.hotel.post('/api/admin/theme/update_contents', {
      theme_id: theme.id,
      blocks: [
        { key: 'footer', attrs: { text: { en: 'Hacked' } } },
        { key: 'greeting', attrs: { x: 500 } },
        { key: 'ghost', attrs: {} },
      ],
      containers: [{ key: 'rest', attrs: { name: 'X' } }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'blocks.0.key': ['"footer" has no quick-settings tag and cannot be changed here'],
      'blocks.1.attrs.x': ['"x" cannot be changed in quick settings'],
      'blocks.2.key': ['The template has no part "ghost"'],
      'containers.0.key': ['"rest" has no quick-settings tag and cannot be changed here'],
    });
    const invalid = await tenant.hotel.post('/api/admin/theme/update_contents', { theme_id: theme.id, blocks: [{ key: 'greeting', attrs: { text: { en: 'x'.repeat(2001) } } }] });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['layouts.0.pages.0.containers.0.blocks.0.text.en']);

    // The override's layout is the brand's: a draft save may change only tagged attributes.
    const current = await getTheme(tenant.hotel, overrideId);
    const moved = structuredClone(current.document);
    moved.layouts[0].pages[0].containers[0].blocks[0].x = 400;
    const layoutChange = await tenant.hotel.put(`/api/admin/theme/${overrideId}/draft`, { revision: current.draftRevision, document: moved });
    expect(layoutChange.status).toBe(403);
    expect(layoutChange.body.errkey).toBe('theme.layoutFixed');
    const untagged = structuredClone(current.document);
    untagged.layouts[0].pages[0].containers[1].blocks[0].text = { en: 'Hacked' };
    expect((await tenant.hotel.put(`/api/admin/theme/${overrideId}/draft`, { revision: current.draftRevision, document: untagged })).status).toBe(403);
    const unlinked = structuredClone(current.document);
    delete unlinked.theme.baseThemeId;
    const unlink = await tenant.hotel.put(`/api/admin/theme/${overrideId}/draft`, { revision: current.draftRevision, document: unlinked });
    expect(unlink.status).toBe(422);
    expect(Object.keys(unlink.body.errors)).toEqual(['theme.baseThemeId']);
    const tagged = structuredClone(current.document);
    tagged.layouts[0].pages[0].containers[0].blocks[0].text = { en: 'Edited in the editor' };
    expect((await tenant.hotel.put(`/api/admin/theme/${overrideId}/draft`, { revision: current.draftRevision, document: tagged })).status).toBe(200);
    // Nobody links an ordinary theme to a brand template by a draft save.
    const own = await createTheme(tenant.hotel, 'Own');
    const forged = { ...own.document, theme: { ...own.document.theme, baseThemeId: theme.id } };
    expect((await tenant.hotel.put(`/api/admin/theme/${own.id}/draft`, { revision: own.draftRevision, document: forged })).status).toBe(422);

    // When the brand moves its layout and publishes, the hotel's values follow onto it.
    const brandDoc = structuredClone((await getTheme(tenant.brand, theme.id)).document);
    brandDoc.layouts[0].pages[0].containers[0].blocks[0].y = 50;
    const brandSaved = await tenant.brand.put(`/api/admin/theme/${theme.id}/draft`, { revision: (await getTheme(tenant.brand, theme.id)).draftRevision, document: brandDoc });
    expect(brandSaved.status).toBe(200);
    await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {});
    await tenant.hotel.post('/api/admin/theme/update_contents', { theme_id: theme.id, blocks: [{ key: 'motto', attrs: { scroll: true } }] });
    const followed = (await getTheme(tenant.hotel, overrideId)).document.layouts[0].pages[0].containers[0].blocks[0];
    expect(followed).toMatchObject({ y: 50, text: { en: 'Edited in the editor' } });
  });

  it("lets an owner quick-set its own template's draft, and keeps every other tenant out", async () => {
    const { theme } = await brandTemplate();
    const own = await tenant.brand.post('/api/admin/theme/update_contents', { theme_id: theme.id, blocks: [{ key: 'greeting', attrs: { text: { en: 'Brand wide' } } }] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({ themeId: theme.id, draftRevision: theme.draftRevision + 1, baseThemeId: null });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.action, 'theme_quick_set'), eq(operationLogs.recordId, String(theme.id))));
    expect(logs).toHaveLength(1);

    for (const client of [other.brand, other.hotel]) {
      expect((await client.get(`/api/admin/container/get_list_by_tag?theme_id=${theme.id}&attr_tag=welcome`)).status).toBe(404);
      expect((await client.post('/api/admin/theme/update_contents', { theme_id: theme.id, blocks: [] })).status).toBe(404);
    }
    // A hotel's own theme is not its sibling's.
    const hotelTheme = await createTheme(tenant.hotel, 'Hotel only');
    expect((await tenant.sibling.post('/api/admin/theme/update_contents', { theme_id: hotelTheme.id, blocks: [] })).status).toBe(404);
    // The platform's public templates are copied, not quick-set, from below.
    const platformShared = await saveWith(platform, await createTheme(platform, 'Platform shared'), {}, { visibility: 'public' });
    expect((await tenant.hotel.post('/api/admin/theme/update_contents', { theme_id: platformShared.id, blocks: [] })).status).toBe(403);
    expect((await tenant.brand.post('/api/admin/theme/update_contents', { theme_id: platformShared.id, blocks: [] })).status).toBe(403);
    // Reading needs theme.read, saving theme.update.
    const reader = await createTenant(t, ['theme.read']);
    expect((await reader.hotel.post('/api/admin/theme/update_contents', { theme_id: theme.id, blocks: [] })).status).toBe(403);
    const overrides = await t.database.db.select({ id: themes.id }).from(themes).where(sql`(${themes.draft}->'theme'->>'baseThemeId')::int = ${theme.id}`);
    expect(overrides).toEqual([]);
  });
});
