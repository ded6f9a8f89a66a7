import { wakeWords, type WakeUpConfigPart, type WakeUpRingOnTv } from '@htv/shared/areas/wakeup/device';
import { useEffect, useRef, useState } from 'react';
import { useRemote } from '../host';
import { areaWords, type AreaOverlayProps, type AreaPageProps } from '../registry';

const zh = {
  title: '叫醒服务',
  hint: '按 OK 键停止闹铃 · 按其他键稍后提醒',
  hintNoSnooze: '按 OK 键停止闹铃',
  snoozed: '稍后提醒',
  add: '新增叫醒',
  addHint: '↑/↓ 调整时间 · OK 设置',
  cancelHint: 'OK 取消该叫醒',
  none: '暂无叫醒',
  daily: '每天',
  failed: '操作失败，请稍后再试',
};
const en: typeof zh = {
  title: 'Wake-up calls',
  hint: 'Press OK to stop the alarm · any other key to snooze',
  hintNoSnooze: 'Press OK to stop the alarm',
  snoozed: 'Snoozed',
  add: 'New wake-up',
  addHint: '↑/↓ change the time · OK set',
  cancelHint: 'OK cancels this wake-up',
  none: 'No wake-up calls',
  daily: 'Daily',
  failed: 'That did not work, try again later',
};

const font = '"PingFang SC", "Microsoft YaHei", system-ui, sans-serif';
/** The music starts soft and rises to full volume over this long. */
const RISE_MS = 30_000;

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The alarm: the picture on, the time and the words, the music rising; OK answers, any other key snoozes. */
function Ring({ ring, lang }: { ring: WakeUpRingOnTv; lang: AreaOverlayProps['lang'] }) {
  const words = areaWords({ zh, en }, lang);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const started = Date.now();
    element.volume = 0.1;
    void element.play().catch(() => undefined);
    const timer = setInterval(() => (element.volume = Math.min(1, 0.1 + (0.9 * (Date.now() - started)) / RISE_MS)), 500);
    return () => clearInterval(timer);
  }, [ring.music]);
  useEffect(() => {
    // Before every other listener (the launcher, an open page): the alarm takes the remote.
    const listener = (event: KeyboardEvent) => {
      event.stopPropagation();
      event.preventDefault();
      const action = event.key === 'Enter' ? 'answer' : 'snooze';
      if (action === 'snooze' && ring.snoozesLeft <= 0) return;
      setDone(true);
      audio.current?.pause();
      void post(ring.reportUrl, { action, attempt: ring.attempt }).catch(() => undefined);
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [ring]);
  if (done) return null;
  const text = wakeWords(lang.startsWith('zh') ? ring.wordsZh : ring.wordsEn, ring.guest, lang.startsWith('zh'));
  return (
    <div
      data-testid="wakeup-ring"
      data-playing={playing ? 'true' : 'false'}
      role="alertdialog"
      aria-label={words.title}
      style={{ position: 'fixed', inset: 0, zIndex: 50, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '4vh', background: 'linear-gradient(160deg, #ffb347 0%, #ff7e5f 45%, #2b1055 100%)', color: '#fff', fontFamily: font, textAlign: 'center' }}
    >
      <audio ref={audio} data-testid="wakeup-audio" src={ring.music} loop onPlaying={() => setPlaying(true)} onPause={() => setPlaying(false)} />
      <div data-testid="wakeup-time" style={{ fontSize: '22vh', fontWeight: 700, lineHeight: 1 }}>
        {ring.time}
      </div>
      <div data-testid="wakeup-words" style={{ fontSize: '5vh', maxWidth: '80vw' }}>
        {text}
      </div>
      <div style={{ fontSize: '2.6vh', opacity: 0.85 }}>{ring.snoozesLeft > 0 ? words.hint : words.hintNoSnooze}</div>
    </div>
  );
}

export function Overlay({ part, lang }: AreaOverlayProps<WakeUpConfigPart>) {
  const ring = part.ring;
  if (!ring) return null;
  // A new ring (another call or attempt) is a new alarm.
  return <Ring key={`${ring.callId}:${ring.attempt}`} ring={ring} lang={lang} />;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The next moment a minute of the day comes, as the TV's local date and `HH:MM`. */
function nextAt(minutes: number): { date: string; time: string } {
  const now = new Date();
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(minutes / 60), minutes % 60);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

/** The guest's page: a new call's time (↑/↓ by 15 minutes, OK sets it), then the room's calls (OK cancels one). */
export function Page({ part, lang }: AreaPageProps<WakeUpConfigPart>) {
  const words = areaWords({ zh, en }, lang);
  const calls = part?.calls ?? [];
  const [focus, setFocus] = useState(0);
  const [minutes, setMinutes] = useState(7 * 60);
  const [error, setError] = useState(false);
  const act = (request: Promise<Response>) => request.then((res) => setError(!res.ok), () => setError(true));
  useRemote((key) => {
    if (key === 'ArrowDown' && focus === 0) return setMinutes((m) => (m + 24 * 60 - 15) % (24 * 60));
    if (key === 'ArrowUp' && focus === 0) return setMinutes((m) => (m + 15) % (24 * 60));
    if (key === 'ArrowRight' || (key === 'ArrowDown' && focus > 0)) return setFocus((f) => Math.min(calls.length, f + 1));
    if (key === 'ArrowLeft' || key === 'ArrowUp') return setFocus((f) => Math.max(0, f - 1));
    if (key !== 'Enter' || !part) return;
    if (focus === 0) void act(post(part.setUrl, nextAt(minutes)));
    else if (calls[focus - 1]) void act(post(calls[focus - 1]!.url, { action: 'cancel' }));
  });
  const row = (focused: boolean) => ({ padding: '2vh 3vw', borderRadius: 12, background: focused ? 'rgba(255,179,71,.9)' : 'rgba(255,255,255,.08)', color: focused ? '#1a1030' : '#fff' });
  return (
    <div data-testid="wakeup-page" style={{ position: 'fixed', inset: 0, padding: '8vh 10vw', background: '#1a1030', color: '#fff', fontFamily: font, display: 'flex', flexDirection: 'column', gap: '2vh', fontSize: '3vh' }}>
      <div style={{ fontSize: '5vh', fontWeight: 700 }}>{words.title}</div>
      <div data-testid="wakeup-new" data-focused={focus === 0} style={row(focus === 0)}>
        {words.add}: <b>{nextAt(minutes).time}</b> <span style={{ fontSize: '2.2vh', opacity: 0.7 }}>{words.addHint}</span>
      </div>
      {calls.length === 0 && <div style={{ opacity: 0.6 }}>{words.none}</div>}
      {calls.map((call, index) => (
        <div key={call.id} data-testid="wakeup-call" data-focused={focus === index + 1} style={row(focus === index + 1)}>
          {call.date} {call.time} {call.repeat === 'daily' ? `· ${words.daily} ×${call.days}` : ''} {focus === index + 1 && <span style={{ fontSize: '2.2vh' }}>· {words.cancelHint}</span>}
        </div>
      ))}
      {error && <div style={{ color: '#ffc069' }}>{words.failed}</div>}
    </div>
  );
}
