import type { MusicAlbumOnTv, MusicSongOnTv } from '@htv/shared/areas/music/device';
import { useSyncExternalStore } from 'react';

/** What the player is doing: the album it plays from and the song, or nothing. */
export interface PlayerState {
  album: MusicAlbumOnTv | null;
  index: number;
  playing: boolean;
  /** Seconds played and the song's length (the file's, else the part's). */
  position: number;
  duration: number;
  /** Music pages open now: the overlay's indicator shows only while none is. */
  pages: number;
}

const IDLE: PlayerState = { album: null, index: 0, playing: false, position: 0, duration: 0, pages: 0 };
let state = IDLE;
const listeners = new Set<() => void>();
let element: HTMLAudioElement | null = null;

function set(change: Partial<PlayerState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/**
 * The one `<audio>` element of the music area, outside every page: the music keeps playing while the
 * guest goes back to the launcher or opens other areas. It sits in the document (hidden), so the TV's
 * volume applies to it like to every other sound.
 */
function audio(): HTMLAudioElement {
  if (element) return element;
  element = document.createElement('audio');
  element.dataset.testid = 'music-audio';
  element.preload = 'auto';
  element.hidden = true;
  element.addEventListener('timeupdate', () => set({ position: element!.currentTime }));
  element.addEventListener('durationchange', () => Number.isFinite(element!.duration) && set({ duration: element!.duration }));
  element.addEventListener('play', () => set({ playing: true }));
  element.addEventListener('pause', () => set({ playing: false }));
  // At a song's end the album goes on; after its last song it starts again.
  element.addEventListener('ended', () => next());
  document.body.appendChild(element);
  return element;
}

export const currentSong = (s: PlayerState = state): MusicSongOnTv | null => s.album?.songs[s.index] ?? null;

/** Plays song `index` of an album from its start. */
export function play(album: MusicAlbumOnTv, index: number): void {
  const song = album.songs[index];
  if (!song) return;
  const media = audio();
  set({ album, index, position: 0, duration: song.duration ?? 0 });
  media.src = song.url;
  // A refused start (no user gesture yet, a file that cannot be played) leaves the player paused.
  void media.play().catch(() => set({ playing: false }));
}

export function toggle(): void {
  if (!state.album) return;
  const media = audio();
  if (media.paused) void media.play().catch(() => set({ playing: false }));
  else media.pause();
}

const step = (by: number) => state.album && play(state.album, (state.index + by + state.album.songs.length) % state.album.songs.length);
export const next = () => step(1);
export const previous = () => step(-1);

/** Stops the music: nothing plays and the indicator goes. */
export function stop(): void {
  if (element) {
    element.pause();
    element.removeAttribute('src');
    element.load();
  }
  set({ ...IDLE, pages: state.pages });
}

/** A music page is open while it is mounted (the indicator makes way for it). */
export function pageOpened(): () => void {
  set({ pages: state.pages + 1 });
  return () => set({ pages: state.pages - 1 });
}

const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

export function usePlayer(): PlayerState {
  return useSyncExternalStore(subscribe, () => state);
}
