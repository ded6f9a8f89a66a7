import { nowAndNext, type ChannelOnTv, type ChannelsConfigPart, type ProgrammeOnTv } from '@htv/shared/areas/channels/device';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useRemote } from '../host';
import { areaWords, type AreaPageProps } from '../registry';
import { play } from './player';

const zh = {
  empty: '酒店暂未开通电视频道',
  failed: '该频道暂时无法播放，请按 ↑/↓ 换台',
  loading: '正在打开频道…',
  now: '正在播出',
  next: '即将播出',
  noGuide: '暂无节目单',
  guide: '今日节目',
  noChannel: '没有频道',
  hint: '↑/↓ 换台 · 数字键选台 · OK 节目单 · 返回 退出',
  guideHint: '↑/↓ 浏览 · OK 或 ← 关闭',
};
const en: typeof zh = {
  empty: 'The hotel has no TV channels yet',
  failed: 'This channel cannot be played now; press ↑/↓ for another',
  loading: 'Opening the channel…',
  now: 'Now',
  next: 'Next',
  noGuide: 'No programme guide',
  guide: "Today's programmes",
  noChannel: 'No channel',
  hint: '↑/↓ change channel · number keys choose one · OK guide · Back exit',
  guideHint: '↑/↓ browse · OK or ← close',
};

/** Where the TV remembers the channel last watched (its key: the channel's, not its place in the list). */
const LAST_CHANNEL = 'htv.channels.last';
/** How long the banner stays after a change or OK. */
const BANNER_MS = 5000;
/** How long typed digits wait for the next one before tuning. */
const DIGIT_WAIT_MS = 1500;

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const time = (at: number) => {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};
const span = (p: ProgrammeOnTv) => `${time(p.start)}–${time(p.stop)}`;

function remembered(channels: readonly ChannelOnTv[]): number {
  try {
    const key = localStorage.getItem(LAST_CHANNEL);
    const index = channels.findIndex((channel) => channel.key === key);
    return index >= 0 ? index : 0;
  } catch {
    return 0;
  }
}

function remember(channel: ChannelOnTv) {
  try {
    localStorage.setItem(LAST_CHANNEL, channel.key);
  } catch {
    // Storage full or off: the first channel next time.
  }
}

/** The programmes of the local day `at` falls in. */
function dayOf(guide: readonly ProgrammeOnTv[] | undefined, at: number): ProgrammeOnTv[] {
  const start = new Date(at);
  start.setHours(0, 0, 0, 0);
  const end = start.getTime() + 86_400_000;
  return (guide ?? []).filter((p) => p.stop > start.getTime() && p.start < end);
}

const bannerStyle: CSSProperties = {
  position: 'absolute',
  left: '4vw',
  right: '4vw',
  bottom: '5vh',
  display: 'flex',
  alignItems: 'center',
  gap: '2vw',
  padding: '2vh 2vw',
  borderRadius: 16,
  background: 'rgba(8,16,32,.82)',
  fontFamily: font,
};

function Banner({ channel, guide, at, words }: { channel: ChannelOnTv; guide: readonly ProgrammeOnTv[] | undefined; at: number; words: typeof zh }) {
  const { now, next } = nowAndNext(guide, at);
  const share = now ? Math.min(1, Math.max(0, (at - now.start) / (now.stop - now.start))) : 0;
  return (
    <div data-testid="channels-banner" data-key={channel.key} data-number={channel.number} style={bannerStyle}>
      <div style={{ fontSize: '6vh', fontWeight: 700, color: '#f5a623', minWidth: '8vw', textAlign: 'center' }}>{channel.number}</div>
      {channel.logo && <img src={channel.logo} alt="" draggable={false} style={{ height: '8vh', maxWidth: '12vw', objectFit: 'contain' }} />}
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.8vh' }}>
        <div data-testid="channels-name" style={{ fontSize: '4vh', fontWeight: 700 }}>{channel.name}</div>
        {now || next ? (
          <>
            {now && (
              <div data-testid="channels-now" style={{ fontSize: '2.6vh' }}>
                <span style={{ color: '#9fb3d1' }}>{words.now} </span>
                {span(now)} {now.title}
                <div style={{ height: '0.6vh', marginTop: '0.6vh', borderRadius: 3, background: 'rgba(255,255,255,.2)', overflow: 'hidden' }}>
                  <div style={{ width: `${share * 100}%`, height: '100%', background: '#f5a623' }} />
                </div>
              </div>
            )}
            {next && (
              <div data-testid="channels-next" style={{ fontSize: '2.4vh', color: '#c9d6ea' }}>
                <span style={{ color: '#9fb3d1' }}>{words.next} </span>
                {span(next)} {next.title}
              </div>
            )}
          </>
        ) : (
          <div style={{ fontSize: '2.4vh', color: '#9fb3d1' }}>{words.noGuide}</div>
        )}
      </div>
    </div>
  );
}

function Guide({ channel, programmes, selected, at, words }: { channel: ChannelOnTv; programmes: ProgrammeOnTv[]; selected: number; at: number; words: typeof zh }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <div data-testid="channels-guide" style={{ position: 'absolute', top: '6vh', right: '3vw', bottom: '6vh', width: '38vw', display: 'flex', flexDirection: 'column', gap: '1.5vh', padding: '3vh 2vw', borderRadius: 16, background: 'rgba(8,16,32,.9)', fontFamily: font }}>
      <div style={{ fontSize: '3.4vh', fontWeight: 700 }}>
        {channel.number} {channel.name} · {words.guide}
      </div>
      <div ref={list} style={{ flex: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '0.6vh' }}>
        {programmes.length === 0 && <div style={{ color: '#9fb3d1', fontSize: '2.6vh' }}>{words.noGuide}</div>}
        {programmes.map((p, index) => {
          const onNow = p.start <= at && at < p.stop;
          return (
            <div key={p.start} data-index={index} style={{ display: 'flex', gap: '1.5vw', padding: '1vh 1vw', borderRadius: 8, fontSize: '2.6vh', flexShrink: 0, background: index === selected ? '#f5a623' : onNow ? 'rgba(245,166,35,.2)' : 'transparent', color: index === selected ? '#14233d' : p.stop <= at ? '#7f8da3' : '#fff' }}>
              <span style={{ minWidth: '6vw' }}>{time(p.start)}</span>
              <span>{p.title}</span>
            </div>
          );
        })}
      </div>
      <div style={{ fontSize: '2vh', color: '#9fb3d1' }}>{words.guideHint}</div>
    </div>
  );
}

/** The live-TV page: the channel plays full screen; the remote changes it, the banner and the guide tell what is on. */
function Page({ part, lang }: AreaPageProps<ChannelsConfigPart>) {
  const words = areaWords({ zh, en }, lang);
  const channels = part?.channels ?? [];
  const video = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(() => remembered(channels));
  const [bannerUntil, setBannerUntil] = useState(() => Date.now() + BANNER_MS);
  const [failed, setFailed] = useState(false);
  const [digits, setDigits] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [guide, setGuide] = useState<number | null>(null);
  const [at, setAt] = useState(() => Date.now());
  const channel = channels.length > 0 ? channels[Math.min(index, channels.length - 1)]! : null;

  // The clock of now and next, and the banner's end.
  useEffect(() => {
    const timer = setInterval(() => setAt(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // A new channel (or a new address for it) plays; the last one stops first.
  const url = channel?.url;
  useEffect(() => {
    const element = video.current;
    if (!element || !channel || !url) return;
    setFailed(false);
    remember(channel);
    const playback = play(element, url, () => setFailed(true));
    return () => playback.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel?.key, url]);

  const tune = (next: number) => {
    if (channels.length === 0) return;
    setIndex(((next % channels.length) + channels.length) % channels.length);
    setBannerUntil(Date.now() + BANNER_MS);
    setAt(Date.now());
    setGuide(null);
  };

  const programmes = channel && channel.epgId ? dayOf(part?.guide[channel.epgId], at) : [];
  useRemote((key) => {
    if (guide !== null) {
      if (key === 'ArrowUp') setGuide(Math.max(0, guide - 1));
      else if (key === 'ArrowDown') setGuide(Math.min(Math.max(0, programmes.length - 1), guide + 1));
      else if (key === 'Enter' || key === 'ArrowLeft') setGuide(null);
      return;
    }
    if (key === 'ArrowUp') tune(index + 1);
    else if (key === 'ArrowDown') tune(index - 1);
    else if (key === 'Enter') {
      if (Date.now() < bannerUntil) {
        const current = programmes.findIndex((p) => p.start <= Date.now() && Date.now() < p.stop);
        setGuide(Math.max(0, current));
      } else setBannerUntil(Date.now() + BANNER_MS);
    }
  });

  // Number keys: digits gather, then tune to that number (or say there is none).
  const typed = useRef(digits);
  typed.current = digits;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!/^[0-9]$/.test(event.key)) return;
      event.stopPropagation();
      event.preventDefault();
      setDigits((typed.current + event.key).slice(-5));
      setMissing(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  useEffect(() => {
    if (!digits) return;
    const wanted = Number(digits);
    const longest = String(channels.length).length;
    const go = () => {
      setDigits('');
      const found = channels.findIndex((c) => c.number === wanted);
      if (found >= 0) tune(found);
      else setMissing(digits);
    };
    if (digits.length >= longest) return go();
    const timer = setTimeout(go, DIGIT_WAIT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [digits]);
  useEffect(() => {
    if (!missing) return;
    const timer = setTimeout(() => setMissing(null), 2000);
    return () => clearTimeout(timer);
  }, [missing]);

  if (!channel) {
    return (
      <div data-testid="channels-empty" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '4vh', fontFamily: font }}>
        {words.empty}
      </div>
    );
  }
  return (
    <div data-testid="channels-page" data-channel={channel.key} style={{ position: 'absolute', inset: 0, background: '#000', overflow: 'hidden' }}>
      <video ref={video} data-testid="channels-video" playsInline loop style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000' }} />
      {failed && (
        <div data-testid="channels-error" style={{ position: 'absolute', left: 0, right: 0, top: '38vh', textAlign: 'center', fontSize: '3.6vh', fontFamily: font, color: '#ffd28a' }}>
          {words.failed}
        </div>
      )}
      {(digits || missing) && (
        <div data-testid="channels-digits" style={{ position: 'absolute', top: '5vh', right: '4vw', padding: '1vh 2vw', borderRadius: 12, background: 'rgba(8,16,32,.82)', fontSize: '6vh', fontWeight: 700, fontFamily: font, color: missing ? '#ffd28a' : '#f5a623' }}>
          {missing ? `${missing} · ${words.noChannel}` : `${digits}-`}
        </div>
      )}
      {guide !== null && <Guide channel={channel} programmes={programmes} selected={guide} at={at} words={words} />}
      {(at < bannerUntil || failed) && guide === null && <Banner channel={channel} guide={channel.epgId ? part?.guide[channel.epgId] : undefined} at={at} words={words} />}
      {at < bannerUntil && guide === null && <div style={{ position: 'absolute', top: '4vh', left: '4vw', fontSize: '2vh', color: 'rgba(255,255,255,.7)', fontFamily: font }}>{words.hint}</div>}
    </div>
  );
}

export { Page };
