import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '', DEMO: '', ADMIN_PASSWORD: '', SHUTDOWN_DRAIN_MS: '2000', HTV_TEST_HOOKS: '1', ...env } });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !output.includes('console ready'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('console ready')) throw new Error(`server did not start:\n${output}`);
  return { child, output: () => output, base, exited };
}

/** Signs in (the demo admin by default), solving the drag captcha through the test hook (HTV_TEST_HOOKS=1). */
async function login(base: string, password = 'admin123'): Promise<string> {
  const { id } = ((await (await fetch(`${base}/api/captcha`)).json()) as { data: { id: string } }).data;
  const { x } = ((await (await fetch(`${base}/api/test/captcha/${id}`)).json()) as { data: { x: number } }).data;
  await new Promise((r) => setTimeout(r, 350)); // answers faster than 300 ms are refused
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin', password, captcha: { id, x } }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** DATA_DIR and what the server wrote there are its user's alone: folders 0700, files 0600. */
function expectPrivate(dataDir: string) {
  const mode = (path: string) => statSync(path).mode & 0o777;
  expect(mode(dataDir)).toBe(0o700);
  expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600);
  expect(mode(join(dataDir, 'pglite'))).toBe(0o700);
  const files = readdirSync(join(dataDir, 'pglite'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) expect(mode(join(file.parentPath, file.name)), file.name).toBe(0o600);
}

const call = async (base: string, token: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as { errkey?: string; data: any } };
};

// The embedded default is what this proves; the PostgreSQL project need not repeat it.
describe.runIf(ENGINE === 'pglite')('start-up and shutdown', () => {
  it('creates the embedded database and secrets on first start, reuses them after, and drains on SIGTERM', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-start-'));
    chmodSync(dataDir, 0o755); // a folder others could read is tightened
    const first = await start(dataDir);
    expect(first.output()).toMatch(/"seeded":true/);
    expect(first.output()).toContain('admin');
    const health = (await (await fetch(`${first.base}/api/health`)).json()) as { data: { status: string; database: { engine: string } } };
    expect(health.data).toMatchObject({ status: 'ok', database: { engine: 'pglite' } });
    const secrets = readFileSync(join(dataDir, 'secrets.json'), 'utf8');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    expectPrivate(dataDir);

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

  it('without the demo (DEMO=0, as with DATABASE_URL): one administrator with a generated password printed once, to be changed first', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-start-'));
    const first = await start(dataDir, { DEMO: '0' });
    const printed = /Platform administrator: admin, password (\w+)/.exec(first.output());
    expect(printed, first.output()).not.toBeNull();
    expect(first.output()).not.toContain('admin123');
    expect(first.output()).not.toContain('Demo accounts');
    const password = printed![1]!;
    expect(password).toMatch(/^\w{20}$/);

    const token = await login(first.base, password);
    expect(token).toBeTruthy();
    expect((await call(first.base, token, '/api/admin/userinfo')).body.data.loginInfo).toMatchObject({ login_name: 'admin', must_change_password: true });
    const refused = await call(first.base, token, '/api/records/brand');
    expect(refused).toMatchObject({ status: 403, body: { errkey: 'auth.passwordChangeRequired' } });
    expect((await call(first.base, token, '/api/admin/passowrd/change', { old_pass: password, password: 'mine.2026', password_confirmation: 'mine.2026' })).status).toBe(200);
    const brands = await call(first.base, token, '/api/records/brand');
    expect(brands.status).toBe(200);
    expect(brands.body.data.total).toBe(0); // no demo data
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(dataDir, { DEMO: '0' });
    expect(second.output()).toMatch(/"seeded":false/);
    expect(second.output()).not.toContain('Platform administrator');
    expect(await login(second.base, 'mine.2026')).toBeTruthy();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
