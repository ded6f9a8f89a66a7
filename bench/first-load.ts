/**
 * The console's first load in a real browser: bytes transferred and time to interactive of the login
 * page and of home after sign-in, cold cache, under Chromium's network throttling.
 *
 *   node --import tsx bench/first-load.ts [--runs 3] [--chromium /usr/bin/chromium]
 *
 * Builds nothing: run `npm run build` first. Starts the built server (apps/server/dist/main.js) on a
 * free port with a temporary DATA_DIR (embedded database, demo seed, the captcha's test hook), then for
 * each network profile opens a fresh browser context with the cache disabled and throttling set through
 * CDP (Network.emulateNetworkConditions):
 * - login: navigation start until the login form's submit button is visible;
 * - home: a session made by API (captcha answered through the test hook) and its token in localStorage,
 *   then navigation start until the side menu and the welcome card are visible.
 * Bytes are the encoded (on-the-wire, compressed) lengths Chromium reports per response, headers
 * included. Prints a table and JSON; the median of the runs is reported.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { signInPlatform } from './lib/console.js';
import { startBuiltServer } from './lib/server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    // Lists each script a page loaded with its transferred size (first run of each page).
    details: { type: 'boolean', default: false },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'apps/server/dist/main.js');
const runs = Number(values.runs);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

if (!existsSync(bundle) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('the build is missing: run `npm run build` first');
  process.exit(1);
}

/** The two links of the target: throughput in bits/s, round-trip latency in ms. */
const PROFILES = [
  { name: '10 Mbit/s, 40 ms', bitsPerSecond: 10e6, latencyMs: 40 },
  { name: '4 Mbit/s, 100 ms', bitsPerSecond: 4e6, latencyMs: 100 },
];

// --- server --------------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-first-load-'));
const server = await startBuiltServer({ NODE_ENV: 'test', HTV_TEST_HOOKS: '1', DATA_DIR: dataDir, DATABASE_URL: '' });
const base = server.base;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
log(`server ${base} (pid ${server.process.pid}, embedded database in ${dataDir})`);

// --- browser -------------------------------------------------------------------------------------
interface Measure {
  ms: number;
  jsBytes: number;
  /** The scripts' bodies alone (compressed), without their response headers. */
  jsBodyBytes: number;
  totalBytes: number;
  requests: number;
  scripts: { url: string; bytes: number }[];
}

async function measure(browser: Browser, profile: (typeof PROFILES)[number], path: string, ready: (page: Page) => Promise<void>, session?: { token: string; userType: number }): Promise<Measure> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  if (session) {
    await context.addInitScript(({ token, userType }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user_type', String(userType));
    }, session);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytesPerSecond = profile.bitsPerSecond / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: profile.latencyMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const headerBytes = new Map<string, number>();
  let jsBodyBytes = 0;
  const scripts: { url: string; bytes: number }[] = [];
  let jsBytes = 0;
  let totalBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
    // What has arrived when the response starts: its status line and headers.
    headerBytes.set(event.requestId, event.response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    requests++;
    totalBytes += event.encodedDataLength;
    if (types.get(event.requestId) !== 'Script') return;
    jsBytes += event.encodedDataLength;
    jsBodyBytes += event.encodedDataLength - (headerBytes.get(event.requestId) ?? 0);
    scripts.push({ url: new URL(urls.get(event.requestId)!).pathname, bytes: event.encodedDataLength });
  });
  const started = Date.now();
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  await ready(page);
  const ms = Date.now() - started;
  // Requests the page started before it became interactive still count once they finish.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms, jsBytes, jsBodyBytes, totalBytes, requests, scripts };
}

const loginReady = (page: Page) => page.locator('[data-testid="login-form"] button[type="submit"]').waitFor({ state: 'visible', timeout: 120_000 });
const homeReady = async (page: Page) => {
  await page.locator('[data-testid="side-menu"]').waitFor({ state: 'visible', timeout: 120_000 });
  await page.locator('[data-testid="welcome-card"]').waitFor({ state: 'visible', timeout: 120_000 });
};

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const browser = await chromium.launch({
  executablePath: values.chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const session = { token: (await signInPlatform(base)).token, userType: 1 };
const results: { page: string; profile: string; ms: number; jsBytes: number; jsBodyBytes: number; totalBytes: number; requests: number }[] = [];
try {
  for (const profile of PROFILES) {
    for (const [name, path, ready, withSession] of [
      ['login', '/new-frontend/login', loginReady, false],
      ['home after sign-in', '/new-frontend/home', homeReady, true],
    ] as const) {
      const samples: Measure[] = [];
      for (let i = 0; i < runs; i++) samples.push(await measure(browser, profile, path, ready, withSession ? session : undefined));
      const result = {
        page: name,
        profile: profile.name,
        ms: median(samples.map((s) => s.ms)),
        jsBytes: median(samples.map((s) => s.jsBytes)),
        jsBodyBytes: median(samples.map((s) => s.jsBodyBytes)),
        totalBytes: median(samples.map((s) => s.totalBytes)),
        requests: median(samples.map((s) => s.requests)),
      };
      results.push(result);
      if (values.details) for (const script of samples[0]!.scripts.sort((a, b) => b.bytes - a.bytes)) log(`  ${(script.bytes / 1024).toFixed(1).padStart(7)} KiB ${script.url}`);
      log(`${name} @ ${profile.name}: ${result.ms} ms (runs ${samples.map((s) => s.ms).join(', ')}), JS ${(result.jsBytes / 1024).toFixed(1)} KiB (bodies ${(result.jsBodyBytes / 1024).toFixed(1)} KiB), total ${(result.totalBytes / 1024).toFixed(1)} KiB, ${result.requests} requests`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const kib = (n: number) => (n / 1024).toFixed(1);
const fmt = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
console.log(`\nload average at start ${fmt(loadAtStart)}, at end ${fmt(loadavg())}; median of ${runs} runs, cold cache`);
console.log('| page | network | JS KiB (with headers) | JS bodies KiB | total KiB | requests | interactive ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.page} | ${r.profile} | ${kib(r.jsBytes)} | ${kib(r.jsBodyBytes)} | ${kib(r.totalBytes)} | ${r.requests} | ${r.ms} |`);
console.log(JSON.stringify({ loadAverage: { start: loadAtStart, end: loadavg() }, results }));
