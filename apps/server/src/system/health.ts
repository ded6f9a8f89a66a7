import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { ok } from '../http/reply.js';
import { VERSION } from '../version.js';

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export function registerHealth(app: FastifyInstance, database: Database) {
  app.get('/api/health', { schema: { tags: ['system'] }, config: { auth: { public: true } } }, async (_request, reply) => {
    const dbUp = await database.ping();
    return reply.status(dbUp ? 200 : 503).send(ok({ status: dbUp ? 'ok' : 'degraded', database: { engine: database.engine, reachable: dbUp }, version: VERSION }));
  });
}
