import { subtitleShowing, type SubtitleOnTv, type SubtitlesPart } from '@htv/shared/areas/subtitles/device';
import { textOnTv } from '@htv/shared/areas/publishing/device';
import { useEffect, useRef, useState } from 'react';
import { usePublished } from '../publishing/receipts';
import type { AreaOverlayProps } from '../registry';

/** How often the window of each subtitle is looked at again. */
const CLOCK_MS = 15_000;

/** The subtitles inside their window now, checked again every CLOCK_MS. */
function useShowing(subtitles: readonly SubtitleOnTv[]): SubtitleOnTv[] {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return subtitles.filter((subtitle) => subtitleShowing(subtitle, now));
}

/**
 * The ticker: one subtitle at a time crosses the screen from right to left, then the next. The move
 * is a Web Animations `transform` (run by the compositor: no layout or paint a frame).
 */
export function Overlay({ part, lang, fallbacks }: AreaOverlayProps<SubtitlesPart | null>) {
  const { items } = usePublished('subtitle', part?.subtitles ?? []);
  const showing = useShowing(items);
  const [turn, setTurn] = useState(0);
  const line = useRef<HTMLDivElement>(null);
  const current = showing.length ? showing[turn % showing.length] : undefined;
  const text = current ? textOnTv(current.content, lang, fallbacks) : '';
  useEffect(() => {
    const element = line.current;
    if (!current || !element) return;
    const screen = window.innerWidth;
    const distance = screen + element.scrollWidth;
    // Speeds are pixels of a 1920-wide screen a second: the same crossing time on any screen.
    const seconds = (distance * (1920 / screen)) / current.pixelsPerSecond;
    const animation = element.animate([{ transform: `translateX(${screen}px)` }, { transform: `translateX(${-element.scrollWidth}px)` }], { duration: seconds * 1000, easing: 'linear' });
    animation.onfinish = () => setTurn((n) => n + 1);
    return () => animation.cancel();
  }, [current, text, turn]);
  if (!current || !text) return null;
  const scale = `${(current.fontSize / 1080) * 100}vh`;
  return (
    <div data-testid="subtitle-ticker" data-id={current.id} style={{ position: 'fixed', left: 0, right: 0, bottom: 0, overflow: 'hidden', background: current.backgroundColor, color: current.fontColor, fontSize: scale, lineHeight: 1.6, zIndex: 35, pointerEvents: 'none', fontFamily: 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif' }}>
      <div ref={line} data-testid="subtitle-text" style={{ display: 'inline-block', whiteSpace: 'nowrap', willChange: 'transform', transform: 'translateX(100vw)' }}>
        {text}
      </div>
    </div>
  );
}
