import type { ThemeBlock } from '@htv/shared/areas/themes/document';
import type { Direction } from './model';

/**
 * The geometry an editor needs besides drawing: snapping to a grid and to other blocks, aligning and
 * distributing a selection, keeping boxes on the stage, and the D-pad moves between focusable blocks.
 * Pure functions in stage pixels, tested on their own.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A guide line drawn while snapping: a vertical line at `x` or a horizontal one at `y`. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

export interface SnapOptions {
  /** Grid step in stage pixels (0: no grid). */
  grid: number;
  /** How near (stage pixels) an edge or centre must come to another's to stick to it. */
  threshold: number;
}

export const DEFAULT_SNAP: SnapOptions = { grid: 10, threshold: 8 };

/** Lines of a rect on one axis: start, centre and end. */
const linesOf = (rect: Rect, axis: 'x' | 'y') => (axis === 'x' ? [rect.x, rect.x + rect.width / 2, rect.x + rect.width] : [rect.y, rect.y + rect.height / 2, rect.y + rect.height]);

/**
 * The shift that brings one of `moving`'s lines onto the nearest of `targets` within the threshold,
 * with the guide it draws; undefined when none is near.
 */
function nearestLine(moving: number[], targets: number[], threshold: number): { shift: number; at: number } | undefined {
  let best: { shift: number; at: number } | undefined;
  for (const line of moving) {
    for (const target of targets) {
      const shift = target - line;
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift))) best = { shift, at: target };
    }
  }
  return best;
}

const toGrid = (value: number, grid: number) => (grid > 0 ? Math.round(value / grid) * grid : Math.round(value));

/**
 * Where a dragged rect lands: on each axis its edges or centre stick to another block's edges or
 * centres near enough (drawing a guide), else its position goes to the grid.
 */
export function snapMove(rect: Rect, others: readonly Rect[], options: SnapOptions = DEFAULT_SNAP): { x: number; y: number; guides: Guide[] } {
  const guides: Guide[] = [];
  const place = (axis: 'x' | 'y') => {
    const hit = nearestLine(linesOf(rect, axis), others.flatMap((other) => linesOf(other, axis)), options.threshold);
    if (hit) {
      guides.push({ axis, at: hit.at });
      return Math.round(rect[axis] + hit.shift);
    }
    return toGrid(rect[axis], options.grid);
  };
  return { x: place('x'), y: place('y'), guides };
}

/** One moved edge of a resize: onto another block's edge or centre near enough, else onto the grid. */
export function snapEdge(value: number, axis: 'x' | 'y', others: readonly Rect[], options: SnapOptions = DEFAULT_SNAP): { value: number; guide?: Guide } {
  const hit = nearestLine([value], others.flatMap((other) => linesOf(other, axis)), options.threshold);
  if (hit) return { value: Math.round(hit.at), guide: { axis, at: hit.at } };
  return { value: toGrid(value, options.grid) };
}

/** Keeps a rect on the stage: at least 1 px, no larger than the stage, no part outside it. */
export function clampToStage(rect: Rect, stage: { width: number; height: number }): Rect {
  const width = Math.min(Math.max(1, Math.round(rect.width)), stage.width);
  const height = Math.min(Math.max(1, Math.round(rect.height)), stage.height);
  return {
    x: Math.min(Math.max(0, Math.round(rect.x)), stage.width - width),
    y: Math.min(Math.max(0, Math.round(rect.y)), stage.height - height),
    width,
    height,
  };
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** The rects aligned on the selection's bounds (left edges on the leftmost, centres on its centre...), in the same order. */
export function align(rects: readonly Rect[], how: Alignment): Rect[] {
  if (rects.length === 0) return [];
  const left = Math.min(...rects.map((r) => r.x));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const top = Math.min(...rects.map((r) => r.y));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return rects.map((r) => {
    switch (how) {
      case 'left':
        return { ...r, x: left };
      case 'center':
        return { ...r, x: Math.round((left + right) / 2 - r.width / 2) };
      case 'right':
        return { ...r, x: right - r.width };
      case 'top':
        return { ...r, y: top };
      case 'middle':
        return { ...r, y: Math.round((top + bottom) / 2 - r.height / 2) };
      case 'bottom':
        return { ...r, y: bottom - r.height };
    }
  });
}

/**
 * Equal gaps between the rects along an axis: the first and last (by position) stay, the others
 * are spaced between them. Same order as given.
 */
export function distribute(rects: readonly Rect[], axis: 'x' | 'y'): Rect[] {
  if (rects.length < 3) return rects.map((r) => ({ ...r }));
  const size = axis === 'x' ? 'width' : 'height';
  const order = rects.map((rect, index) => ({ rect, index })).sort((a, b) => a.rect[axis] - b.rect[axis] || a.index - b.index);
  const start = order[0]!.rect[axis];
  const end = Math.max(...rects.map((r) => r[axis] + r[size]));
  const gap = (end - start - rects.reduce((sum, r) => sum + r[size], 0)) / (rects.length - 1);
  const result = rects.map((r) => ({ ...r }));
  let at = start;
  for (const { rect, index } of order) {
    result[index]![axis] = Math.round(at);
    at += rect[size] + gap;
  }
  return result;
}

export const DIRECTIONS: readonly Direction[] = ['up', 'down', 'left', 'right'];

const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/**
 * The block the D-pad reaches from `from` in a direction when no move is set by hand: among the
 * blocks whose centre lies that way, the one with the smallest gap along the direction plus twice
 * its sideways distance (none when the two overlap sideways), so a block in line wins over a nearer
 * one off to the side. Ties go to the earlier candidate.
 */
export function nearestInDirection<T extends Rect & { key: string }>(from: T, candidates: readonly T[], direction: Direction): T | undefined {
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  const c = centre(from);
  let best: { block: T; score: number } | undefined;
  for (const other of candidates) {
    if (other.key === from.key) continue;
    const o = centre(other);
    const ahead = horizontal ? (o.x - c.x) * sign : (o.y - c.y) * sign;
    if (ahead <= 0) continue;
    const gap = horizontal
      ? Math.max(0, sign > 0 ? other.x - (from.x + from.width) : from.x - (other.x + other.width))
      : Math.max(0, sign > 0 ? other.y - (from.y + from.height) : from.y - (other.y + other.height));
    const sideways = horizontal
      ? Math.max(0, Math.max(from.y, other.y) - Math.min(from.y + from.height, other.y + other.height))
      : Math.max(0, Math.max(from.x, other.x) - Math.min(from.x + from.width, other.x + other.width));
    const score = gap + 2 * sideways;
    if (!best || score < best.score) best = { block: other, score };
  }
  return best?.block;
}

/** A D-pad move from one focusable block to another; `handSet` when the block's `nav` names it. */
export interface FocusMove {
  from: string;
  to: string;
  direction: Direction;
  handSet: boolean;
}

/**
 * The D-pad moves of a page's focusable blocks, as a TV follows them: the hand-set move of each
 * direction when its target is a focusable block of the page, else the nearest block that way.
 */
export function focusMoves(blocks: readonly ThemeBlock[]): FocusMove[] {
  const focusable = blocks.filter((b) => b.focusable) as unknown as (Rect & ThemeBlock)[];
  const keys = new Set(focusable.map((b) => b.key));
  const moves: FocusMove[] = [];
  for (const block of focusable) {
    const nav = (block.nav ?? {}) as Partial<Record<Direction, string>>;
    for (const direction of DIRECTIONS) {
      const set = nav[direction];
      if (set && keys.has(set)) moves.push({ from: block.key, to: set, direction, handSet: true });
      else {
        const near = nearestInDirection(block, focusable, direction);
        if (near) moves.push({ from: block.key, to: near.key, direction, handSet: false });
      }
    }
  }
  return moves;
}
