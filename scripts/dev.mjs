// `npm run dev`: the API server from source with reload (tsx watch, port 8080) and the Vite dev server
// (http://localhost:5173/new-frontend/, which proxies /api to 8080), stopped together.
import { spawn } from 'node:child_process';
import { bin, ensureInstalled, log, ROOT } from './lib.mjs';

try {
  await ensureInstalled();
} catch (error) {
  log(error.message);
  process.exit(1);
}

const API_PORT = '8080'; // apps/web/vite.config.ts proxies /api here
const children = [];
let exiting = false;

function start(name, command, args, env = {}) {
  // Own process group, so stopping it also stops what it started (esbuild, rolldown workers).
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  child.name = name;
  child.on('exit', (code, signal) => {
    if (!exiting) {
      log(`${name} exited (${signal ?? code}); stopping the other process`);
      stopAll(code ?? 1);
    }
  });
  children.push(child);
}

function kill(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stopAll(code = 0) {
  if (exiting) return;
  exiting = true;
  for (const child of children) kill(child, 'SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) kill(child, 'SIGKILL');
    process.exit(code);
  }, 5000);
  deadline.unref();
  const waitAll = () => (children.every((c) => c.exitCode !== null || c.signalCode !== null) ? process.exit(code) : setTimeout(waitAll, 100));
  waitAll();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
process.on('exit', () => {
  for (const child of children) kill(child, 'SIGKILL');
});

log(`API (tsx watch) on http://localhost:${API_PORT}/api/, console on http://localhost:5173/new-frontend/`);
start('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], { PORT: API_PORT, NODE_ENV: process.env.NODE_ENV ?? 'development' });
start('web', process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'dev', '-w', '@htv/web']);
