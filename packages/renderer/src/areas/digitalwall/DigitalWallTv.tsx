import { wallItemSeconds, wallItemShowing, type DigitalWallPart } from '@htv/shared/areas/digitalwall/device';
import { useEffect, useState } from 'react';
import type { AreaOverlayProps } from '../registry';

/** How often the items' switch windows are looked at again while nothing plays. */
const CLOCK_MS = 15_000;

/**
 * The playlist full screen: each item in order for its play count × play interval (a video plays
 * muted, again from its start when shorter), then the next; after the last, the first again when the
 * wall loops, else the launcher until the wall changes. Items outside their switch window are skipped.
 */
export function Overlay({ part }: AreaOverlayProps<DigitalWallPart | null>) {
  const [now, setNow] = useState(() => new Date());
  const [turn, setTurn] = useState(0);
  const [done, setDone] = useState(false);
  useEffect(() => {
    setTurn(0);
    setDone(false);
  }, [part]);
  const playing = (part?.items ?? []).filter((item) => wallItemShowing(item, now));
  const current = playing.length ? playing[turn % playing.length] : undefined;
  useEffect(() => {
    if (!current || done) {
      const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
      return () => clearInterval(timer);
    }
    const timer = setTimeout(() => {
      setNow(new Date());
      if (!part?.loop && turn % playing.length === playing.length - 1) setDone(true);
      else setTurn((n) => n + 1);
    }, wallItemSeconds(current) * 1000);
    return () => clearTimeout(timer);
  }, [current, done, turn, part, playing.length]);
  if (!current || done) return null;
  const fill = { width: '100%', height: '100%', objectFit: 'contain' as const, display: 'block' };
  return (
    <div data-testid="digital-wall" data-item={current.id} data-title={current.title} style={{ position: 'fixed', inset: 0, background: '#000', zIndex: 40 }}>
      {current.kind === 'video' ? <video key={`${current.id}-${turn}`} src={current.url} autoPlay muted loop playsInline style={fill} /> : <img key={current.id} src={current.url} alt={current.title} style={fill} />}
    </div>
  );
}
