import { pickLang, type Lang } from '@htv/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of messages in the response: `lang` query, then Accept-Language, then zh-CN. */
    lang: Lang;
  }
}

/**
 * The `lang` query parameter as sent. Read from the URL rather than `request.query`, which a route's
 * query schema may have replaced without it.
 */
function queryLang(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('lang=', start)) return null;
  return new URLSearchParams(url.slice(start + 1)).get('lang');
}

/** The language of a request's messages; also for requests Fastify answers before routing (no decorations). */
export function langOf(request: Pick<FastifyRequest, 'raw' | 'headers'>): Lang {
  return pickLang(queryLang(request.raw.url ?? ''), request.headers['accept-language']);
}

export function registerLang(app: FastifyInstance) {
  // A getter, not an onRequest hook: most answers carry no message (device heartbeats at fleet rates),
  // so the language is worked out only when something asks for it.
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return langOf(this);
    },
  });
}
