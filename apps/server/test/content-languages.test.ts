import type { IntroductionConfigPart } from '@htv/shared/areas/introduction/device';
import { beforeAll, describe, expect, it } from 'vitest';
import { configPartOf, hotelTv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { jpeg, mp4, multipartBody, png } from './support/images.js';

/**
 * The content languages' rules on the server (docs/introduction.md): every one of the five columns
 * of an introduction's texts is checked on its own field, in both interface languages; and the FAQ's
 * rules (spec part 2 §5: title 50, content and category required, pictures 5M, videos 50M).
 */
const PERMISSIONS = ['introduction', 'faq'].flatMap((record) => ['read', 'create', 'update', 'delete'].map((action) => `${record}.${action}`));
const MB = 1024 * 1024;

let t: TestApp;
let a: Tenant;
let b: Tenant;

function upload(client: Client, name: string, data: Buffer, rule: string): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers) as Promise<ApiResponse<{ id: string }>>;
}

async function uploaded(client: Client, rule: string, data: Buffer, name = 'file.png'): Promise<string> {
  const res = await upload(client, name, data, rule);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
});

describe('introductions in five languages', () => {
  it('check each language of a type’s name on its own field', async () => {
    const long = 'あ'.repeat(31);
    const res = await a.hotel.post('/api/records/intro-type', { name: '  ', nameEn: 'x'.repeat(31), nameTw: long, nameJa: long, nameKo: '가'.repeat(31) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'nameEn', 'nameJa', 'nameKo', 'nameTw']);
    expect(res.body.errors.name).toEqual(['Type name is required']);
    expect(res.body.errors.nameJa).toEqual(['Type name (Japanese) must be at most 30 characters']);
    const zh = await a.hotel.withLang('zh-CN').post('/api/records/intro-type', { name: '酒店', nameKo: '가'.repeat(31) });
    expect(zh.body.errors).toEqual({ nameKo: ['类型名称(韩文)最多30个字符'] });
    // At the limit in every language is fine.
    const type = await created(a.hotel, 'intro-type', { name: '酒'.repeat(30), nameEn: 'x'.repeat(30), nameTw: '酒'.repeat(30), nameJa: 'あ'.repeat(30), nameKo: '가'.repeat(30) });
    expect(type.nameKo).toBe('가'.repeat(30));
  });

  it('check each language of an item’s title and text on its own field, and keep all five for the TV', async () => {
    const type = await created(a.hotel, 'intro-type', { name: `五语 ${Date.now()}`, showDefault: true, sort: 999 });
    const backgroundId = await uploaded(a.hotel, 'introImage', png(160, 90));
    const base = { typeId: type.id, title: '客房', text: '介绍', backgroundId };
    const tooLong = await a.hotel.post('/api/records/intro-item', {
      ...base,
      titleEn: 'x'.repeat(51),
      titleTw: '客'.repeat(51),
      titleJa: 'あ'.repeat(51),
      titleKo: '가'.repeat(51),
      textEn: 'x'.repeat(2001),
      textTw: '介'.repeat(2001),
      textJa: 'あ'.repeat(2001),
      textKo: '가'.repeat(2001),
    });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors).sort()).toEqual(['textEn', 'textJa', 'textKo', 'textTw', 'titleEn', 'titleJa', 'titleKo', 'titleTw']);
    expect(tooLong.body.errors.textTw).toEqual(['Text (Traditional Chinese) must be at most 2000 characters']);
    // Not text at all, or the Chinese ones left blank: field errors too, never a 5xx.
    const wrong = await a.hotel.post('/api/records/intro-item', { ...base, title: ' ', text: '', titleJa: 12, textKo: { html: 'x' } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['text', 'textKo', 'title', 'titleJa']);
    // Another language alone does not stand for the Chinese one.
    const englishOnly = await a.hotel.post('/api/records/intro-item', { typeId: type.id, titleEn: 'Rooms', textEn: 'About', backgroundId });
    expect(Object.keys(englishOnly.body.errors).sort()).toEqual(['text', 'title']);

    const item = await created(a.hotel, 'intro-item', { ...base, titleEn: 'Rooms', titleTw: '客房', titleJa: '客室', titleKo: '객실', text: '中文', textEn: 'English', textTw: '繁體', textJa: '日本語', textKo: '한국어' });
    const part = (await configPartOf<IntroductionConfigPart>(await hotelTv(t, a.hotelIds[0]), 'introduction'))!;
    const shown = part.types.flatMap((entry) => [...entry.items, ...entry.children.flatMap((child) => child.items)]).find((entry) => entry.id === item.id)!;
    expect(shown.title).toEqual({ 'zh-CN': '客房', en: 'Rooms', 'zh-TW': '客房', ja: '客室', ko: '객실' });
    expect(shown.text).toEqual({ 'zh-CN': '中文', en: 'English', 'zh-TW': '繁體', ja: '日本語', ko: '한국어' });
  });
});

describe('FAQ rules', () => {
  it('need a title within 50, content with something in it and a category of the caller’s reach', async () => {
    const categoryId = (await created(a.hotel, 'faq-category', { name: `规则 ${Date.now()}` })).id;
    const missing = await a.hotel.post('/api/records/faq', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['categoryId', 'content', 'title']);
    // An editor's empty document, or markup that is nothing once cleaned, is no content.
    for (const content of ['<p><br></p>', '<p>&nbsp;</p>', '<script>alert(1)</script>', '<img src="https://example.com/x.png">']) {
      const empty = await a.hotel.post('/api/records/faq', { title: 'Wi-Fi?', categoryId, content });
      expect(empty.status, content).toBe(422);
      expect(empty.body.errors, content).toEqual({ content: ['Content is required'] });
    }
    expect((await a.hotel.post('/api/records/faq', { title: '无线网络'.repeat(13), categoryId, content: '<p>x</p>' })).body.errors).toEqual({ title: ['Title must be at most 50 characters'] });
    // Another tenant's category is not one to file under.
    const theirs = (await created(b.hotel, 'faq-category', { name: `别人的 ${Date.now()}` })).id;
    expect((await a.hotel.post('/api/records/faq', { title: 'x', categoryId: theirs, content: '<p>x</p>' })).status).toBe(404);
    expect((await created(a.hotel, 'faq', { title: '无线网络'.repeat(12) + '密码', categoryId, content: '<p>x</p>' })).title).toHaveLength(50);
  });

  it('take pictures and videos each in its own field, videos within 50M', async () => {
    const categoryId = (await created(a.hotel, 'faq-category', { name: `媒体 ${Date.now()}` })).id;
    const picture = await uploaded(a.hotel, 'faqImage', jpeg(64, 64), 'a.jpg');
    const video = await uploaded(a.hotel, 'faqVideo', mp4(5000), 'a.mp4');
    // A video where pictures go, or a picture where videos go: refused on that field.
    const swapped = await a.hotel.post('/api/records/faq', { title: 'x', categoryId, content: '<p>x</p>', images: [video], videos: [picture] });
    expect(swapped.status).toBe(422);
    expect(Object.keys(swapped.body.errors).sort()).toEqual(['images', 'videos']);
    expect((await created(a.hotel, 'faq', { title: 'x', categoryId, content: '<p>x</p>', images: [picture], videos: [video] })).images).toEqual([picture]);
    // 50M of video is the limit: one byte over is refused with the size in the message.
    const over = await upload(a.hotel, 'big.mp4', Buffer.concat([mp4(5000), Buffer.alloc(50 * MB - 5000 + 1)]), 'faqVideo');
    expect(over.status).toBe(422);
    expect(over.body.errors.file![0]).toContain('50M');
  });
});
