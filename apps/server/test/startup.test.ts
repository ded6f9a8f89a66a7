import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE } from './support/database.js';
import { freePort } from './support/net.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

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
  // A first start migrates and seeds the demo from the sources (tsx): up to a minute on a busy machine.
  for (let i = 0; i < 600 && !output.includes('console ready'); i++) await new Promise((r) => setTimeout(r, 100));
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
    expect(first.output()).not.toContain('Demo fleet'); // off under NODE_ENV=test unless asked
    const health = (await (await fetch(`${first.base}/api/health`)).json()) as { data: { status: string; database: { engine: string } } };
    expect(health.data).toMatchObject({ status: 'ok', database: { engine: 'pglite' } });
    const secrets = readFileSync(join(dataDir, 'secrets.json'), 'utf8');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    // Created by a short-lived process beside it, then moved into place.
    expect(existsSync(join(dataDir, 'pglite.new'))).toBe(false);
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

  it('runs the demo fleet when asked: TVs online on the dashboard, a week of history, unauthorized ones and a stolen-use alarm', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'htv-start-'));
    const env = { DEMO_FLEET: '8', DEVICE_HEARTBEAT_INTERVAL_S: '1' };
    const first = await start(dataDir, env);
    expect(first.output()).toContain('Demo fleet: 8 virtual TVs');
    const token = await login(first.base);
    let board: any;
    let fleet: any;
    // The fleet's TVs register one after another while the demo's other simulators start: wait for all of them.
    for (let i = 0; i < 90; i++) {
      board = (await call(first.base, token, '/api/dashboard?days=7')).body.data;
      fleet = (await call(first.base, token, '/api/records/terminals?pagesize=100&softwareVersion=3.1.0')).body.data;
      if (board.counts.online > 0 && board.alarms.open > 0 && fleet.total >= 7) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(board.counts.online).toBeGreaterThan(0);
    // The TVs registered through the device API today; the week before is seeded history.
    const past = board.daily.slice(0, -1);
    expect(past).toHaveLength(6);
    expect(past.reduce((sum: number, d: { registered: number }) => sum + d.registered, 0)).toBeGreaterThan(0);
    expect(board.presence.length).toBeGreaterThan(24);
    expect(board.alarms.recent[0]).toMatchObject({ kind: 'ipOutsideWhitelist', hotelName: '海智青岛质检中心' });
    expect(fleet.total).toBeGreaterThanOrEqual(7);
    expect(fleet.items.some((t: { authorization: string }) => t.authorization === 'unauthorized')).toBe(true);
    expect(fleet.items.filter((t: { authorization: string }) => t.authorization === 'authorized').length).toBeGreaterThan(4);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Another start neither seeds history again nor duplicates the fleet's rule; DEMO_FLEET=0 runs no TV.
    const second = await start(dataDir, { ...env, DEMO_FLEET: '0' });
    expect(second.output()).not.toContain('Demo fleet');
    const again = (await call(second.base, await login(second.base), '/api/dashboard?days=7')).body.data;
    expect(again.daily.slice(0, -1)).toEqual(past);
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
