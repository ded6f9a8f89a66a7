import type { UserType } from '@htv/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { createSession } from '../../src/auth/sessions.js';
import { loadSecrets, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { testDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

const shared = globalThis as { __htvApp?: Promise<TestApp> };

/** The application over the worker's test database, built once per worker. */
export function testApp(): Promise<TestApp> {
  shared.__htvApp ??= (async () => {
    const database = await testDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-data-'));
    // Injected requests come from 127.0.0.1, a trusted proxy here: tests choose client addresses with X-Forwarded-For.
    const config: Config = { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', production: false, secrets: loadSecrets(dataDir), trustProxy: ['127.0.0.1'] };
    const app = await buildApp({ config, database });
    await app.ready();
    return { app, database, config };
  })();
  return shared.__htvApp;
}

const listening = globalThis as { __htvUrl?: Promise<string> };

/**
 * The worker's app listening on a loopback port, for tests whose clients speak real HTTP (the
 * simulator, the demo fleet). Fastify listens once per app, so the files of a worker share the port; it
 * closes with the worker.
 */
export function listeningUrl(t: TestApp): Promise<string> {
  listening.__htvUrl ??= t.app.listen({ port: 0, host: '127.0.0.1' });
  return listening.__htvUrl;
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** Either side of the envelope, loosely typed for assertions. */
  body: { code: string; data: T; errkey?: string; errmsg?: string; errors: Record<string, string[]> } & Record<string, any>;
  headers: Record<string, unknown>;
  raw: Awaited<ReturnType<FastifyInstance['inject']>>;
}

/** A client that calls the API through the real HTTP layer with a session token. */
export class Client {
  constructor(
    readonly app: FastifyInstance,
    readonly token?: string,
    readonly lang: 'zh-CN' | 'en-US' = 'en-US',
  ) {}

  async request<T = any>(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const raw = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { 'accept-language': this.lang, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
    });
    const isJson = String(raw.headers['content-type'] ?? '').includes('json');
    return { status: raw.statusCode, body: isJson ? raw.json() : ({} as never), headers: raw.headers, raw };
  }
  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body ?? {});
  }
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body ?? {});
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }
  withLang(lang: 'zh-CN' | 'en-US') {
    return new Client(this.app, this.token, lang);
  }
}

/** A signed-in client for a user, without going through the login form. */
export async function clientFor(t: TestApp, user: { id: number; userType: UserType; brandId: number | null; hotelId: number | null }): Promise<Client> {
  const token = await createSession(t.database.db, { userId: user.id, userType: user.userType, brandId: user.brandId, hotelId: user.hotelId });
  return new Client(t.app, token);
}
