import { captchaAnswerSchema, translate, type CaptchaAnswer } from '@htv/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { AppError, notFound } from '../http/errors.js';
import { ok } from '../http/reply.js';
import type { Db } from '../db/client.js';
import type { Bus } from '../system/bus.js';
import { Bitmap, encodePng } from './png.js';
import { FailureThrottle } from './throttle.js';

/**
 * The drag (slider) captcha. The server draws a background with a gap at a random x and the matching
 * piece; the user drags the piece into the gap; the client sends the x it was dropped at. A challenge
 * is single-use, expires after two minutes, tolerates ±4 px and is refused when answered faster than a
 * person can (300 ms after issue). The answer never leaves the server: the images are PNG, not markup.
 * Decoy holes, grain and shading that differs per hole keep a pixel difference from finding the gap
 * more often than chance among the holes; the sign-in throttles remain the real defence.
 */
export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 160;
/** The piece's box (the shape with its two knobs). */
export const PIECE_SIZE = 54;
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const CAPTCHA_TOLERANCE_PX = 4;
export const CAPTCHA_MIN_SOLVE_MS = 300;
/** Challenges and pass tokens kept at most (oldest dropped first); issuing is also throttled per IP. */
const MAX_ENTRIES = 20_000;
const ISSUE_LIMIT = { perIp: 30, windowMs: 60 * 1000 };

interface Challenge {
  x: number;
  y: number;
  issuedAt: number;
}

export type CaptchaResult = 'ok' | 'failed' | 'expired';

/**
 * A piece's outline: a body with round knobs on its top edge (centred at the x values of `top`) and
 * on its right edge (the y values of `right`). Each challenge's piece has one of each, placed at
 * random; its decoys have the same outline plus one more knob: plain to the eye, and inside the
 * piece's outline exactly alike, so a pixel difference over the piece cannot tell them apart.
 */
export interface PieceShape {
  top: number[];
  right: number[];
}
/** Left edges the gap (and its decoys) may have: clear of the piece's start, inside the picture. */
export const GAP_X = [PIECE_SIZE + 20, CAPTCHA_WIDTH - PIECE_SIZE - 4] as const;
/** Where knobs may sit: the piece's own, and a decoy's extra one (inside the 54 px box). */
const KNOBS = { top: { piece: [10, 34], extra: [8, 40] }, right: { piece: [20, 44], extra: [16, 45] } } as const;
/** A decoy's extra knob is this far from its neighbour on the same edge: two distinct bumps. */
const KNOB_GAP = 16;
const KNOB_RADIUS_SQ = 64;
const DECOYS = 3;

function inPiece(shape: PieceShape, i: number, j: number): boolean {
  if (i >= 2 && i < 44 && j >= 12 && j < 52) return true;
  return shape.top.some((x) => (i - x) ** 2 + (j - 12) ** 2 <= KNOB_RADIUS_SQ) || shape.right.some((y) => (i - 44) ** 2 + (j - y) ** 2 <= KNOB_RADIUS_SQ);
}
function onEdge(shape: PieceShape, i: number, j: number): boolean {
  if (!inPiece(shape, i, j)) return false;
  return !inPiece(shape, i - 2, j) || !inPiece(shape, i + 2, j) || !inPiece(shape, i, j - 2) || !inPiece(shape, i, j + 2);
}

const rnd = () => randomInt(0, 1_000_000) / 1_000_000;
const between = (low: number, high: number) => low + rnd() * (high - low);
const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

function drawBackground(): Bitmap {
  const image = new Bitmap(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const f = Array.from({ length: 6 }, () => 0.01 + rnd() * 0.04);
  const p = Array.from({ length: 6 }, () => rnd() * Math.PI * 2);
  const base = [90 + rnd() * 80, 90 + rnd() * 80, 90 + rnd() * 80];
  const blobs = Array.from({ length: 9 }, () => ({
    cx: rnd() * CAPTCHA_WIDTH,
    cy: rnd() * CAPTCHA_HEIGHT,
    r: 12 + rnd() * 40,
    color: [rnd() * 255, rnd() * 255, rnd() * 255],
    alpha: 0.25 + rnd() * 0.35,
  }));
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
    for (let x = 0; x < CAPTCHA_WIDTH; x++) {
      let r = base[0]! + 60 * Math.sin(x * f[0]! + p[0]!) + 40 * Math.sin(y * f[1]! + p[1]!);
      let g = base[1]! + 60 * Math.sin(x * f[2]! + y * 0.01 + p[2]!) + 40 * Math.sin(y * f[3]! + p[3]!);
      let b = base[2]! + 60 * Math.sin(y * f[4]! + p[4]!) + 40 * Math.sin(x * f[5]! + p[5]!);
      for (const blob of blobs) {
        if ((x - blob.cx) ** 2 + (y - blob.cy) ** 2 > blob.r ** 2) continue;
        r = r * (1 - blob.alpha) + blob.color[0]! * blob.alpha;
        g = g * (1 - blob.alpha) + blob.color[1]! * blob.alpha;
        b = b * (1 - blob.alpha) + blob.color[2]! * blob.alpha;
      }
      // Grain everywhere: no region of the picture is smooth enough to stand out by its noise alone.
      const grain = between(-14, 14);
      image.set(x, y, clamp(r + grain), clamp(g + grain), clamp(b + grain));
    }
  }
  return image;
}

/**
 * Shades an outline at (x, y) into the background: the piece's picture (so the content matches
 * wherever a hole is; outside the piece's own outline, the background under it), darkened by a factor
 * of its own that drifts across the hole, with grain of its own strength and a border of its own
 * brightness and opacity.
 * The true gap and each decoy get different values, so no fixed factor or border colour finds the gap.
 */
function shadeHole(background: Bitmap, picture: Bitmap, shape: PieceShape, x: number, y: number, factor: number) {
  const drift = { x: between(-0.004, 0.004), y: between(-0.004, 0.004) };
  const border = { level: between(170, 250), alpha: between(0.45, 0.9) };
  // Grain of its own strength too: how closely a hole matches the piece says little about which is the gap.
  const grainOf = between(4, 28);
  for (let j = 0; j < PIECE_SIZE; j++) {
    for (let i = 0; i < PIECE_SIZE; i++) {
      if (!inPiece(shape, i, j)) continue;
      const [r, g, b, a] = picture.get(i, j);
      const source = a ? [r, g, b] : background.get(x + i, y + j);
      const shade = factor + drift.x * (i - PIECE_SIZE / 2) + drift.y * (j - PIECE_SIZE / 2);
      const grain = between(-grainOf, grainOf);
      let out = source.slice(0, 3).map((v) => v * shade + grain);
      if (onEdge(shape, i, j)) out = out.map((v) => v * (1 - border.alpha) + border.level * border.alpha);
      background.set(x + i, y + j, clamp(out[0]!), clamp(out[1]!), clamp(out[2]!));
    }
  }
}

const SHADE = [0.3, 0.7] as const;

function shuffled<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

function randomShape(): PieceShape {
  return { top: [randomInt(KNOBS.top.piece[0], KNOBS.top.piece[1] + 1)], right: [randomInt(KNOBS.right.piece[0], KNOBS.right.piece[1] + 1)] };
}

/** Left edges of holes this far apart do not touch (an outline spans 2-52 of its box). */
const HOLE_SPACING = 52;

/** Decoy outlines on the gap's row, within the gap's range, apart from it and each other (as many as fit, up to DECOYS). */
function placeDecoys(x: number, shape: PieceShape): { x: number; shape: PieceShape }[] {
  let best: number[] = [];
  for (let attempt = 0; attempt < 20 && best.length < DECOYS; attempt++) {
    const taken = [x];
    for (let n = 0; n < DECOYS; n++) {
      const free: number[] = [];
      for (let at = GAP_X[0]; at < GAP_X[1]; at++) if (taken.every((other) => Math.abs(other - at) >= HOLE_SPACING)) free.push(at);
      if (!free.length) break;
      taken.push(free[randomInt(free.length)]!);
    }
    if (taken.length - 1 > best.length) best = taken.slice(1);
  }
  return best.map((at) => ({ x: at, shape: decoyShape(shape) }));
}

/** The piece's outline with one more knob, on the top edge (which always has room) or the right edge. */
function decoyShape(shape: PieceShape): PieceShape {
  const room = (edge: 'top' | 'right') => {
    const [low, high] = KNOBS[edge].extra;
    const free: number[] = [];
    for (let at = low; at <= high; at++) if (shape[edge].every((knob) => Math.abs(knob - at) >= KNOB_GAP)) free.push(at);
    return free;
  };
  const right = room('right');
  const edge = right.length && randomInt(2) ? 'right' : 'top';
  const free = edge === 'right' ? right : room('top');
  return { ...shape, [edge]: [...shape[edge], free[randomInt(free.length)]!] };
}

export interface DrawnChallenge {
  /** What the client gets (as PNG): the background with the gap and the decoys, and the piece. */
  background: Bitmap;
  piece: Bitmap;
  decoys: { x: number; shape: PieceShape }[];
}

/**
 * Draws a challenge: the background with the gap at (x, y) and decoy holes on the same row, and the
 * piece cut from the gap (with grain of its own and a light border).
 */
export function drawChallenge(x: number, y: number): DrawnChallenge {
  const background = drawBackground();
  const shape = randomShape();
  const picture = new Bitmap(PIECE_SIZE, PIECE_SIZE);
  const piece = new Bitmap(PIECE_SIZE, PIECE_SIZE);
  const border = { level: between(215, 255), alpha: between(0.6, 0.95) };
  for (let j = 0; j < PIECE_SIZE; j++) {
    for (let i = 0; i < PIECE_SIZE; i++) {
      if (!inPiece(shape, i, j)) continue;
      const [r, g, b] = background.get(x + i, y + j);
      picture.set(i, j, r, g, b);
      const grain = between(-10, 10);
      let out = [r + grain, g + grain, b + grain];
      if (onEdge(shape, i, j)) out = out.map((v) => v * (1 - border.alpha) + border.level * border.alpha);
      piece.set(i, j, clamp(out[0]!), clamp(out[1]!), clamp(out[2]!));
    }
  }
  const decoys = placeDecoys(x, shape);
  // Each hole is darkened by a factor from its own band of 0.3-0.7, the bands dealt out at random:
  // no factor an attacker assumes picks the gap more often than a decoy.
  const bands = shuffled(Array.from({ length: decoys.length + 1 }, (_, n) => n));
  const factorOf = (n: number) => SHADE[0] + ((bands[n]! + rnd()) * (SHADE[1] - SHADE[0])) / bands.length;
  shadeHole(background, picture, shape, x, y, factorOf(0));
  decoys.forEach((decoy, n) => shadeHole(background, picture, decoy.shape, decoy.x, y, factorOf(n + 1)));
  return { background, piece, decoys };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

export interface IssuedCaptcha {
  id: string;
  /** PNG data URLs. */
  background: string;
  piece: string;
  width: number;
  height: number;
  pieceWidth: number;
  pieceHeight: number;
  /** Top of the piece in the background; the piece starts at x = 0 and is dragged right. */
  pieceY: number;
  /** Seconds the challenge stays valid. */
  expiresIn: number;
}

const TOPIC = 'captcha';
/** How long an unknown id is waited for (several processes: the bus usually takes milliseconds). */
const BUS_WAIT_MS = 1000;
/** What a process publishes: a challenge issued, a pass token handed out, or either used up. */
type CaptchaNews = { challenge: string; x: number; y: number; issuedAt: number } | { pass: string; expires: number } | { used: string };

/**
 * Several processes: claims a challenge or pass token in the database; only the first claim of an id
 * succeeds, whichever process makes it.
 */
export function databaseClaims(db: Db): (id: string) => Promise<boolean> {
  return async (id) => {
    const result = await db.execute(sql`
      with expired as (delete from captcha_claims where at < now() - make_interval(secs => ${(2 * CAPTCHA_TTL_MS) / 1000}))
      insert into captcha_claims (id) values (${id}) on conflict do nothing returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  };
}

/**
 * Challenges and pass tokens. Several server processes: each publishes what it issues and uses up on the
 * bus, so a challenge drawn by one is answered at another, and `claim` (databaseClaims) makes each used
 * once however close together two processes are asked (docs/scaling.md).
 */
export class CaptchaService {
  private readonly challenges = new Map<string, Challenge>();
  private readonly passes = new Map<string, number>();
  private readonly issueThrottle = new FailureThrottle(ISSUE_LIMIT.perIp, ISSUE_LIMIT.windowMs);
  private readonly bus?: Bus;

  constructor(
    /** In-process test helpers (`solveCaptcha`) refuse to work when true. */
    readonly production: boolean,
    private readonly now: () => number = Date.now,
    bus?: Bus,
    claim?: (id: string) => Promise<boolean>,
  ) {
    if (!bus?.shared) return;
    this.bus = bus;
    this.claim = claim;
    this.issueThrottle.shareOn(bus, 'captcha-issue');
    bus.subscribe<CaptchaNews>(TOPIC, (news) => {
      if ('used' in news) {
        this.challenges.delete(news.used);
        this.passes.delete(news.used);
      } else if ('pass' in news) this.passes.set(news.pass, news.expires);
      else this.challenges.set(news.challenge, { x: news.x, y: news.y, issuedAt: news.issuedAt });
    });
  }

  private readonly claim?: (id: string) => Promise<boolean>;

  /** Takes an id for good: here, in the other processes, and (several processes) in the database. */
  private async useUp(id: string, kind: 'c' | 'p'): Promise<boolean> {
    this.tell({ used: id });
    return this.claim ? this.claim(`${kind}:${id}`) : true;
  }

  /**
   * An entry by id. Several processes: one issued elsewhere an instant ago may still be on its way
   * over the bus, so an unknown id is looked for again for up to `BUS_WAIT_MS`.
   */
  private async lookUp<T>(map: Map<string, T>, id: string): Promise<T | undefined> {
    let entry = map.get(id);
    for (let waited = 0; entry === undefined && this.bus && waited < BUS_WAIT_MS; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      entry = map.get(id);
    }
    return entry;
  }

  private tell(news: CaptchaNews): void {
    this.bus?.publish(TOPIC, news);
  }

  /** Milliseconds until this address may ask for another challenge; 0 when it may now. */
  issueWaitMs(ip: string): number {
    return this.issueThrottle.retryAfterMs(ip, this.now());
  }

  /** A new challenge; throws 429 when one address asks for too many. */
  issue(ip: string): IssuedCaptcha {
    if (this.issueWaitMs(ip) > 0) throw new AppError('rateLimited', 'auth.captchaTooMany');
    this.issueThrottle.fail(ip, this.now());
    const x = randomInt(GAP_X[0], GAP_X[1]);
    const y = randomInt(4, CAPTCHA_HEIGHT - PIECE_SIZE - 4);
    const { background, piece } = drawChallenge(x, y);
    const id = randomBytes(16).toString('base64url');
    this.sweep();
    const issuedAt = this.now();
    this.challenges.set(id, { x, y, issuedAt });
    this.tell({ challenge: id, x, y, issuedAt });
    return {
      id,
      background: dataUrl(encodePng(background)),
      piece: dataUrl(encodePng(piece)),
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceWidth: PIECE_SIZE,
      pieceHeight: PIECE_SIZE,
      pieceY: y,
      expiresIn: CAPTCHA_TTL_MS / 1000,
    };
  }

  /** Checks an answer and uses the challenge up, whatever the outcome. */
  async check(id: string, x: number, trail?: { x: number; t: number }[]): Promise<CaptchaResult> {
    const challenge = await this.lookUp(this.challenges, id);
    if (!challenge) return 'expired';
    this.challenges.delete(id);
    if (!(await this.useUp(id, 'c'))) return 'expired';
    const age = this.now() - challenge.issuedAt;
    if (age > CAPTCHA_TTL_MS) return 'expired';
    if (age < CAPTCHA_MIN_SOLVE_MS) return 'failed';
    if (!Number.isFinite(x) || Math.abs(x - challenge.x) > CAPTCHA_TOLERANCE_PX) return 'failed';
    if (trail && !plausibleTrail(trail)) return 'failed';
    return 'ok';
  }

  /** Verifies an answer and hands out a single-use pass token for the login (valid two minutes). */
  async pass(id: string, x: number, trail?: { x: number; t: number }[]): Promise<string> {
    const result = await this.check(id, x, trail);
    if (result !== 'ok') throw captchaError(result);
    const token = randomBytes(24).toString('base64url');
    this.sweep();
    const expires = this.now() + CAPTCHA_TTL_MS;
    this.passes.set(token, expires);
    this.tell({ pass: token, expires });
    return token;
  }

  /** Accepts the login's `captcha` value (a pass token or `{id, x}`); throws the field error otherwise. */
  async require(value: unknown): Promise<void> {
    if (value === undefined || value === null || value === '') throw captchaError('missing');
    const parsed = captchaAnswerSchema.safeParse(value);
    if (!parsed.success) throw captchaError('failed');
    const answer: CaptchaAnswer = parsed.data;
    if (typeof answer === 'string') {
      const expires = await this.lookUp(this.passes, answer);
      this.passes.delete(answer);
      if (!expires || !(await this.useUp(answer, 'p')) || expires < this.now()) throw captchaError('expired');
      return;
    }
    const result = await this.check(answer.id, answer.x, answer.trail);
    if (result !== 'ok') throw captchaError(result);
  }

  /** Test hook: the answer of a live challenge, without using it up. */
  answerOf(id: string): { x: number; y: number } | undefined {
    const challenge = this.challenges.get(id);
    return challenge && { x: challenge.x, y: challenge.y };
  }

  /** Test hook: pretends the challenge was issued `ms` earlier (so in-process tests need not sleep). */
  backdate(id: string, ms: number): void {
    const challenge = this.challenges.get(id);
    if (challenge) challenge.issuedAt -= ms;
  }

  /** Drops expired entries (they sit at the front: insertion order is issue order) and caps the size. */
  private sweep() {
    const now = this.now();
    for (const [id, c] of this.challenges) {
      if (now - c.issuedAt <= CAPTCHA_TTL_MS && this.challenges.size < MAX_ENTRIES) break;
      this.challenges.delete(id);
    }
    for (const [token, expires] of this.passes) {
      if (expires >= now && this.passes.size < MAX_ENTRIES) break;
      this.passes.delete(token);
    }
  }
}

/** A drag trail must move forward in time, take a human moment and actually move. */
function plausibleTrail(trail: { x: number; t: number }[]): boolean {
  if (trail.length < 2) return false;
  for (let i = 1; i < trail.length; i++) if (trail[i]!.t < trail[i - 1]!.t) return false;
  const span = trail[trail.length - 1]!.t - trail[0]!.t;
  const xs = new Set(trail.map((p) => Math.round(p.x)));
  return span >= 100 && xs.size > 1;
}

function captchaError(result: 'missing' | 'failed' | 'expired'): AppError {
  const key = result === 'missing' ? 'auth.captchaRequired' : result === 'expired' ? 'auth.captchaExpired' : 'auth.captchaFailed';
  return new AppError('validation', key, undefined, (lang) => ({ captcha: [translate(key, lang)] }));
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

const verifyBody = z.object({
  id: z.string().min(1).max(100),
  x: z.coerce.number(),
  trail: z.array(z.object({ x: z.number(), t: z.number() })).max(500).optional(),
});

/** Whether the HTTP test hook is asked for; refuses to start in production. */
export function testHooksEnabled(production: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.HTV_TEST_HOOKS !== '1') return false;
  if (production || env.NODE_ENV === 'production') {
    throw new Error('HTV_TEST_HOOKS=1 is refused in production (NODE_ENV=production): the test hooks reveal captcha answers');
  }
  return true;
}

/**
 * `GET /api/captcha` issues a challenge; `POST /api/captcha/verify {id, x, trail?}` checks it and
 * answers a pass token for the login. With HTV_TEST_HOOKS=1 (never in production) also
 * `GET /api/test/captcha/:id` → `{x, y}` for browser tests.
 */
export function registerCaptcha(app: FastifyInstance, db: Db, { production }: { production: boolean }) {
  const hooks = testHooksEnabled(production);
  app.decorate('captcha', new CaptchaService(production, Date.now, app.bus, databaseClaims(db)));
  app.get('/api/captcha', { schema: { tags: ['session'], summary: 'A drag-captcha challenge' }, config: { auth: { public: true } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const wait = app.captcha.issueWaitMs(request.ip);
    if (wait > 0) reply.header('retry-after', String(Math.ceil(wait / 1000)));
    return ok(app.captcha.issue(request.ip));
  });
  app.post('/api/captcha/verify', { schema: { tags: ['session'], summary: 'Checks a drag answer; answers a single-use pass token', body: verifyBody }, config: { auth: { public: true } } }, async (request) => {
    const { id, x, trail } = request.body as z.infer<typeof verifyBody>;
    return ok({ pass: await app.captcha.pass(id, x, trail) });
  });
  if (hooks) {
    app.log.warn('HTV_TEST_HOOKS=1: GET /api/test/captcha/:id reveals captcha answers (tests only)');
    app.get('/api/test/captcha/:id', { schema: { hide: true, params: z.object({ id: z.string() }) }, config: { auth: { public: true } } }, async (request) => {
      const answer = app.captcha.answerOf((request.params as { id: string }).id);
      if (!answer) throw notFound();
      return ok(answer);
    });
  }
}

/**
 * In-process test hook: the answer of a challenge as the login accepts it, issued `ageMs` earlier so
 * the too-fast rule passes without sleeping. Throws in production.
 */
export function solveCaptcha(app: FastifyInstance, id: string, { ageMs = 1000, offset = 0 }: { ageMs?: number; offset?: number } = {}): { id: string; x: number } {
  if (app.captcha.production) throw new Error('captcha test hooks are not available in production');
  const answer = app.captcha.answerOf(id);
  if (!answer) throw new Error(`no live captcha ${id}`);
  app.captcha.backdate(id, ageMs);
  return { id, x: answer.x + offset };
}
