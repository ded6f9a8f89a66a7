import { pickLang, type Lang } from '@htv/shared';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of messages in the response: `lang` query, then Accept-Language, then zh-CN. */
    lang: Lang;
  }
}

export function registerLang(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh-CN');
  // Synchronous (callback) hook: it runs on every request, device heartbeats included.
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.query as { lang?: string } | undefined;
    request.lang = pickLang(query?.lang, request.headers['accept-language']);
    done();
  });
}
