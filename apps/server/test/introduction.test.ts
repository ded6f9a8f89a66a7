import type { IntroductionConfigPart } from '@htv/shared/areas/introduction/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, hotelTv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { jpeg, multipartBody, png } from './support/images.js';

const PERMISSIONS = ['introduction', 'introCustom'].flatMap((record) => ['read', 'create', 'update', 'delete'].map((action) => `${record}.${action}`));

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

function upload(client: Client, name: string, data: Buffer, rule: string): Promise<ApiResponse<{ id: string; mime: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers) as Promise<ApiResponse<{ id: string; mime: string }>>;
}

async function uploaded(client: Client, rule = 'introImage', data = png(160, 90)): Promise<string> {
  const res = await upload(client, 'picture.png', data, rule);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A first-level type of the client's level with one item. */
async function typeWithItem(client: Client, name: string) {
  const type = await created(client, 'intro-type', { name });
  const item = await created(client, 'intro-item', { typeId: type.id, title: `${name} 标题`, text: `${name} 内容`, backgroundId: await uploaded(client) });
  return { type, item };
}

const introductionOf = (tv: Awaited<ReturnType<typeof hotelTv>>) => configPartOf<IntroductionConfigPart>(tv, 'introduction');
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
});

describe('introduction types', () => {
  it('require the Chinese name; names in five languages, a tree of two levels', async () => {
    const empty = await a.hotel.post('/api/records/intro-type', { nameEn: 'Only English' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['name']);

    const top = await created(a.hotel, 'intro-type', { name: '酒店设施', nameEn: 'Facilities', nameTw: '酒店設施', nameJa: '施設', nameKo: '시설', itemSeconds: 8 });
    expect(top).toMatchObject({ nameJa: '施設', nameKo: '시설', itemSeconds: 8, totalSeconds: 0, enabled: true, parentId: null });
    const child = await created(a.hotel, 'intro-type', { name: '健身房', parentId: top.id });
    // A third level, or a type under itself: refused on the parent with the area's message.
    const third = await a.hotel.post('/api/records/intro-type', { name: '三级', parentId: child.id });
    expect(third.status).toBe(422);
    expect(third.body.errors.parentId).toEqual([translate('introduction.parentNotFirstLevel', 'en-US')]);
    const self = await a.hotel.put(`/api/records/intro-type/${top.id}`, { name: '酒店设施', parentId: top.id });
    expect(self.body.errors.parentId).toEqual([translate('introduction.parentNotFirstLevel', 'en-US')]);
    // A type with types under it stays first-level.
    const other = await created(a.hotel, 'intro-type', { name: '餐饮' });
    const moved = await a.hotel.put(`/api/records/intro-type/${top.id}`, { name: '酒店设施', parentId: other.id });
    expect(moved.body.errors.parentId).toEqual([translate('introduction.typeHasChildren', 'en-US')]);
    // Numbers in range.
    const slow = await a.hotel.post('/api/records/intro-type', { name: '慢', itemSeconds: -1 });
    expect(Object.keys(slow.body.errors)).toEqual(['itemSeconds']);
    // A type with types or items under it cannot be deleted.
    expect((await a.hotel.delete(`/api/records/intro-type/${top.id}`)).status).toBe(409);
    expect((await a.hotel.delete(`/api/records/intro-type/${child.id}`)).status).toBe(200);
  });
});

describe('introduction items', () => {
  it('require the type, title, text and a 16:9 background within 5M', async () => {
    const missing = await a.hotel.post('/api/records/intro-item', { titleEn: 'Pool' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['backgroundId', 'text', 'title', 'typeId']);

    // 16:9 by the picture's real pixels, whatever its name; a 4:3 picture is refused with the ratio message.
    const square = await upload(a.hotel, 'wide.png', png(120, 90), 'introImage');
    expect(square.status).toBe(422);
    expect(square.body.errors.file).toEqual([translate('upload.badRatio', 'en-US', { ratio: '16:9' })]);
    expect((await upload(a.hotel, 'photo.jpg', jpeg(320, 180), 'introImage')).status).toBe(200);
    const big = await upload(a.hotel, 'big.jpg', jpeg(320, 180, { app1Bytes: 5 * 1024 * 1024 }), 'introImage');
    expect(big.body.errors.file).toEqual(['Please select pictures within 5M']);
  });

  it('keep titles and texts in five languages and a QR code only with a web address', async () => {
    const type = await created(a.hotel, 'intro-type', { name: '客房' });
    const backgroundId = await uploaded(a.hotel);
    const noUrl = await a.hotel.post('/api/records/intro-item', { typeId: type.id, title: '客房', text: '介绍', backgroundId, qrEnabled: true });
    expect(noUrl.status).toBe(422);
    expect(Object.keys(noUrl.body.errors)).toEqual(['qrUrl']);
    const badUrl = await a.hotel.post('/api/records/intro-item', { typeId: type.id, title: '客房', text: '介绍', backgroundId, qrEnabled: true, qrUrl: 'javascript:alert(1)' });
    expect(badUrl.body.errors.qrUrl).toEqual([translate('introduction.qrUrl', 'en-US')]);
    const badPlace = await a.hotel.post('/api/records/intro-item', { typeId: type.id, title: '客房', text: '介绍', backgroundId, qrX: 'middle', qrSize: 5 });
    expect(Object.keys(badPlace.body.errors).sort()).toEqual(['qrSize', 'qrX']);

    const item = await created(a.hotel, 'intro-item', {
      typeId: type.id,
      title: '客房',
      titleEn: 'Rooms',
      titleTw: '客房',
      titleJa: '客室',
      titleKo: '객실',
      text: '中文',
      textEn: 'English',
      textJa: '日本語',
      backgroundId,
      qrEnabled: true,
      qrUrl: 'https://example.com/rooms',
      qrX: 'left',
      qrY: 'top',
    });
    expect(item).toMatchObject({ titleJa: '客室', titleKo: '객실', textJa: '日本語', textKo: null, qrStyle: 'card', qrSize: 240, qrX: 'left', qrY: 'top' });
  });

  it('stay within their tenant: another hotel’s type, item or picture answers 404 in the path and the body', async () => {
    const { type, item } = await typeWithItem(a.hotel, `mine-${Date.now()}`);
    for (const outsider of [b.hotel, b.brand, a.sibling]) {
      expect((await outsider.get(`/api/records/intro-type/${type.id}`)).status).toBe(404);
      expect((await outsider.get(`/api/records/intro-item/${item.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/records/intro-item/${item.id}`, { typeId: type.id, title: 'x', text: 'x', backgroundId: item.backgroundId })).status).toBe(404);
      expect((await outsider.delete(`/api/records/intro-type/${type.id}`)).status).toBe(404);
    }
    // Someone else's type as a parent or an item's type, or their picture, in the body.
    expect((await b.hotel.post('/api/records/intro-type', { name: 'x', parentId: type.id })).status).toBe(404);
    expect((await b.hotel.post('/api/records/intro-item', { typeId: type.id, title: 'x', text: 'x', backgroundId: await uploaded(b.hotel) })).status).toBe(404);
    const theirs = await created(b.hotel, 'intro-type', { name: '别人的' });
    expect((await b.hotel.post('/api/records/intro-item', { typeId: theirs.id, title: 'x', text: 'x', backgroundId: item.backgroundId })).status).toBe(404);
    expect((await b.hotel.get('/api/records/intro-item?pagesize=100')).body.data.items.map((row: { id: number }) => row.id)).not.toContain(item.id);
    // The brand and the platform reach the hotel's rows.
    expect((await a.brand.get(`/api/records/intro-item/${item.id}`)).status).toBe(200);
    expect((await platform.get(`/api/records/intro-type/${type.id}`)).status).toBe(200);
  });
});

describe('custom intro pages', () => {
  it('take jpg or png pictures within 3M, slices × image groups of them in each language', async () => {
    const tooBig = await upload(a.hotel, 'big.jpg', jpeg(64, 64, { app1Bytes: 3 * 1024 * 1024 }), 'customIntroImage');
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.file).toEqual(['Please select pictures within 3M']);
    const missing = await a.hotel.post('/api/records/intro-custom', {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['images', 'name']);

    // One upload at a time: a second while one runs is refused ("Other pictures are uploaded").
    const pictures: string[] = [];
    for (let i = 0; i < 4; i++) pictures.push(await uploaded(a.hotel, 'customIntroImage', png(40, 60)));
    const short = await a.hotel.post('/api/records/intro-custom', { name: '楼层图', sliceCount: 2, groupCount: 2, images: pictures.slice(0, 3), imagesEn: pictures.slice(0, 1) });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      images: [translate('introduction.pictureCount', 'en-US', { field: { 'zh-CN': '中文图片', 'en-US': 'Chinese pictures' }, count: 4 })],
      imagesEn: [translate('introduction.pictureCount', 'en-US', { field: { 'zh-CN': '英文图片', 'en-US': 'English pictures' }, count: 4 })],
    });
    expect(short.body.errors.images?.[0]).toBe('Chinese pictures must be 4 pictures (slices × image groups)');
    const page = await created(a.hotel, 'intro-custom', { name: '楼层图', sliceCount: 2, groupCount: 2, images: pictures });
    // Changing the counts alone is checked against the stored pictures.
    expect((await a.hotel.put(`/api/records/intro-custom/${page.id}`, { name: '楼层图', sliceCount: 1, groupCount: 2, images: pictures })).status).toBe(422);
    for (const outsider of [b.hotel, a.sibling]) expect((await outsider.get(`/api/records/intro-custom/${page.id}`)).status).toBe(404);
    expect((await b.hotel.post('/api/records/intro-custom', { name: 'x', images: [pictures[0]] })).status).toBe(404);
  });
});

describe('the introduction configuration part', () => {
  it('carries the hotel’s enabled types as a tree, their items by language and its custom pages, files at signed addresses', async () => {
    const tv = await hotelTv(t, a.hotelIds[1]);
    expect(await introductionOf(tv)).toEqual({ types: [], pages: [] });
    const icon = await uploaded(a.sibling, 'introIcon', png(32, 32));
    const top = await created(a.sibling, 'intro-type', { name: '设施', nameEn: 'Facilities', icon, showDefault: true, itemSeconds: 6, totalSeconds: 60, sort: 5 });
    const child = await created(a.sibling, 'intro-type', { name: '泳池', nameJa: 'プール', parentId: top.id });
    await created(a.sibling, 'intro-type', { name: '空的', sort: 9 });
    const hidden = await created(a.sibling, 'intro-type', { name: '停用', enabled: false });
    const item = await created(a.sibling, 'intro-item', { typeId: child.id, title: '室内泳池', titleEn: 'Indoor pool', text: '七楼', textEn: '7th floor', backgroundId: await uploaded(a.sibling), backgroundEnId: await uploaded(a.sibling), qrEnabled: true, qrUrl: 'https://example.com/pool' });
    await created(a.sibling, 'intro-item', { typeId: child.id, title: '停用', text: 'x', backgroundId: await uploaded(a.sibling), enabled: false });
    await created(a.sibling, 'intro-item', { typeId: hidden.id, title: '隐藏', text: 'x', backgroundId: await uploaded(a.sibling) });
    const picture = await uploaded(a.sibling, 'customIntroImage', png(30, 30));
    const page = await created(a.sibling, 'intro-custom', { name: '地图', images: [picture] });
    // Other levels' and other hotels' introductions never reach this TV.
    await typeWithItem(a.brand, 'brand');
    await typeWithItem(platform, 'platform');
    await typeWithItem(a.hotel, 'other hotel');

    const part = (await introductionOf(tv))!;
    const url = expect.stringMatching(/^\/api\/device\/v1\/introduction-files\/\d+\/[0-9a-f-]{36}\/[\w-]+$/);
    expect(part).toEqual({
      types: [
        {
          id: top.id, name: { 'zh-CN': '设施', en: 'Facilities' }, icon: url, showDefault: true, totalSeconds: 60, itemSeconds: 6, items: [],
          children: [{
            id: child.id, name: { 'zh-CN': '泳池', ja: 'プール' }, icon: null, showDefault: false, totalSeconds: 0, itemSeconds: 10, children: [],
            items: [{ id: item.id, title: { 'zh-CN': '室内泳池', en: 'Indoor pool' }, text: { 'zh-CN': '七楼', en: '7th floor' }, background: url, backgroundEn: url, video: null, qr: { url: 'https://example.com/pool', style: 'card', size: 240, x: 'right', y: 'bottom' } }],
          }],
        },
      ],
      pages: [{ id: page.id, name: '地图', effect: null, slices: 1, groups: 1, images: [url], imagesEn: [] }],
    });
    const background = part.types[0]!.children[0]!.items[0]!.background;
    const got = await fetchFile(background);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    // Another hotel's picture under this TV's signature, a changed signature: the 404 of a missing file.
    const foreign = (await typeWithItem(a.hotel, 'foreign')).item.backgroundId as string;
    const [, , , , , , fileId, signature] = background.split('/');
    expect((await fetchFile(background.replace(fileId!, foreign))).statusCode).toBe(404);
    expect((await fetchFile(background.replace(signature!, `${signature!.startsWith('x') ? 'y' : 'x'}${signature!.slice(1)}`))).statusCode).toBe(404);
    // Not for a TV waiting for authorization; addresses stop working once the TV is no longer authorized.
    expect(await introductionOf(await hotelTv(t, a.hotelIds[1], false))).toBeUndefined();
    await t.database.db.update(recordTables.terminal!).set({ authorization: 'unauthorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
    expect((await fetchFile(background)).statusCode).toBe(404);
  });

  it('is pushed to the hotel’s TVs when an item changes', async () => {
    const tv = await hotelTv(t, b.hotelIds[0]);
    const { type, item } = await typeWithItem(b.hotel, 'push');
    await tv.device.get('/api/device/v1/commands?wait=0');
    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await b.hotel.put(`/api/records/intro-item/${item.id}`, { typeId: type.id, title: '改过', titleKo: '변경', text: 'x', backgroundId: item.backgroundId })).status).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    const shown = (await introductionOf(tv))!.types.find((row) => row.id === type.id)!;
    expect(shown.items[0]!.title).toEqual({ 'zh-CN': '改过', ko: '변경' });
  });
});
