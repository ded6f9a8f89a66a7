import type { ThemeBlock } from '@htv/shared/areas/themes/document';
import { describe, expect, it } from 'vitest';
import { align, clampToStage, distribute, focusMoves, nearestInDirection, snapEdge, snapMove } from '../src/editing';

const rect = (x: number, y: number, width = 100, height = 50) => ({ x, y, width, height });

describe('snapping', () => {
  it('puts a rect on the grid when no block is near', () => {
    expect(snapMove(rect(123, 47), [])).toEqual({ x: 120, y: 50, guides: [] });
    expect(snapMove(rect(123, 47), [], { grid: 0, threshold: 8 })).toEqual({ x: 123, y: 47, guides: [] });
  });

  it('sticks edges and centres to another block within the threshold, with a guide', () => {
    const other = rect(500, 300, 200, 100);
    // Left edge 4 px from the other's right edge (700): sticks there; top 6 px under its top.
    expect(snapMove(rect(704, 306), [other])).toEqual({ x: 700, y: 300, guides: [{ axis: 'x', at: 700 }, { axis: 'y', at: 300 }] });
    // Centre (x + 50) near the other's centre (600): x = 550.
    expect(snapMove(rect(553, 900), [other]).x).toBe(550);
    // Too far: the grid.
    expect(snapMove(rect(720, 420), [other])).toEqual({ x: 720, y: 420, guides: [] });
  });

  it('snaps a resized edge to a block line or to the grid', () => {
    expect(snapEdge(497, 'x', [rect(500, 0)])).toEqual({ value: 500, guide: { axis: 'x', at: 500 } });
    expect(snapEdge(1234, 'y', [rect(500, 0)])).toEqual({ value: 1230 });
  });

  it('keeps a rect on the stage', () => {
    const stage = { width: 1920, height: 1080 };
    expect(clampToStage(rect(-20, 1070, 100, 50), stage)).toEqual({ x: 0, y: 1030, width: 100, height: 50 });
    expect(clampToStage(rect(10, 10, 4000, 0), stage)).toEqual({ x: 0, y: 10, width: 1920, height: 1 });
  });
});

describe('alignment and distribution', () => {
  const rects = [rect(100, 100, 100, 50), rect(300, 220, 200, 100), rect(160, 400, 50, 20)];

  it('aligns on the selection bounds', () => {
    expect(align(rects, 'left').map((r) => r.x)).toEqual([100, 100, 100]);
    expect(align(rects, 'right').map((r) => r.x + r.width)).toEqual([500, 500, 500]);
    expect(align(rects, 'center').map((r) => r.x + r.width / 2)).toEqual([300, 300, 300]);
    expect(align(rects, 'top').map((r) => r.y)).toEqual([100, 100, 100]);
    expect(align(rects, 'bottom').map((r) => r.y + r.height)).toEqual([420, 420, 420]);
    expect(align(rects, 'middle').map((r) => r.y + r.height / 2)).toEqual([260, 260, 260]);
    // Only the aligned axis changes.
    expect(align(rects, 'left').map((r) => r.y)).toEqual([100, 220, 400]);
  });

  it('spaces three or more with equal gaps, the outer ones staying', () => {
    const spread = distribute([rect(0, 0, 100), rect(900, 0, 100), rect(150, 0, 100)], 'x');
    expect(spread.map((r) => r.x)).toEqual([0, 900, 450]);
    expect(distribute([rect(0, 0), rect(10, 10)], 'y')).toEqual([rect(0, 0), rect(10, 10)]);
  });
});

describe('D-pad moves', () => {
  const block = (key: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ key, type: 'text', x, y, width: 200, height: 100, focusable: true, ...extra }) as ThemeBlock & { x: number; y: number; width: number; height: number };

  it('goes to the nearest block in line before a nearer one off to the side', () => {
    const from = block('a', 0, 0);
    const inLine = block('b', 600, 0);
    const aside = block('c', 300, 400);
    expect(nearestInDirection(from, [from, inLine, aside], 'right')?.key).toBe('b');
    expect(nearestInDirection(from, [from, inLine, aside], 'down')?.key).toBe('c');
    expect(nearestInDirection(from, [from, inLine, aside], 'left')).toBeUndefined();
    expect(nearestInDirection(from, [from, inLine, aside], 'up')).toBeUndefined();
    expect(nearestInDirection(inLine, [from, inLine, aside], 'left')?.key).toBe('a');
  });

  it('takes hand-set moves to focusable blocks, the nearest block otherwise, and skips blocks that take no focus', () => {
    const blocks = [block('a', 0, 0, { nav: { right: 'c', up: 'gone' } }), block('b', 300, 0), block('c', 600, 0), block('d', 300, 300, { focusable: false })];
    const moves = focusMoves(blocks);
    expect(moves.filter((m) => m.from === 'a')).toEqual([{ from: 'a', to: 'c', direction: 'right', handSet: true }]);
    expect(moves.filter((m) => m.from === 'b')).toEqual([
      { from: 'b', to: 'a', direction: 'left', handSet: false },
      { from: 'b', to: 'c', direction: 'right', handSet: false },
    ]);
    expect(moves.some((m) => m.to === 'd' || m.from === 'd')).toBe(false);
  });
});
