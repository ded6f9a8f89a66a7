import { inFrameWindow, type PictureFrameConfigPart } from '@htv/shared/areas/pictureframe/device';
import { useEffect, useState } from 'react';
import type { AreaOverlayProps } from '../registry';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * The hotel's photos full screen, one after another, once no key was pressed for the frame's idle
 * minutes (within its time window when it has one). The first key afterwards only closes the frame:
 * it is taken before the launcher or a page sees it.
 */
export function Overlay({ part }: AreaOverlayProps<PictureFrameConfigPart | null>) {
  const [showing, setShowing] = useState(false);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!part?.photos.length) return;
    let last = Date.now();
    let shown = false;
    const onKey = (event: KeyboardEvent) => {
      last = Date.now();
      if (!shown) return;
      shown = false;
      setShowing(false);
      event.stopPropagation();
      event.preventDefault();
    };
    const check = setInterval(() => {
      const idle = Date.now() - last >= part.idleMinutes * 60_000;
      if (!shown && idle && inFrameWindow(clock(new Date()), part.from, part.to)) {
        shown = true;
        setIndex(0);
        setShowing(true);
      } else if (shown && !inFrameWindow(clock(new Date()), part.from, part.to)) {
        shown = false;
        setShowing(false);
      }
    }, 5_000);
    window.addEventListener('keydown', onKey, true);
    return () => {
      clearInterval(check);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [part]);
  useEffect(() => {
    if (!showing || !part) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % part.photos.length), part.intervalSeconds * 1000);
    return () => clearInterval(timer);
  }, [showing, part]);
  if (!showing || !part?.photos.length) return null;
  return (
    <div data-testid="picture-frame" data-index={index} style={{ position: 'fixed', inset: 0, background: '#000', zIndex: 60 }}>
      <img src={part.photos[index % part.photos.length]} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
    </div>
  );
}
