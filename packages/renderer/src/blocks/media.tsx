import type { ThemeBlock } from '@htv/shared/areas/themes/document';
import { useEffect, useRef, useState } from 'react';
import { useCycle } from '../hooks';
import type { BlockRendererProps } from '../registry';

type ImageBlock = ThemeBlock & { materialIds: number[]; intervalSeconds: number; loop: number };
type VideoBlock = ThemeBlock & { materialIds: number[]; loop: number; muted: boolean };

const fill = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' } as const;

/** Pictures shown in turn every `intervalSeconds`, `loop` rounds (0: for ever). */
export function ImageBlockView({ block, context }: BlockRendererProps<ImageBlock>) {
  // A draft in an editor may not have its pictures yet.
  const ids = block.materialIds ?? [];
  const index = useCycle(ids.length, block.intervalSeconds * 1000, block.loop, context.live);
  const asset = context.assets(ids[index]!);
  if (!asset) return null;
  return <img src={asset.url} alt="" draggable={false} style={fill} data-material={ids[index]} />;
}

/**
 * Videos played one after the other, the whole list `loop` times (0: for ever), then the last frame
 * stays. Outside a live stage the first video shows its first frame.
 */
export function VideoBlockView({ block, context }: BlockRendererProps<VideoBlock>) {
  const [played, setPlayed] = useState(0);
  const ref = useRef<HTMLVideoElement>(null);
  const ids = block.materialIds ?? [];
  const count = ids.length;
  const total = block.loop > 0 ? count * block.loop : Infinity;
  const asset = context.assets(ids[played % count]!);
  useEffect(() => {
    if (context.live) void ref.current?.play().catch(() => undefined);
  }, [played, context.live, asset?.url]);
  if (!asset) return null;
  const single = count === 1 && block.loop === 0;
  return (
    <video
      ref={ref}
      src={asset.url}
      muted={block.muted || !context.live}
      autoPlay={context.live}
      loop={single}
      playsInline
      preload="auto"
      style={fill}
      onEnded={() => setPlayed((n) => (n + 1 < total ? n + 1 : n))}
    />
  );
}
