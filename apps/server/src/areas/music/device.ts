import { musicPart, type MusicConfigPart } from '@htv/shared/areas/music/device';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { addRecordConfigPart, type DeviceRuntime } from '../devices/plugin.js';
import { authorizedHotel, signedDeviceFiles } from '../devices/signed-files.js';

/**
 * A hotel's music as its TVs play it. The records are `tenant` scope without a row rule: the TVs get
 * their own hotel's albums and songs, never its brand's or the platform's.
 */
type AlbumRows = Parameters<typeof musicPart>[0];
type SongRows = Parameters<typeof musicPart>[1];

/** Albums and songs a hotel's TVs play, given the hotel's own ones (`own`). */
export type MusicRowsSource = (db: Db, hotelId: number, own: () => Promise<[AlbumRows, SongRows]>) => Promise<[AlbumRows, SongRows]>;
let rowsSource: MusicRowsSource | null = null;

/**
 * Where the TVs' albums and songs come from instead of the hotel's own: the brand's resource-library
 * version (docs/libresource.md). The part and its signed files both read it.
 */
export function setMusicRowsSource(source: MusicRowsSource): void {
  rowsSource = source;
}

async function musicOfHotel(db: Db, hotelId: number, urlOf: (fileId: string) => string): Promise<MusicConfigPart> {
  const own = () => ownMusicRows(db, hotelId);
  const [albumRows, songRows] = await (rowsSource ? rowsSource(db, hotelId, own) : own());
  return musicPart(albumRows, songRows, urlOf);
}

async function ownMusicRows(db: Db, hotelId: number): Promise<[AlbumRows, SongRows]> {
  const albums = recordTables.musicAlbum!;
  const songs = recordTables.musicSong!;
  const [albumRows, songRows] = await Promise.all([
    db.select({ id: albums.id, name: albums.name, nameEn: albums.nameEn, nameTw: albums.nameTw, coverId: albums.coverId, sort: albums.sort }).from(albums).where(eq(albums.hotelId, hotelId)),
    db
      .select({ id: songs.id, name: songs.name, singer: songs.singer, albumId: songs.albumId, fileId: songs.fileId, duration: songs.duration, sort: songs.sort })
      .from(songs)
      .where(eq(songs.hotelId, hotelId)),
  ]);
  return [albumRows as AlbumRows, songRows as SongRows];
}

/** Whether a file is a song's or an album cover of the hotel's music. */
async function isHotelMusicFile(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  if (rowsSource) {
    const [albumRows, songRows] = await rowsSource(db, hotelId, () => ownMusicRows(db, hotelId));
    return songRows.some((song) => song.fileId === fileId) || albumRows.some((album) => album.coverId === fileId);
  }
  const albums = recordTables.musicAlbum!;
  const songs = recordTables.musicSong!;
  const [song] = await db.select({ id: songs.id }).from(songs).where(and(eq(songs.hotelId, hotelId), eq(songs.fileId, fileId))).limit(1);
  if (song) return true;
  const [album] = await db.select({ id: albums.id }).from(albums).where(and(eq(albums.hotelId, hotelId), eq(albums.coverId, fileId))).limit(1);
  return !!album;
}

/** Songs and covers at addresses signed for each terminal (docs/music.md). */
const musicFiles = signedDeviceFiles('music', isHotelMusicFile);

/**
 * The address a terminal plays one of its hotel's songs from, or null when the song is not its
 * hotel's or the terminal is not authorized: what a wake-up call names as its alarm tone.
 */
export async function songUrlForTerminal(db: Db, runtime: DeviceRuntime, terminalId: number, songId: number): Promise<string | null> {
  const urlOf = musicFiles.forTerminal(runtime, terminalId);
  const hotelId = await authorizedHotel(db, terminalId);
  if (!urlOf || hotelId === null) return null;
  const songs = recordTables.musicSong!;
  const [song] = await db.select({ fileId: songs.fileId }).from(songs).where(and(eq(songs.id, songId), eq(songs.hotelId, hotelId))).limit(1);
  return song ? urlOf(song.fileId as string) : null;
}

let installed = false;

/**
 * The TVs' `music` configuration part (authorized TVs of a hotel), sent again to a hotel's TVs when
 * one of its albums or songs is written, and the files it names (device API, signed addresses).
 */
export function registerMusicDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  musicFiles.register(scope, db, runtime, storage, signingKey);
  if (!installed) {
    installed = true;
    addRecordConfigPart('music', ['musicAlbum', 'musicSong'], (terminal, { db: partDb, runtime: partRuntime }) => {
      const urlOf = musicFiles.forTerminal(partRuntime, terminal.id);
      if (!urlOf || terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
      return musicOfHotel(partDb, terminal.hotelId, urlOf);
    });
  }
}
