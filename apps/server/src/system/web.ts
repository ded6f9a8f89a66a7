import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_BASE = '/new-frontend/';

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
 * Serves the built console under /new-frontend/ in history mode: files when they exist, index.html
 * for every other path below the base, and `/` redirects there. Each file is sent as the build's
 * brotli or gzip copy when the client accepts one (with `Vary: Accept-Encoding`).
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(WEB_BASE));
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', CONSOLE_CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    });
    await scope.register(fastifyStatic, {
      root: webDist,
      prefix: WEB_BASE,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; the entry page must always be revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    scope.get(`${WEB_BASE}*`, { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  });
}
