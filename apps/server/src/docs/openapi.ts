import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { VERSION } from '../version.js';

const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, a browsable UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, auth: { public: true } };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hotel TV console API', version: VERSION, description: 'Success: `{code: "0", data}`. Failure: `{code: "-1", errkey, errmsg, errors?}` with HTTP 400/401/403/404/409/413/422/429/500.' },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
