import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE } from './support/database.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  base: string;
  exited: Promise<number | null>;
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '', SHUTDOWN_DRAIN_MS: '2000', HTV_TEST_HOOKS: '1' } });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !output.includes('console ready'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('console ready')) throw new Error(`server did not start:\n${output}`);
  return { child, output: () => output, base, exited };
}

/** Signs in as the demo admin, solving the drag captcha through the test hook (HTV_TEST_HOOKS=1). */
async function login(base: string): Promise<string> {
  const { id } = ((await (await fetch(`${base}/api/captcha`)).json()) as { data: { id: string } }).data;
  const { x } = ((await (await fetch(`${base}/api/test/captcha/${id}`)).json()) as { data: { x: number } }).data;
  await new Promise((r) => setTimeout(r, 350)); // answers faster than 300 ms are refused
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin', password: 'admin123', captcha: { id, x } }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

// The embedded default is what this proves; the PostgreSQL project need not repeat it.
describe.runIf(ENGINE === 'pglite')('start-up and shutdown', () => {
  it('creates the embedded database and secrets on first start, reuses them after, and drains on SIGTERM', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-start-'));
    const first = await start(dataDir);
    expect(first.output()).toMatch(/"seeded":true/);
    expect(first.output()).toContain('admin');
    const health = (await (await fetch(`${first.base}/api/health`)).json()) as { data: { status: string; database: { engine: string } } };
    expect(health.data).toMatchObject({ status: 'ok', database: { engine: 'pglite' } });
    const secrets = readFileSync(join(dataDir, 'secrets.json'), 'utf8');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    // Requests in flight when the signal arrives still complete.
    const token = await login(first.base);
    const inFlight = Array.from({ length: 20 }, () => fetch(`${first.base}/api/records/faq?pagesize=50`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status));
    // Let the connections open and the requests reach the server before the signal.
    await new Promise((r) => setTimeout(r, 60));
    first.child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual(Array(20).fill(200));
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await start(dataDir);
    expect(second.output()).toMatch(/"seeded":false/);
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    expect(await login(second.base)).toBeTruthy();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
