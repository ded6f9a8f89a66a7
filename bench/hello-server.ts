/**
 * The baseline of bench/heartbeat.ts: a bare Fastify app (same major version, logger off) answering
 * `GET /` with `{"hello":"world"}` and `POST /echo` with a small JSON answer.
 *   PORT=18181 node --import tsx bench/hello-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.post('/echo', async (request) => ({ code: '0', data: { interval: 60, got: request.body !== undefined } }));
await app.listen({ port: Number(process.env.PORT ?? 18181), host: '127.0.0.1' });
process.stdout.write('hello ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
