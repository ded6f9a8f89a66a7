import type { MusicAlbumOnTv, MusicConfigPart } from '@htv/shared/areas/music/device';
import type { ContentLang, LocalText } from '@htv/shared/areas/themes/document';
import { useEffect, useState, type CSSProperties } from 'react';
import { textIn } from '../../model';
import { useRemote } from '../host';
import { areaWords, type AreaOverlayProps, type AreaPageProps, type AreaSlotProps } from '../registry';
import { currentSong, next, pageOpened, play, previous, stop, toggle, usePlayer, type PlayerState } from './player';

const zh = {
  title: '音乐',
  empty: '酒店暂未发布音乐',
  hint: '↑/↓ 选择 · ←/→ 切换栏 · OK 播放 · 返回 退出（音乐继续播放）',
  previous: '上一首',
  play: '播放',
  pause: '暂停',
  next: '下一首',
  stop: '停止',
  idle: '选择一首歌曲开始播放',
  songs: '首歌曲',
};
const en: typeof zh = {
  title: 'Music',
  empty: 'The hotel has not published any music yet',
  hint: '↑/↓ choose · ←/→ column · OK play · Back exit (the music goes on)',
  previous: 'Previous',
  play: 'Play',
  pause: 'Pause',
  next: 'Next',
  stop: 'Stop',
  idle: 'Choose a song to play',
  songs: 'songs',
};

/** An album's name in the content language: traditional Chinese when it has one, English outside Chinese. */
const albumName = (album: MusicAlbumOnTv, lang: ContentLang) => (lang === 'zh-CN' ? album.name : lang === 'zh-TW' ? album.nameTw || album.name : album.nameEn || album.name);

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const panel: CSSProperties = { display: 'flex', flexDirection: 'column', gap: '1vh', padding: '2vh', borderRadius: 12, background: 'rgba(255,255,255,.06)', overflowY: 'auto', minHeight: 0 };
const row = (selected: boolean, focused: boolean): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5vw',
  padding: '1.2vh 1.5vh',
  borderRadius: 8,
  background: selected ? (focused ? '#f5a623' : 'rgba(245,166,35,.25)') : 'transparent',
  color: selected && focused ? '#14233d' : '#fff',
  flexShrink: 0,
});

function Cover({ album, size }: { album: MusicAlbumOnTv | null; size: string }) {
  const box: CSSProperties = { width: size, height: size, borderRadius: 8, flexShrink: 0, objectFit: 'cover' };
  return album?.cover ? <img src={album.cover} alt="" draggable={false} style={box} /> : <div style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #f5a623, #8a4fd1)', fontSize: size.endsWith('%') ? '2em' : `calc(${size} / 2)` }}>♪</div>;
}

function Progress({ player }: { player: PlayerState }) {
  const share = player.duration > 0 ? Math.min(1, player.position / player.duration) : 0;
  return (
    <div data-testid="music-progress" data-position={Math.floor(player.position)} style={{ height: '0.8vh', borderRadius: 4, background: 'rgba(255,255,255,.2)', overflow: 'hidden' }}>
      <div style={{ width: `${share * 100}%`, height: '100%', background: '#f5a623' }} />
    </div>
  );
}

type Column = 'albums' | 'songs' | 'controls';
const CONTROLS = ['previous', 'toggle', 'next', 'stop'] as const;
const ACTIONS: Record<(typeof CONTROLS)[number], () => void> = { previous, toggle, next, stop };

/**
 * The music page: the albums on the left, the chosen album's songs on the right, the player's
 * controls and progress below. ↑/↓ choose, ←/→ change column (↓ from the last song reaches the
 * controls), OK plays a song or presses a control. Back is the host's; the music goes on.
 */
export function Page({ part, lang }: AreaPageProps<MusicConfigPart>) {
  const w = areaWords({ zh, en }, lang);
  const player = usePlayer();
  const albums = part?.albums ?? [];
  const [column, setColumn] = useState<Column>('albums');
  const [at, setAt] = useState({ album: 0, song: 0, control: 1 });
  const album = albums[Math.min(at.album, albums.length - 1)];
  const songs = album?.songs ?? [];
  const playing = currentSong(player);
  useEffect(pageOpened, []);

  useRemote((key) => {
    if (!album) return;
    const clamp = (value: number, length: number) => Math.max(0, Math.min(length - 1, value));
    if (column === 'controls') {
      if (key === 'ArrowUp') return setColumn('songs');
      if (key === 'ArrowLeft' || key === 'ArrowRight') return setAt({ ...at, control: clamp(at.control + (key === 'ArrowLeft' ? -1 : 1), CONTROLS.length) });
      if (key === 'Enter') ACTIONS[CONTROLS[at.control]!]();
      return;
    }
    if (key === 'ArrowLeft') return setColumn('albums');
    if (key === 'ArrowRight' || (key === 'Enter' && column === 'albums')) return setColumn('songs');
    if (key === 'Enter') return playing && player.album?.id === album.id && player.index === at.song ? toggle() : play(album, at.song);
    if (key !== 'ArrowUp' && key !== 'ArrowDown') return;
    const by = key === 'ArrowUp' ? -1 : 1;
    if (column === 'albums') return setAt({ ...at, album: clamp(at.album + by, albums.length), song: 0 });
    if (by > 0 && at.song === songs.length - 1) return setColumn('controls');
    setAt({ ...at, song: clamp(at.song + by, songs.length) });
  });

  return (
    <div data-testid="music-page" data-column={column} style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: '5vh 5vw', gap: '3vh', fontSize: '2.6vh', fontFamily: font }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</div>
      {!album ? (
        <div data-testid="music-empty" style={{ ...panel, flex: 1, alignItems: 'center', justifyContent: 'center', opacity: 0.8 }}>
          {w.empty}
        </div>
      ) : (
        <div style={{ flex: 1, display: 'grid', gridTemplateColumns: '1fr 1.6fr', gap: '2vw', minHeight: 0 }}>
          <div style={panel}>
            {albums.map((item, i) => (
              <div key={item.id} data-testid="music-album" data-selected={i === at.album ? 'true' : undefined} data-focused={i === at.album && column === 'albums' ? 'true' : undefined} style={row(i === at.album, column === 'albums')}>
                <Cover album={item} size="8vh" />
                <div>
                  <div style={{ fontWeight: 700 }}>{albumName(item, lang)}</div>
                  <div style={{ fontSize: '2vh', opacity: 0.7 }}>
                    {item.songs.length} {w.songs}
                  </div>
                </div>
              </div>
            ))}
          </div>
          <div style={panel}>
            {songs.map((song, i) => (
              <div key={song.id} data-testid="music-song" data-selected={i === at.song ? 'true' : undefined} data-focused={i === at.song && column === 'songs' ? 'true' : undefined} data-playing={playing?.id === song.id ? 'true' : undefined} style={row(i === at.song, column === 'songs')}>
                <span style={{ width: '3vh', textAlign: 'center' }}>{playing?.id === song.id ? (player.playing ? '▶' : '❚❚') : i + 1}</span>
                <span style={{ flex: 1 }}>{song.name}</span>
                <span style={{ opacity: 0.7 }}>{song.singer}</span>
                <span style={{ opacity: 0.7 }}>{song.duration ? clock(song.duration) : ''}</span>
              </div>
            ))}
          </div>
        </div>
      )}
      {album && (
        <div data-testid="music-player" data-state={player.playing ? 'playing' : playing ? 'paused' : 'idle'} style={{ display: 'flex', alignItems: 'center', gap: '2vw', padding: '2vh', borderRadius: 12, background: 'rgba(255,255,255,.08)' }}>
          <Cover album={player.album} size="9vh" />
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: '1vh' }}>
            <div data-testid="music-now">{playing ? `${playing.name}${playing.singer ? ` · ${playing.singer}` : ''}` : w.idle}</div>
            <Progress player={player} />
            <div style={{ fontSize: '2vh', opacity: 0.7 }}>{playing ? `${clock(player.position)} / ${clock(player.duration)}` : ''}</div>
          </div>
          {CONTROLS.map((control, i) => (
            <div key={control} data-testid="music-control" data-control={control} data-focused={column === 'controls' && i === at.control ? 'true' : undefined} style={{ ...row(column === 'controls' && i === at.control, true), padding: '1.2vh 2vh' }}>
              {control === 'toggle' ? (player.playing ? w.pause : w.play) : w[control]}
            </div>
          ))}
        </div>
      )}
      <div style={{ fontSize: '2vh', opacity: 0.6 }}>{w.hint}</div>
    </div>
  );
}

/** A `music` block on the launcher: the song playing with its progress, else the first album's cover and name. */
export function Slot({ block, context, part }: AreaSlotProps<MusicConfigPart>) {
  const player = usePlayer();
  const song = currentSong(player);
  const album = player.album ?? part?.albums[0] ?? null;
  const title = textIn((block as { title?: LocalText }).title, context.lang, context.fallbacks) || areaWords({ zh, en }, context.lang).title;
  const line: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };
  return (
    <div data-testid="music-slot" data-state={player.playing ? 'playing' : 'idle'} style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', gap: '5%', padding: '5%', boxSizing: 'border-box', background: 'rgba(0,0,0,.3)', fontFamily: font }}>
      <div style={{ width: '40%', maxHeight: '100%', aspectRatio: '1', flexShrink: 0 }}>
        <Cover album={album} size="100%" />
      </div>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.5em' }}>
        <div style={{ ...line, fontWeight: 700 }}>{song ? song.name : album ? albumName(album, context.lang) : title}</div>
        <div style={{ ...line, opacity: 0.7 }}>{song ? (song.singer ?? title) : title}</div>
        {song && <Progress player={player} />}
      </div>
    </div>
  );
}

const MEDIA_KEYS: Record<string, () => void> = { MediaPlayPause: toggle, MediaTrackNext: next, MediaTrackPrevious: previous, MediaStop: stop };

/**
 * Over every screen while music is chosen and no music page is open: a small "now playing" badge.
 * The remote's media keys work on every screen. A song the hotel removed stops.
 */
export function Overlay({ part, lang }: AreaOverlayProps<MusicConfigPart>) {
  const player = usePlayer();
  const song = currentSong(player);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => MEDIA_KEYS[event.key]?.();
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
  useEffect(() => {
    if (song && !part.albums.some((album) => album.songs.some((item) => item.id === song.id))) stop();
  }, [part, song]);
  if (!song || player.pages > 0) return null;
  return (
    <div data-testid="music-indicator" aria-label={areaWords({ zh, en }, lang).title} data-state={player.playing ? 'playing' : 'paused'} style={{ position: 'fixed', top: '3vh', right: '3vw', width: '24vw', display: 'flex', alignItems: 'center', gap: '1vw', padding: '1.2vh 1.2vw', borderRadius: 12, background: 'rgba(11,21,38,.85)', color: '#fff', fontSize: '2vh', fontFamily: font, pointerEvents: 'none' }}>
      <Cover album={player.album} size="5vh" />
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.6vh' }}>
        <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {player.playing ? '♪ ' : '❚❚ '}
          {song.name}
        </div>
        <Progress player={player} />
      </div>
    </div>
  );
}
