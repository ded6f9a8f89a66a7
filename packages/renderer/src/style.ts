import type { ThemeBlock } from '@htv/shared/areas/themes/document';
import type { CSSProperties } from 'react';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a part sits inside its parent (both in stage pixels). */
export const placed = (box: Box, parent: { x: number; y: number } = { x: 0, y: 0 }): CSSProperties => ({
  position: 'absolute',
  left: box.x - parent.x,
  top: box.y - parent.y,
  width: box.width,
  height: box.height,
});

/** Every style attribute of a block (spec §3): font, colours, alignment, opacity, radius, blur. */
export function blockStyle(block: ThemeBlock): CSSProperties {
  const font = block.font as { family?: string; size?: number; bold?: boolean } | undefined;
  const blur = block.blur as number | undefined;
  const animation = block.animation as string | undefined;
  return {
    ...placed(block as unknown as Box),
    overflow: 'hidden',
    boxSizing: 'border-box',
    color: (block.color as string | undefined) ?? '#ffffff',
    background: block.background as string | undefined,
    textAlign: (block.align as CSSProperties['textAlign']) ?? 'left',
    opacity: (block.opacity as number | undefined) ?? 1,
    borderRadius: (block.radius as number | undefined) ?? 0,
    fontFamily: font?.family,
    fontSize: font?.size ?? 24,
    fontWeight: font?.bold ? 700 : 400,
    backdropFilter: blur ? `blur(${blur}px)` : undefined,
    animation: animation && animation !== 'none' ? `htv-${animation} 0.6s ease-out backwards` : undefined,
  };
}

/** The entrance animations blocks may name, and the focus ring. Put once on the stage. */
export const STAGE_CSS = `
@keyframes htv-fade { from { opacity: 0 } }
@keyframes htv-slide { from { transform: translateX(-40px); opacity: 0 } }
@keyframes htv-zoom { from { transform: scale(0.85); opacity: 0 } }
@keyframes htv-marquee { from { transform: translateX(100%) } to { transform: translateX(-100%) } }
.htv-block { transition: transform 120ms ease-out, box-shadow 120ms ease-out; }
.htv-block[data-focused="true"] { transform: scale(1.04); z-index: 10; box-shadow: 0 0 0 4px var(--htv-focus), 0 8px 24px rgba(0,0,0,.45); }
`;
