import type { CallEvent, ConfigCheckRow, GoodsSyncResult, GoodsSyncView, ProjectConfigRow } from '@htv/shared/areas/voice/console';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotels, operationLogs } from '../src/db/schema/index.js';
import { hotelTv } from './devices-support.js';
import { clientFor, listeningUrl, testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, createUser, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const crud = (prefix: string, ...actions: string[]) => ['read', 'create', 'update', 'delete', ...actions].map((action) => `${prefix}.${action}`);
const PERMISSIONS = [
  ...crud('aiIntentSlot', 'publish', 'unpublish'),
  ...crud('aiInstruction'),
  ...crud('aiGoods'),
  ...crud('aiCallService', 'process', 'complete', 'ignore'),
  ...crud('aiInfo', 'submit'),
  ...crud('shopCategory'),
  ...crud('shopGoods'),
  ...crud('faq'),
  'goodsSync.read',
  'goodsSync.sync',
];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

const setHotel = (hotelId: number, values: { aiVoice?: boolean; settings?: Record<string, unknown> }) => t.database.db.update(hotels).set(values).where(eq(hotels.id, hotelId));

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await client.post<{ id: number }>(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function picture(client: Client): Promise<string> {
  const { payload, headers } = multipartBody({ name: 'p.png', data: png(32, 32) });
  const res = (await client.request('POST', '/api/files?rule=shopPicture', payload, headers)) as ApiResponse<{ id: string }>;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** A shop category with the given goods; answers the goods' ids by name. */
async function shopWith(client: Client, goods: { name: string; nameEn?: string }[]): Promise<Record<string, number>> {
  const pictureId = await picture(client);
  const categoryId = await created(client, 'shop-category', { name: '客房用品', pictureId, qrCodeId: pictureId });
  const ids: Record<string, number> = {};
  for (const item of goods) ids[item.name] = await created(client, 'shop-goods', { ...item, categoryId, price: 5, pictureId });
  return ids;
}

const aiGoodsOf = async (client: Client) => (await client.get('/api/records/ai-goods?pagesize=100')).body.data.items as { id: number; name: string; nameEn: string | null; synonyms: string | null; enabled: boolean; shopGoodsId: number | null }[];

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
});

describe('goods sync (/goods/sync)', () => {
  it('shows what a sync would change, syncs on the explicit action and answers what changed; the hotel’s own words survive', async () => {
    const shop = await shopWith(a.hotel, [{ name: '毛巾', nameEn: 'Towel' }, { name: '矿泉水', nameEn: 'Water' }, { name: '拖鞋' }]);
    // The hotel already had water as AI goods of its own: it is linked, not duplicated.
    const ownWater = await created(a.hotel, 'ai-goods', { name: '矿泉水', synonyms: '水,bottled water', maxQuantity: 3 });

    const preview = (await a.hotel.get<GoodsSyncView>('/api/goods-sync')).body.data;
    expect(preview.lastSync).toBeNull();
    expect(preview.counts).toMatchObject({ add: 2, link: 1, update: 0, same: 0, disable: 0 });
    expect(preview.items.find((row) => row.shopGoodsId === shop['矿泉水'])).toMatchObject({ change: 'link', aiGoodsId: ownWater, before: { name: '矿泉水', nameEn: null }, nameEn: 'Water', category: '客房用品' });
    // A preview changes nothing.
    expect((await aiGoodsOf(a.hotel)).map((row) => row.name)).toEqual(['矿泉水']);

    const synced = await a.hotel.post<GoodsSyncResult>('/api/goods-sync', {});
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data.counts).toMatchObject({ add: 2, link: 1 });
    expect(synced.body.data.changed.map((row) => `${row.change}:${row.name}`).sort()).toEqual(['add:拖鞋', 'add:毛巾', 'link:矿泉水']);
    const goods = await aiGoodsOf(a.hotel);
    expect(goods).toHaveLength(3);
    const water = goods.find((row) => row.id === ownWater)!;
    expect(water).toMatchObject({ nameEn: 'Water', synonyms: '水,bottled water', shopGoodsId: shop['矿泉水'] });
    expect(goods.find((row) => row.name === '毛巾')).toMatchObject({ nameEn: 'Towel', shopGoodsId: shop['毛巾'], enabled: true });

    // Synced again without changes: nothing to do; the last sync is shown with who made it.
    const again = (await a.hotel.get<GoodsSyncView>('/api/goods-sync')).body.data;
    expect(again.counts).toMatchObject({ add: 0, link: 0, update: 0, same: 3, disable: 0 });
    expect(again.lastSync).toMatchObject({ by: a.users.hotel.loginName, counts: { add: 2, link: 1 } });
    expect((await a.hotel.post<GoodsSyncResult>('/api/goods-sync', {})).body.data.changed).toEqual([]);

    // The shop renames towels and drops slippers: the names follow, the slippers are disabled (kept, unlinked).
    const towel = (await a.hotel.get(`/api/records/shop-goods/${shop['毛巾']}`)).body.data;
    const renamed = await a.hotel.put(`/api/records/shop-goods/${shop['毛巾']}`, { name: '浴巾', nameEn: 'Bath towel', categoryId: towel.categoryId, price: towel.price, pictureId: towel.pictureId });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await a.hotel.delete(`/api/records/shop-goods/${shop['拖鞋']}`)).status).toBe(200);
    const next = (await a.hotel.get<GoodsSyncView>('/api/goods-sync')).body.data;
    expect(next.counts).toMatchObject({ update: 1, disable: 1, same: 1 });
    expect(next.items.find((row) => row.change === 'update')).toMatchObject({ name: '浴巾', nameEn: 'Bath towel', before: { name: '毛巾', nameEn: 'Towel' } });
    await a.hotel.post('/api/goods-sync', {});
    const after = await aiGoodsOf(a.hotel);
    expect(after.find((row) => row.shopGoodsId === shop['毛巾'])).toMatchObject({ name: '浴巾', nameEn: 'Bath towel' });
    expect(after.find((row) => row.name === '拖鞋')).toMatchObject({ enabled: false, shopGoodsId: null });
    // The sync is in the operation log.
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.hotelId, a.hotelIds[0]));
    expect(logs.filter((row) => row.action === 'goods_sync').length).toBeGreaterThanOrEqual(3);
  });

  it('syncs only the goods listed (then disables nothing), and the assistant understands a synced goods', async () => {
    const hotel = a.sibling;
    const shop = await shopWith(hotel, [{ name: '牙刷', nameEn: 'toothbrush' }, { name: '衣架', nameEn: 'hanger' }]);
    const res = await hotel.post<GoodsSyncResult>('/api/goods-sync', { shopGoodsIds: [shop['牙刷']] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.changed.map((row) => row.name)).toEqual(['牙刷']);
    expect((await aiGoodsOf(hotel)).map((row) => row.name)).toEqual(['牙刷']);

    // A guest asks for it by voice: the call names the synced goods.
    await setHotel(a.hotelIds[1], { aiVoice: true });
    const setId = await created(hotel, 'ai-intent-sets', { name: 'Goods' });
    await created(hotel, 'ai-intents', { name: 'service.goods', setId, slots: 'item,quantity', examplesEn: 'two towels please\nI need a toothbrush\nbring me a toothbrush\ncan I have water', examplesZh: '我要一把牙刷\n给我拿两条毛巾' });
    const tested = await hotel.put(`/api/records/ai-intent-sets/${setId}`, { name: 'Goods', testsEn: 'I need a toothbrush => service.goods' });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const published = await hotel.post(`/api/records/ai-intent-sets/${setId}/actions/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const tv = await hotelTv(t, a.hotelIds[1]);
    await expect
      .poll(async () => (await tv.device.post('/api/device/v1/voice/understand', { text: 'I need a toothbrush' })).body.data?.slots?.item?.name)
      .toBe('牙刷');
  });

  it('refuses a wrong body on its field, another hotel’s goods as not found, and other user types and permissions', async () => {
    const shop = await shopWith(b.hotel, [{ name: '枕头', nameEn: 'pillow' }]);
    const empty = await a.hotel.withLang('en-US').post('/api/goods-sync', { shopGoodsIds: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['shopGoodsIds']);
    const zh = await a.hotel.withLang('zh-CN').post('/api/goods-sync', { shopGoodsIds: ['x'] });
    expect(zh.status).toBe(422);
    expect(zh.body.errors.shopGoodsIds).toBeDefined();
    expect((await a.hotel.post('/api/goods-sync', { shopGoodsIds: [1], extra: true })).status).toBe(422);
    // Tenant isolation: b's goods are not a's to sync, and b's preview is b's alone.
    const foreign = await a.hotel.post('/api/goods-sync', { shopGoodsIds: [shop['枕头']] });
    expect(foreign.status).toBe(404);
    expect((await aiGoodsOf(b.hotel)).map((row) => row.name)).not.toContain('枕头');
    const mine = (await a.hotel.get<GoodsSyncView>('/api/goods-sync')).body.data;
    expect(mine.items.map((row) => row.shopGoodsId)).not.toContain(shop['枕头']);
    expect((await b.hotel.get<GoodsSyncView>('/api/goods-sync')).body.data.items.map((row) => row.shopGoodsId)).toEqual([shop['枕头']]);
    // Hotel pages: the brand and the platform are refused, as is a hotel user without the permissions.
    for (const other of [a.brand, platform]) {
      expect((await other.get('/api/goods-sync')).status).toBe(403);
      expect((await other.post('/api/goods-sync', {})).status).toBe(403);
    }
    const reader = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: ['goodsSync.read'] }));
    expect((await reader.get('/api/goods-sync')).status).toBe(200);
    expect((await reader.post('/api/goods-sync', {})).status).toBe(403);
  });
});

describe('the platform’s AI pages', () => {
  it('/ai/project_config lists each hotel’s AI voice flag, the settings that apply and what it has', async () => {
    await setHotel(b.hotelIds[0], { aiVoice: true, settings: { ai_publish_threshold: 75, open_xb: true } });
    await created(b.hotel, 'ai-instructions', { name: 'faq', content: JSON.stringify({ intent: 'tv.openFaq', do: 'openArea', area: 'faq' }) });
    const res = await platform.get<{ items: ProjectConfigRow[]; total: number; engine: { languages: string[]; defaultThreshold: number } }>(`/api/ai/project-config?brandId=${b.brandId}&pagesize=10`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.engine).toMatchObject({ languages: ['zh', 'en'], defaultThreshold: 90 });
    const [on, off] = res.body.data.items;
    expect(on).toMatchObject({ hotelId: b.hotelIds[0], aiVoice: true, openXb: true, threshold: 75, thresholdOwn: true, escalateMinutes: 10, escalateOwn: false, instructions: 1, publishedSet: null });
    expect(off).toMatchObject({ hotelId: b.hotelIds[1], aiVoice: false, openXb: false, threshold: 90, thresholdOwn: false, instructions: 0 });
    // Filters: the flag, the name.
    const flagged = (await platform.get<{ items: ProjectConfigRow[] }>(`/api/ai/project-config?brandId=${b.brandId}&aiVoice=false`)).body.data.items;
    expect(flagged.map((row) => row.hotelId)).toEqual([b.hotelIds[1]]);
    const [hotel] = await t.database.db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, b.hotelIds[1]));
    expect((await platform.get<{ items: ProjectConfigRow[] }>(`/api/ai/project-config?keyword=${encodeURIComponent(hotel!.name)}`)).body.data.items.map((row) => row.hotelId)).toEqual([b.hotelIds[1]]);
    // Its query is checked on the field.
    const bad = await platform.get('/api/ai/project-config?pagesize=1000&aiVoice=maybe');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['aiVoice', 'pagesize']);
  });

  it('/ai/config_check finds what each AI hotel’s TVs would miss, the worst first, in the request’s language', async () => {
    const tenant = await createTenant(t, PERMISSIONS);
    const [broken, fine] = tenant.hotelIds;
    await setHotel(broken, { aiVoice: true });
    await setHotel(fine, { aiVoice: true });
    const hotel = tenant.hotel;
    await created(hotel, 'ai-instructions', { name: 'ghost', content: JSON.stringify({ intent: 'service.ghost', do: 'serviceCall' }) });
    await created(hotel, 'ai-intents', { name: 'room.lights', slots: 'device,onoff', examplesEn: 'turn off the lights\nlights on' });
    await created(hotel, 'ai-instructions', { name: 'lights', content: JSON.stringify({ intent: 'room.lights', do: 'room', device: 'light' }) });
    await shopWith(hotel, [{ name: '毛巾', nameEn: 'towel' }]);
    await created(hotel, 'ai-info', { question: 'Where is the gym?', answerZh: '三楼' }).then((id) => hotel.post(`/api/records/ai-info/${id}/actions/submit`));

    const res = await platform.withLang('en-US').get<{ items: ConfigCheckRow[]; total: number }>(`/api/ai/config-check?brandId=${tenant.brandId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second] = res.body.data.items;
    expect(first!.hotelId).toBe(broken);
    expect(first!.status).toBe('error');
    expect(first!.findings.map((finding) => finding.code)).toEqual(['unknownIntent', 'noPublishedSet', 'serviceWithoutGoods', 'roomWithoutGateway', 'infoInReview', 'goodsNotSynced']);
    expect(first!.findings[0]).toMatchObject({ severity: 'error', page: '/ai/instructions', message: 'The instruction "ghost" names the intent service.ghost, which the hotel’s model does not know' });
    expect(second).toMatchObject({ hotelId: fine, status: 'warning' });
    expect(second!.findings.map((finding) => finding.code)).toContain('noPublishedSet');
    const zh = (await platform.withLang('zh-CN').get<{ items: ConfigCheckRow[] }>(`/api/ai/config-check?brandId=${tenant.brandId}&status=error`)).body.data.items;
    expect(zh.map((row) => row.hotelId)).toEqual([broken]);
    expect(zh[0]!.findings.find((f) => f.code === 'goodsNotSynced')!.message).toBe('1件商城商品尚未同步到AI物品');

    // Put right: goods synced, the ghost instruction gone: those findings go.
    await hotel.post('/api/goods-sync', {});
    const rows = (await hotel.get('/api/records/ai-instructions?pagesize=100')).body.data.items as { id: number; name: string }[];
    await hotel.delete(`/api/records/ai-instructions/${rows.find((row) => row.name === 'ghost')!.id}`);
    const now = (await platform.get<{ items: ConfigCheckRow[] }>(`/api/ai/config-check?brandId=${tenant.brandId}&status=warning`)).body.data.items.find((row) => row.hotelId === broken)!;
    expect(now.findings.map((finding) => finding.code)).toEqual(['noPublishedSet', 'roomWithoutGateway', 'infoInReview']);
    expect((await platform.get('/api/ai/config-check?status=bad')).status).toBe(422);
  });

  it('are the platform’s alone: brands and hotels are refused, however super', async () => {
    for (const client of [a.brand, a.hotel, b.hotel]) {
      expect((await client.get('/api/ai/project-config')).status).toBe(403);
      expect((await client.get('/api/ai/config-check')).status).toBe(403);
    }
    const superHotel = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], isSuper: true }));
    expect((await superHotel.get('/api/ai/project-config')).status).toBe(403);
    const operator = await clientFor(t, await createUser(t.database.db, { userType: 1, permissions: ['aiProjectConfig.read'] }));
    expect((await operator.get('/api/ai/project-config')).status).toBe(200);
    expect((await operator.get('/api/ai/config-check')).status).toBe(403);
  });
});

/** Opens the live channel as `client` and collects its events. */
async function openLive(base: string, client: Client) {
  const events: CallEvent[] = [];
  const controller = new AbortController();
  const response = await fetch(`${base}/api/ai/service-calls/live`, { headers: { authorization: `Bearer ${client.token}`, accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as CallEvent);
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, close: () => controller.abort() };
}

describe('the service calls’ live channel', () => {
  it('tells the staff page of a new call and of each change, within the caller’s reach only', async () => {
    const base = await listeningUrl(t);
    await setHotel(a.hotelIds[0], { aiVoice: true });
    const staff = await openLive(base, a.hotel);
    const sibling = await openLive(base, a.sibling);
    const brand = await openLive(base, a.brand);
    const outsider = await openLive(base, b.hotel);
    try {
      const tv = await hotelTv(t, a.hotelIds[0]);
      const saved = await tv.device.post<{ id: number }>('/api/web/ai/customer_demand/save', { content: 'two towels please' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const id = saved.body.data.id;
      await expect.poll(() => staff.events.find((event) => event.id === id)).toMatchObject({ id, hotelId: a.hotelIds[0], status: 'pending', kind: 'new', call: { id, content: 'two towels please', mac: tv.mac, status: 'pending', score: null } });
      await expect.poll(() => brand.events.some((event) => event.id === id)).toBe(true);
      expect((await a.hotel.post(`/api/records/ai-service-calls/${id}/actions/process`)).status).toBe(200);
      await expect.poll(() => staff.events.filter((event) => event.id === id).map((event) => event.status)).toEqual(['pending', 'processing']);
      // Neither the sibling hotel nor another brand's hotel heard of it (their streams got everything sent before this one).
      await setHotel(b.hotelIds[0], { aiVoice: true });
      const marker = await (await hotelTv(t, b.hotelIds[0])).device.post<{ id: number }>('/api/web/ai/customer_demand/save', { content: 'marker' });
      expect(marker.status).toBe(200);
      await expect.poll(() => outsider.events.some((event) => event.id === marker.body.data.id)).toBe(true);
      expect(outsider.events.some((event) => event.id === id)).toBe(false);
      expect(sibling.events.some((event) => event.id === id)).toBe(false);
    } finally {
      for (const stream of [staff, sibling, brand, outsider]) stream.close();
    }
  });

  it('needs the call list’s permission, and a request that accepts a stream', async () => {
    const base = await listeningUrl(t);
    const reader = await clientFor(t, await createUser(t.database.db, { userType: 3, brandId: a.brandId, hotelId: a.hotelIds[0], permissions: ['goodsSync.read'] }));
    const accept = { accept: 'text/event-stream' };
    expect((await fetch(`${base}/api/ai/service-calls/live`, { headers: { authorization: `Bearer ${reader.token}`, ...accept } })).status).toBe(403);
    expect((await fetch(`${base}/api/ai/service-calls/live`, { headers: accept })).status).toBe(401);
    // A caller that does not ask for a stream gets an answer, not a call that never ends.
    const plain = await a.hotel.withLang('en-US').get('/api/ai/service-calls/live');
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ errkey: 'voice.liveAccept', errmsg: 'This channel answers text/event-stream only: send Accept: text/event-stream' });
  });
});
