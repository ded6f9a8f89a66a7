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
  app.addHook('onRequest', async (request) => {
    const query = request.query as { lang?: string } | undefined;
    request.lang = pickLang(query?.lang, request.headers['accept-language']);
  });
}
