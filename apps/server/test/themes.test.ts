import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs, themeSends, themeVersions } from '../src/db/schema/index.js';
import { publishDueVersions } from '../src/areas/themes/service.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { addMaterial } from './support/materials.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let platform: Client;
let tenant: Tenant;
let other: Tenant;

const HOTEL_PERMISSIONS = ['theme.read', 'theme.create', 'theme.update', 'theme.delete', 'theme.publish', 'theme.lock', 'themeVersion.read'];

interface Theme {
  id: number;
  status: string;
  locked: boolean;
  draftRevision: number;
  actions: string[];
  document: any;
}

async function createTheme(client: Client, body: Record<string, unknown> = {}): Promise<Theme> {
  const res = await client.post('/api/admin/theme', { name: 'Lobby', equipmentType: 'room', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const doc = await client.get(`/api/admin/theme/${res.body.data.id}`);
  return doc.body.data as Theme;
}

const textBlock = (key: string, extra: Record<string, unknown> = {}) => ({ type: 'text', key, x: 0, y: 0, width: 400, height: 100, text: { 'zh-CN': '欢迎', en: 'Welcome' }, ...extra });

/** The theme's document with one container holding the given blocks on the home page. */
function withBlocks(doc: any, blocks: unknown[]) {
  const copy = structuredClone(doc);
  copy.layouts[0].pages[0].containers = [{ key: 'c1', name: 'Main', x: 0, y: 0, width: 1920, height: 1080, blocks }];
  return copy;
}

async function saveDraft(client: Client, theme: Theme, document: unknown) {
  return client.put(`/api/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document });
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  tenant = await createTenant(t, HOTEL_PERMISSIONS);
  other = await createTenant(t, HOTEL_PERMISSIONS);
});

describe('theme types', () => {
  it('bounds the name to 10 characters and refuses to delete a type that has templates', async () => {
    const long = await platform.post('/api/records/theme-types', { name: 'x'.repeat(11), permission: 'public' });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['name']);
    const type = await platform.post('/api/records/theme-types', { name: 'Hotel', permission: 'private' });
    expect(type.status).toBe(200);
    await createTheme(tenant.brand, { typeId: type.body.data.id });
    const del = await platform.delete(`/api/records/theme-types/${type.body.data.id}`);
    expect(del.status).toBe(409);
    expect(del.body.errmsg).toBe('This category contains templates and cannot be deleted');
    const zh = await platform.withLang('zh-CN').delete(`/api/records/theme-types/${type.body.data.id}`);
    expect(zh.body.errmsg).toBe('该分类下有模板，不能删除');
    const unused = await platform.post('/api/records/theme-types', { name: 'Spare', permission: 'public' });
    expect((await platform.delete(`/api/records/theme-types/${unused.body.data.id}`)).status).toBe(200);
  });

  it('refuses a theme of a category that does not exist', async () => {
    const res = await tenant.brand.post('/api/admin/theme', { name: 'Ghost', equipmentType: 'room', typeId: 999_999 });
    expect(res.status).toBe(422);
    expect(res.body.errors.typeId).toEqual(['The template category does not exist']);
  });
});

describe('the theme document', () => {
  const bad: [string, (doc: any) => any, string][] = [
    ['a name over 30 characters', (d) => ({ ...d, theme: { ...d.theme, name: 'x'.repeat(31) } }), 'theme.name'],
    ['three preview images', (d) => ({ ...d, theme: { ...d.theme, previewMaterialIds: [1, 2, 3] } }), 'theme.previewMaterialIds'],
    ['an unknown language', (d) => ({ ...d, theme: { ...d.theme, languages: ['fr'] } }), 'theme.languages.0'],
    ['a blur below 5', (d) => withBlocks(d, [textBlock('b1', { blur: 4 })]), 'layouts.0.pages.0.containers.0.blocks.0.blur'],
    ['a blur above 25', (d) => withBlocks(d, [textBlock('b1', { blur: 26 })]), 'layouts.0.pages.0.containers.0.blocks.0.blur'],
    ['a fractional blur', (d) => withBlocks(d, [textBlock('b1', { blur: 7.5 })]), 'layouts.0.pages.0.containers.0.blocks.0.blur'],
    ['an unknown block type', (d) => withBlocks(d, [{ ...textBlock('b1'), type: 'marquee' }]), 'layouts.0.pages.0.containers.0.blocks.0.type'],
    ['an event as a free string', (d) => withBlocks(d, [textBlock('b1', { clickEvent: 'openPage:home' })]), 'layouts.0.pages.0.containers.0.blocks.0.clickEvent'],
    ['an app action without a package', (d) => withBlocks(d, [textBlock('b1', { clickEvent: { action: 'openApp', packageName: '' } })]), 'layouts.0.pages.0.containers.0.blocks.0.clickEvent.packageName'],
    ['an action to a missing page', (d) => withBlocks(d, [textBlock('b1', { clickEvent: { action: 'openPage', pageKey: 'nowhere' } })]), 'layouts.0.pages.0.containers.0.blocks.0.clickEvent.pageKey'],
    ['a key used twice', (d) => withBlocks(d, [textBlock('b1'), textBlock('b1')]), 'layouts.0.pages.0.containers.0.blocks.1.key'],
    ['a remote move to a missing block', (d) => withBlocks(d, [textBlock('b1', { nav: { right: 'ghost' } })]), 'layouts.0.pages.0.containers.0.blocks.0.nav.right'],
    ['a remote move in no direction', (d) => withBlocks(d, [textBlock('b1', { nav: { forward: 'b1' } })]), 'layouts.0.pages.0.containers.0.blocks.0.nav'],
    ['a block outside the stage', (d) => withBlocks(d, [textBlock('b1', { x: 1800, width: 400 })]), 'layouts.0.pages.0.containers.0.blocks.0'],
    ['a missing parent layout', (d) => ({ ...d, layouts: [{ ...d.layouts[0], parent: 'ghost' }] }), 'layouts.0.parent'],
    ['an unknown field', (d) => ({ ...d, extra: true }), 'document'],
  ];

  it.each(bad)('refuses %s with a message on its path, and saves nothing', async (_name, change, path) => {
    const theme = await createTheme(tenant.brand);
    const res = await saveDraft(tenant.brand, theme, change(theme.document));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(path);
    const after = await tenant.brand.get(`/api/admin/theme/${theme.id}`);
    expect(after.body.data.draftRevision).toBe(theme.draftRevision);
    expect(after.body.data.document).toEqual(theme.document);
  });

  it('saves a good document: blocks of several types, texts per language, typed actions, portrait stage', async () => {
    const theme = await createTheme(tenant.brand);
    const doc = withBlocks(theme.document, [
      textBlock('title', { blur: 5, clickEvent: { action: 'openPage', pageKey: 'home' } }),
      { type: 'clock', key: 'clock', x: 1500, y: 0, width: 400, height: 100 },
      { type: 'app', key: 'tv', x: 0, y: 200, width: 200, height: 200, packageName: 'com.example.tv', title: { en: 'TV' }, clickEvent: { action: 'openApp', packageName: 'com.example.tv' } },
      { type: 'shop', key: 'shop', x: 300, y: 200, width: 200, height: 200, blur: 25 },
    ]);
    const res = await saveDraft(tenant.brand, theme, doc);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.draftRevision).toBe(theme.draftRevision + 1);
    expect(res.body.data.document.layouts[0].pages[0].containers[0].blocks[0].text).toEqual({ 'zh-CN': '欢迎', en: 'Welcome' });
    const portrait = structuredClone(res.body.data.document);
    portrait.theme.orientation = 'portrait';
    const refused = await tenant.brand.put(`/api/admin/theme/${theme.id}/draft`, { revision: res.body.data.draftRevision, document: portrait });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['layouts.0.pages.0.containers.0']).toEqual(['Outside the stage (1080×1920)']);
  });

  it('refuses a stale draft save, naming who saved last', async () => {
    const theme = await createTheme(tenant.brand);
    const first = await saveDraft(tenant.brand, theme, { ...theme.document, theme: { ...theme.document.theme, name: 'First' } });
    expect(first.status).toBe(200);
    const stale = await saveDraft(tenant.brand, theme, { ...theme.document, theme: { ...theme.document.theme, name: 'Second' } });
    expect(stale.status).toBe(409);
    expect(stale.body.errkey).toBe('theme.staleDraft');
    expect(stale.body.errmsg).toContain(tenant.users.brand.loginName);
    expect((await tenant.brand.get(`/api/admin/theme/${theme.id}`)).body.data.name).toBe('First');
  });
});

describe('publishing and versions', () => {
  it('freezes the draft into numbered versions; later edits do not change them', async () => {
    const theme = await createTheme(tenant.brand);
    const pub = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {});
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.data).toMatchObject({ number: 1, state: 'published' });
    const edited = await saveDraft(tenant.brand, theme, { ...theme.document, theme: { ...theme.document.theme, name: 'Edited' } });
    expect(edited.status).toBe(200);
    const version = await tenant.brand.get(`/api/admin/theme/versions/${pub.body.data.id}`);
    expect(version.body.data.document.theme.name).toBe('Lobby');
    const second = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {});
    expect(second.body.data.number).toBe(2);
    const list = await tenant.brand.get(`/api/admin/theme/versions?themeId=${theme.id}`);
    expect(list.body.data.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.recordType, 'theme'), eq(operationLogs.recordId, String(theme.id))));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'theme_publish', 'theme_publish', 'update']);
  });

  it('refuses to publish a document whose materials do not resolve, with findings on the blocks', async () => {
    const theme = await createTheme(tenant.brand);
    const doc = withBlocks(theme.document, [{ type: 'image', key: 'pic', x: 0, y: 0, width: 100, height: 100, materialIds: [987_654] }]);
    doc.theme.previewMaterialIds = [987_655];
    expect((await saveDraft(tenant.brand, theme, doc)).status).toBe(200);
    const res = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {});
    expect(res.status).toBe(422);
    expect(res.body.errkey).toBe('theme.documentInvalid');
    expect(res.body.errors).toEqual({
      'theme.previewMaterialIds': ['Material 987655 does not exist or may not be used'],
      'layouts.0.pages.0.containers.0.blocks.0': ['Material 987654 does not exist or may not be used'],
    });
    const zh = await tenant.brand.withLang('zh-CN').post(`/api/admin/theme/${theme.id}/publish`, {});
    expect(zh.body.errors['theme.previewMaterialIds']).toEqual(['素材987655不存在或无权使用']);
    expect(await t.database.db.select().from(themeVersions).where(eq(themeVersions.themeId, theme.id))).toEqual([]);
  });

  it('publishes a timed version when it is due, and cancels only one not yet published', async () => {
    const theme = await createTheme(tenant.brand);
    const past = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, { publishAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(422);
    expect(Object.keys(past.body.errors)).toEqual(['publishAt']);
    const at = new Date(Date.now() + 60_000);
    const timed = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, { publishAt: at.toISOString() });
    expect(timed.body.data).toMatchObject({ number: 1, state: 'pending' });
    expect((await tenant.brand.get(`/api/admin/theme/${theme.id}`)).body.data.status).toBe('unpublished');
    expect(await publishDueVersions(t.database.db, new Date(at.getTime() - 1))).toBe(0);
    expect(await publishDueVersions(t.database.db, at)).toBeGreaterThanOrEqual(1);
    expect((await tenant.brand.get(`/api/admin/theme/${theme.id}`)).body.data.status).toBe('published');
    const late = await tenant.brand.post(`/api/admin/theme/versions/${timed.body.data.id}/cancel`);
    expect(late.status).toBe(409);
    const next = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const cancel = await tenant.brand.post(`/api/admin/theme/versions/${next.body.data.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.state).toBe('cancelled');
  });
});

describe('materials of a theme', () => {
  it("publishes with the owner's materials, refuses another tenant's, and keeps a used material from deletion", async () => {
    const own = await addMaterial(tenant.brand, 'Lobby picture');
    const foreign = await addMaterial(other.brand, 'Foreign picture');
    const theme = await createTheme(tenant.brand, { name: 'With pictures' });
    const image = (id: number) => ({ type: 'image', key: 'pic', x: 0, y: 0, width: 100, height: 100, materialIds: [id] });
    const withForeign = await saveDraft(tenant.brand, theme, withBlocks(theme.document, [image(foreign)]));
    expect(withForeign.status).toBe(200);
    const refused = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors['layouts.0.pages.0.containers.0.blocks.0']).toEqual([`Material ${foreign} does not exist or may not be used`]);
    const fixed = await tenant.brand.put(`/api/admin/theme/${theme.id}/draft`, { revision: withForeign.body.data.draftRevision, document: withBlocks(theme.document, [image(own)]) });
    expect(fixed.status).toBe(200);
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    const del = await tenant.brand.delete(`/api/records/material/${own}`);
    expect(del.status).toBe(409);
    expect(del.body.errmsg).toContain('With pictures');
    // A hotel's theme may use its brand's materials.
    const hotelTheme = await createTheme(tenant.hotel, { name: 'Hotel pictures' });
    expect((await saveDraft(tenant.hotel, hotelTheme, withBlocks(hotelTheme.document, [image(own)]))).status).toBe(200);
    expect((await tenant.hotel.post(`/api/admin/theme/${hotelTheme.id}/publish`, {})).status).toBe(200);
  });
});

describe('lifecycle', () => {
  it('allows each action only from its states', async () => {
    const theme = await createTheme(tenant.brand);
    expect(theme.actions.sort()).toEqual(['lock', 'publish']);
    const cancelEarly = await tenant.brand.post(`/api/admin/theme/${theme.id}/cancel-publish`);
    expect(cancelEarly.status).toBe(409);
    expect(cancelEarly.body.errmsg).toBe('The template is unpublished: it cannot be unpublished');
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/unlock`)).status).toBe(409);
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    const published = (await tenant.brand.get(`/api/admin/theme/${theme.id}`)).body.data as Theme;
    expect(published.actions.sort()).toEqual(['cancelPublish', 'lock', 'publish', 'send']);
    const locked = await tenant.brand.post(`/api/admin/theme/${theme.id}/lock`);
    expect(locked.body.data).toMatchObject({ locked: true, actions: ['unlock'] });
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/lock`)).status).toBe(409);
    for (const res of [
      await saveDraft(tenant.brand, published, published.document),
      await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {}),
      await tenant.brand.post(`/api/admin/theme/${theme.id}/cancel-publish`),
      await tenant.brand.delete(`/api/admin/theme/${theme.id}`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.errkey).toBe('theme.locked');
    }
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/unlock`)).body.data.locked).toBe(false);
    const cancelled = await tenant.brand.post(`/api/admin/theme/${theme.id}/cancel-publish`);
    expect(cancelled.body.data.status).toBe('unpublished');
    expect((await tenant.brand.delete(`/api/admin/theme/${theme.id}`)).status).toBe(200);
    expect((await tenant.brand.get(`/api/admin/theme/${theme.id}`)).status).toBe(404);
  });

  it('needs the permission string of each action', async () => {
    const reader = await createTenant(t, ['theme.read', 'theme.create', 'theme.update']);
    const theme = await createTheme(reader.hotel);
    expect(theme.actions).toEqual([]);
    expect((await reader.hotel.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(403);
    expect((await reader.hotel.post(`/api/admin/theme/${theme.id}/lock`)).status).toBe(403);
    expect((await reader.hotel.delete(`/api/admin/theme/${theme.id}`)).status).toBe(403);
  });

  it('lets only one send to all live at once, in the database', async () => {
    const a = await createTheme(tenant.brand);
    const b = await createTheme(tenant.brand);
    const db = t.database.db;
    await db.insert(themeSends).values({ themeId: a.id, targetKind: 'all' });
    await expect(db.insert(themeSends).values({ themeId: b.id, targetKind: 'all' })).rejects.toThrow();
    await db.update(themeSends).set({ cancelledAt: new Date() }).where(eq(themeSends.themeId, a.id));
    await db.insert(themeSends).values({ themeId: b.id, targetKind: 'all' });
    await db.insert(themeSends).values([{ themeId: a.id, targetKind: 'hotel', targetId: 1 }, { themeId: b.id, targetKind: 'hotel', targetId: 1 }]);
    await db.delete(themeSends);
  });
});

describe('tenant isolation', () => {
  it("a hotel never reads or changes another's themes; a brand's hotels see what the brand shares", async () => {
    const sibling = await createTheme(tenant.sibling);
    const foreign = await createTheme(other.brand);
    const privateBrand = await createTheme(tenant.brand, { name: 'Private' });
    const shared = await createTheme(tenant.brand, { name: 'Shared' });
    expect((await saveDraft(tenant.brand, shared, { ...shared.document, theme: { ...shared.document.theme, visibility: 'public' } })).status).toBe(200);
    const own = await createTheme(tenant.hotel, { name: 'Own' });

    for (const id of [sibling.id, foreign.id, privateBrand.id]) {
      expect((await tenant.hotel.get(`/api/admin/theme/${id}`)).status).toBe(404);
      expect((await tenant.hotel.post(`/api/admin/theme/${id}/lock`)).status).toBe(404);
      expect((await tenant.hotel.delete(`/api/admin/theme/${id}`)).status).toBe(404);
    }
    const list = await tenant.hotel.get('/api/admin/theme?pagesize=100');
    const ids = list.body.data.items.map((item: { id: number }) => item.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(sibling.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(privateBrand.id);

    const seen = await tenant.hotel.get(`/api/admin/theme/${shared.id}`);
    expect(seen.body.data).toMatchObject({ editable: false, actions: [] });
    expect((await tenant.hotel.put(`/api/admin/theme/${shared.id}/draft`, { revision: seen.body.data.draftRevision, document: seen.body.data.document })).status).toBe(403);
    expect((await tenant.hotel.post(`/api/admin/theme/${shared.id}/publish`, {})).status).toBe(403);

    const brandIds = (await tenant.brand.get('/api/admin/theme?pagesize=100')).body.data.items.map((item: { id: number }) => item.id);
    expect(brandIds).toEqual(expect.arrayContaining([own.id, sibling.id, privateBrand.id]));
    expect(brandIds).not.toContain(foreign.id);
    expect((await other.brand.get(`/api/admin/theme/versions?themeId=${shared.id}`)).body.data.items).toEqual([]);
  });
});
