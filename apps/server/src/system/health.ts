import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { ok } from '../http/reply.js';
import { VERSION } from '../version.js';
import { workerIndex } from './workers.js';

/** Liveness and readiness: 200 when the database answers, 503 when it does not; names the worker that answered. */
export function registerHealth(app: FastifyInstance, database: Database) {
  const worker = workerIndex();
  app.get('/api/health', { schema: { tags: ['system'] }, config: { auth: { public: true } } }, async (_request, reply) => {
    const dbUp = await database.ping();
    return reply.status(dbUp ? 200 : 503).send(ok({ status: dbUp ? 'ok' : 'degraded', database: { engine: database.engine, reachable: dbUp }, version: VERSION, ...(worker === undefined ? {} : { worker }) }));
  });
}
