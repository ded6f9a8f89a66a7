// `npm start`: installs dependencies and builds when needed, then runs the built server in production
// mode. PORT (default 8080) and DATA_DIR (default ./data) are read by the server; DATABASE_URL switches
// from the embedded database to PostgreSQL.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, log, ROOT, SERVER_BUNDLE } from './lib.mjs';

try {
  await ensureInstalled();
  await ensureBuilt();
} catch (error) {
  log(`cannot start: ${error.message}`);
  process.exit(1);
}

// A larger young generation for fleets: at fleet heartbeat rates V8's default one spends ~13% of the
// server's time in scavenges (2.5% with 64 MB; see docs/benchmarks.md). Fleets run on PostgreSQL; the
// embedded default (a demo, a small site) keeps V8's default, which holds its idle memory under 300 MB
// while the demo's virtual TVs run. NODE_OPTIONS may set another size.
const fleetScale = Boolean(process.env.DATABASE_URL);
const heapFlags = fleetScale && !/semi-space-size/.test(process.env.NODE_OPTIONS ?? '') ? ['--max-semi-space-size=64'] : [];

log('starting the server…');
const child = spawn(process.execPath, ['--enable-source-maps', ...heapFlags, SERVER_BUNDLE], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});

// The server finishes in-flight requests on SIGINT/SIGTERM; this process waits for it to exit.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
child.on('error', (error) => {
  log(`cannot start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' ? 130 : 143));
});
