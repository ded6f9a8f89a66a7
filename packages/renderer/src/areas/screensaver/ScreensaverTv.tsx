import type { ScreensaverConfigPart } from '@htv/shared/areas/screensaver/device';
import { useEffect, useRef, useState } from 'react';
import type { AreaOverlayProps } from '../registry';

/** Something on screen the slideshow must not cover: an alarm or other alert, or a video playing. */
function busy(): boolean {
  if (document.querySelector('[role="alertdialog"]')) return true;
  return [...document.querySelectorAll('video')].some((video) => !video.paused && !video.ended);
}

/**
 * Watches the remote from the moment the part arrives (its key listener goes before every page's and
 * the launcher's); after `idleSeconds` without a key it shows the photos full screen, one every
 * `intervalSeconds`. The next key only ends the slideshow: it is not acted on otherwise, and the
 * screen under it (the launcher's focus, an open page) is as the guest left it.
 */
export function Overlay({ part }: AreaOverlayProps<ScreensaverConfigPart>) {
  const [showing, setShowing] = useState(false);
  const [index, setIndex] = useState(0);
  const shown = useRef(false);
  shown.current = showing;
  const { idleSeconds, intervalSeconds, photos } = part;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busy()) return arm();
        setIndex(0);
        setShowing(true);
      }, idleSeconds * 1000);
    };
    const onKey = (event: KeyboardEvent) => {
      if (shown.current) {
        // The key that wakes the screen is the slideshow's alone.
        event.stopImmediatePropagation();
        event.preventDefault();
        setShowing(false);
      }
      arm();
    };
    window.addEventListener('keydown', onKey, true);
    arm();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [idleSeconds]);

  useEffect(() => {
    if (!showing || photos.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % photos.length), intervalSeconds * 1000);
    return () => clearInterval(timer);
  }, [showing, intervalSeconds, photos.length]);

  if (!showing || !photos.length) return null;
  const photo = photos[index % photos.length]!;
  return (
    <div data-testid="screensaver" data-photo={photo.id} style={{ position: 'fixed', inset: 0, zIndex: 45, background: '#000' }}>
      {photos.map((p) => (
        <img
          key={p.id}
          src={p.url}
          alt=""
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: p.id === photo.id ? 1 : 0, transition: 'opacity 1s ease' }}
        />
      ))}
    </div>
  );
}
