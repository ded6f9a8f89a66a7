import type { ContentLang, ThemeDocument, ThemePage } from '@htv/shared/areas/themes/index';
import { fitScale, stageOf, ThemeStage, type StageAsset } from '@htv/renderer';
import { useElementSize } from '@htv/renderer/hooks';
import { clampToStage, focusMoves, snapEdge, snapMove, type Guide, type Rect } from '@htv/renderer/editing';
import { memo, useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { BLOCK_DRAG_TYPE } from './BlockPalette';
import { blocksOf, type PlacedBlock } from './documentTree';
import { InlineTextEditor } from './InlineTextEditor';

type Point = { x: number; y: number };

export interface EditorCanvasProps {
  doc: ThemeDocument;
  page: ThemePage;
  lang: ContentLang;
  assets: Readonly<Record<number, StageAsset>>;
  /** Keys of the selected blocks of the page. */
  selection: readonly string[];
  onSelect: (keys: string[]) => void;
  /** New boxes of moved or resized blocks, by key (one undo step). */
  onGeometry: (boxes: Record<string, Rect>) => void;
  /** Blocks the server's check found problems on. */
  problemKeys: ReadonlySet<string>;
  /** Draws the D-pad moves between focusable blocks. */
  focusView: boolean;
  /** Choosing a D-pad target: a click on a block answers it instead of selecting. */
  picking: boolean;
  onPick: (key: string) => void;
  onDropFiles: (files: File[], at: Point) => void;
  /** A block type dragged from the palette and dropped at a stage point. */
  onDropBlock: (type: string, at: Point) => void;
  /** A text block's words in the canvas's content language, edited on the canvas (one undo step). */
  onEditText: (key: string, value: string) => void;
  canvasRef?: Ref<HTMLDivElement>;
}

const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
type Handle = (typeof HANDLES)[number];
const SELECTED = '#1677ff';
const PROBLEM = '#ff4d4f';
/** Colours of the focus-order view: moves set by hand, and the nearest-block moves a TV makes otherwise. */
export const HAND_SET_COLOUR = '#fa8c16';
export const NEAREST_COLOUR = '#13c2c2';

const bounds = (rects: readonly Rect[]): Rect => {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
};
const intersects = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = (block: PlacedBlock): Rect => ({ x: block.x, y: block.y, width: block.width, height: block.height });

/**
 * The editor's canvas: the renderer draws the page as a still picture, scaled to the space there is,
 * and an editing layer over it in stage pixels selects (click, shift-click, a box dragged on empty
 * canvas), moves and resizes blocks, snapping to a 10 px grid and to other blocks' and the stage's
 * edges and centres with guide lines. Pointer logic of our own: see docs/themes.md "The editor".
 */
export function EditorCanvas(props: EditorCanvasProps) {
  const { doc } = props;
  const stage = stageOf(doc);
  const box = useRef<HTMLDivElement | null>(null);
  const size = useElementSize(box);
  const scale = fitScale(stage, size);

  const setBox = (element: HTMLDivElement | null) => {
    box.current = element;
    const ref = props.canvasRef;
    if (typeof ref === 'function') ref(element);
    else if (ref) (ref as { current: HTMLDivElement | null }).current = element;
  };

  /**
   * Maps screen points to stage points with the canvas's place measured now: a gesture measures it
   * once (the canvas does not move during one), so its moves never force a layout of the page.
   */
  const stageMapper = () => {
    const rect = box.current!.getBoundingClientRect();
    const left = rect.left + (size.width - stage.width * scale) / 2;
    const top = rect.top + (size.height - stage.height * scale) / 2;
    return (clientX: number, clientY: number): Point => ({ x: (clientX - left) / scale, y: (clientY - top) / scale });
  };

  return (
    <div
      ref={setBox}
      tabIndex={0}
      data-testid="editor-canvas"
      style={{ position: 'relative', width: '100%', height: '100%', outline: 'none' }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files') || event.dataTransfer.types.includes(BLOCK_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        const type = event.dataTransfer.getData(BLOCK_DRAG_TYPE);
        if (type) {
          event.preventDefault();
          return props.onDropBlock(type, stageMapper()(event.clientX, event.clientY));
        }
        const files = [...event.dataTransfer.files].filter((file) => file.type.startsWith('image/'));
        if (!files.length) return;
        event.preventDefault();
        props.onDropFiles(files, stageMapper()(event.clientX, event.clientY));
      }}
    >
      <ThemeStage document={doc} assets={props.assets} lang={props.lang} pageKey={props.page.key}>
        {scale > 0 && <EditLayer {...props} scale={scale} stageMapper={stageMapper} />}
      </ThemeStage>
    </div>
  );
}

function EditLayer(props: EditorCanvasProps & { scale: number; stageMapper: () => (x: number, y: number) => Point }) {
  const { doc, page, selection, scale } = props;
  const stage = stageOf(doc);
  const blocks = blocksOf(page);
  const [preview, setPreview] = useState<Record<string, Rect> | null>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [marquee, setMarquee] = useState<Rect | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const stageRect: Rect = { x: 0, y: 0, ...stage };

  /** Follows the pointer until it is released; a press that never moves 3 screen pixels is a click. */
  const track = (down: ReactPointerEvent, onMove: (at: Point, from: Point) => void, onEnd: (moved: boolean) => void) => {
    const toStage = props.stageMapper();
    const from = toStage(down.clientX, down.clientY);
    let moved = false;
    const move = (event: PointerEvent) => {
      const at = toStage(event.clientX, event.clientY);
      if (!moved && Math.hypot(at.x - from.x, at.y - from.y) * scale < 3) return;
      moved = true;
      onMove(at, from);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      onEnd(moved);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  /** Commits what the gesture left in `latest` as one change, and clears the gesture's drawing. */
  const finish = (latest: { boxes: Record<string, Rect> | null }) => (moved: boolean) => {
    if (moved && latest.boxes) props.onGeometry(latest.boxes);
    setPreview(null);
    setGuides([]);
  };

  const pressBlock = (event: ReactPointerEvent, key: string) => {
    const block = blocks.find((b) => b.key === key)!;
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    (event.currentTarget.closest('[data-testid="editor-canvas"]') as HTMLElement | null)?.focus({ preventScroll: true });
    if (props.picking) return props.onPick(block.key);
    if (event.shiftKey) return props.onSelect(selection.includes(block.key) ? selection.filter((k) => k !== block.key) : [...selection, block.key]);
    const moving = selection.includes(block.key) ? selection : [block.key];
    // A block not yet selected is chosen when the pointer is released: choosing redraws the tree and
    // the property form, which must not share the drag's frames.
    const starts = blocks.filter((b) => moving.includes(b.key)).map((b) => ({ key: b.key, box: boxOf(b) }));
    const others = [stageRect, ...blocks.filter((b) => !moving.includes(b.key)).map(boxOf)];
    const start = bounds(starts.map((s) => s.box));
    const latest = { boxes: null as Record<string, Rect> | null };
    track(
      event,
      (at, from) => {
        const shifted = { ...start, x: start.x + at.x - from.x, y: start.y + at.y - from.y };
        const snapped = snapMove(shifted, others);
        const dx = snapped.x - start.x;
        const dy = snapped.y - start.y;
        latest.boxes = Object.fromEntries(starts.map((s) => [s.key, clampToStage({ ...s.box, x: s.box.x + dx, y: s.box.y + dy }, stage)]));
        setPreview(latest.boxes);
        setGuides(snapped.guides);
      },
      (moved) => {
        finish(latest)(moved);
        // A click (no drag) on one block of a selection selects that block alone.
        if (!selection.includes(block.key) || (!moved && moving.length > 1)) props.onSelect([block.key]);
      },
    );
  };

  const pressHandle = (event: ReactPointerEvent, block: PlacedBlock, handle: Handle) => {
    event.stopPropagation();
    event.preventDefault();
    const start = boxOf(block);
    const others = [stageRect, ...blocks.filter((b) => b.key !== block.key).map(boxOf)];
    const latest = { boxes: null as Record<string, Rect> | null };
    track(
      event,
      (at, from) => {
        const dx = at.x - from.x;
        const dy = at.y - from.y;
        const drawn: Guide[] = [];
        const edge = (value: number, axis: 'x' | 'y') => {
          const snapped = snapEdge(value, axis, others);
          if (snapped.guide) drawn.push(snapped.guide);
          return snapped.value;
        };
        let left = start.x;
        let right = start.x + start.width;
        let top = start.y;
        let bottom = start.y + start.height;
        if (handle.includes('w')) left = Math.min(edge(left + dx, 'x'), right - 1);
        if (handle.includes('e')) right = Math.max(edge(right + dx, 'x'), left + 1);
        if (handle.includes('n')) top = Math.min(edge(top + dy, 'y'), bottom - 1);
        if (handle.includes('s')) bottom = Math.max(edge(bottom + dy, 'y'), top + 1);
        const left0 = Math.max(0, left);
        const top0 = Math.max(0, top);
        latest.boxes = { [block.key]: clampToStage({ x: left0, y: top0, width: Math.min(right, stage.width) - left0, height: Math.min(bottom, stage.height) - top0 }, stage) };
        setPreview(latest.boxes);
        setGuides(drawn);
      },
      finish(latest),
    );
  };

  const pressEmpty = (event: ReactPointerEvent) => {
    if (event.button !== 0 || props.picking) return;
    event.preventDefault();
    (event.currentTarget.closest('[data-testid="editor-canvas"]') as HTMLElement | null)?.focus({ preventScroll: true });
    const additive = event.shiftKey;
    let area: Rect | null = null;
    track(
      event,
      (at, from) => {
        area = { x: Math.min(at.x, from.x), y: Math.min(at.y, from.y), width: Math.abs(at.x - from.x), height: Math.abs(at.y - from.y) };
        setMarquee(area);
      },
      (moved) => {
        setMarquee(null);
        if (!moved || !area) return additive || props.onSelect([]);
        const hits = blocks.filter((b) => intersects(boxOf(b), area!)).map((b) => b.key);
        props.onSelect(additive ? [...new Set([...selection, ...hits])] : hits);
      },
    );
  };

  // The outlines' press handler stays the same function, so a gesture redraws only the outlines it moves.
  const press = useRef(pressBlock);
  press.current = pressBlock;
  const onPress = useCallback((event: ReactPointerEvent, key: string) => press.current(event, key), []);
  const startEditing = useCallback((key: string) => setEditing(key), []);
  const edited = editing ? blocks.find((b) => b.key === editing && b.type === 'text') : undefined;

  const line = 1.5 / scale;
  const handleSize = 10 / scale;
  const single = selection.length === 1 ? blocks.find((b) => b.key === selection[0]) : undefined;
  const shown = (block: PlacedBlock) => preview?.[block.key] ?? boxOf(block);

  return (
    // A layer of its own for the compositor: outlines moving during a gesture repaint only this layer,
    // never the page's blocks drawn under it.
    <div data-testid="edit-layer" onPointerDown={pressEmpty} style={{ position: 'absolute', inset: 0, zIndex: 50, willChange: 'transform', cursor: props.picking ? 'crosshair' : 'default' }}>
      {blocks.map((block) => {
        const at = shown(block);
        return (
          <Outline
            key={block.key}
            blockKey={block.key}
            x={at.x}
            y={at.y}
            width={at.width}
            height={at.height}
            selected={selection.includes(block.key)}
            problem={props.problemKeys.has(block.key)}
            moving={!!preview?.[block.key]}
            picking={props.picking}
            scale={scale}
            onPress={onPress}
            onDoubleClick={block.type === 'text' && !props.picking ? startEditing : undefined}
          />
        );
      })}
      {single &&
        !props.picking &&
        HANDLES.map((handle) => {
          const at = shown(single);
          const x = handle.includes('w') ? at.x : handle.includes('e') ? at.x + at.width : at.x + at.width / 2;
          const y = handle.includes('n') ? at.y : handle.includes('s') ? at.y + at.height : at.y + at.height / 2;
          return (
            <div
              key={handle}
              data-testid={`handle-${handle}`}
              onPointerDown={(event) => pressHandle(event, single, handle)}
              style={{ position: 'absolute', left: x - handleSize / 2, top: y - handleSize / 2, width: handleSize, height: handleSize, background: '#fff', border: `${line}px solid ${SELECTED}`, boxSizing: 'border-box', cursor: `${handle}-resize` }}
            />
          );
        })}
      {guides.map((guide, index) => (
        <div
          key={index}
          data-testid="snap-guide"
          style={{ position: 'absolute', pointerEvents: 'none', background: '#eb2f96', ...(guide.axis === 'x' ? { left: guide.at - line / 2, top: 0, width: line, height: '100%' } : { top: guide.at - line / 2, left: 0, height: line, width: '100%' }) }}
        />
      ))}
      {marquee && <div data-testid="marquee" style={{ position: 'absolute', pointerEvents: 'none', left: marquee.x, top: marquee.y, width: marquee.width, height: marquee.height, border: `${line}px solid ${SELECTED}`, background: 'rgba(22,119,255,.1)' }} />}
      {props.focusView && <FocusArrows blocks={blocks} scale={scale} />}
      {edited && (
        <InlineTextEditor
          key={`${edited.key}-${props.lang}`}
          block={edited}
          lang={props.lang}
          scale={scale}
          onDone={(value) => {
            setEditing(null);
            if (value !== undefined) props.onEditText(edited.key, value);
          }}
        />
      )}
    </div>
  );
}

interface OutlineProps extends Rect {
  blockKey: string;
  selected: boolean;
  problem: boolean;
  moving: boolean;
  picking: boolean;
  scale: number;
  onPress: (event: ReactPointerEvent, key: string) => void;
  onDoubleClick?: (key: string) => void;
}

/** A block's outline on the editing layer, where presses on the block land; drawn again only when its own props change. */
const Outline = memo(function Outline({ blockKey, x, y, width, height, selected, problem, moving, picking, scale, onPress, onDoubleClick }: OutlineProps) {
  return (
    <div
      data-testid={`canvas-block-${blockKey}`}
      data-selected={selected ? 'true' : undefined}
      data-problem={problem ? 'true' : undefined}
      onPointerDown={(event) => onPress(event, blockKey)}
      onDoubleClick={onDoubleClick && (() => onDoubleClick(blockKey))}
      style={{
        position: 'absolute',
        left: x,
        top: y,
        width,
        height,
        boxSizing: 'border-box',
        cursor: picking ? 'crosshair' : 'move',
        outline: problem ? `${3 / scale}px solid ${PROBLEM}` : selected ? `${2 / scale}px solid ${SELECTED}` : `${1.5 / scale}px dashed rgba(255,255,255,.35)`,
        background: moving ? 'rgba(22,119,255,.12)' : undefined,
      }}
    />
  );
});

/** The D-pad moves as arrows from each focusable block's edge to the block it reaches. */
function FocusArrows({ blocks, scale }: { blocks: PlacedBlock[]; scale: number }) {
  const byKey = new Map(blocks.map((b) => [b.key, b]));
  const width = 2.5 / scale;
  const exit = (b: PlacedBlock, direction: string): Point => {
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    // Side by side so a pair's two moves do not cover each other.
    const off = 8 / scale;
    if (direction === 'right') return { x: b.x + b.width, y: cy - off };
    if (direction === 'left') return { x: b.x, y: cy + off };
    if (direction === 'down') return { x: cx + off, y: b.y + b.height };
    return { x: cx - off, y: b.y };
  };
  return (
    <svg data-testid="focus-arrows" width="100%" height="100%" style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'visible' }}>
      <defs>
        {[HAND_SET_COLOUR, NEAREST_COLOUR].map((colour) => (
          <marker key={colour} id={`arrow-${colour.slice(1)}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" fill={colour} />
          </marker>
        ))}
      </defs>
      {focusMoves(blocks).map((move) => {
        const from = exit(byKey.get(move.from)!, move.direction);
        const target = byKey.get(move.to)!;
        const to = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
        const colour = move.handSet ? HAND_SET_COLOUR : NEAREST_COLOUR;
        return (
          <line
            key={`${move.from}-${move.direction}`}
            data-testid="focus-arrow"
            data-from={move.from}
            data-to={move.to}
            data-direction={move.direction}
            data-hand-set={move.handSet ? 'true' : 'false'}
            x1={from.x}
            y1={from.y}
            x2={to.x}
            y2={to.y}
            stroke={colour}
            strokeWidth={width}
            strokeDasharray={move.handSet ? undefined : `${6 / scale} ${4 / scale}`}
            markerEnd={`url(#arrow-${colour.slice(1)})`}
          />
        );
      })}
    </svg>
  );
}
