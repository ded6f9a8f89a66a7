import type { ContentLang, LocalText } from '@htv/shared/areas/themes/index';
import { blockStyle } from '@htv/renderer/style';
import { useEffect, useRef } from 'react';
import type { PlacedBlock } from './documentTree';

/**
 * A text block's words typed on the canvas, over the block and in its font, in the content language
 * the canvas shows. Enter or leaving the box keeps them (Shift+Enter starts a new line), Escape drops
 * them: `onDone` answers the words kept, or undefined.
 */
export function InlineTextEditor({ block, lang, scale, onDone }: { block: PlacedBlock; lang: ContentLang; scale: number; onDone: (value: string | undefined) => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  // Answered once: Escape and the blur its unmounting may cause must not both count.
  const done = useRef(false);
  const finish = (value: string | undefined) => {
    if (done.current) return;
    done.current = true;
    onDone(value);
  };
  const original = (block.text as LocalText | undefined)?.[lang] ?? '';
  useEffect(() => {
    field.current?.focus({ preventScroll: true });
    field.current?.select();
  }, []);
  const { animation: _animation, opacity: _opacity, backdropFilter: _blur, ...look } = blockStyle(block);
  return (
    <textarea
      ref={field}
      defaultValue={original}
      data-testid="canvas-text-editor"
      aria-label={block.key}
      // Presses inside place the caret; they must not start a box selection on the layer under it.
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') return event.preventDefault(), finish(undefined);
        if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) return event.preventDefault(), finish(event.currentTarget.value);
      }}
      onBlur={(event) => finish(event.currentTarget.value)}
      style={{
        ...look,
        zIndex: 5,
        resize: 'none',
        padding: '0 12px',
        margin: 0,
        lineHeight: 'normal',
        border: 'none',
        outline: `${2 / scale}px solid #1677ff`,
        background: look.background ?? 'rgba(0, 0, 0, 0.55)',
        alignContent: 'center',
      }}
    />
  );
}
