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
 * The drag (slider) captcha. The server draws a background with one gap at a random x and the matching
 * piece; the user drags the piece into the gap; the client sends the x it was dropped at. A challenge
 * is single-use, expires after two minutes, tolerates ±4 px and is refused when answered faster than a
 * person can (300 ms after issue) or with an implausible drag trail. The answer never leaves the
 * server: the images are PNG, not markup.
 * It is drawn for people: one plain, darkened gap with a light border. It does not stop a program (a
 * pixel difference finds the gap nearly every time, docs/security.md); the sign-in throttles are the
 * defence against password guessing.
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
 * A piece's outline: a body with a round knob on its top edge (centred at x = `top`) and one on its
 * right edge (at y = `right`), placed at random per challenge.
 */
interface PieceShape {
  top: number;
  right: number;
}
/** Left edges the gap may have: clear of the piece's start, inside the picture. */
export const GAP_X = [PIECE_SIZE + 20, CAPTCHA_WIDTH - PIECE_SIZE - 4] as const;
const KNOBS = { top: [10, 34], right: [20, 44] } as const;
const KNOB_RADIUS_SQ = 64;
/** How dark the gap is against the picture, and its border: plain to see on any background. */
const GAP_SHADE = 0.4;
const BORDER = { level: 245, alpha: 0.8 };

function inPiece(shape: PieceShape, i: number, j: number): boolean {
  if (i >= 2 && i < 44 && j >= 12 && j < 52) return true;
  return (i - shape.top) ** 2 + (j - 12) ** 2 <= KNOB_RADIUS_SQ || (i - 44) ** 2 + (j - shape.right) ** 2 <= KNOB_RADIUS_SQ;
}
function onEdge(shape: PieceShape, i: number, j: number): boolean {
  if (!inPiece(shape, i, j)) return false;
  return !inPiece(shape, i - 2, j) || !inPiece(shape, i + 2, j) || !inPiece(shape, i, j - 2) || !inPiece(shape, i, j + 2);
}

const rnd = () => randomInt(0, 1_000_000) / 1_000_000;
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
      image.set(x, y, clamp(r), clamp(g), clamp(b));
    }
  }
  return image;
}

export interface DrawnChallenge {
  /** What the client gets (as PNG): the background with the gap, and the piece. */
  background: Bitmap;
  piece: Bitmap;
}

/**
 * Draws a challenge: the piece cut from the background at (x, y) with a light border, and the gap left
 * behind, darkened, with the same border.
 */
export function drawChallenge(x: number, y: number): DrawnChallenge {
  const background = drawBackground();
  const shape = { top: randomInt(KNOBS.top[0], KNOBS.top[1] + 1), right: randomInt(KNOBS.right[0], KNOBS.right[1] + 1) };
  const piece = new Bitmap(PIECE_SIZE, PIECE_SIZE);
  const bordered = (i: number, j: number, v: number) => (onEdge(shape, i, j) ? v * (1 - BORDER.alpha) + BORDER.level * BORDER.alpha : v);
  for (let j = 0; j < PIECE_SIZE; j++) {
    for (let i = 0; i < PIECE_SIZE; i++) {
      if (!inPiece(shape, i, j)) continue;
      const [r, g, b] = background.get(x + i, y + j);
      piece.set(i, j, clamp(bordered(i, j, r)), clamp(bordered(i, j, g)), clamp(bordered(i, j, b)));
      background.set(x + i, y + j, clamp(bordered(i, j, r * GAP_SHADE)), clamp(bordered(i, j, g * GAP_SHADE)), clamp(bordered(i, j, b * GAP_SHADE)));
    }
  }
  return { background, piece };
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
