import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'apps/server/dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface BuiltServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`node [flags] apps/server/dist/main.js`, as `npm start` does; run `npm run
 * build` first) on a free loopback port with these environment variables, and waits for /api/health.
 * The server's output goes to `logFile` when given (else its errors to this process's stderr).
 */
export async function startBuiltServer(env: NodeJS.ProcessEnv, flags: string[] = [], logFile?: string): Promise<BuiltServer> {
  if (!existsSync(BUNDLE)) throw new Error('the build is missing: run `npm run build` first');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...flags, BUNDLE], {
    cwd: ROOT,
    stdio: ['ignore', logFile ? 'pipe' : 'ignore', logFile ? 'pipe' : 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  if (logFile) {
    const out = createWriteStream(logFile);
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  for (let deadline = Date.now() + 180_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 180 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, process: child, stop };
}
