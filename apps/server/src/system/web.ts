import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_BASE = '/new-frontend/';

/**
 * Serves the built console under /new-frontend/ in history mode: files when they exist, index.html
 * for every other path below the base, and `/` redirects there.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(WEB_BASE));
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: webDist,
      prefix: WEB_BASE,
      wildcard: false,
      index: ['index.html'],
      setHeaders: (res, path) => {
        // Hashed assets never change; the entry page must always be revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('x-content-type-options', 'nosniff');
      },
    });
    scope.get(`${WEB_BASE}*`, { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  });
}
