import type { MusicConfigPart } from '@htv/shared/areas/music/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { songUrlForTerminal } from '../src/areas/music/device.js';
import { tuneWav } from '../src/areas/music/tone.js';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, hotelTv, type Tv } from './devices-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';
import { mp3Audio } from './support/media.js';

const MUSIC = ['music.read', 'music.create', 'music.update', 'music.delete'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

/** A WAV of whole seconds: one A note. */
const wavOf = (seconds: number) => tuneWav([[440, seconds]], 1).data;

function upload(client: Client, name: string, data: Buffer, rule = 'musicFile'): Promise<ApiResponse<{ id: string; mime: string }>> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers) as Promise<ApiResponse<{ id: string; mime: string }>>;
}

async function uploaded(client: Client, name: string, data: Buffer, rule = 'musicFile'): Promise<string> {
  const res = await upload(client, name, data, rule);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** An album of the client's level with one song of `seconds`. */
async function albumWithSong(client: Client, name: string, seconds = 2) {
  const album = await created(client, 'music-album', { name, nameEn: `${name} (en)` });
  const song = await created(client, 'music-song', { name: `${name} song`, albumId: album.id, fileId: await uploaded(client, `${name}.wav`, wavOf(seconds)) });
  return { album, song };
}

const tvOf = (hotelId: number, authorized = true) => hotelTv(t, hotelId, authorized);
const musicOf = (tv: Tv) => configPartOf<MusicConfigPart>(tv, 'music');

/** A file address fetched as an `<audio>` element does: no token. */
const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, MUSIC);
  b = await createTenant(t, MUSIC);
});

describe('albums and songs', () => {
  it('require the album name, English album name, music name, music file and album', async () => {
    const album = await a.hotel.post('/api/records/music-album', { nameTw: '只有繁體' });
    expect(album.status).toBe(422);
    expect(Object.keys(album.body.errors).sort()).toEqual(['name', 'nameEn']);
    const song = await a.hotel.post('/api/records/music-song', { singer: 'Nobody' });
    expect(song.status).toBe(422);
    expect(Object.keys(song.body.errors).sort()).toEqual(['albumId', 'fileId', 'name']);
    expect(song.body.errors.name?.[0]).toMatch(/Music name/);
  });

  it('take audio checked by its content: a text file named .mp3 is refused with the upload message', async () => {
    const text = await upload(a.hotel, 'song.mp3', Buffer.from('not really music\n'.repeat(200)));
    expect(text.status).toBe(422);
    expect(text.body.errors.file).toEqual([translate('upload.badType', 'en-US', { types: 'mp3, aac, m4a, ogg, wav, flac' })]);
    // A picture is no song either, and a song is no cover.
    expect((await upload(a.hotel, 'cover.mp3', png(32, 32))).status).toBe(422);
    expect((await upload(a.hotel, 'song.png', wavOf(1), 'musicCover')).status).toBe(422);
    // Real audio passes whatever its name: wav and mp3, stored with the type read from the content.
    expect((await upload(a.hotel, 'tune.bin', wavOf(1))).body.data.mime).toBe('audio/wav');
    expect((await upload(a.hotel, 'tune.wav', mp3Audio(40))).body.data.mime).toBe('audio/mpeg');
  });

  it('read the song’s length from the file, never from the client, again when the file is replaced', async () => {
    const album = await created(a.hotel, 'music-album', { name: '时长', nameEn: 'Lengths', coverId: await uploaded(a.hotel, 'c.png', png(64, 64), 'musicCover') });
    const claimed = await a.hotel.post('/api/records/music-song', { name: 'x', albumId: album.id, fileId: await uploaded(a.hotel, 'x.wav', wavOf(3)), duration: 999 });
    expect(claimed.status).toBe(422);
    expect(Object.keys(claimed.body.errors)).toEqual(['duration']);

    const song = await created(a.hotel, 'music-song', { name: '三秒', albumId: album.id, fileId: await uploaded(a.hotel, 'three.wav', wavOf(3)) });
    expect(song.duration).toBe(3);
    const replaced = await a.hotel.put(`/api/records/music-song/${song.id}`, { name: '三秒', albumId: album.id, fileId: await uploaded(a.hotel, 'long.mp3', mp3Audio(200)) });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.duration).toBe(5); // 200 frames of 1152 samples at 44.1 kHz: 5.2 s
    // Renaming keeps the length.
    expect((await a.hotel.put(`/api/records/music-song/${song.id}`, { name: '改名', albumId: album.id, fileId: replaced.body.data.fileId })).body.data.duration).toBe(5);
    // An album with songs cannot be deleted.
    expect((await a.hotel.delete(`/api/records/music-album/${album.id}`)).status).toBe(409);
  });

  it('stay within their tenant: another hotel’s album, song or file answers 404 in the path and in the body', async () => {
    const { album, song } = await albumWithSong(a.hotel, `mine-${Date.now()}`);
    for (const outsider of [b.hotel, b.brand, a.sibling]) {
      expect((await outsider.get(`/api/records/music-album/${album.id}`)).status).toBe(404);
      expect((await outsider.get(`/api/records/music-song/${song.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/records/music-song/${song.id}`, { name: 'taken', albumId: album.id, fileId: song.fileId })).status).toBe(404);
      expect((await outsider.delete(`/api/records/music-album/${album.id}`)).status).toBe(404);
    }
    const theirs = await created(b.hotel, 'music-album', { name: '别人的', nameEn: 'Theirs' });
    // Someone else's album or file in the body.
    expect((await b.hotel.post('/api/records/music-song', { name: 'x', albumId: album.id, fileId: await uploaded(b.hotel, 'b.wav', wavOf(1)) })).status).toBe(404);
    expect((await b.hotel.post('/api/records/music-song', { name: 'x', albumId: theirs.id, fileId: song.fileId })).status).toBe(404);
    const listed = await b.hotel.get('/api/records/music-song?pagesize=100');
    expect(listed.body.data.items.map((row: { id: number }) => row.id)).not.toContain(song.id);
    // The brand and the platform reach the hotel's rows.
    expect((await a.brand.get(`/api/records/music-song/${song.id}`)).status).toBe(200);
    expect((await platform.get(`/api/records/music-album/${album.id}`)).status).toBe(200);
  });
});

describe('the music configuration part', () => {
  it('carries the hotel’s own albums (sorted, without empty ones) and songs with addresses the TV plays without a token', async () => {
    const tv = await tvOf(a.hotelIds[1]);
    expect(await musicOf(tv)).toEqual({ albums: [] });
    const cover = await uploaded(a.sibling, 'cover.png', png(64, 64), 'musicCover');
    const late = await created(a.sibling, 'music-album', { name: '夜曲', nameEn: 'Nocturnes', nameTw: '夜曲集', coverId: cover, sort: 1 });
    const first = await created(a.sibling, 'music-album', { name: '晨曲', nameEn: 'Aubades', sort: 9 });
    await created(a.sibling, 'music-album', { name: '空', nameEn: 'Empty', sort: 99 });
    const one = await created(a.sibling, 'music-song', { name: '一', singer: '甲', albumId: first.id, fileId: await uploaded(a.sibling, '1.wav', wavOf(2)), sort: 1 });
    const two = await created(a.sibling, 'music-song', { name: '二', albumId: first.id, fileId: await uploaded(a.sibling, '2.wav', wavOf(1)), sort: 5 });
    const three = await created(a.sibling, 'music-song', { name: '三', albumId: late.id, fileId: await uploaded(a.sibling, '3.wav', wavOf(1)) });
    // Other levels' and other hotels' music never reaches this TV.
    await albumWithSong(a.brand, 'brand');
    await albumWithSong(platform, 'platform');
    await albumWithSong(a.hotel, 'other hotel');

    const part = (await musicOf(tv))!;
    const url = expect.stringMatching(/^\/api\/device\/v1\/music-files\/\d+\/[0-9a-f-]{36}\/[\w-]+$/);
    expect(part).toEqual({
      albums: [
        { id: first.id, name: '晨曲', nameEn: 'Aubades', nameTw: null, cover: null, songs: [
          { id: two.id, name: '二', singer: null, duration: 1, url },
          { id: one.id, name: '一', singer: '甲', duration: 2, url },
        ] },
        { id: late.id, name: '夜曲', nameEn: 'Nocturnes', nameTw: '夜曲集', cover: url, songs: [{ id: three.id, name: '三', singer: null, duration: 1, url }] },
      ],
    });

    // The bytes, with ranges (an <audio> element seeks), for the TV the address was made for.
    const song = part.albums[0]!.songs[1]!.url;
    const whole = await fetchFile(song);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const ranged = await fetchFile(song, { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.toString('latin1')).toBe('RIFF');
    expect((await fetchFile(part.albums[1]!.cover!)).headers['content-type']).toBe('image/png');

    // A changed signature, another terminal's number, another file: the same 404.
    const [, , , , , terminalId, fileId, signature] = song.split('/');
    expect((await fetchFile(song.replace(signature!, `${signature!.startsWith('x') ? 'y' : 'x'}${signature!.slice(1)}`))).statusCode).toBe(404);
    expect((await fetchFile(`/api/device/v1/music-files/${Number(terminalId) + 1}/${fileId}/${signature}`)).statusCode).toBe(404);
    expect((await fetchFile(`/api/device/v1/music-files/${terminalId}/${part.albums[0]!.songs[0]!.url.split('/')[6]}/${signature}`)).statusCode).toBe(404);
    // Not for a TV waiting for authorization; its address stops working once the TV is no longer authorized.
    expect(await musicOf(await tvOf(a.hotelIds[1], false))).toBeUndefined();
    await t.database.db.update(recordTables.terminal!).set({ authorization: 'unauthorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
    expect((await fetchFile(song)).statusCode).toBe(404);
  });

  it('never serves another hotel’s song to a terminal, even by a valid address of its own', async () => {
    const tv = await tvOf(b.hotelIds[1]);
    const { song: own } = await albumWithSong(b.sibling, 'own');
    const { song: foreign } = await albumWithSong(b.hotel, 'foreign');
    const url = await songUrlForTerminal(t.database.db, t.app.devices, tv.terminalId, own.id);
    expect(url).toBe((await musicOf(tv))!.albums.find((album) => album.songs.some((song) => song.id === own.id))!.songs[0]!.url);
    expect((await fetchFile(url!)).statusCode).toBe(200);
    // The wake-up call's resolver: another hotel's song has no address for this TV.
    expect(await songUrlForTerminal(t.database.db, t.app.devices, tv.terminalId, foreign.id)).toBeNull();
    // An address signed for this TV naming the other hotel's file.
    const forged = url!.replace(own.fileId, foreign.fileId);
    expect((await fetchFile(forged)).statusCode).toBe(404);
  });

  it('is pushed to the hotel’s TVs when an album or a song changes, not to other hotels’', async () => {
    const tv = await tvOf(b.hotelIds[0]);
    const other = await tvOf(b.hotelIds[1]);
    const { album, song } = await albumWithSong(b.hotel, 'push');
    await tv.device.get('/api/device/v1/commands?wait=0');
    await other.device.get('/api/device/v1/commands?wait=0');

    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await b.hotel.put(`/api/records/music-song/${song.id}`, { name: 'renamed', singer: 'Someone', albumId: album.id, fileId: song.fileId })).status).toBe(200);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect((await other.device.get<{ commands: unknown[] }>('/api/device/v1/commands?wait=0')).body.data.commands).toEqual([]);
    const albumOf = async () => (await musicOf(tv))!.albums.find((item) => item.id === album.id);
    expect((await albumOf())!.songs).toEqual([expect.objectContaining({ id: song.id, name: 'renamed', singer: 'Someone' })]);

    const albumTold = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await b.hotel.put(`/api/records/music-album/${album.id}`, { name: album.name, nameEn: 'Pushed' })).status).toBe(200);
    expect((await albumTold).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    expect(await albumOf()).toMatchObject({ nameEn: 'Pushed' });
    expect((await b.hotel.delete(`/api/records/music-song/${song.id}`)).status).toBe(200);
    expect(await albumOf()).toBeUndefined();
  });
});
