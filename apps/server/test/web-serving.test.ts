import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { pagePolicy, tvPolicy } from '../src/system/web.js';
import { loadConfig, loadSecrets, type Config } from '../src/config.js';
import { registerTv } from './devices-support.js';
import { testDatabase } from './support/database.js';
import { createPlatformAdmin } from './support/fixtures.js';
import type { TestApp } from './support/app.js';

/** A console build as `npm run build` lays it out: each file with its brotli and gzip copies. */
function consoleBuild(): { dir: string; index: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'htv-web-'));
  mkdirSync(join(dir, 'assets'));
  const index = '<!doctype html><html><head><script type="module" src="/new-frontend/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
  const script = `export const text = ${JSON.stringify('console '.repeat(500))};\n`;
  for (const [path, content] of Object.entries({ 'index.html': index, 'assets/index-abc123.js': script })) {
    writeFileSync(join(dir, path), content);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  }
  return { dir, index, script };
}

const build = consoleBuild();
let t: TestApp;

beforeAll(async () => {
  const database = await testDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'htv-data-'));
  const config: Config = { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', production: false, secrets: loadSecrets(dataDir), webDist: build.dir, tvDist: build.dir };
  const app: FastifyInstance = await buildApp({ config, database });
  await app.ready();
  t = { app, database, config };
});

// The database is the worker's, shared with the other test files: only this app is closed.
afterAll(() => t?.app.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('console pages: security headers', () => {
  it.each(['/new-frontend/', '/new-frontend/login', '/new-frontend/terminal_manage/list', '/new-frontend/assets/index-abc123.js'])('%s carries the policy, nosniff and a referrer policy', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources.join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('the browser TV is its own app under /tv/ (history mode), with its policy: media and fonts also from its blobs', async () => {
    for (const url of ['/tv/', '/tv/anything']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(build.index);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain("font-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'none'");
    }
    expect(String((await get('/new-frontend/')).headers['content-security-policy'])).not.toContain('media-src');
  });

  it("the browser TV's policy also lets it reach the MQTT broker's WebSocket when browser TVs are given one", () => {
    // http(s) everywhere: live TV's streams come from the hotel's head end or a CDN (docs/channels.md).
    expect(tvPolicy()['connect-src']).toBe("'self' http: https:");
    expect(tvPolicy('wss://push.example.com/mqtt')['connect-src']).toBe("'self' wss://push.example.com http: https:");
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-data-')), MQTT_URL: 'mqtt://broker:1883' };
    expect(loadConfig({ ...env, MQTT_TV_WS_URL: 'ws://broker:8083' }).mqtt?.tvWsUrl).toBe('ws://broker:8083');
    expect(() => loadConfig({ ...env, MQTT_TV_WS_URL: 'push.example.com/mqtt' })).toThrow('MQTT_TV_WS_URL must be a ws:// or wss:// address');
  });

  it('the API answers carry no console policy (the Swagger UI has its own needs)', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('console files: the build precompressed copies', () => {
  it('sends the brotli copy to a browser that accepts it, with Vary: Accept-Encoding', async () => {
    const res = await get('/new-frontend/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.script);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/new-frontend/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(build.script);
    const plain = await get('/new-frontend/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(build.script);
  });

  it('a route of the console (history mode) gets the compressed entry page, never cached', async () => {
    const res = await get('/new-frontend/home', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.index);
  });
});

describe('API answers: compression', () => {
  it('a large JSON answer is compressed as the client accepts, and decodes to the same envelope', async () => {
    const admin = await createPlatformAdmin(t);
    const routes = (encoding: string) => get('/api/access/routes', { authorization: `Bearer ${admin.token}`, 'accept-encoding': encoding });
    const plain = await routes('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().code).toBe('0');

    const br = await routes('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await routes('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer is sent as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe('0');
  });

  it('the device API answers uncompressed whatever the TV accepts (its routes precede the compression hooks)', async () => {
    const tv = await registerTv(t);
    for (const call of [
      () => tv.device.request('POST', '/api/device/v1/heartbeat', { state: 'on', softwareVersion: '3.1.0' }, { 'accept-encoding': 'br, gzip' }),
      () => tv.device.request('GET', '/api/device/v1/config', undefined, { 'accept-encoding': 'br, gzip' }),
    ]) {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.code).toBe('0');
    }
  });
});

describe('page policies: inline scripts by hash', () => {
  it("allows a built page's own inline script by its SHA-256, and no other inline script", () => {
    const script = "document.body.dataset.early = 'yes';";
    const csp = pagePolicy({ 'script-src': "'self'", 'object-src': "'none'" }, `<html><body><div id="root"></div><script>${script}</script><script type="module" src="/tv/assets/a.js"></script></body></html>`);
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toBe(`script-src 'self' 'sha256-${hash}'; object-src 'none'`);
    expect(pagePolicy({ 'script-src': "'self'" }, build.index)).toBe("script-src 'self'");
  });
});
