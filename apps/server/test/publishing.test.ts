import type { GuestMessagesPart } from '@htv/shared/areas/guestmessages/device';
import type { NoticesPart } from '@htv/shared/areas/notices/device';
import type { SubtitlesPart } from '@htv/shared/areas/subtitles/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishDue } from '../src/areas/publishing/service.js';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

const rights = (record: string) => ['read', 'create', 'update', 'delete', 'publish', 'cancelPublish'].map((action) => `${record}.${action}`);
const HOTEL_RIGHTS = [...rights('guestMessage'), ...rights('messageNotice'), ...rights('subtitle'), 'tourGroup.read', 'tourGroup.create', 'tourGroup.update', 'room.read', 'room.create', 'pmsLog.read', 'pmsInterface.manage'];

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
/** Hotel A's TVs: two in 801, one in 802, one in 803. */
let tv801: Tv;
let tv801b: Tv;
let tv802: Tv;
let tv803: Tv;
let bTv: Tv;
let groupId: number;

async function roomTv(hotelId: number, roomNumber: string): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId), roomNumber });
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function act(client: Client, path: string, id: number, action: 'publish' | 'cancelPublish') {
  return client.post(`/api/records/${path}/${id}/actions/${action}`, {});
}

async function published(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const row = await created(client, path, body);
  const res = await act(client, path, row.id, 'publish');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const messagesOn = async (tv: Tv) => (await configPartOf<GuestMessagesPart | null>(tv, 'guestMessages'))?.messages ?? [];
const noticesOn = async (tv: Tv) => (await configPartOf<NoticesPart | null>(tv, 'notices'))?.notices ?? [];
const subtitlesOn = async (tv: Tv) => (await configPartOf<SubtitlesPart | null>(tv, 'subtitles'))?.subtitles ?? [];
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);
const receipt = (tv: Tv, kind: string, ids: number[], state: 'delivered' | 'read') => tv.device.post('/api/device/v1/publishing/receipts', { kind, ids, state });

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL_RIGHTS);
  b = await createTenant(t, HOTEL_RIGHTS);
  await createRooms(a.hotel, ['801', '802', '803']);
  await createRooms(a.sibling, ['801', '901']);
  await createRooms(b.hotel, ['801']);
  [tv801, tv801b, tv802, tv803] = [await roomTv(a.hotelIds[0], '801'), await roomTv(a.hotelIds[0], '801'), await roomTv(a.hotelIds[0], '802'), await roomTv(a.hotelIds[0], '803')];
  bTv = await roomTv(b.hotelIds[0], '801');
  groupId = (await created(a.hotel, 'tour-groups', { code: 'TG-P', name: 'Tour P', rooms: '802, 803' })).id;
  // Building the app on a shared machine can take more than the default minute.
}, 240_000);

describe('guest messages: the spec rules', () => {
  it('require the content, at most 1,000 characters, and the rooms or group their method needs', async () => {
    const empty = await a.hotel.post('/api/records/guest-messages', { publishMethod: 'all' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['content']);
    const long = await a.hotel.post('/api/records/guest-messages', { content: 'x'.repeat(1001), publishMethod: 'all' });
    expect(long.status).toBe(422);
    expect(long.body.errors.content).toBeDefined();
    expect((await a.hotel.post('/api/records/guest-messages', { content: 'x'.repeat(1000), publishMethod: 'all' })).status).toBe(200);
    const noRooms = await a.hotel.post('/api/records/guest-messages', { content: 'Hi', publishMethod: 'rooms' });
    expect(noRooms.status).toBe(422);
    expect(noRooms.body.errors.rooms).toEqual([translate('publishing.roomsRequired', 'en-US')]);
    const noGroup = await a.hotel.post('/api/records/guest-messages', { content: 'Hi', publishMethod: 'group' });
    expect(noGroup.status).toBe(422);
    expect(noGroup.body.errors.tourGroupId).toEqual([translate('publishing.groupRequired', 'en-US')]);
    const unknown = await a.hotel.post('/api/records/guest-messages', { content: 'Hi', publishMethod: 'rooms', rooms: '801, 999, 998' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.rooms).toEqual([translate('publishing.unknownRooms', 'en-US', { rooms: '999, 998' })]);
    const zh = await a.hotel.request('POST', '/api/records/guest-messages', { content: 'Hi', publishMethod: 'rooms' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.errors.rooms).toEqual([translate('publishing.roomsRequired', 'zh-CN')]);
  });

  it('are unpublished until published, then published whatever their target; cancel and publish again', async () => {
    const row = await created(a.hotel, 'guest-messages', { content: 'Your laundry is ready', publishMethod: 'rooms', rooms: '802' });
    expect(row).toMatchObject({ publishState: 'unpublished', publishedAt: null, source: 'console' });
    expect(idsOf(await messagesOn(tv802))).not.toContain(row.id);
    const live = await act(a.hotel, 'guest-messages', row.id, 'publish');
    expect(live.body.data).toMatchObject({ publishState: 'published', publishedAt: expect.any(String) });
    expect((await act(a.hotel, 'guest-messages', row.id, 'publish')).status).toBe(409);
    const shown = (await messagesOn(tv802)).find((m) => m.id === row.id);
    expect(shown).toEqual({ id: row.id, content: 'Your laundry is ready', publishedAt: expect.any(String), read: false });
    expect(Math.abs(Date.parse(shown!.publishedAt) - Date.now())).toBeLessThan(60_000);
    expect(idsOf(await messagesOn(tv801))).not.toContain(row.id);
    expect((await act(a.hotel, 'guest-messages', row.id, 'cancelPublish')).body.data.publishState).toBe('cancelled');
    expect(idsOf(await messagesOn(tv802))).not.toContain(row.id);
    expect((await act(a.hotel, 'guest-messages', row.id, 'publish')).body.data.publishState).toBe('published');
    expect(idsOf(await messagesOn(tv802))).toContain(row.id);
  });
});

describe('publishing: targets', () => {
  it('by room, by tour group and to all rooms reach exactly those rooms', async () => {
    const byRoom = await published(a.hotel, 'message-notices', { contentEn: 'Pool closes at 22:00', publishMethod: 'rooms', rooms: '801\n803' });
    expect(byRoom.publishState).toBe('byRoom');
    const byGroup = await published(a.hotel, 'message-notices', { content: '团队早餐7点', publishMethod: 'group', tourGroupId: groupId });
    expect(byGroup.publishState).toBe('byTourGroup');
    const toAll = await published(a.hotel, 'message-notices', { content: '欢迎', contentEn: 'Welcome', publishMethod: 'all' });
    expect(toAll.publishState).toBe('allPublished');
    expect(idsOf(await noticesOn(tv801))).toEqual(expect.arrayContaining([byRoom.id, toAll.id]));
    expect(idsOf(await noticesOn(tv801))).not.toContain(byGroup.id);
    expect(idsOf(await noticesOn(tv802))).toEqual(expect.arrayContaining([byGroup.id, toAll.id]));
    expect(idsOf(await noticesOn(tv802))).not.toContain(byRoom.id);
    expect(idsOf(await noticesOn(tv803))).toEqual(expect.arrayContaining([byRoom.id, byGroup.id, toAll.id]));
    const notice = (await noticesOn(tv801)).find((n) => n.id === toAll.id);
    expect(notice?.content).toEqual({ 'zh-CN': '欢迎', en: 'Welcome' });
    // The group grows: its new room gets what was published to the group.
    expect((await a.hotel.put(`/api/records/tour-groups/${groupId}`, { code: 'TG-P', name: 'Tour P', rooms: '801, 802, 803' })).status).toBe(200);
    expect(idsOf(await noticesOn(tv801))).toContain(byGroup.id);
    await a.hotel.put(`/api/records/tour-groups/${groupId}`, { code: 'TG-P', name: 'Tour P', rooms: '802, 803' });
    // Changing a live item's target changes its state and where it shows.
    const moved = await a.hotel.put(`/api/records/message-notices/${byRoom.id}`, { contentEn: 'Pool closes at 22:00', publishMethod: 'all' });
    expect(moved.body.data.publishState).toBe('allPublished');
    expect(idsOf(await noticesOn(tv802))).toContain(byRoom.id);
  });

  it('notices need one content language and a publish method (the spec messages)', async () => {
    const none = await a.hotel.post('/api/records/message-notices', { publishMethod: 'all', content: '  ' });
    expect(none.status).toBe(422);
    expect(none.body.errors.content).toEqual([translate('notices.contentRequired', 'en-US')]);
    const noMethod = await a.hotel.post('/api/records/message-notices', { content: 'Hi', publishMethod: null });
    expect(noMethod.status).toBe(422);
    expect(noMethod.body.errors.publishMethod).toBeDefined();
    const noRoom = await a.hotel.post('/api/records/message-notices', { content: 'Hi', publishMethod: 'rooms', rooms: '' });
    expect(noRoom.body.errors.rooms).toEqual([translate('publishing.roomsRequired', 'en-US')]);
    const noGroup = await a.hotel.post('/api/records/message-notices', { content: 'Hi', publishMethod: 'group' });
    expect(noGroup.body.errors.tourGroupId).toEqual([translate('publishing.groupRequired', 'en-US')]);
    // Emptying every language on update is refused too.
    const row = await created(a.hotel, 'message-notices', { contentKo: '안녕하세요', publishMethod: 'all' });
    expect((await a.hotel.put(`/api/records/message-notices/${row.id}`, { contentKo: '' })).status).toBe(422);
  });

  it('publishes at a chosen time, once, whichever process claims it', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const row = await published(a.hotel, 'message-notices', { contentEn: 'Fireworks tonight', publishMethod: 'rooms', rooms: '802', publishAt: at.toISOString() });
    expect(row).toMatchObject({ publishState: 'scheduled', publishedAt: null });
    expect(idsOf(await noticesOn(tv802))).not.toContain(row.id);
    expect(await publishDue(t.database.db, new Date(at.getTime() - 1000))).toBe(0);
    // Two schedulers at the same moment: one claims it.
    const fired = await Promise.all([publishDue(t.database.db, at), publishDue(t.database.db, at)]);
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await publishDue(t.database.db, new Date(at.getTime() + 60_000))).toBe(0);
    const after = (await a.hotel.get(`/api/records/message-notices/${row.id}`)).body.data;
    expect(after.publishState).toBe('byRoom');
    expect(Date.parse(after.publishedAt)).toBe(at.getTime());
    expect(idsOf(await noticesOn(tv802))).toContain(row.id);
  });

  it('cancels a scheduled item before its time: it never fires', async () => {
    const at = new Date(Date.now() + 7_200_000);
    const row = await published(a.hotel, 'guest-messages', { content: 'Later', publishMethod: 'all', publishAt: at.toISOString() });
    expect(row.publishState).toBe('scheduled');
    expect((await act(a.hotel, 'guest-messages', row.id, 'cancelPublish')).body.data.publishState).toBe('cancelled');
    await publishDue(t.database.db, new Date(at.getTime() + 1000));
    expect((await a.hotel.get(`/api/records/guest-messages/${row.id}`)).body.data.publishState).toBe('cancelled');
    expect(idsOf(await messagesOn(tv801))).not.toContain(row.id);
  });
});

describe('scrolling subtitles', () => {
  const valid = { content: '泳池今晚22:00关闭', contentEn: 'The pool closes at 22:00 tonight', startDate: '2026-01-01', endDate: '2099-12-31', startTime: '08:00', endTime: '22:00', publishMethod: 'all' };

  it('require the dates, the daily times and a content language; the end not before the start', async () => {
    const empty = await a.hotel.post('/api/records/subtitles', { publishMethod: 'all' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['endDate', 'endTime', 'startDate', 'startTime']);
    const noText = await a.hotel.post('/api/records/subtitles', { ...valid, content: null, contentEn: null });
    expect(noText.body.errors.content).toEqual([translate('subtitles.contentRequired', 'en-US')]);
    const backwards = await a.hotel.post('/api/records/subtitles', { ...valid, startDate: '2026-12-02', endDate: '2026-12-01' });
    expect(backwards.body.errors.endDate).toEqual([translate('subtitles.endBeforeStart', 'en-US')]);
    const late = await a.hotel.post('/api/records/subtitles', { ...valid, startTime: '22:00', endTime: '08:00' });
    expect(late.body.errors.endTime).toEqual([translate('subtitles.endTimeBeforeStart', 'en-US')]);
    const bad = await a.hotel.post('/api/records/subtitles', { ...valid, startTime: '25:00', fontColor: 'red', speed: 'warp', fontSize: 4 });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['fontColor', 'fontSize', 'speed', 'startTime']);
    expect(bad.body.errors.fontColor).toEqual([translate('subtitles.colour', 'en-US')]);
  });

  it('are all published or partially published, and reach the TVs while enabled', async () => {
    const all = await published(a.hotel, 'subtitles', valid);
    expect(all.publishState).toBe('allPublished');
    const some = await published(a.hotel, 'subtitles', { ...valid, contentEn: 'Room 802 only', publishMethod: 'rooms', rooms: '802', speed: 'fast', fontColor: '#FFEE00' });
    expect(some.publishState).toBe('partiallyPublished');
    expect(idsOf(await subtitlesOn(tv801))).toContain(all.id);
    expect(idsOf(await subtitlesOn(tv801))).not.toContain(some.id);
    const shown = (await subtitlesOn(tv802)).find((s) => s.id === some.id);
    expect(shown).toMatchObject({ startDate: '2026-01-01', endDate: '2099-12-31', startTime: '08:00', endTime: '22:00', fontColor: '#FFEE00', pixelsPerSecond: 240, content: { 'zh-CN': valid.content, en: 'Room 802 only' } });
    await a.hotel.put(`/api/records/subtitles/${all.id}`, { ...valid, enabled: false });
    expect(idsOf(await subtitlesOn(tv801))).not.toContain(all.id);
    expect((await b.hotel.get(`/api/records/subtitles/${some.id}`)).status).toBe(404);
    expect(idsOf(await subtitlesOn(bTv))).not.toContain(some.id);
  });
});

describe('publishing: receipts', () => {
  it('records delivered and read per terminal and room; the room shares what was read', async () => {
    const row = await published(a.hotel, 'guest-messages', { content: 'Welcome fruit in your room', publishMethod: 'rooms', rooms: '801, 802' });
    const delivered = await receipt(tv801, 'guestMessage', [row.id], 'delivered');
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.data.recorded).toBe(1);
    await receipt(tv802, 'guestMessage', [row.id], 'delivered');
    let view = (await a.hotel.get(`/api/publishing/guest-messages/${row.id}/receipts`)).body.data;
    expect(view).toMatchObject({ targetRooms: 2, deliveredRooms: 2, readRooms: 0 });
    expect((await messagesOn(tv801b)).find((m) => m.id === row.id)?.read).toBe(false);
    expect((await receipt(tv801, 'guestMessage', [row.id], 'read')).body.data.recorded).toBe(1);
    view = (await a.hotel.get(`/api/publishing/guest-messages/${row.id}/receipts`)).body.data;
    expect(view).toMatchObject({ targetRooms: 2, deliveredRooms: 2, readRooms: 1 });
    const room801 = view.rooms.find((r: any) => r.roomNumber === '801');
    expect(room801.terminals).toEqual([{ terminalId: tv801.terminalId, mac: tv801.mac, deliveredAt: expect.any(String), readAt: expect.any(String) }]);
    // The other TV of the room shows it read.
    expect((await messagesOn(tv801b)).find((m) => m.id === row.id)?.read).toBe(true);
    // A first read time stays: a second read changes nothing.
    const firstRead = room801.terminals[0].readAt;
    await receipt(tv801, 'guestMessage', [row.id], 'read');
    expect((await a.hotel.get(`/api/publishing/guest-messages/${row.id}/receipts`)).body.data.rooms.find((r: any) => r.roomNumber === '801').terminals[0].readAt).toBe(firstRead);
    // A room the message is not for, another hotel's TV, an unknown kind: nothing recorded.
    expect((await receipt(tv803, 'guestMessage', [row.id], 'read')).body.data.recorded).toBe(0);
    expect((await receipt(bTv, 'guestMessage', [row.id], 'read')).body.data.recorded).toBe(0);
    expect((await receipt(tv801, 'stay', [row.id], 'read')).body.data.recorded).toBe(0);
    expect((await receipt(tv801, 'guestMessage', [], 'read')).status).toBe(422);
    expect((await tv801.device.post('/api/device/v1/publishing/receipts', { kind: 'guestMessage', ids: [row.id], state: 'gone' })).status).toBe(422);
  });

  it('are rate-limited per terminal', async () => {
    const tv = await roomTv(a.hotelIds[0], '803');
    let status = 200;
    for (let i = 0; i < 70 && status === 200; i++) status = (await receipt(tv, 'messageNotice', [1], 'delivered')).status;
    expect(status).toBe(429);
  });
});

describe('guest messages and the stay', () => {
  let pms: HttpPms;
  const nextId = (() => {
    let n = 0;
    return (label: string) => `${label}-${Date.now()}-${++n}`;
  })();

  beforeAll(async () => {
    await usePmsVendor(t, platform, a.hotelIds[0], 'http');
    pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
  });

  it('withdraws the messages of a room at its guest’s check-out and lists them on the receipt', async () => {
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '803', reservation: 'R803', guest: { name: 'Lin Yu' } })).status).toBe(200);
    const own = await published(a.hotel, 'guest-messages', { content: 'Your taxi is here', publishMethod: 'rooms', rooms: '803' });
    const toAll = await published(a.hotel, 'guest-messages', { content: 'Breakfast until 10:30', publishMethod: 'all' });
    expect(idsOf(await messagesOn(tv803))).toEqual(expect.arrayContaining([own.id, toAll.id]));
    expect((await pms.send({ id: nextId('co'), type: 'checkOut', room: '803', reservation: 'R803' })).status).toBe(200);
    const after = idsOf(await messagesOn(tv803));
    expect(after).not.toContain(own.id);
    expect(after).not.toContain(toAll.id);
    // Other rooms keep the hotel-wide one.
    expect(idsOf(await messagesOn(tv801))).toContain(toAll.id);
    const stay = (await a.hotel.get('/api/records/stays?roomNumber=803&state=checkedOut')).body.data.items[0];
    const item = stay.receipt.find((line: any) => line.area === 'guestmessages');
    expect(item).toMatchObject({ key: 'publishing.receiptWithdrawn', count: expect.any(Number) });
    expect(item.items).toEqual(expect.arrayContaining([own.id, toAll.id]));
    const view = (await a.hotel.get(`/api/publishing/guest-messages/${own.id}/receipts`)).body.data;
    expect(view.rooms[0]).toMatchObject({ roomNumber: '803', withdrawnAt: expect.any(String) });
  });

  it('creates a message for the room on a PMS message waiting (XL/XM) and withdraws it on XD', async () => {
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '802', reservation: 'R802', guest: { name: 'Zhou Min' } })).status).toBe(200);
    const waiting = await pms.send({ id: nextId('xl'), type: 'messageWaiting', room: '802', reservation: 'R802', count: 1, text: 'Please call Mr Li' });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    const console = (await a.hotel.get('/api/records/guest-messages?source=pms')).body.data.items;
    expect(console[0]).toMatchObject({ content: 'Please call Mr Li', publishState: 'published', publishMethod: 'rooms', rooms: '802', source: 'pms' });
    const console_ = await published(a.hotel, 'guest-messages', { content: 'From the front desk', publishMethod: 'rooms', rooms: '802' });
    expect(idsOf(await messagesOn(tv802))).toEqual(expect.arrayContaining([console[0].id, console_.id]));
    expect((await pms.send({ id: nextId('xd'), type: 'messageWaiting', room: '802', reservation: 'R802', count: 0 })).status).toBe(200);
    const after = idsOf(await messagesOn(tv802));
    expect(after).not.toContain(console[0].id);
    // XD takes back the PMS's messages only.
    expect(after).toContain(console_.id);
  });
});

describe('publishing: chosen hotels of the brand', () => {
  const send = (client: Client, path: string, id: number, hotelIds: number[]) => client.post(`/api/publishing/${path}/${id}/send-to-hotels`, { hotelIds });
  const noticesOfHotel = async (hotelId: number) => (await a.brand.get(`/api/records/message-notices?hotelId=${hotelId}&pagesize=100`)).body.data.items as Record<string, any>[];

  it('sends a brand’s item to its other hotels as each hotel’s own, live for all rooms, published as the item is', async () => {
    const sibling901 = await roomTv(a.hotelIds[1], '901');
    const live = await published(a.brand, 'message-notices', { hotelId: a.hotelIds[0], contentEn: 'Brand week: 20% off', content: '品牌周', publishMethod: 'rooms', rooms: '801' });
    const sent = await send(a.brand, 'message-notices', live.id, [a.hotelIds[1]]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [copy] = sent.body.data.copies as { id: number; hotelId: number }[];
    expect(copy!.hotelId).toBe(a.hotelIds[1]);
    const row = (await a.brand.get(`/api/records/message-notices/${copy!.id}`)).body.data;
    expect(row).toMatchObject({ hotelId: a.hotelIds[1], contentEn: 'Brand week: 20% off', content: '品牌周', publishMethod: 'all', rooms: null, publishState: 'allPublished', publishedAt: expect.any(String) });
    expect(idsOf(await noticesOn(sibling901))).toContain(copy!.id);
    // The sibling hotel's own user sees, and may cancel, its copy; the original stays where it was.
    expect((await act(a.sibling, 'message-notices', copy!.id, 'cancelPublish')).status).toBe(200);
    expect((await a.brand.get(`/api/records/message-notices/${live.id}`)).body.data.publishState).toBe('byRoom');

    // A scheduled item's copies wait for the same time; an unpublished item's stay unpublished.
    const at = new Date(Date.now() + 3_600_000);
    const later = await published(a.brand, 'message-notices', { hotelId: a.hotelIds[0], contentEn: 'Gala at eight', publishMethod: 'all', publishAt: at.toISOString() });
    const laterCopy = (await send(a.brand, 'message-notices', later.id, [a.hotelIds[1]])).body.data.copies[0];
    expect((await a.brand.get(`/api/records/message-notices/${laterCopy.id}`)).body.data).toMatchObject({ publishState: 'scheduled', publishedAt: null });
    expect(Date.parse((await a.brand.get(`/api/records/message-notices/${laterCopy.id}`)).body.data.publishAt)).toBe(at.getTime());
    const draft = await created(a.brand, 'guest-messages', { hotelId: a.hotelIds[0], content: 'Draft', publishMethod: 'all' });
    const draftCopy = (await send(a.brand, 'guest-messages', draft.id, [a.hotelIds[1]])).body.data.copies[0];
    expect((await a.brand.get(`/api/records/guest-messages/${draftCopy.id}`)).body.data.publishState).toBe('unpublished');
  });

  it('refuses the item’s own hotel, a hotel out of reach (writing nothing at all) and hotel users', async () => {
    const item = await created(a.brand, 'message-notices', { hotelId: a.hotelIds[0], contentEn: 'Once', publishMethod: 'all' });
    const own = await send(a.brand, 'message-notices', item.id, [a.hotelIds[0]]);
    expect(own.status).toBe(422);
    expect(own.body.errors.hotelIds).toEqual([translate('publishing.sendToOwnHotel', 'en-US')]);
    const before = (await noticesOfHotel(a.hotelIds[1])).length;
    // Hotel B is another brand's: the whole send is refused, the sibling gets no copy either.
    const outOfReach = await send(a.brand, 'message-notices', item.id, [a.hotelIds[1], b.hotelIds[0]]);
    expect(outOfReach.status).toBe(422);
    expect(outOfReach.body.errors.hotelIds).toEqual([translate('validation.hotelOutOfReach', 'en-US')]);
    expect((await noticesOfHotel(a.hotelIds[1])).length).toBe(before);
    // Another brand cannot send this brand's item, nor a hotel user any item.
    expect((await send(b.brand, 'message-notices', item.id, [b.hotelIds[0]])).status).toBe(404);
    expect((await send(a.hotel, 'message-notices', item.id, [a.hotelIds[1]])).status).toBe(403);
    expect((await send(a.brand, 'message-notices', item.id, [])).status).toBe(422);
  });
});

describe('tenant isolation', () => {
  it('keeps every item, action, receipt and part within its hotel', async () => {
    const row = await published(a.hotel, 'guest-messages', { content: 'Private', publishMethod: 'all' });
    const notice = await published(a.hotel, 'message-notices', { content: '私人', publishMethod: 'all' });
    for (const other of [b.hotel, b.brand, a.sibling]) {
      for (const [path, id] of [['guest-messages', row.id], ['message-notices', notice.id]] as const) {
        expect((await other.get(`/api/records/${path}/${id}`)).status).toBe(404);
        expect((await other.put(`/api/records/${path}/${id}`, { content: 'mine', publishMethod: 'all' })).status).toBe(404);
        expect((await act(other, path, id, 'cancelPublish')).status).toBe(404);
        expect((await other.get(`/api/publishing/${path}/${id}/receipts`)).status).toBe(404);
        expect((await other.request('DELETE', `/api/records/${path}/${id}`)).status).toBe(404);
        expect(idsOf((await other.get(`/api/records/${path}?pagesize=100`)).body.data.items)).not.toContain(id);
      }
    }
    // Another hotel's tour group cannot be a target, by a hotel user or by the brand for a sibling hotel.
    const bGroup = await created(b.hotel, 'tour-groups', { code: 'TG-B', name: 'B' });
    expect((await a.hotel.post('/api/records/guest-messages', { content: 'x', publishMethod: 'group', tourGroupId: bGroup.id })).status).toBe(404);
    const brandWrite = await a.brand.post('/api/records/guest-messages', { hotelId: a.hotelIds[1], content: 'x', publishMethod: 'group', tourGroupId: groupId });
    expect(brandWrite.status).toBe(422);
    expect(brandWrite.body.errors.tourGroupId).toEqual([translate('publishing.groupOfOtherHotel', 'en-US')]);
    // Rooms are the item's hotel's: 901 is the sibling's only.
    expect((await a.hotel.post('/api/records/guest-messages', { content: 'x', publishMethod: 'rooms', rooms: '901' })).status).toBe(422);
    // Hotel B's TV in a room of the same number gets none of it.
    expect(idsOf(await messagesOn(bTv))).not.toContain(row.id);
    expect(idsOf(await noticesOn(bTv))).not.toContain(notice.id);
    // The brand sees and publishes its hotels' items.
    expect((await a.brand.get(`/api/publishing/guest-messages/${row.id}/receipts`)).status).toBe(200);
    expect((await act(a.brand, 'guest-messages', row.id, 'cancelPublish')).status).toBe(200);
  });

  it('deletes an item with its receipts', async () => {
    const row = await published(a.hotel, 'guest-messages', { content: 'Gone soon', publishMethod: 'rooms', rooms: '801' });
    await receipt(tv801b, 'guestMessage', [row.id], 'read');
    expect((await a.hotel.request('DELETE', `/api/records/guest-messages/${row.id}`)).status).toBe(200);
    const { publishReceipts } = await import('../src/db/schema/index.js');
    const left = await t.database.db.select().from(publishReceipts).where(eq(publishReceipts.itemId, row.id));
    expect(left.filter((r) => r.kind === 'guestMessage')).toEqual([]);
  });
});
