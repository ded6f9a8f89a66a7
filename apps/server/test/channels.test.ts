import type { ChannelsConfigPart } from '@htv/shared/areas/channels/device';
import { eq, inArray } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { channelProgrammes } from '../src/areas/channels/schema.js';
import { hotels, recordTables } from '../src/db/schema/index.js';
import { configPartOf, hotelTv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const HOTEL = ['hotelChannel.read', 'hotelChannel.create', 'hotelChannel.update', 'channelSort.read', 'channelSort.update'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;
let otherAdmin: Client;

function send(client: Client, url: string, name: string, data: Buffer | string): Promise<ApiResponse<any>> {
  const { payload, headers } = multipartBody({ name, data: Buffer.from(data) });
  return client.request('POST', url, payload, headers);
}
const preview = (client: Client, text: string | Buffer, name = 'list.m3u') => send(client, '/api/admin/channels/import/preview', name, text);
const guide = (client: Client, data: string | Buffer, name = 'guide.xml') => send(client, '/api/admin/channels/guide', name, data);

/** One `#EXTINF` entry of a playlist. */
const entry = (c: { id?: string; chno?: number | string; name: string; url?: string; group?: string; logo?: string }) =>
  `#EXTINF:-1${c.id ? ` tvg-id="${c.id}"` : ''}${c.chno !== undefined ? ` tvg-chno="${c.chno}"` : ''}${c.logo ? ` tvg-logo="${c.logo}"` : ''}${c.group ? ` group-title="${c.group}"` : ''},${c.name}\n${c.url ?? `http://streams.example.com/${encodeURIComponent(c.name)}.m3u8`}\n`;
const playlist = (...entries: string[]) => `#EXTM3U\n${entries.join('')}`;

async function imported(text: string): Promise<any> {
  const res = await preview(platform, text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const applied = await platform.post('/api/admin/channels/import/apply', { token: res.body.data.token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return { preview: res.body.data, applied: applied.body.data };
}

async function channelsByEpg(ids: string[]) {
  const c = recordTables.channel!;
  return t.database.db.select().from(c).where(inArray(c.epgId, ids));
}

/** XMLTV time of a Date (UTC). */
const xmltv = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;
const programme = (channel: string, start: Date, hours: number, title: string) =>
  `<programme start="${xmltv(start)}" stop="${xmltv(new Date(start.getTime() + hours * 3_600_000))}" channel="${channel}"><title lang="zh">${title}</title><desc>…</desc></programme>`;

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  otherAdmin = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL);
  b = await createTenant(t, HOTEL);
});

describe('M3U import', () => {
  it('previews what is added, with tvg-chno as the number, and reports broken lines and duplicates', async () => {
    const text = playlist(
      entry({ id: 'news.one', chno: 10, name: 'News One', group: 'News', logo: 'https://logos.example.com/n1.png' }),
      entry({ id: 'news.two', chno: 2, name: 'News Two', group: 'News' }),
      '#EXTINF:-1 tvg-id="no.url" tvg-chno="5",Without address\n',
      entry({ id: 'bad.url', chno: 6, name: 'FTP', url: 'ftp://streams.example.com/x' }),
      entry({ id: 'bad.chno', chno: 'x1', name: 'Bad number' }),
      entry({ id: 'news.one', chno: 11, name: 'News One again' }),
      entry({ id: 'same.number', chno: 2, name: 'Same number' }),
      'http://streams.example.com/orphan.m3u8\n',
    );
    const res = await preview(platform, text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.counts).toMatchObject({ channels: 3, added: 3, changed: 0, broken: 4, duplicates: 2 });
    expect(data.added.map((c: any) => [c.number, c.name, c.type])).toEqual([[10, 'News One', 'News'], [2, 'News Two', 'News'], [2, 'Same number', null]]);
    expect(data.broken.map((p: any) => p.reason)).toEqual([
      'No stream address after #EXTINF',
      'The stream address is no http(s) address',
      'tvg-chno is no whole number from 1 to 99999',
      'A stream address without #EXTINF before it',
    ]);
    expect(data.duplicates.map((p: any) => p.line)).toEqual([11, 13]);
    // Nothing is written by a preview.
    expect(await channelsByEpg(['news.one', 'news.two'])).toEqual([]);
  });

  it('applies in one go; numbers sort numerically (2 before 10)', async () => {
    const { applied } = await imported(playlist(entry({ id: 'news.one', chno: 10, name: 'News One', logo: 'https://logos.example.com/n1.png' }), entry({ id: 'news.two', chno: 2, name: 'News Two' })));
    expect(applied).toMatchObject({ added: 2, changed: 0, removed: 0 });
    const list = await platform.get('/api/records/channel?sort=number&order=asc&pagesize=100');
    expect(list.status).toBe(200);
    const numbers = list.body.data.items.map((c: any) => c.number).filter((n: number | null) => n !== null);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => x - y));
    const [one] = await channelsByEpg(['news.one']);
    expect(one).toMatchObject({ number: 10, logo: 'https://logos.example.com/n1.png', source: 'm3u', active: true });
  });

  it('a new playlist changes channels by tvg-id and disables those it lacks, never deleting them', async () => {
    const res = await preview(platform, playlist(entry({ id: 'news.one', chno: 1, name: 'News One HD' }), entry({ id: 'news.three', chno: 3, name: 'News Three' })));
    expect(res.body.data.counts).toMatchObject({ added: 1, changed: 1, removed: 1 });
    expect(res.body.data.changed[0].fields.sort()).toEqual(['logo', 'name', 'number', 'streamUrl']);
    expect(res.body.data.removed.map((c: any) => c.name)).toEqual(['News Two']);
    const applied = await platform.post('/api/admin/channels/import/apply', { token: res.body.data.token });
    expect(applied.body.data).toMatchObject({ added: 1, changed: 1, removed: 1 });
    const rows = await channelsByEpg(['news.one', 'news.two', 'news.three']);
    expect(Object.fromEntries(rows.map((r) => [r.epgId, [r.name, r.active]]))).toEqual({ 'news.one': ['News One HD', true], 'news.two': ['News Two', false], 'news.three': ['News Three', true] });
    // Platform channels cannot be deleted at all.
    expect((await platform.delete(`/api/records/channel/${rows[0]!.id}`)).status).toBe(404);
  });

  it('a preview is applied once, by whoever uploaded it', async () => {
    const res = await preview(platform, playlist(entry({ id: 'news.one', chno: 1, name: 'News One HD' }), entry({ id: 'news.three', chno: 3, name: 'News Three' })));
    const token = res.body.data.token;
    const stranger = await otherAdmin.post('/api/admin/channels/import/apply', { token });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors.token).toEqual(['The preview has expired or does not exist; upload the playlist again']);
    expect((await platform.post('/api/admin/channels/import/apply', { token })).status).toBe(200);
    expect((await platform.post('/api/admin/channels/import/apply', { token })).status).toBe(422);
    expect((await platform.post('/api/admin/channels/import/apply', { token: 'nope' })).status).toBe(422);
  });

  it('checks the upload by content and size', async () => {
    const picture = await preview(platform, png(8, 8), 'list.m3u');
    expect(picture.status).toBe(422);
    expect(picture.body.errors.file).toEqual(['The file is no M3U playlist (UTF-8 text starting with #EXTM3U)']);
    expect((await preview(platform, 'just some text\nhttp://x.example.com/a.m3u8\n')).status).toBe(422);
    expect((await preview(platform, Buffer.from([0x23, 0x45, 0x58, 0x54, 0x4d, 0x33, 0x55, 0x0a, 0xff, 0xfe]))).status).toBe(422);
    expect((await preview(platform, '#EXTM3U\n')).body.errors.file).toEqual(['The playlist has no channel that can be imported']);
    const huge = await preview(platform, `#EXTM3U\n${'#'.repeat(8 * 1024 * 1024)}`);
    expect(huge.status).toBe(422);
    expect(huge.body.errors.file?.[0]).toMatch(/8M|8 M/);
    const noFile = await platform.post('/api/admin/channels/import/preview', {});
    expect(noFile.status).toBe(422);
  });

  it('imports 5,000 channels', async () => {
    const entries = Array.from({ length: 5000 }, (_, i) => entry({ id: `bulk.${i}`, chno: i + 1, name: `频道 ${i + 1}`, group: i % 2 ? 'News' : 'Sports' }));
    const { preview: shown, applied } = await imported(playlist(...entries));
    expect(shown.counts).toMatchObject({ channels: 5000, broken: 0, duplicates: 0 });
    expect(shown.added).toHaveLength(200);
    expect(applied.added).toBe(5000);
    const c = recordTables.channel!;
    const rows = await t.database.db.select({ id: c.id }).from(c).where(eq(c.active, true));
    expect(rows.length).toBeGreaterThanOrEqual(5000);
    // Put the small list back for the tests that follow (the bulk channels are disabled).
    const back = await imported(playlist(entry({ id: 'news.one', chno: 1, name: 'News One HD' }), entry({ id: 'news.three', chno: 3, name: 'News Three' })));
    expect(back.applied.removed).toBe(5000);
  });

  it('is the platform’s alone', async () => {
    expect((await preview(a.hotel, playlist(entry({ name: 'X' })))).status).toBe(403);
    expect((await preview(a.brand, playlist(entry({ name: 'X' })))).status).toBe(403);
    expect((await guide(a.hotel, '<tv/>')).status).toBe(403);
    expect((await a.hotel.get('/api/records/channel')).status).toBe(403);
  });
});

describe('XMLTV guides', () => {
  it('stores the programmes of the window by EPG id, replacing what a channel had', async () => {
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<tv generator-info-name="test">
  <channel id="news.one"><display-name>News One</display-name></channel>
  ${programme('news.one', hourAgo, 2, '早间新闻')}
  ${programme('news.one', new Date(hourAgo.getTime() + 2 * 3_600_000), 1, 'Weather &amp; more')}
  ${programme('news.one', new Date(now.getTime() - 10 * 86_400_000), 1, 'Too old')}
  ${programme('news.three', hourAgo, 3, '<![CDATA[Late]]>')}
  <programme start="bad" channel="news.three"><title>Broken time</title></programme>
</tv>`;
    const res = await guide(platform, xml);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ channels: 2, programmes: 3, skipped: 2 });
    const rows = await t.database.db.select().from(channelProgrammes).where(eq(channelProgrammes.epgId, 'news.one'));
    expect(rows.map((r) => r.title).sort()).toEqual(['Weather & more', '早间新闻']);
    // Gzipped, and again: the channel's programmes are replaced, not doubled.
    expect((await guide(platform, gzipSync(xml), 'guide.xml.gz')).status).toBe(200);
    expect(await t.database.db.select().from(channelProgrammes).where(eq(channelProgrammes.epgId, 'news.one'))).toHaveLength(2);
  });

  it('refuses what is no XMLTV: malformed XML, another root, a DTD (no entity is ever expanded)', async () => {
    expect((await guide(platform, '<tv><programme></tv>')).status).toBe(422);
    const other = await guide(platform, '<html><body/></html>');
    expect(other.status).toBe(422);
    expect(other.body.errors.file?.[0]).toMatch(/XMLTV/);
    const bomb = `<?xml version="1.0"?><!DOCTYPE tv [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><tv>${programme('news.one', new Date(), 1, '&b;')}</tv>`;
    expect((await guide(platform, bomb)).status).toBe(422);
    expect((await guide(platform, png(4, 4))).status).toBe(422);
    expect((await guide(platform, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3]))).status).toBe(422);
  });
});

describe("the hotel's channel list and order", () => {
  let platformKeys: string[];
  let ownA: number;
  let ownB: number;

  beforeAll(async () => {
    const rows = (await channelsByEpg(['news.one', 'news.three'])).sort((x, y) => (x.number ?? 0) - (y.number ?? 0));
    platformKeys = rows.map((r) => `p${r.id}`);
    const own = await a.hotel.post('/api/records/hotel-channel', { name: 'Lobby cam', number: 90, streamUrl: 'https://cams.example.com/lobby.m3u8' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    ownA = own.body.data.id;
    ownB = (await b.hotel.post('/api/records/hotel-channel', { name: 'Other lobby', streamUrl: 'https://cams.example.com/b.m3u8' })).body.data.id;
  });

  it('own channels take http(s) addresses only', async () => {
    const res = await a.hotel.post('/api/records/hotel-channel', { name: 'Bad', streamUrl: 'javascript:alert(1)', logo: 'file:///etc/passwd' });
    expect(res.status).toBe(422);
    expect(res.body.errors.streamUrl).toEqual(['Enter an http or https address']);
    expect(res.body.errors.logo).toEqual(['Enter an http or https address']);
  });

  it("lists the platform's enabled channels and the hotel's own, none shown at first", async () => {
    const res = await a.hotel.get('/api/hotel/channels');
    expect(res.status).toBe(200);
    const keys = res.body.data.items.map((c: any) => c.key);
    expect(keys).toEqual(expect.arrayContaining([...platformKeys, `h${ownA}`]));
    expect(keys).not.toContain(`h${ownB}`);
    expect(res.body.data.items.every((c: any) => c.position === null)).toBe(true);
    // Disabled platform channels are not offered.
    const [two] = await channelsByEpg(['news.two']);
    expect(keys).not.toContain(`p${two!.id}`);
  });

  it('shows the chosen channels on the TVs, numbered as they follow, with their guide', async () => {
    const tv = await hotelTv(t, a.hotelIds[0]);
    expect(await configPartOf<ChannelsConfigPart>(tv, 'channels')).toEqual({ channels: [], guide: {} });
    const res = await a.hotel.put('/api/hotel/channels/shown', { keys: [`h${ownA}`, ...platformKeys] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const part = (await configPartOf<ChannelsConfigPart>(tv, 'channels'))!;
    expect(part.channels.map((c) => [c.number, c.key])).toEqual([[1, `h${ownA}`], [2, platformKeys[0]], [3, platformKeys[1]]]);
    expect(part.channels[1]).toMatchObject({ name: 'News One HD', epgId: 'news.one' });
    expect(part.guide['news.one']!.map((p) => p.title)).toEqual(['早间新闻', 'Weather & more']);
    // Another hotel's TV shows nothing of it.
    expect((await configPartOf<ChannelsConfigPart>(await hotelTv(t, a.hotelIds[1]), 'channels'))!.channels).toEqual([]);
  });

  it('reorders: exactly the listed channels; the numbers follow', async () => {
    const order = [platformKeys[1]!, `h${ownA}`, platformKeys[0]!];
    const res = await a.hotel.put('/api/hotel/channels/order', { keys: order });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const part = (await configPartOf<ChannelsConfigPart>(await hotelTv(t, a.hotelIds[0]), 'channels'))!;
    expect(part.channels.map((c) => c.key)).toEqual(order);
    expect(part.channels.map((c) => c.number)).toEqual([1, 2, 3]);
    expect((await a.hotel.put('/api/hotel/channels/order', { keys: order.slice(1) })).status).toBe(422);
    expect((await a.hotel.put('/api/hotel/channels/order', { keys: [order[0], order[0], order[1]] })).status).toBe(422);
    // Hiding one keeps the others' order.
    await a.hotel.put('/api/hotel/channels/shown', { keys: [platformKeys[0], platformKeys[1]] });
    expect((await a.hotel.get('/api/hotel/channels/order')).body.data.items.map((c: any) => c.key)).toEqual([platformKeys[1], platformKeys[0]]);
    await a.hotel.put('/api/hotel/channels/shown', { keys: [...platformKeys, `h${ownA}`] });
  });

  it("never names another hotel's channel, nor a disabled or unknown one", async () => {
    for (const keys of [[`h${ownB}`], ['p999999999'], [`p${(await channelsByEpg(['news.two']))[0]!.id}`]]) {
      const res = await a.hotel.put('/api/hotel/channels/shown', { keys });
      expect(res.status).toBe(422);
      expect(res.body.errors.keys).toEqual(['Channel 1 does not exist or is not available']);
    }
    expect((await a.hotel.put('/api/hotel/channels/shown', { keys: ['x1'] })).status).toBe(422);
    // The own channel records are the hotel's alone, by id in the path or in a list.
    expect((await b.hotel.get(`/api/records/hotel-channel/${ownA}`)).status).toBe(404);
    expect((await b.hotel.put(`/api/records/hotel-channel/${ownA}`, { name: 'Taken', streamUrl: 'https://x.example.com/a.m3u8' })).status).toBe(404);
    expect((await b.hotel.get('/api/records/hotel-channel')).body.data.items.map((c: any) => c.id)).toEqual([ownB]);
    expect((await a.sibling.get('/api/hotel/channels')).body.data.items.map((c: any) => c.key)).not.toContain(`h${ownA}`);
    // Brands and the platform have no hotel list of their own.
    expect((await a.brand.get('/api/hotel/channels')).status).toBe(403);
    expect((await platform.put('/api/hotel/channels/order', { keys: [] })).status).toBe(403);
  });

  it('a disabled own channel leaves the TVs', async () => {
    await a.hotel.put(`/api/records/hotel-channel/${ownA}`, { name: 'Lobby cam', streamUrl: 'https://cams.example.com/lobby.m3u8', active: false });
    const part = (await configPartOf<ChannelsConfigPart>(await hotelTv(t, a.hotelIds[0]), 'channels'))!;
    expect(part.channels.map((c) => c.key)).toEqual([platformKeys[1], platformKeys[0]]);
  });

  it('without the channel feature a hotel has no live TV', async () => {
    const db = t.database.db;
    await db.update(hotels).set({ channelVer: 0 }).where(eq(hotels.id, a.hotelIds[0]));
    try {
      expect(await configPartOf(await hotelTv(t, a.hotelIds[0]), 'channels')).toBeUndefined();
      expect((await a.hotel.get('/api/hotel/channels')).body.data.enabled).toBe(false);
      const refused = await a.hotel.put('/api/hotel/channels/shown', { keys: [] });
      expect(refused.status).toBe(403);
      expect(refused.body.errkey).toBe('channels.featureOff');
    } finally {
      await db.update(hotels).set({ channelVer: 2 }).where(eq(hotels.id, a.hotelIds[0]));
    }
    // An unauthorized TV gets no part either.
    expect(await configPartOf(await hotelTv(t, a.hotelIds[0], false), 'channels')).toBeUndefined();
  });
});

describe('test streams', () => {
  it('serves the committed HLS files and nothing else', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/media/test-streams/pattern/index.m3u8' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(list.body).toMatch(/^#EXTM3U/);
    const segment = await t.app.inject({ method: 'GET', url: '/media/test-streams/pattern/segment-0.ts' });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    for (const url of ['/media/test-streams/pattern/..%2F..%2Fpackage.json', '/media/test-streams/pattern/nope.ts', '/media/test-streams/x/index.m3u8']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
