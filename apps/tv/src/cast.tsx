import type { CastCommandData } from '@htv/shared/areas/phone/protocol';
import { useEffect, useState, type CSSProperties } from 'react';
import { PHONE_CAST_EVENT } from './phone';


type Shown = Extract<CastCommandData, { cast: unknown }>['cast'];

const layer: CSSProperties = { position: 'fixed', inset: 0, zIndex: 50, background: '#000', display: 'flex', alignItems: 'center', justifyContent: 'center' };

/**
 * What the room's bound phone casts, over everything: a picture full-screen, a video playing, or a web
 * address in a sandboxed frame (its scripts run in an opaque origin: no access to the TV page, its
 * storage or its device token; no forms, pop-ups or top navigation) with the address and its QR code
 * beneath, for a page that refuses to be framed. Back (Escape) closes it; so does the phone's stop.
 */
export function CastOverlay({ caption }: { caption: (key: 'castBack') => string }) {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const onCast = (event: Event) => {
      const data = (event as CustomEvent<CastCommandData>).detail;
      if ('cast' in data) setShown(data.cast);
      else setShown((current) => (data.castStop === null || current?.id === data.castStop ? null : current));
    };
    window.addEventListener(PHONE_CAST_EVENT, onCast);
    return () => window.removeEventListener(PHONE_CAST_EVENT, onCast);
  }, []);
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' && event.key !== 'Backspace' && event.key !== 'Home') return;
      // The cast takes Back for itself: the page under it stays open.
      event.preventDefault();
      event.stopImmediatePropagation();
      setShown(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [shown]);
  if (!shown) return null;
  return (
    <div style={layer} data-testid="tv-cast" data-kind={shown.kind}>
      {shown.kind === 'image' && <img src={shown.url} alt="" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} data-testid="tv-cast-image" />}
      {shown.kind === 'video' && <video src={shown.url} autoPlay controls={false} style={{ width: '100%', height: '100%', objectFit: 'contain' }} data-testid="tv-cast-video" />}
      {shown.kind === 'url' && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', background: '#fff' }}>
          {/* The TV page's policy frames https pages only: an http address is shown as its QR code and text. */}
          {shown.url.startsWith('https:') ? (
            <iframe src={shown.url} title={shown.url} sandbox="allow-scripts" referrerPolicy="no-referrer" style={{ flex: 1, border: 0, width: '100%' }} data-testid="tv-cast-frame" />
          ) : (
            <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#111' }}>{shown.qr && <img src={shown.qr} alt="" style={{ width: 360, height: 360, background: '#fff' }} />}</div>
          )}
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px 24px', background: '#111', color: '#fff', fontSize: 20 }}>
            {shown.qr && <img src={shown.qr} alt="" style={{ width: 96, height: 96, background: '#fff' }} />}
            <span style={{ wordBreak: 'break-all', flex: 1 }} data-testid="tv-cast-url">{shown.url}</span>
          </div>
        </div>
      )}
      <div style={{ position: 'absolute', top: 16, right: 24, padding: '6px 14px', borderRadius: 6, background: 'rgba(0,0,0,.6)', color: '#fff', fontSize: 18 }}>{caption('castBack')}</div>
    </div>
  );
}
