/**
 * Music as a TV receives it (the `music` configuration part, docs/music.md): the hotel's albums in
 * their order, each with its cover and songs, every file at an address the TV can play without
 * headers (`<audio src>`). No schema: the TV carries no zod.
 */
export interface MusicConfigPart {
  albums: MusicAlbumOnTv[];
}

export interface MusicAlbumOnTv {
  id: number;
  name: string;
  nameEn: string;
  /** The traditional Chinese name; the TV shows `name` in traditional Chinese when it is empty. */
  nameTw: string | null;
  /** The cover's address, null without one. */
  cover: string | null;
  songs: MusicSongOnTv[];
}

export interface MusicSongOnTv {
  id: number;
  name: string;
  singer: string | null;
  /** Seconds, read from the file by the server. */
  duration: number | null;
  url: string;
}

interface AlbumRow {
  id: number;
  name: string;
  nameEn: string;
  nameTw?: string | null;
  coverId?: string | null;
  sort?: number | null;
}
interface SongRow {
  id: number;
  name: string;
  singer?: string | null;
  albumId: number;
  fileId: string;
  duration?: number | null;
  sort?: number | null;
}

const bySort = (a: { id: number; sort?: number | null }, b: { id: number; sort?: number | null }) => (b.sort ?? 0) - (a.sort ?? 0) || a.id - b.id;

/**
 * The part from one owner's rows: albums and songs by their sort (larger first, then older first); an
 * album without songs is left out. `urlOf` gives a file's address: the server's signed device address
 * for a TV, the console's file address for a preview.
 */
export function musicPart(albums: readonly AlbumRow[], songs: readonly SongRow[], urlOf: (fileId: string) => string): MusicConfigPart {
  const sorted = [...songs].sort(bySort);
  return {
    albums: [...albums]
      .sort(bySort)
      .map((album) => ({
        id: album.id,
        name: album.name,
        nameEn: album.nameEn,
        nameTw: album.nameTw || null,
        cover: album.coverId ? urlOf(album.coverId) : null,
        songs: sorted
          .filter((song) => song.albumId === album.id)
          .map((song) => ({ id: song.id, name: song.name, singer: song.singer || null, duration: song.duration ?? null, url: urlOf(song.fileId) })),
      }))
      .filter((album) => album.songs.length > 0),
  };
}
