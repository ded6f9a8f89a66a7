import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_MQTT_PID, ENV_MQTT_URL, ENV_MQTT_WS_PORT, startBroker } from './broker.js';
import { ENV_BASE_URL, ENV_SERVER_PID, ENV_WORK_DIR } from './server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * A copy of the build with the layout the bundle expects (apps/server/dist, apps/server/drizzle,
 * apps/web/dist, the root package.json) and node_modules linked in: a rebuild in the work tree while
 * the suite runs (another developer's `vite build` empties apps/web/dist) cannot pull files away from
 * the server under test. E2E_IN_PLACE=1 runs the work tree's build directly.
 */
function snapshotBuild(into: string): string {
  if (process.env.E2E_IN_PLACE) return ROOT;
  const root = join(into, 'build');
  for (const dir of ['apps/server/dist', 'apps/server/drizzle', 'apps/server/media', 'apps/web/dist', 'apps/tv/dist']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  mkdirSync(root, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * Starts the built server (node apps/server/dist/main.js, not through npx, so its pid is the server's)
 * with a fresh data folder, and waits until /api/health answers. E2E_DATABASE_URL selects PostgreSQL.
 */
export default async function globalSetup() {
  if (process.env[ENV_BASE_URL] && process.env.E2E_EXTERNAL_SERVER) return; // a server the caller runs
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` first (npm test builds when stale)`);
  if (!existsSync(WEB_INDEX)) throw new Error(`${WEB_INDEX} is missing: run \`npm run build\` first`);

  const port = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), 'htv-e2e-'));
  const buildRoot = snapshotBuild(workDir);
  const dataDir = join(workDir, 'data');
  const logFile = join(workDir, 'server.log');
  const logStream = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Not production: the captcha's test hook (HTV_TEST_HOOKS) refuses to run there.
    NODE_ENV: 'test',
    HTV_TEST_HOOKS: '1',
    // The suite signs in with the demo accounts, on PostgreSQL too (where the demo is off by default).
    DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // A short online window, so a test can watch terminals go offline after the simulator stops.
    DEVICE_ONLINE_WINDOW_S: (process.env.DEVICE_ONLINE_WINDOW_S ??= '4'),
    DEVICE_SWEEP_INTERVAL_S: (process.env.DEVICE_SWEEP_INTERVAL_S ??= '1'),
    // One server process: the PGlite and PostgreSQL suites run side by side on two cores; several
    // workers on one PostgreSQL have their own drills (apps/server/test/scale-drills.test.ts).
    WORKERS: process.env.E2E_WORKERS ?? '1',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  for (const name of ['MQTT_URL', 'MQTT_USERNAME', 'MQTT_PASSWORD', 'MQTT_TV_URL', 'MQTT_TV_WS_URL', 'MQTT_AUTH_KEY']) delete env[name];
  // Push over MQTT too (docs/scaling.md), through a broker of the run's own. Browser TVs are told a
  // WebSocket address where nothing listens unless a test starts its relay there: they long-poll otherwise.
  const brokerPort = await freePort();
  const brokerPid = await startBroker(workDir, brokerPort);
  const wsPort = await freePort();
  if (brokerPid) {
    env.MQTT_URL = `mqtt://127.0.0.1:${brokerPort}`;
    env.MQTT_TV_WS_URL = `ws://127.0.0.1:${wsPort}`;
  }

  const bundle = join(buildRoot, 'apps/server/dist/main.js');
  const server = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: buildRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.pipe(logStream);
  server.stderr.pipe(logStream);
  let exited: string | undefined;
  server.on('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));

  const baseURL = `http://127.0.0.1:${port}`;
  // A first start creates the database and seeds the demo: minutes when the machine is shared.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) {
      if (brokerPid) process.kill(brokerPid, 'SIGTERM');
      throw new Error(`the e2e server ${exited} before answering; its log:\n${readFileSync(logFile, 'utf8')}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      if (brokerPid) process.kill(brokerPid, 'SIGTERM');
      throw new Error(`the e2e server did not answer /api/health within 180 s; its log:\n${readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  // Workers and the teardown inherit these.
  process.env[ENV_BASE_URL] = baseURL;
  process.env[ENV_SERVER_PID] = String(server.pid);
  process.env[ENV_WORK_DIR] = workDir;
  if (brokerPid) {
    process.env[ENV_MQTT_URL] = env.MQTT_URL;
    process.env[ENV_MQTT_WS_PORT] = String(wsPort);
    process.env[ENV_MQTT_PID] = String(brokerPid);
  }
  console.log(`e2e server: ${baseURL} (pid ${server.pid}, ${process.env.E2E_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${brokerPid ? `MQTT ${env.MQTT_URL}` : 'no MQTT broker'}, log ${logFile})`);
}
