import type { IntroductionConfigPart } from '@htv/shared/areas/introduction/device';
import type { MusicConfigPart } from '@htv/shared/areas/music/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishDueVersions } from '../src/areas/libresource/service.js';
import { tuneWav } from '../src/areas/music/tone.js';
import { sweepOrphanUploads } from '../src/files/sweep.js';
import { localDiskStorage } from '../src/files/storage.js';
import { files, hotels, introReviews, resourceFileRefs } from '../src/db/schema/index.js';
import { configPartOf, hotelTv, publicIdOf, type Tv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const PERMISSIONS = ['introduction', 'introCustom', 'music'].flatMap((record) => ['read', 'create', 'update', 'delete'].map((action) => `${record}.${action}`));

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** TVs of brand a's two hotels: the first is the library's source, the second receives versions. */
let sourceTv: Tv;
let siblingTv: Tv;

async function uploaded(client: Client, name: string, data: Buffer, rule: string): Promise<string> {
  const { payload, headers } = multipartBody({ name, data });
  const res = (await client.request('POST', `/api/files?rule=${rule}`, payload, headers)) as ApiResponse<{ id: string }>;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(path.startsWith('/') ? path : `/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const titlesOn = async (tv: Tv) => ((await configPartOf<IntroductionConfigPart>(tv, 'introduction'))?.types ?? []).flatMap((type) => type.items.map((item) => item.title['zh-CN']));
const songsOn = async (tv: Tv) => ((await configPartOf<MusicConfigPart>(tv, 'music'))?.albums ?? []).flatMap((album) => album.songs.map((song) => song.name));
const setHotel = (hotelId: number, values: { introSource?: string; reviewRequired?: boolean }) => t.database.db.update(hotels).set(values).where(eq(hotels.id, hotelId));
const message = (key: Parameters<typeof translate>[0]) => [translate(key, 'en-US')];

let typeId: number;
let libraryId: number;

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, PERMISSIONS);
  b = await createTenant(t, PERMISSIONS);
  sourceTv = await hotelTv(t, a.hotelIds[0]);
  siblingTv = await hotelTv(t, a.hotelIds[1]);
  // The source hotel's own content: an introduction and a song.
  const type = await created(a.hotel, 'intro-type', { name: '酒店概况' });
  typeId = type.id;
  await created(a.hotel, 'intro-item', { typeId, title: '大堂', text: '大堂介绍', backgroundId: await uploaded(a.hotel, 'lobby.png', png(160, 90), 'introImage') });
  const album = await created(a.hotel, 'music-album', { name: '轻松', nameEn: 'Easy' });
  await created(a.hotel, 'music-song', { name: '晨曲', albumId: album.id, fileId: await uploaded(a.hotel, 'tune.wav', tuneWav([[440, 1]], 1).data, 'musicFile') });
  // The sibling hotel has its own, different introduction.
  const own = await created(a.sibling, 'intro-type', { name: '自有' });
  await created(a.sibling, 'intro-item', { typeId: own.id, title: '自有介绍', text: '自有', backgroundId: await uploaded(a.sibling, 'own.png', png(160, 90), 'introImage') });
});

describe('libraries', () => {
  it('check the title (2-32) and the source hotel id (exactly 7 characters, a hotel of the brand)', async () => {
    const bad = await a.brand.post('/api/libresource/libraries', { title: 'A', sourceHotelId: '123' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ title: message('libresource.titleLength'), sourceHotelId: message('libresource.sourceIdLength') });
    const long = await a.brand.post('/api/libresource/libraries', { title: 'x'.repeat(33), sourceHotelId: await publicIdOf(t, a.hotelIds[0]) });
    expect(long.body.errors).toEqual({ title: message('libresource.titleLength') });
    // Another brand's hotel is refused on the field, as a missing one.
    const foreign = await a.brand.post('/api/libresource/libraries', { title: 'Foreign', sourceHotelId: await publicIdOf(t, b.hotelIds[0]) });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ sourceHotelId: message('libresource.sourceNotFound') });
    const zh = await a.brand.withLang('zh-CN').post('/api/libresource/libraries', { title: 'A', sourceHotelId: '1234567' });
    expect(zh.body.errors.title).toEqual([translate('libresource.titleLength', 'zh-CN')]);
  });

  it("copy a hotel's introductions and music, keeping the same files", async () => {
    const library = await created(a.brand, '/api/libresource/libraries', { title: '标准内容', sourceHotelId: await publicIdOf(t, a.hotelIds[0]) });
    libraryId = library.id;
    expect(library.counts).toEqual({ introTypes: 1, introItems: 1, introPages: 0, musicAlbums: 1, musicSongs: 1 });
    const view = await a.brand.get(`/api/libresource/libraries/${libraryId}`);
    expect(view.body.data.snapshot.introItems[0].title).toBe('大堂');
    // The background, the song (and no cover) are referenced, not copied.
    const refs = await t.database.db.select().from(resourceFileRefs).where(eq(resourceFileRefs.ownerId, libraryId));
    expect(refs.filter((ref) => ref.kind === 'library').map((ref) => ref.fileId).sort()).toEqual(
      [view.body.data.snapshot.introItems[0].backgroundId, view.body.data.snapshot.musicSongs[0].fileId].sort(),
    );
    // A later change of the hotel's content does not change the library.
    await created(a.hotel, 'intro-item', { typeId, title: '餐厅', text: '餐厅介绍', backgroundId: await uploaded(a.hotel, 'food.png', png(160, 90), 'introImage') });
    expect((await a.brand.get(`/api/libresource/libraries/${libraryId}`)).body.data.counts.introItems).toBe(1);
  });

  it("keep the files they name when the hotel removes its own row", async () => {
    const backgroundId = await uploaded(a.hotel, 'kept.png', png(160, 90), 'introImage');
    const item = await created(a.hotel, 'intro-item', { typeId, title: '临时', text: '临时介绍', backgroundId });
    const kept = await created(a.brand, '/api/libresource/libraries', { title: '保留文件', sourceHotelId: await publicIdOf(t, a.hotelIds[0]) });
    expect((await a.hotel.delete(`/api/records/intro-item/${item.id}`)).status).toBe(200);
    await t.database.db.update(files).set({ createdAt: new Date(Date.now() - 48 * 3_600_000) }).where(eq(files.id, backgroundId));
    await sweepOrphanUploads(t.database.db, localDiskStorage(t.config.dataDir), 24 * 3_600_000);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, backgroundId))).toHaveLength(1);
    // Deleted (no versions), the library lets the upload go.
    expect((await a.brand.delete(`/api/libresource/libraries/${kept.id}`)).status).toBe(200);
    await sweepOrphanUploads(t.database.db, localDiskStorage(t.config.dataDir), 24 * 3_600_000);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, backgroundId))).toHaveLength(0);
  });

  it('belong to their brand: another brand or a hotel can neither see nor send them', async () => {
    expect((await b.brand.get(`/api/libresource/libraries/${libraryId}`)).status).toBe(404);
    expect((await b.brand.get('/api/libresource/libraries')).body.data.items).toEqual([]);
    expect((await b.brand.delete(`/api/libresource/libraries/${libraryId}`)).status).toBe(404);
    expect((await b.brand.post('/api/libresource/versions', { libraryId, target: 'all' })).status).toBe(404);
    expect((await a.hotel.get('/api/libresource/libraries')).status).toBe(403);
    expect((await a.hotel.post('/api/libresource/versions', { libraryId, target: 'all' })).status).toBe(403);
  });
});

describe('versions', () => {
  it('need a send target, of the brand', async () => {
    const none = await a.brand.post('/api/libresource/versions', { libraryId });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ target: message('libresource.targetRequired') });
    const empty = await a.brand.post('/api/libresource/versions', { libraryId, target: 'hotels', hotelIds: [] });
    expect(empty.body.errors).toEqual({ hotelIds: message('libresource.targetRequired') });
    expect((await a.brand.post('/api/libresource/versions', { libraryId, target: 'hotels', hotelIds: [b.hotelIds[0]] })).status).toBe(404);
    const past = await a.brand.post('/api/libresource/versions', { libraryId, target: 'all', publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.body.errors).toEqual({ publishAt: message('libresource.publishAtPast') });
  });

  it("published at once reach a hotel whose source is the brand; a hotel whose source is itself keeps its own", async () => {
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    expect(await songsOn(siblingTv)).toEqual([]);
    const version = await created(a.brand, '/api/libresource/versions', { libraryId, target: 'hotels', hotelIds: [a.hotelIds[1]] });
    expect(version.state).toBe('published');
    expect(await titlesOn(siblingTv)).toEqual(['大堂']);
    expect(await songsOn(siblingTv)).toEqual(['晨曲']);
    // The signed files of the version play on that TV.
    const part = await configPartOf<MusicConfigPart>(siblingTv, 'music');
    expect((await t.app.inject({ method: 'GET', url: part!.albums[0]!.songs[0]!.url })).statusCode).toBe(200);
    const listed = await a.sibling.get('/api/web/hotel_lib_resource?type=intro&page=1&pagesize=10');
    expect(listed.body.data).toMatchObject({ source: 'brand', versionId: version.id, total: 1 });
    expect(listed.body.data.items[0].title).toBe('大堂');
    expect((await a.sibling.get('/api/web/hotel_lib_resource?type=music&page=2&pagesize=1')).body.data).toMatchObject({ items: [], total: 1 });
    expect((await a.sibling.get('/api/web/hotel_lib_resource?type=nothing')).status).toBe(422);
    expect((await a.brand.get('/api/web/hotel_lib_resource?type=intro')).status).toBe(403);
    const held = await a.brand.get(`/api/web/libversion_hotel/${a.hotelIds[1]}`);
    expect(held.body.data).toMatchObject({ shown: 'brand', version: { id: version.id, libraryTitle: '标准内容' } });
    expect((await a.sibling.get(`/api/web/show_libversion/${version.id}`)).body.data.id).toBe(version.id);
    // Not sent to the source hotel: it shows its own (now two items).
    expect((await a.hotel.get(`/api/web/show_libversion/${version.id}`)).status).toBe(404);
    expect(await titlesOn(sourceTv)).toHaveLength(2);
    // Isolation of the web calls.
    expect((await a.hotel.get(`/api/web/libversion_hotel/${a.hotelIds[1]}`)).status).toBe(404);
    expect((await b.brand.get(`/api/web/libversion_hotel/${a.hotelIds[1]}`)).status).toBe(404);
    expect((await b.brand.get(`/api/web/show_libversion/${version.id}`)).status).toBe(404);
    expect((await b.hotel.get('/api/web/hotel_lib_resource?type=intro')).body.data.source).toBe('hotel');

    // The hotel's source switched to itself: its own content again.
    await setHotel(a.hotelIds[1], { introSource: 'hotel' });
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    expect((await a.sibling.get('/api/web/hotel_lib_resource?type=intro')).body.data.source).toBe('hotel');
    await setHotel(a.hotelIds[1], { introSource: 'brand' });
    expect(await titlesOn(siblingTv)).toEqual(['大堂']);
    // Cancelled once published: withdrawn, the hotel's own shows again.
    expect((await b.brand.post(`/api/libresource/versions/${version.id}/cancel`)).status).toBe(404);
    expect((await a.brand.post(`/api/libresource/versions/${version.id}/cancel`)).body.data.state).toBe('cancelled');
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    // A library with versions stays.
    expect((await a.brand.delete(`/api/libresource/libraries/${libraryId}`)).status).toBe(409);
  });

  it('published at a time: not yet published until then, cancelled before it applies', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const timed = await created(a.brand, '/api/libresource/versions', { libraryId, target: 'all', publishAt: at.toISOString() });
    expect(timed.state).toBe('pending');
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    expect(await publishDueVersions(t.database.db, new Date(at.getTime() - 1_000))).toBe(0);
    expect(await publishDueVersions(t.database.db, new Date(at.getTime() + 1_000))).toBe(1);
    expect((await a.brand.get(`/api/web/show_libversion/${timed.id}`)).body.data.state).toBe('published');
    expect(await titlesOn(siblingTv)).toEqual(['大堂']);

    const later = await created(a.brand, '/api/libresource/versions', { libraryId, target: 'all', publishAt: new Date(Date.now() + 7_200_000).toISOString() });
    expect((await a.brand.post(`/api/libresource/versions/${later.id}/cancel`)).body.data.state).toBe('cancelled');
    expect(await publishDueVersions(t.database.db, new Date(Date.now() + 10_800_000))).toBe(0);
    const again = await a.brand.post(`/api/libresource/versions/${later.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.errkey).toBe('libresource.notCancellable');
    const list = await a.brand.get('/api/libresource/versions');
    expect(list.body.data.items.map((v: { state: string }) => v.state)).toEqual(['cancelled', 'published', 'cancelled']);
    expect((await b.brand.get('/api/libresource/versions')).body.data.items).toEqual([]);
    await a.brand.post(`/api/libresource/versions/${timed.id}/cancel`);
  });
});

describe('introduction review', () => {
  it("holds a hotel's changes until its brand passes them; a failed or pending change never reaches the TV", async () => {
    const hotelId = a.hotelIds[1];
    await setHotel(hotelId, { introSource: 'hotel', reviewRequired: true });
    const [item] = ((await a.sibling.get('/api/records/intro-item')).body.data.items as Record<string, any>[]).filter((row) => row.title === '自有介绍');
    const edit = (title: string) => a.sibling.put(`/api/records/intro-item/${item!.id}`, { typeId: item!.typeId, text: item!.text, backgroundId: item!.backgroundId, title });
    // Written before the requirement: shown as it is.
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);

    const changed = await edit('改后介绍');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    const fresh = await created(a.sibling, 'intro-item', { typeId: item!.typeId, title: '新增介绍', text: '新', backgroundId: await uploaded(a.sibling, 'new.png', png(160, 90), 'introImage') });
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);

    const pending = await a.brand.get('/api/libresource/reviews?state=review');
    expect(pending.body.data.items.map((row: { title: string }) => row.title).sort()).toEqual(['改后介绍', '新增介绍']);
    // Another brand sees nothing and reviews nothing; a hotel reviews nothing.
    expect((await b.brand.get('/api/libresource/reviews')).body.data.items).toEqual([]);
    expect((await b.brand.post(`/api/libresource/reviews/${item!.id}/pass`)).status).toBe(404);
    expect((await a.sibling.post(`/api/libresource/reviews/${item!.id}/pass`)).status).toBe(403);
    expect((await a.sibling.get('/api/libresource/reviews')).status).toBe(403);

    // Fail needs a reason; failed, the TV keeps the last passed content.
    const noReason = await a.brand.post(`/api/libresource/reviews/${item!.id}/fail`, { reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: message('libresource.reasonRequired') });
    expect((await a.brand.post(`/api/libresource/reviews/${item!.id}/fail`, { reason: '图片不清晰' })).body.data.state).toBe('fail');
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    expect((await a.brand.post(`/api/libresource/reviews/${item!.id}/pass`)).status).toBe(409);
    const [failed] = await t.database.db.select().from(introReviews).where(eq(introReviews.itemId, item!.id));
    expect(failed).toMatchObject({ state: 'fail', reason: '图片不清晰' });
    // The hotel sees its own items' review and the reason; another hotel sees none of them.
    const mine = await a.sibling.get('/api/libresource/hotel-reviews');
    expect(mine.body.data.items.find((row: { itemId: number }) => row.itemId === item!.id)).toMatchObject({ state: 'fail', reason: '图片不清晰', title: '改后介绍' });
    expect((await a.hotel.get('/api/libresource/hotel-reviews')).body.data.items).toEqual([]);

    // Changed again and passed: the TV shows it; the new item once passed too.
    await edit('第二次修改');
    expect(await titlesOn(siblingTv)).toEqual(['自有介绍']);
    expect((await a.brand.post(`/api/libresource/reviews/${item!.id}/pass`)).body.data.state).toBe('pass');
    expect(await titlesOn(siblingTv)).toEqual(['第二次修改']);
    await a.brand.post(`/api/libresource/reviews/${fresh.id}/pass`);
    expect((await titlesOn(siblingTv)).sort()).toEqual(['新增介绍', '第二次修改'].sort());

    // Without the requirement, a hotel's change is published directly.
    await setHotel(hotelId, { reviewRequired: false });
    await edit('直接发布');
    expect((await titlesOn(siblingTv)).sort()).toEqual(['新增介绍', '直接发布'].sort());
  });
});
