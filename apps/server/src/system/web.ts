import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_BASE = '/new-frontend/';
/** The browser TV: a public page that is a terminal (docs/tv.md). */
export const TV_BASE = '/tv/';

/**
 * The console's policy: its own scripts only (the build has no inline script), inline styles for
 * antd's CSS-in-JS, images also from data: and blob: URLs (previews of files being uploaded), API calls
 * to this origin, never framed by another site.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // A theme's web-page block (previews draw it in a sandboxed frame).
  'frame-src https:',
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Answers smaller than this go uncompressed: the encoding would cost more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's larger answers (brotli at its fast level, or gzip, as the client accepts).
 * The routes registered before this call do not get its hooks: the device API stays uncompressed, so
 * heartbeats never pay for it. The console's files come precompressed from the build.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
}

/**
 * The browser TV's policy: its own scripts, the files it downloads as blobs (pictures, video, fonts),
 * calls to this origin (the device API), web-page blocks in sandboxed frames, never framed itself.
 */
export const TV_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data: blob:",
  "connect-src 'self'",
  'frame-src https:',
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves a built single-page app under `base` in history mode: files when they exist, index.html for
 * every other path below the base. Each file is sent as the build's brotli or gzip copy when the
 * client accepts one (with `Vary: Accept-Encoding`).
 */
async function registerSpa(app: FastifyInstance, dist: string | undefined, base: string, csp: string) {
  if (!dist || !existsSync(join(dist, 'index.html'))) return;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    });
    await scope.register(fastifyStatic, {
      root: dist,
      prefix: base,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; the entry page must always be revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    scope.get(`${base}*`, { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  });
}

/** The console under /new-frontend/ (`/` redirects there) and the browser TV under /tv/. */
export async function registerWeb(app: FastifyInstance, dists: { webDist?: string; tvDist?: string }) {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(WEB_BASE));
  await registerSpa(app, dists.webDist, WEB_BASE, CONSOLE_CSP);
  await registerSpa(app, dists.tvDist, TV_BASE, TV_CSP);
}
