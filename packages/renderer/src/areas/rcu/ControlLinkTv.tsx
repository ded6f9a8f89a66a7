import type { RcuDevice } from '@htv/shared/areas/rcu/adapter';
import { RCU_STATE_EVENT, scenesBetween, type ControlLinkConfigPart, type ControlLinkMaterial } from '@htv/shared/areas/rcu/device';
import type { ControlLinkScene } from '@htv/shared/areas/rcu/records';
import { useEffect, useRef, useState } from 'react';
import type { AreaOverlayProps } from '../registry';

interface Showing {
  scene: ControlLinkScene;
  material: ControlLinkMaterial;
}

/** The materials of the scenes that happened, in order: each scene's own ones by sort. */
export function materialsOf(part: ControlLinkConfigPart, scenes: readonly ControlLinkScene[]): Showing[] {
  return scenes.flatMap((scene) => (part.scenes[scene] ?? []).map((material) => ({ scene, material })));
}

/** A video that plays with sound when the TV allows it, else muted. */
function Video({ url, onEnded }: { url: string; onEnded: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.play().catch(() => {
      video.muted = true;
      void video.play().catch(() => undefined);
    });
  }, [url]);
  return <video ref={ref} src={url} playsInline onEnded={onEnded} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', background: '#000' }} />;
}

/**
 * Over every screen: when the room's control reports a scene (a change between two reads of the
 * room by the rcu overlay: the lights all switched off, do-not-disturb set…), the hotel's materials
 * of that scene full screen, one after another, each for its seconds (a video to its end, at most
 * that long). The next key only ends it: it is not acted on otherwise. Not over an alert (the
 * wake-up alarm); the first read of the room is where it starts from, not a scene.
 */
export function Overlay({ part }: AreaOverlayProps<ControlLinkConfigPart>) {
  const [queue, setQueue] = useState<Showing[]>([]);
  const [index, setIndex] = useState(0);
  const before = useRef<RcuDevice[] | null>(null);
  const partRef = useRef(part);
  partRef.current = part;
  const showing = queue[index];
  const shown = useRef(false);
  shown.current = !!showing;

  useEffect(() => {
    const onState = (event: Event) => {
      const devices = (event as CustomEvent<RcuDevice[]>).detail;
      if (!Array.isArray(devices)) return;
      const scenes = scenesBetween(before.current, devices);
      before.current = devices;
      const next = materialsOf(partRef.current, scenes);
      if (!next.length || document.querySelector('[role="alertdialog"]')) return;
      setQueue(next);
      setIndex(0);
    };
    const onKey = (event: KeyboardEvent) => {
      if (!shown.current) return;
      // The key that ends the material is the material's alone.
      event.stopImmediatePropagation();
      event.preventDefault();
      setQueue([]);
    };
    window.addEventListener(RCU_STATE_EVENT, onState);
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener(RCU_STATE_EVENT, onState);
      window.removeEventListener('keydown', onKey, true);
    };
  }, []);

  useEffect(() => {
    if (!showing) return;
    const timer = setTimeout(() => setIndex((i) => i + 1), showing.material.seconds * 1000);
    return () => clearTimeout(timer);
  }, [showing]);

  if (!showing) return null;
  const { material, scene } = showing;
  return (
    <div data-testid="control-link" data-scene={scene} data-material={material.id} style={{ position: 'fixed', inset: 0, zIndex: 44, background: '#000' }}>
      {material.kind === 'video' ? (
        <Video key={`${index}:${material.id}`} url={material.url} onEnded={() => setIndex((i) => i + 1)} />
      ) : (
        <img src={material.url} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }} />
      )}
    </div>
  );
}
