import http from 'node:http';
import https from 'node:https';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined for an empty body, e.g. 304). */
  body: T | undefined;
  /** The body's bytes (downloads of files). */
  raw: Buffer;
}

/**
 * A small JSON client over node:http with keep-alive connections: cheap enough to drive thousands of
 * virtual TVs (and the heartbeat benchmark) from one process.
 */
export class JsonClient {
  readonly base: URL;
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(baseUrl: string, opts: { maxSockets?: number; maxFreeSockets?: number } = {}) {
    this.base = new URL(baseUrl);
    this.transport = this.base.protocol === 'https:' ? https : http;
    const AgentClass = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new AgentClass({ keepAlive: true, maxSockets: opts.maxSockets ?? 256, keepAliveMsecs: 10_000, ...(opts.maxFreeSockets ? { maxFreeSockets: opts.maxFreeSockets } : {}) });
  }

  request<T = unknown>(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<HttpResponse<T>> {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    return new Promise((resolve, reject) => {
      const req = this.transport.request(
        {
          protocol: this.base.protocol,
          hostname: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          signal: opts.signal,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const text = String(res.headers['content-type'] ?? '').includes('json') || !res.headers['content-type'] ? raw.toString('utf8') : '';
            let body: T | undefined;
            try {
              body = text ? (JSON.parse(text) as T) : undefined;
            } catch {
              body = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, raw });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`timeout after ${opts.timeoutMs} ms`)));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
