import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port free right now (for a server process a test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A local HTTP server playing an outside provider: it answers every request with `answer` (set by each
 * test: a recorded real answer, a refusal, garbage) and notes what it was asked.
 */
export interface RecordedProvider {
  url: string;
  answer: { status: number; body: Buffer };
  asked: URL[];
  close(): Promise<void>;
}

export async function recordedProvider(contentType: string, first: Buffer): Promise<RecordedProvider> {
  const provider = { answer: { status: 200, body: first }, asked: [] as URL[] } as RecordedProvider;
  const server = createHttpServer((request, response) => {
    provider.asked.push(new URL(request.url ?? '/', 'http://recorded'));
    response.writeHead(provider.answer.status, { 'content-type': contentType });
    response.end(provider.answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return provider;
}
