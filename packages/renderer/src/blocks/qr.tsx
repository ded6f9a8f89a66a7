import type { ThemeBlock } from '@htv/shared/areas/themes/document';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import type { BlockRendererProps } from '../registry';

type QrBlock = ThemeBlock & { content: string };

/** The QR code's dark modules as one SVG path (one unit per module, a quiet zone of 2). */
export function qrPath(content: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  code.addData(content, 'Byte');
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (code.isDark(row, col)) path += `M${col + 2} ${row + 2}h1v1h-1z`;
  return { size: count + 4, path };
}

/** A QR code of the block's content, drawn square and centred on a white ground. */
export function QrBlockView({ block }: BlockRendererProps<QrBlock>) {
  const { size, path } = useMemo(() => qrPath(block.content), [block.content]);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width="100%" height="100%" shapeRendering="crispEdges" role="img" aria-label={block.content}>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
