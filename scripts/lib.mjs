// Shared helpers of the repository's commands (start, test, dev). Plain Node, no dependencies: these
// run on a fresh clone before `npm ci`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const SERVER_BUNDLE = join(ROOT, 'apps/server/dist/main.js');
export const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
const TV_INDEX = join(ROOT, 'apps/tv/dist/index.html');

/** Build inputs: a file newer than the stamp of the last successful build makes the build stale. */
const BUILD_INPUTS = [
  'packages/shared/src',
  'packages/renderer/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/tv/src',
  'apps/tv/index.html',
  'apps/tv/vite.config.ts',
];
const BUILD_STAMP = join(ROOT, 'node_modules/.cache/htv/build-stamp');
const INSTALL_STAMP = join(ROOT, 'node_modules/.htv-install-stamp');

export function log(message) {
  process.stdout.write(`[htv] ${message}\n`);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification time below a path (files and folders; 0 when it does not exist). */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function touch(path, timeMs = Date.now()) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${new Date(timeMs).toISOString()}\n`);
  const t = new Date(timeMs);
  utimesSync(path, t, t);
}

/** Runs a command with inherited output; resolves with its exit code (128+n when killed by a signal). */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 15)));
  });
}

/** Why dependencies must be installed, or undefined when node_modules is current. */
export function installReason() {
  if (!existsSync(join(ROOT, 'node_modules'))) return 'node_modules is missing';
  const lock = mtime(join(ROOT, 'package-lock.json')) ?? mtime(join(ROOT, 'package.json'));
  const installed = Math.max(mtime(join(ROOT, 'node_modules/.package-lock.json')) ?? 0, mtime(INSTALL_STAMP) ?? 0, 0) || mtime(join(ROOT, 'node_modules'));
  if (lock !== undefined && installed !== undefined && installed < lock) return 'node_modules is older than the lockfile';
  return undefined;
}

/** `npm ci` (or `npm install` without a lockfile) when node_modules is missing or out of date. */
export async function ensureInstalled() {
  const reason = installReason();
  if (!reason) return;
  const hasLock = existsSync(join(ROOT, 'package-lock.json'));
  log(`installing dependencies… (${reason}; npm ${hasLock ? 'ci' : 'install'})`);
  const args = hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  const code = await run(NPM, args);
  if (code !== 0) throw new Error(`npm ${args[0]} failed with exit code ${code}`);
  touch(INSTALL_STAMP);
}

/** Why the build is stale, or undefined when the last build is newer than every input. */
export function buildReason() {
  if (!existsSync(SERVER_BUNDLE)) return 'apps/server/dist is missing';
  if (!existsSync(WEB_INDEX)) return 'apps/web/dist is missing';
  if (!existsSync(TV_INDEX)) return 'apps/tv/dist is missing';
  const stamp = mtime(BUILD_STAMP);
  if (stamp === undefined) return 'no record of a previous build';
  const changed = BUILD_INPUTS.find((input) => newest(join(ROOT, input)) > stamp);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** `npm run build` when the built console or server is missing or older than its sources. */
export async function ensureBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : buildReason();
  if (!reason) return;
  log(`building… (${reason})`);
  const started = Date.now();
  const code = await run(NPM, ['run', 'build']);
  if (code !== 0) throw new Error(`npm run build failed with exit code ${code}`);
  // The stamp carries the time the build started: a file saved during the build stays newer.
  touch(BUILD_STAMP, started);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The path of a binary installed in node_modules/.bin. */
export function bin(name) {
  return join(ROOT, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}
