import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_BASE = '/new-frontend/';
/** The browser TV: a public page that is a terminal (docs/tv.md). */
export const TV_BASE = '/tv/';

/**
 * What both web apps' policies share: their own scripts only (and the page's own inline scripts, by hash),
 * inline styles (antd's CSS-in-JS, the renderer's positions), images also from data: and blob: URLs,
 * calls to this origin, a theme's web-page block in a sandboxed frame, never framed by another site.
 */
const BASE_POLICY = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'frame-src': 'https:',
  'frame-ancestors': "'none'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
};
const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** The console's policy. */
const CONSOLE_POLICY = BASE_POLICY;

/**
 * The browser TV's: also the media and fonts it downloads and keeps as blobs, live TV's streams, and the origin of the
 * MQTT broker's WebSocket when browser TVs are given one (MQTT_TV_WS_URL, docs/scaling.md).
 */
export const tvPolicy = (mqttWsUrl?: string): Record<string, string> => ({
  ...BASE_POLICY,
  // Live TV plays the hotel's streams from wherever they are served (its IPTV head end, a CDN):
  // hls.js fetches their playlists and segments, a native player plays them (docs/channels.md).
  'connect-src': mqttWsUrl ? `'self' ${new URL(mqttWsUrl).origin} http: https:` : "'self' http: https:",
  'media-src': "'self' blob: http: https:",
  'font-src': "'self' data: blob:",
});

/**
 * The policy for a built page: its inline scripts (the browser TV's switch-on picture runs before its
 * bundle arrives) are allowed by their SHA-256, never by 'unsafe-inline'.
 */
export function pagePolicy(directives: Record<string, string>, indexHtml: string): string {
  const hashes = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  return policy({ ...directives, 'script-src': [directives['script-src'], ...hashes].join(' ') });
}

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
 * Serves a built single-page app under `base` in history mode: files when they exist, index.html for
 * every other path below the base. Each file is sent as the build's brotli or gzip copy when the
 * client accepts one (with `Vary: Accept-Encoding`).
 */
async function registerSpa(app: FastifyInstance, dist: string | undefined, base: string, directives: Record<string, string>) {
  if (!dist || !existsSync(join(dist, 'index.html'))) return;
  const csp = pagePolicy(directives, readFileSync(join(dist, 'index.html'), 'utf8'));
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
export async function registerWeb(app: FastifyInstance, config: { webDist?: string; tvDist?: string; mqtt?: { tvWsUrl?: string } }) {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(WEB_BASE));
  await registerSpa(app, config.webDist, WEB_BASE, CONSOLE_POLICY);
  await registerSpa(app, config.tvDist, TV_BASE, tvPolicy(config.mqtt?.tvWsUrl));
}
