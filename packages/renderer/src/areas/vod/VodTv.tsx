import { movieTitle, type VodConfigPart, type VodMovieOnTv, type VodRentalOnTv } from '@htv/shared/areas/vod/device';
import type { LocalText } from '@htv/shared/areas/themes/document';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { textIn } from '../../model';
import { play, type Playback } from '../channels/player';
import { useAreaBack, useAreaDevice, useRemote } from '../host';
import { areaWords, type AreaPageProps, type AreaSlotProps } from '../registry';

const zh = {
  title: '影视点播',
  empty: '暂无可点播的影片',
  promotions: '推荐',
  minutes: '分钟',
  free: '免费',
  preview: '免费试看{n}分钟',
  buy: '购买 {price}',
  play: '播放',
  resume: '继续播放',
  owned: '已购买，可观看至 {until}',
  bought: '购买成功，订单号 {number}',
  cannotBuy: '本房间暂不能购买，请联系前台',
  previewOnly: '预览中不能购买或播放',
  previewEnded: '试看结束，购买后可观看完整影片',
  failed: '影片暂时无法播放',
  ended: '播放结束',
  hint: '←/→ 快退/快进 · OK 暂停/继续 · 返回 退出播放',
  listHint: '方向键 选择 · OK 打开 · 返回 退出',
  rental: '租期{n}小时',
};
const en: typeof zh = {
  title: 'Movies',
  empty: 'No films are offered yet',
  promotions: 'Featured',
  minutes: 'min',
  free: 'Free',
  preview: 'Free preview ({n} min)',
  buy: 'Buy {price}',
  play: 'Play',
  resume: 'Resume',
  owned: 'Bought; watch until {until}',
  bought: 'Bought: order {number}',
  cannotBuy: 'This room cannot buy films now; please call the front desk',
  previewOnly: 'Buying and playing are not possible in a preview',
  previewEnded: 'The preview has ended; buy the film to watch it all',
  failed: 'This film cannot be played now',
  ended: 'The end',
  hint: '←/→ back/forward · OK pause/play · Back stop',
  listHint: 'Arrows choose · OK opens · Back exits',
  rental: '{n}-hour rental',
};
type Words = typeof zh;
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const accent = '#f5a623';
const money = (currency: string, minor: number) => `${currency}${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};
const localTime = (iso: string) => {
  const d = new Date(iso);
  return `${d.getMonth() + 1}-${d.getDate()} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** Where the TV remembers how far a film was watched (resume): seconds by film id. */
const POSITIONS = 'htv.vod.positions';
const SEEK_STEP = 10;
function positions(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(POSITIONS) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}
function savePosition(movieId: number, seconds: number | null) {
  try {
    const all = positions();
    if (seconds === null) delete all[movieId];
    else all[movieId] = Math.floor(seconds);
    localStorage.setItem(POSITIONS, JSON.stringify(all));
  } catch {
    // Storage full or off: the film starts from its beginning next time.
  }
}
const requestKey = () => `vod-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Rows of posters as the page shows them: the promotions, then the libraries' rows. */
interface Row {
  key: string;
  name: string;
  items: { movie: VodMovieOnTv; poster: string }[];
}
function rowsOf(part: VodConfigPart | undefined, lang: string, w: Words): Row[] {
  if (!part) return [];
  const byId = new Map(part.movies.map((movie) => [movie.id, movie]));
  const rows: Row[] = [];
  const promos = part.promotions.filter((p) => byId.has(p.movieId)).map((p) => ({ movie: byId.get(p.movieId)!, poster: p.poster }));
  if (promos.length) rows.push({ key: 'promotions', name: w.promotions, items: promos });
  for (const row of part.rows) {
    const items = row.movieIds.filter((id) => byId.has(id)).map((id) => ({ movie: byId.get(id)!, poster: byId.get(id)!.poster }));
    if (items.length) rows.push({ key: `${row.kind}-${row.id}`, name: lang.startsWith('en') && row.nameEn ? row.nameEn : row.name, items });
  }
  return rows;
}

type View = { at: 'list' } | { at: 'film'; movie: VodMovieOnTv } | { at: 'player'; movie: VodMovieOnTv; preview: boolean };

/** The VOD page: rows of posters, a film's page, and the player. */
function Page({ part, lang }: AreaPageProps<VodConfigPart>) {
  const w = areaWords({ zh, en }, lang);
  const rows = rowsOf(part, lang, w);
  const [view, setView] = useState<View>({ at: 'list' });
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  const [bought, setBought] = useState<VodRentalOnTv[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const api = useAreaDevice();

  const rentalOf = (movieId: number) => {
    const now = Date.now();
    return [...bought, ...(part?.rentals ?? [])].find((r) => r.movieId === movieId && r.state === 'shipmentComplete' && new Date(r.endsAt).getTime() > now) ?? null;
  };
  useAreaBack(() => {
    if (view.at === 'player') return setView({ at: 'film', movie: view.movie }), true;
    if (view.at === 'film') return setView({ at: 'list' }), setMessage(null), true;
    return false;
  });

  if (view.at === 'player') return <Player movie={view.movie} preview={view.preview} words={w} lang={lang} onEnd={(text) => (setView({ at: 'film', movie: view.movie }), setMessage(text ? { text, error: false } : null))} />;
  if (view.at === 'film') {
    const movie = view.movie;
    const rental = rentalOf(movie.id);
    const free = movie.priceMinor === 0;
    const buy = async () => {
      if (!api) return setMessage({ text: w.previewOnly, error: true });
      if (!part?.canBuy) return setMessage({ text: w.cannotBuy, error: true });
      try {
        const order = await api.call<VodRentalOnTv & { number: string }>('POST', '/vod/orders', { movieId: movie.id, requestKey: requestKey() });
        setBought((list) => [order, ...list]);
        setMessage({ text: fill(w.bought, { number: order.number }), error: false });
      } catch (error) {
        setMessage({ text: (error as Error).message, error: true });
      }
    };
    return (
      <Film
        movie={movie}
        part={part!}
        rental={rental}
        words={w}
        lang={lang}
        message={message}
        onPlay={(preview) => (api ? (setMessage(null), setView({ at: 'player', movie, preview })) : setMessage({ text: w.previewOnly, error: true }))}
        onBuy={() => void buy()}
        free={free}
      />
    );
  }
  return <List rows={rows} focus={focus} setFocus={setFocus} words={w} lang={lang} currency={part?.currency ?? ''} onOpen={(movie) => (setMessage(null), setView({ at: 'film', movie }))} />;
}

function List({ rows, focus, setFocus, words, lang, currency, onOpen }: { rows: Row[]; focus: { row: number; col: number }; setFocus: (f: { row: number; col: number }) => void; words: Words; lang: string; currency: string; onOpen: (movie: VodMovieOnTv) => void }) {
  const row = Math.min(focus.row, Math.max(0, rows.length - 1));
  const col = Math.min(focus.col, Math.max(0, (rows[row]?.items.length ?? 1) - 1));
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    page.current?.querySelector('[data-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [row, col]);
  useRemote((key) => {
    if (!rows.length) return;
    if (key === 'ArrowDown') setFocus({ row: Math.min(rows.length - 1, row + 1), col: 0 });
    else if (key === 'ArrowUp') setFocus({ row: Math.max(0, row - 1), col: 0 });
    else if (key === 'ArrowRight') setFocus({ row, col: Math.min(rows[row]!.items.length - 1, col + 1) });
    else if (key === 'ArrowLeft') setFocus({ row, col: Math.max(0, col - 1) });
    else if (key === 'Enter') onOpen(rows[row]!.items[col]!.movie);
  });
  if (!rows.length) {
    return (
      <div data-testid="vod-empty" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '4vh', fontFamily: font }}>
        {words.empty}
      </div>
    );
  }
  return (
    <div ref={page} data-testid="vod-page" style={{ position: 'absolute', inset: 0, padding: '5vh 4vw', overflowY: 'auto', fontFamily: font, display: 'flex', flexDirection: 'column', gap: '3vh' }}>
      <div style={{ fontSize: '5vh', fontWeight: 700 }}>{words.title}</div>
      {rows.map((r, ri) => (
        <div key={r.key} data-testid="vod-row" data-row={r.key} style={{ display: 'flex', flexDirection: 'column', gap: '1.5vh' }}>
          <div style={{ fontSize: '3vh', color: '#c9d6ea' }}>{r.name}</div>
          <div style={{ display: 'flex', gap: '1.5vw', overflowX: 'hidden' }}>
            {r.items.map(({ movie, poster }, ci) => {
              const selected = ri === row && ci === col;
              return (
                <div key={`${r.key}-${movie.id}-${ci}`} data-testid="vod-poster" data-movie={movie.id} data-selected={selected ? 'true' : undefined} style={{ flexShrink: 0, width: '13vw', display: 'flex', flexDirection: 'column', gap: '0.8vh', transform: selected ? 'scale(1.06)' : undefined, transition: 'transform .15s' }}>
                  <img src={poster} alt="" draggable={false} style={{ width: '13vw', height: '19.5vw', objectFit: 'cover', borderRadius: 10, outline: selected ? `4px solid ${accent}` : 'none', background: 'rgba(255,255,255,.08)' }} />
                  <div style={{ fontSize: '2.4vh', fontWeight: selected ? 700 : 400, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{movieTitle(movie, lang)}</div>
                  <div style={{ fontSize: '2vh', color: movie.priceMinor ? accent : '#8fd18f' }}>{movie.priceMinor ? money(currency, movie.priceMinor) : words.free}</div>
                </div>
              );
            })}
          </div>
        </div>
      ))}
      <div style={{ fontSize: '2vh', color: '#9fb3d1' }}>{words.listHint}</div>
    </div>
  );
}

function Film({ movie, part, rental, words, lang, message, onPlay, onBuy, free }: { movie: VodMovieOnTv; part: VodConfigPart; rental: VodRentalOnTv | null; words: Words; lang: string; message: { text: string; error: boolean } | null; onPlay: (preview: boolean) => void; onBuy: () => void; free: boolean }) {
  const watchable = free || rental !== null;
  const resumeAt = positions()[movie.id] ?? 0;
  const controls: { key: string; label: string; run: () => void }[] = watchable
    ? [{ key: 'play', label: resumeAt > 0 ? `${words.resume} ${clock(resumeAt)}` : words.play, run: () => onPlay(false) }]
    : [
        ...(movie.previewMinutes > 0 ? [{ key: 'preview', label: fill(words.preview, { n: movie.previewMinutes }), run: () => onPlay(true) }] : []),
        { key: 'buy', label: fill(words.buy, { price: money(part.currency, movie.priceMinor) }), run: onBuy },
      ];
  const [chosen, setChosen] = useState(0);
  const index = Math.min(chosen, controls.length - 1);
  useRemote((key) => {
    if (key === 'ArrowRight') setChosen(Math.min(controls.length - 1, index + 1));
    else if (key === 'ArrowLeft') setChosen(Math.max(0, index - 1));
    else if (key === 'Enter') controls[index]?.run();
  });
  return (
    <div data-testid="vod-film" data-movie={movie.id} data-owned={watchable ? 'true' : 'false'} style={{ position: 'absolute', inset: 0, padding: '8vh 6vw', display: 'flex', gap: '4vw', fontFamily: font }}>
      <img src={movie.poster} alt="" draggable={false} style={{ width: '26vw', height: '39vw', maxHeight: '80vh', objectFit: 'cover', borderRadius: 12 }} />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: '2.5vh' }}>
        <div data-testid="vod-film-title" style={{ fontSize: '6vh', fontWeight: 700 }}>{movieTitle(movie, lang)}</div>
        <div style={{ fontSize: '2.6vh', color: '#c9d6ea' }}>
          {movie.durationMinutes} {words.minutes} · {free ? words.free : money(part.currency, movie.priceMinor)} · {fill(words.rental, { n: movie.rentalHours })}
        </div>
        {rental && <div data-testid="vod-owned" style={{ fontSize: '2.6vh', color: '#8fd18f' }}>{fill(words.owned, { until: localTime(rental.endsAt) })}</div>}
        {movie.description && <div style={{ fontSize: '2.6vh', lineHeight: 1.5, maxWidth: '50vw' }}>{movie.description}</div>}
        <div style={{ display: 'flex', gap: '1.5vw', marginTop: '2vh' }}>
          {controls.map((control, i) => (
            <div key={control.key} data-testid={`vod-control-${control.key}`} data-selected={i === index ? 'true' : undefined} style={{ padding: '1.5vh 2.5vw', borderRadius: 10, fontSize: '3vh', fontWeight: 700, background: i === index ? accent : 'rgba(255,255,255,.12)', color: i === index ? '#14233d' : '#fff' }}>
              {control.label}
            </div>
          ))}
        </div>
        {message && (
          <div data-testid="vod-message" data-error={message.error ? 'true' : 'false'} style={{ fontSize: '2.6vh', color: message.error ? '#ffb4a8' : '#8fd18f' }}>
            {message.text}
          </div>
        )}
      </div>
    </div>
  );
}

const barStyle: CSSProperties = { position: 'absolute', left: '4vw', right: '4vw', bottom: '5vh', padding: '2vh 2vw', borderRadius: 14, background: 'rgba(8,16,32,.8)', fontFamily: font, display: 'flex', flexDirection: 'column', gap: '1vh' };

/**
 * The player: the film (or its preview) full screen through the channels' player (hls.js for HLS,
 * loaded in its own chunk; MP4 natively). OK pauses and plays, ←/→ seek 10 s, Back stops. A preview
 * stops at its minutes; a bought film resumes where it was left and forgets the place at its end.
 */
function Player({ movie, preview, words, lang, onEnd }: { movie: VodMovieOnTv; preview: boolean; words: Words; lang: string; onEnd: (message: string | null) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const playback = useRef<Playback | null>(null);
  const [state, setState] = useState<'loading' | 'playing' | 'paused' | 'failed'>('loading');
  const [at, setAt] = useState(0);
  const limit = preview ? movie.previewMinutes * 60 : Infinity;
  const ending = useRef(onEnd);
  ending.current = onEnd;
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const resume = preview ? 0 : (positions()[movie.id] ?? 0);
    let resumed = resume <= 0;
    const onTime = () => {
      if (!resumed && element.readyState >= 1) {
        resumed = true;
        element.currentTime = resume;
      }
      setAt(element.currentTime);
      if (element.currentTime >= limit) {
        element.pause();
        ending.current(words.previewEnded);
      } else if (!preview && element.currentTime > 0) savePosition(movie.id, element.currentTime);
    };
    const onPlay = () => setState('playing');
    const onPause = () => setState((s) => (s === 'failed' ? s : 'paused'));
    const onEnded = () => {
      if (!preview) savePosition(movie.id, null);
      ending.current(preview ? words.previewEnded : words.ended);
    };
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('playing', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    playback.current = play(element, movie.url, () => setState('failed'));
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('playing', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
      playback.current?.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [movie.id, movie.url, preview]);
  useRemote((key) => {
    const element = video.current;
    if (!element) return;
    if (key === 'Enter') {
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    } else if (key === 'ArrowRight') element.currentTime = Math.min(element.currentTime + SEEK_STEP, Number.isFinite(element.duration) ? element.duration : element.currentTime + SEEK_STEP, limit);
    else if (key === 'ArrowLeft') element.currentTime = Math.max(0, element.currentTime - SEEK_STEP);
  });
  const total = preview ? limit : movie.durationMinutes * 60;
  return (
    <div data-testid="vod-player" data-movie={movie.id} data-preview={preview ? 'true' : 'false'} data-state={state} data-limit={preview ? limit : undefined} style={{ position: 'absolute', inset: 0, background: '#000' }}>
      <video ref={video} data-testid="vod-video" playsInline style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000' }} />
      {state === 'failed' && <div data-testid="vod-error" style={{ position: 'absolute', left: 0, right: 0, top: '40vh', textAlign: 'center', fontSize: '3.6vh', color: '#ffd28a', fontFamily: font }}>{words.failed}</div>}
      {state !== 'playing' && state !== 'failed' && (
        <div style={barStyle}>
          <div style={{ fontSize: '3vh', fontWeight: 700 }}>
            {movieTitle(movie, lang)}
            {preview ? ` · ${fill(words.preview, { n: movie.previewMinutes })}` : ''}
          </div>
          <div style={{ height: '0.8vh', borderRadius: 4, background: 'rgba(255,255,255,.2)', overflow: 'hidden' }}>
            <div style={{ width: `${Math.min(100, (at / Math.max(1, total)) * 100)}%`, height: '100%', background: accent }} />
          </div>
          <div style={{ fontSize: '2.2vh', color: '#c9d6ea' }}>
            {clock(at)} / {clock(total)} · {words.hint}
          </div>
        </div>
      )}
    </div>
  );
}

/** The `vod` block on the launcher: the first promotion's (or film's) poster with the block's title. */
export function Slot({ block, context, part }: AreaSlotProps<VodConfigPart>) {
  const poster = part?.promotions[0]?.poster ?? part?.movies[0]?.poster;
  const title = textIn((block as { title?: LocalText }).title, context.lang, context.fallbacks) || areaWords({ zh, en }, context.lang).title;
  return (
    <div data-testid="vod-slot" style={{ width: '100%', height: '100%', position: 'relative', overflow: 'hidden', background: 'rgba(0,0,0,.3)', fontFamily: font }}>
      {poster && <img src={poster} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />}
      <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '4%', background: 'linear-gradient(transparent, rgba(0,0,0,.7))', fontWeight: 700 }}>{title}</div>
    </div>
  );
}

export { Page };
