import { useSyncExternalStore } from 'react';
import type { BootKeeper } from './boot';

/** The boot picture, then the boot animation, over everything after a start. */
export function BootSplash({ keeper }: { keeper: BootKeeper }) {
  const shown = useSyncExternalStore(keeper.subscribe, keeper.snapshot);
  if (!shown) return null;
  return (
    <div data-testid="tv-boot" data-policy-id={keeper.current?.policyId ?? ''} style={{ position: 'fixed', inset: 0, zIndex: 1000, background: '#000', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <img src={shown.url} alt={keeper.current?.name ?? ''} data-testid={`tv-boot-${shown.kind}`} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
    </div>
  );
}
