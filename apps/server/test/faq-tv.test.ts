import type { FaqConfigPart } from '@htv/shared/areas/faq/device';
import { beforeAll, describe, expect, it } from 'vitest';
import { configPartOf, hotelTv, type Tv } from './devices-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

const FAQ = ['faq.read', 'faq.create', 'faq.update', 'faq.delete'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

const tvOf = (hotelId: number, authorized = true) => hotelTv(t, hotelId, authorized);
const faqOf = (tv: Tv) => configPartOf<FaqConfigPart>(tv, 'faq');

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await client.post<{ id: number }>(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** A category of the caller's own level with one entry in it. */
async function categoryWithEntry(client: Client, name: string, content = `<p>${name}</p>`) {
  const categoryId = await created(client, 'faq-category', { name });
  return { categoryId, entryId: await created(client, 'faq', { title: `${name}?`, categoryId, content }) };
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, FAQ);
  b = await createTenant(t, FAQ);
});

describe('the faq configuration part', () => {
  it('carries the hotel’s own categories and entries shown on TV, cleaned, in order; authorized TVs only', async () => {
    const tv = await tvOf(a.hotelIds[0]);
    expect(await faqOf(tv)).toEqual({ categories: [] });

    const stay = await created(a.hotel, 'faq-category', { name: '住宿', nameEn: 'Stay', sort: 1 });
    const dining = await created(a.hotel, 'faq-category', { name: '餐饮', sort: 9 });
    await created(a.hotel, 'faq-category', { name: '空分类' });
    const checkout = await created(a.hotel, 'faq', { title: '几点退房？', categoryId: stay, content: '<p>中午 <b>12 点</b></p><script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(2)">' });
    const breakfast = await created(a.hotel, 'faq', { title: '早餐时间？', categoryId: dining, content: '<ul><li>6:30-10:00</li></ul>' });
    await created(a.hotel, 'faq', { title: '不显示', categoryId: dining, content: '<p>hidden</p>', enabled: false });

    const part = await faqOf(tv);
    expect(part).toEqual({
      categories: [
        { id: dining, name: '餐饮', nameEn: null, entries: [{ id: breakfast, title: '早餐时间？', content: '<ul><li>6:30-10:00</li></ul>' }] },
        { id: stay, name: '住宿', nameEn: 'Stay', entries: [{ id: checkout, title: '几点退房？', content: expect.stringContaining('<b>12 点</b>') }] },
      ],
    });
    const answer = part!.categories[1]!.entries[0]!.content;
    expect(answer).not.toMatch(/script|onerror|evil\.example/);

    // Not for a TV waiting for authorization.
    expect(await faqOf(await tvOf(a.hotelIds[0], false))).toBeUndefined();
  });

  it('never carries another hotel’s FAQ, nor the brand’s or the platform’s rows', async () => {
    const tv = await tvOf(a.hotelIds[1]);
    const own = await categoryWithEntry(a.sibling, `sibling-${Date.now()}`);
    await categoryWithEntry(a.brand, `brand-${Date.now()}`);
    await categoryWithEntry(platform, `platform-${Date.now()}`);
    await categoryWithEntry(b.hotel, `other-${Date.now()}`);
    const part = await faqOf(tv);
    expect(part!.categories.map((category) => category.id)).toEqual([own.categoryId]);
    expect(part!.categories[0]!.entries.map((entry) => entry.id)).toEqual([own.entryId]);
    const outsider = await faqOf(await tvOf(b.hotelIds[1]));
    expect(outsider).toEqual({ categories: [] });
  });

  it('is pushed to the hotel’s TVs when an entry or a category changes, not to other hotels’', async () => {
    const tv = await tvOf(b.hotelIds[0]);
    const other = await tvOf(b.hotelIds[1]);
    const { categoryId, entryId } = await categoryWithEntry(b.hotel, 'Wi-Fi');
    // Taken: the commands queued so far.
    await tv.device.get('/api/device/v1/commands?wait=0');
    await other.device.get('/api/device/v1/commands?wait=0');

    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const changed = await b.hotel.put(`/api/records/faq/${entryId}`, { title: 'Wi-Fi password?', categoryId, content: '<p>hotel-guest</p>' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect((await other.device.get<{ commands: unknown[] }>('/api/device/v1/commands?wait=0')).body.data.commands).toEqual([]);
    const categoryOf = async () => (await faqOf(tv))!.categories.find((category) => category.id === categoryId);
    expect((await categoryOf())!.entries).toEqual([{ id: entryId, title: 'Wi-Fi password?', content: '<p>hotel-guest</p>' }]);

    // A renamed category too; a deleted entry leaves its category out.
    const renamedTold = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await b.hotel.put(`/api/records/faq-category/${categoryId}`, { name: '网络', nameEn: 'Internet' })).status).toBe(200);
    expect((await renamedTold).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect(await categoryOf()).toMatchObject({ name: '网络', nameEn: 'Internet' });
    expect((await b.hotel.delete(`/api/records/faq/${entryId}`)).status).toBe(200);
    expect(await categoryOf()).toBeUndefined();
  });
});
