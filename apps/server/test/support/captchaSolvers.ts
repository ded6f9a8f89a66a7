/**
 * Solvers of the drag captcha, working on what a client receives: the background and the piece as RGBA
 * pixels, and `pieceY`. Each answers the x to drop the piece at. `captcha-attack.test.ts` measures them
 * against the server's drawing; the browser test drags with `eyeSolver` on the picture the page shows.
 */
export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: ArrayLike<number>;
}

const at = (image: Pixels, x: number, y: number, channel: number) => image.data[(y * image.width + x) * 4 + channel]!;
const light = (image: Pixels, x: number, y: number) => at(image, x, y, 0) + at(image, x, y, 1) + at(image, x, y, 2);

/** The piece's opaque pixels, and the ones on its outline (an opaque pixel next to a clear one). */
function outline(piece: Pixels) {
  const opaque = (i: number, j: number) => i >= 0 && j >= 0 && i < piece.width && j < piece.height && at(piece, i, j, 3) > 128;
  const inside: [number, number][] = [];
  const edge: [number, number][] = [];
  for (let j = 0; j < piece.height; j++) {
    for (let i = 0; i < piece.width; i++) {
      if (!opaque(i, j)) continue;
      const onEdge = [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([di, dj]) => !opaque(i + di! * 3, j + dj! * 3));
      (onEdge ? edge : inside).push([i, j]);
    }
  }
  // Just outside the outline: 4 px beyond each edge pixel, away from the piece.
  const ring = edge
    .flatMap(([i, j]) => [[i - 4, j], [i + 4, j], [i, j - 4], [i, j + 4]] as [number, number][])
    .filter(([i, j]) => !opaque(i, j) && !opaque((i + (i < piece.width / 2 ? 1 : -1)) | 0, j));
  return { inside, edge, ring };
}

function bestX(background: Pixels, piece: Pixels, score: (x: number) => number): number {
  let best = 0;
  let bestScore = Infinity;
  for (let x = 0; x <= background.width - piece.width; x++) {
    const s = score(x);
    if (s < bestScore) [best, bestScore] = [x, s];
  }
  return best;
}

/**
 * What a person's eye does: the place on the piece's row where a patch of the piece's shape is darkest
 * against what surrounds it. No knowledge of how the picture is drawn.
 */
export function eyeSolver(background: Pixels, piece: Pixels, pieceY: number): number {
  const { inside, ring } = outline(piece);
  const clampX = (x: number) => Math.min(background.width - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(background.height - 1, Math.max(0, y));
  return bestX(background, piece, (x) => {
    let dark = 0;
    for (const [i, j] of inside) dark += light(background, x + i, pieceY + j);
    let around = 0;
    for (const [i, j] of ring) around += light(background, clampX(x + i), clampY(pieceY + j));
    return dark / inside.length - around / ring.length;
  });
}

/**
 * A solver that knows the drawing: grain added alike to the three channels cancels in the channel
 * differences (r - g, g - b), a hole shows a darkened copy of the piece's picture, and only at the gap
 * does the texture inside the outline continue outside it. Scores each x by how well the hole matches
 * the piece (best darkening factor) plus how well the texture across the outline continues (best
 * factor again), and picks the best.
 */
export function drawingSolver(background: Pixels, piece: Pixels, pieceY: number): number {
  const { inside, edge, ring } = outline(piece);
  /** r - g and g - b of every pixel, clamped to the image at its borders. */
  const differences = (image: Pixels) => {
    const d = new Float32Array(image.width * image.height * 2);
    for (let i = 0; i < image.width * image.height; i++) {
      d[i * 2] = image.data[i * 4]! - image.data[i * 4 + 1]!;
      d[i * 2 + 1] = image.data[i * 4 + 1]! - image.data[i * 4 + 2]!;
    }
    return (x: number, y: number, channel: number) =>
      d[(Math.min(image.height - 1, Math.max(0, y)) * image.width + Math.min(image.width - 1, Math.max(0, x))) * 2 + channel]!;
  };
  const back = differences(background);
  const own = differences(piece);
  /** Least-squares fit a ≈ k·b from the sums of a·b, b·b and a·a: k, and the residual relative to a. */
  const fit = (ab: number, bb: number, aa: number) => {
    const k = bb ? ab / bb : 0;
    return { k, residual: aa ? (aa - k * ab) / aa : 1 };
  };
  const rings = new Set(ring.map(([i, j]) => `${i},${j}`));
  // Each edge pixel paired with the ring pixel beyond it: inside (darkened) against outside (as drawn).
  const across: [number, number, number, number][] = [];
  for (const [i, j] of edge) {
    for (const [di, dj] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      if (rings.has(`${i + di * 4},${j + dj * 4}`)) across.push([i - di * 3, j - dj * 3, i + di * 4, j + dj * 4]);
    }
  }
  return bestX(background, piece, (x) => {
    let [ab, bb, aa] = [0, 0, 0];
    for (const [i, j] of inside) {
      for (let c = 0; c < 2; c++) {
        const a = back(x + i, pieceY + j, c);
        const b = own(i, j, c);
        [ab, bb, aa] = [ab + a * b, bb + b * b, aa + a * a];
      }
    }
    const hole = fit(ab, bb, aa);
    [ab, bb, aa] = [0, 0, 0];
    for (const [ii, ij, oi, oj] of across) {
      for (let c = 0; c < 2; c++) {
        const a = back(x + ii, pieceY + ij, c);
        const b = back(x + oi, pieceY + oj, c);
        [ab, bb, aa] = [ab + a * b, bb + b * b, aa + a * a];
      }
    }
    const edgeFit = fit(ab, bb, aa);
    // A hole is darker than the picture; the plain background (k ≈ 1 across) is no hole.
    const darkened = hole.k > 0.15 && hole.k < 0.85 && edgeFit.k < 0.85 ? 0 : 1;
    return hole.residual + edgeFit.residual + darkened;
  });
}
