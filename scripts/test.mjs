// `npm test`: install and build when needed, then, stopping at the first failing stage:
//   1. type checks (server, shared, tools, e2e; the web app),
//   2. vitest (unit + integration on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set),
//   3. the Playwright e2e suite against the built server on PGlite and, when TEST_DATABASE_URL is set,
//      the specs of the device protocol and its fleets (POSTGRES_E2E_SPECS; all of them with
//      E2E_POSTGRES=all) on a fresh PostgreSQL database, in two lanes that end about together: one
//      runs most PGlite specs, the other the PostgreSQL specs and then the rest (SECOND_LANE_SPECS).
//      Two servers and two browsers at a time, each run one test at a time: most of a browser
//      test's time is waiting.
// Ends with a line `N passed, N failed` (tests of every stage that ran).
//
// Options: --skip-e2e, --only-e2e (build + e2e stages). Extra arguments after `--` go to Playwright.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, ensureBuilt, ensureInstalled, log, ROOT } from './lib.mjs';

const argv = process.argv.slice(2);
const dashdash = argv.indexOf('--');
const flags = new Set(dashdash === -1 ? argv : argv.slice(0, dashdash));
const playwrightExtra = dashdash === -1 ? [] : argv.slice(dashdash + 1);

const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const reports = mkdtempSync(join(tmpdir(), 'htv-test-reports-'));

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
  log(`stages: ${timings.join(', ')}; total ${seconds(Date.now() - started)}`);
  if (totals.skipped) log(`${totals.skipped} skipped`);
  process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(code);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

class StageFailed extends Error {
  constructor(name, code) {
    super(`${name} failed (exit code ${code})`);
    this.code = code || 1;
  }
}

const running = new Set(); // the running stages' processes, to pass signals on
let interrupted = false;

function runStage(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    running.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
}

/** Runs one stage; `count` turns its report into test counts. A failing stage throws StageFailed. */
async function stage(name, command, args, { env, count } = {}) {
  if (interrupted) throw new StageFailed(name, 130);
  log(`── ${name}`);
  const t0 = Date.now();
  const code = await runStage(command, args, env);
  timings.push(`${name} ${seconds(Date.now() - t0)}`);
  const counts = count?.();
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped ?? 0;
  }
  if (code !== 0) {
    // A failure that no test accounts for (type error, crash, setup error) still counts as one.
    if (!counts || counts.failed === 0) totals.failed += 1;
    throw new StageFailed(name, code);
  }
}

function vitestCounts(file) {
  const report = readJson(file);
  if (!report) return undefined;
  // Files that fail to load have no failing test of their own: count them as failures.
  const brokenFiles = (report.testResults ?? []).filter((r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

function playwrightCounts(file) {
  const stats = readJson(file)?.stats;
  if (!stats) return undefined;
  // flaky = passed on retry
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

/**
 * The browser specs run on PostgreSQL too: those whose server side differs most between the engines
 * (the device protocol, push, fleets, rollouts, concurrent writers). Every server rule runs on both
 * engines in vitest; running every browser spec twice made the suite longer than 30 minutes on two cores.
 */
const POSTGRES_E2E_SPECS = ['smoke', 'browser-tv', 'browser-tv-push', 'boot', 'releases', 'tasks', 'terminals', 'themes', 'tvauth'].map((name) => `tests/${name}.spec.ts`);

/**
 * PGlite specs of the second lane, which first runs the PostgreSQL specs: the console's generic pages
 * (about a third of the PGlite suite's time), so that both lanes end about together; the first lane
 * runs the rest, new specs included. Spec times are in docs/testing.md.
 */
const SECOND_LANE_SPECS = ['dashboard', 'forms', 'list-pages', 'names', 'records', 'shell', 'shell-tabs', 'systems'].map((name) => `tests/${name}.spec.ts`);

/** The spec files of the suite, as Playwright's file filters. */
function allSpecs() {
  return readdirSync(join(ROOT, 'e2e/tests'))
    .filter((file) => file.endsWith('.spec.ts'))
    .sort()
    .map((file) => `tests/${file}`);
}

async function e2e(label, databaseUrl, specs = []) {
  const report = join(reports, `e2e-${label}.json`);
  const env = { E2E_JSON_REPORT: report, E2E_DATABASE_URL: databaseUrl ?? '', E2E_OUTPUT_DIR: `test-results/${label}` };
  await stage(`e2e (${label})`, bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...specs, ...playwrightExtra], { env, count: () => playwrightCounts(report) });
}

/** A fresh PostgreSQL database for one e2e run, dropped afterwards. */
async function withPostgresDatabase(adminUrl, fn) {
  const { default: pg } = await import('pg');
  const name = `htv_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch((error) => log(`could not drop ${name}: ${error.message}`));
    await admin.end();
  }
}

// Signals reach the running stage (Ctrl-C reaches it anyway); cleanup (dropping the e2e database) still runs.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) if (child.exitCode === null) child.kill(signal);
  });
}

async function main() {
  await ensureInstalled();
  if (!flags.has('--skip-e2e')) await ensureBuilt();

  if (!flags.has('--only-e2e')) {
    await stage('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    if (existsSync(join(ROOT, 'apps/web/tsconfig.json'))) await stage('typecheck web', bin('tsc'), ['-p', 'apps/web/tsconfig.json', '--noEmit']);
    if (existsSync(join(ROOT, 'apps/tv/tsconfig.json'))) await stage('typecheck tv', bin('tsc'), ['-p', 'apps/tv/tsconfig.json', '--noEmit']);

    const vitestReport = join(reports, 'vitest.json');
    await stage('vitest', bin('vitest'), ['run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], {
      count: () => vitestCounts(vitestReport),
    });
  }

  if (!flags.has('--skip-e2e')) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) log('TEST_DATABASE_URL is not set: e2e on PostgreSQL skipped');
    // Arguments after `--` (specs, filters) go to one PGlite run and, with PostgreSQL, one run there.
    const whole = playwrightExtra.length > 0;
    const postgresSpecs = whole || process.env.E2E_POSTGRES === 'all' ? [] : POSTGRES_E2E_SPECS;
    const postgres = async () => {
      if (adminUrl) await withPostgresDatabase(adminUrl, (url) => e2e('postgres', url, postgresSpecs));
    };
    const secondLane = async () => {
      try {
        await postgres();
      } finally {
        await e2e('pglite-2', undefined, SECOND_LANE_SPECS);
      }
    };
    const lanes = whole ? [e2e('pglite'), postgres()] : [e2e('pglite', undefined, allSpecs().filter((spec) => !SECOND_LANE_SPECS.includes(spec))), secondLane()];
    const runs = await Promise.allSettled(lanes);
    const failed = runs.find((run) => run.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

try {
  await main();
  finish(interrupted ? 130 : 0);
} catch (error) {
  if (!(error instanceof StageFailed)) totals.failed += 1;
  log(error instanceof Error ? error.message : String(error));
  finish(error instanceof StageFailed ? error.code : 1);
}
