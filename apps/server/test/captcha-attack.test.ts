import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_TOLERANCE_PX, drawChallenge, GAP_X, PIECE_SIZE } from '../src/auth/captcha.js';
import { drawingSolver, eyeSolver, type Pixels } from './support/captchaSolvers.js';
import { ENGINE } from './support/database.js';

/**
 * What the drag captcha does against programs, measured: the rates docs/security.md states. The PNGs
 * are lossless, so what a client receives is these bitmaps' pixels. The captcha is drawn for people
 * (one plain gap) and stops no program; the sign-in throttles do (auth.test.ts, with every captcha solved).
 */
const ROUNDS = 200;

function hitRate(solve: (background: Pixels, piece: Pixels, pieceY: number) => number): number {
  let hits = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const x = randomInt(GAP_X[0], GAP_X[1]);
    const y = randomInt(4, CAPTCHA_HEIGHT - PIECE_SIZE - 4);
    const { background, piece } = drawChallenge(x, y);
    if (Math.abs(solve(background, piece, y) - x) <= CAPTCHA_TOLERANCE_PX) hits++;
  }
  return hits / ROUNDS;
}

// Pure computation: the embedded-database project runs it; the PostgreSQL one need not repeat it.
describe.runIf(ENGINE === 'pglite')('drag captcha against programs', () => {
  it('the gap is plain: a naive "darkest patch of the piece’s shape" finds it nearly every time (as a person does)', { timeout: 120_000 }, () => {
    expect(hitRate(eyeSolver)).toBeGreaterThanOrEqual(0.97);
  });

  it('a solver that knows the drawing finds it nearly every time too', { timeout: 120_000 }, () => {
    expect(hitRate(drawingSolver)).toBeGreaterThanOrEqual(0.9);
  });
});
