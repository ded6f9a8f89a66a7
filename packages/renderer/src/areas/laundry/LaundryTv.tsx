import type { LaundryConfigPart } from '@htv/shared/areas/laundry/device';
import { useEffect, useState } from 'react';
import { areaWords, type AreaOverlayProps } from '../registry';

const zh = { washer: '洗衣机', dryer: '烘干机', washerDryer: '洗烘一体机', left: '剩余 {minutes} 分钟', finished: '已洗好，请取衣' };
const en: typeof zh = { washer: 'Washer', dryer: 'Dryer', washerDryer: 'Washer-dryer', left: '{minutes} min left', finished: 'Done: please unload' };

const minutesLeft = (endsAt: string, now: number) => Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));

/**
 * The room's washes in a corner of the screen while any runs or waits to be unloaded: the machine and
 * its time left, counted down here (the part changes only when a wash starts, ends or is unloaded).
 */
export function Overlay({ part, lang }: AreaOverlayProps<LaundryConfigPart | null>) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (!part?.washes.length) return null;
  const w = areaWords({ zh, en }, lang);
  return (
    <div data-testid="laundry-overlay" style={{ position: 'fixed', top: '3vh', left: '3vw', display: 'flex', flexDirection: 'column', gap: '0.8vh', padding: '1.2vh 1.2vw', borderRadius: 12, background: 'rgba(11,21,38,.85)', color: '#fff', fontSize: '2vh', fontFamily: 'system-ui, "Noto Sans CJK SC", sans-serif', pointerEvents: 'none' }}>
      {part.washes.map((wash) => (
        <div key={wash.id} data-testid="laundry-wash" data-state={wash.state}>
          {(w as Record<string, string>)[wash.type] ?? w.washer} {wash.number} · {wash.state === 'running' ? w.left.replace('{minutes}', String(minutesLeft(wash.endsAt, now))) : w.finished}
        </div>
      ))}
    </div>
  );
}
