import type { ThemeBlock } from '@htv/shared/areas/themes/document';
import qrcode from 'qrcode-generator';
import { useEffect, useState } from 'react';
import type { BlockRendererProps } from '../registry';

type QrBlock = ThemeBlock & { content: string };

/** Codes already made, by content (a page drawn again, another language, the editor's canvas). */
const made = new Map<string, { size: number; path: string }>();
const MADE_LIMIT = 500;

/** The QR code's dark modules as one SVG path (one unit per module, a quiet zone of 2). */
export function qrPath(content: string): { size: number; path: string } {
  const known = made.get(content);
  if (known) return known;
  if (made.size >= MADE_LIMIT) made.clear();
  const code = qrcode(0, 'M');
  code.addData(content, 'Byte');
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (code.isDark(row, col)) path += `M${col + 2} ${row + 2}h1v1h-1z`;
  const shape = { size: count + 4, path };
  made.set(content, shape);
  return shape;
}

/** Codes waiting to be made, in the order their blocks asked. */
const waiting = new Set<() => void>();
let pumping = false;

/**
 * Runs `work` in a task of its own after the next frame is painted, one piece of work per frame: a
 * page's codes never hold back together the frame that shows the remote's first focus or a move.
 * The returned function cancels it.
 */
function afterPaint(work: () => void): () => void {
  waiting.add(work);
  if (!pumping) {
    pumping = true;
    requestAnimationFrame(function next() {
      setTimeout(() => {
        const [first] = waiting;
        if (first) {
          waiting.delete(first);
          first();
        }
        if (waiting.size) requestAnimationFrame(next);
        else pumping = false;
      }, 0);
    });
  }
  return () => void waiting.delete(work);
}

/**
 * A QR code of the block's content, drawn square and centred on a white ground. Making a code (the
 * encoder tries its eight masks) is the costliest part of a page: a code not made yet is made in a
 * task of its own after the page is painted (its white ground shows first), so it never holds back
 * the page's first picture nor a D-pad move.
 */
export function QrBlockView({ block }: BlockRendererProps<QrBlock>) {
  const [, drawn] = useState(0);
  const shape = made.get(block.content);
  useEffect(() => {
    if (shape) return;
    return afterPaint(() => {
      qrPath(block.content);
      drawn((n) => n + 1);
    });
  }, [block.content, shape]);
  const size = shape?.size ?? 1;
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width="100%" height="100%" shapeRendering="crispEdges" role="img" aria-label={block.content}>
      <rect width={size} height={size} fill="#ffffff" />
      {shape && <path d={shape.path} fill="#000000" />}
    </svg>
  );
}
