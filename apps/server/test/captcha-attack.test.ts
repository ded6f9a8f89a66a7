import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_TOLERANCE_PX, CAPTCHA_WIDTH, drawChallenge, GAP_X, PIECE_SIZE } from '../src/auth/captcha.js';
import type { Bitmap } from '../src/auth/png.js';
import { ENGINE } from './support/database.js';

/**
 * The attacks a script would try first on what the client receives (the PNGs are lossless, so their
 * pixels are these bitmaps' pixels) and `pieceY`: each scans every x of the piece's row and picks the
 * best-scoring one.
 */
type Attack = (background: Bitmap, piece: Bitmap, y: number) => number;

/** The piece's opaque pixels. */
function maskOf(piece: Bitmap): [number, number][] {
  const mask: [number, number][] = [];
  for (let j = 0; j < PIECE_SIZE; j++) for (let i = 0; i < PIECE_SIZE; i++) if (piece.get(i, j)[3] === 255) mask.push([i, j]);
  return mask;
}

function bestX(score: (x: number) => number): number {
  let best = 0;
  let bestScore = Infinity;
  for (let x = 0; x <= CAPTCHA_WIDTH - PIECE_SIZE; x++) {
    const s = score(x);
    if (s < bestScore) [best, bestScore] = [x, s];
  }
  return best;
}

/** The gap is the piece darkened by a fixed factor: the x where the background is closest to 0.4 × piece. */
const fixedFactorDiff: Attack = (background, piece, y) => {
  const mask = maskOf(piece);
  return bestX((x) => {
    let sum = 0;
    for (const [i, j] of mask) {
      const p = piece.get(i, j);
      const b = background.get(x + i, y + j);
      for (let c = 0; c < 3; c++) sum += Math.abs(b[c]! - 0.4 * p[c]!);
    }
    return sum;
  });
};

/** The same with the best darkening factor at each x (least squares), whatever the factor is. */
const fittedFactorDiff: Attack = (background, piece, y) => {
  const mask = maskOf(piece);
  return bestX((x) => {
    let bp = 0;
    let pp = 0;
    for (const [i, j] of mask) {
      const p = piece.get(i, j);
      const b = background.get(x + i, y + j);
      for (let c = 0; c < 3; c++) [bp, pp] = [bp + b[c]! * p[c]!, pp + p[c]! * p[c]!];
    }
    const k = bp / pp;
    let sum = 0;
    for (const [i, j] of mask) {
      const p = piece.get(i, j);
      const b = background.get(x + i, y + j);
      for (let c = 0; c < 3; c++) sum += Math.abs(b[c]! - k * p[c]!);
    }
    return sum;
  });
};

/** The gap is a dark patch in the piece's outline: the x where the outline is darkest against the pixels around it. */
const darkOutline: Attack = (background, piece, y) => {
  const mask = maskOf(piece);
  const inside = new Set(mask.map(([i, j]) => j * PIECE_SIZE + i));
  const ring = mask.flatMap(([i, j]) => [[i - 3, j], [i + 3, j], [i, j - 3], [i, j + 3]] as [number, number][]).filter(([i, j]) => !inside.has(j * PIECE_SIZE + i));
  const light = (x: number, i: number, j: number) => {
    const [r, g, b] = background.get(Math.min(CAPTCHA_WIDTH - 1, Math.max(0, x + i)), Math.min(CAPTCHA_HEIGHT - 1, Math.max(0, y + j)));
    return r! + g! + b!;
  };
  return bestX((x) => {
    let dark = 0;
    for (const [i, j] of mask) dark += light(x, i, j);
    let around = 0;
    for (const [i, j] of ring) around += light(x, i, j);
    return dark / mask.length - around / ring.length;
  });
};

const ATTACKS = { fixedFactorDiff, fittedFactorDiff, darkOutline };
const ROUNDS = 80;

// Pure computation: the embedded-database project runs it; the PostgreSQL one need not repeat it.
describe.runIf(ENGINE === 'pglite')('drag captcha against a pixel-difference attack', () => {
  it('sends a naive diff to a decoy or nowhere most of the time', { timeout: 120_000 }, () => {
    const wins = Object.fromEntries(Object.keys(ATTACKS).map((name) => [name, { gap: 0, hole: 0 }]));
    for (let round = 0; round < ROUNDS; round++) {
      const x = randomInt(GAP_X[0], GAP_X[1]);
      const y = randomInt(4, CAPTCHA_HEIGHT - PIECE_SIZE - 4);
      const drawn = drawChallenge(x, y);
      expect(drawn.decoys.length).toBeGreaterThanOrEqual(1);
      const holes = [x, ...drawn.decoys.map((d) => d.x)];
      for (const [name, attack] of Object.entries(ATTACKS)) {
        const found = attack(drawn.background, drawn.piece, y);
        if (Math.abs(found - x) <= CAPTCHA_TOLERANCE_PX) wins[name]!.gap++;
        if (holes.some((hole) => Math.abs(found - hole) <= CAPTCHA_TOLERANCE_PX)) wins[name]!.hole++;
      }
    }
    for (const [name, { gap, hole }] of Object.entries(wins)) {
      // Each attack does find a hole nearly always (it is a working attack), but the gap in well under
      // half of the rounds: about as often as chance among the gap and its decoys.
      expect(hole / ROUNDS, `${name}: any hole ${hole} of ${ROUNDS}`).toBeGreaterThan(0.8);
      expect(gap / ROUNDS, `${name}: gap ${gap}, any hole ${hole} of ${ROUNDS}`).toBeLessThan(0.5);
    }
  });
});
