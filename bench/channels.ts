/**
 * Live TV on the browser TV (/tv/): how long a channel change takes, from the remote's key to the new
 * channel's banner on screen and to the new stream's first video frame, with the demo hotel's channels
 * playing the committed test streams from the server itself (a local stream).
 *
 *   node --import tsx bench/channels.ts [--changes 20] [--rates 1,4] [--chromium /usr/bin/chromium]
 *
 * Builds nothing: run `npm run build` first. Starts the built server (embedded database, demo seed:
 * Sunrise Bund shows three channels, docs/channels.md), sets up one browser TV in that hotel
 * (authorized by API), opens live TV from the demo launcher's Live TV tile, and per CPU throttling
 * rate (CDP Emulation.setCPUThrottlingRate) presses ↑ --changes times, each once the last change's
 * frame has come and half a second has passed. Each change is measured in the page from the keydown
 * event to the animation frame after the banner names the new channel, and to the first frame the
 * `<video>` presents after its new source started loading (requestVideoFrameCallback).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signInPlatform } from './lib/console.js';
import { summarize } from './lib/load.js';
import { startBuiltServer } from './lib/server.js';

const { values } = parseArgs({
  options: {
    changes: { type: 'string', default: '20' },
    rates: { type: 'string', default: '1,4' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const changes = Number(values.changes);
const rates = values.rates!.split(',').map(Number);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

/** Installed before the TV's scripts: times each ↑ to the banner's change and to the new stream's first frame. */
function instrument() {
  type Change = { down: number; banner?: number; frame?: number; loading?: boolean };
  const bench = { changes: [] as Change[], pending: null as Change | null };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  addEventListener('keydown', (event) => {
    if (event.key === 'ArrowUp') bench.pending = { down: event.timeStamp };
  }, true);
  new MutationObserver(() => {
    const change = bench.pending;
    if (!change || change.banner) return;
    change.banner = -1;
    requestAnimationFrame(() => (change.banner = performance.now() - change.down));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-key'] });
  // The new source: hls.js attaches a fresh MediaSource (`loadstart`); the frames after it are the new stream's.
  addEventListener('loadstart', (event) => {
    const change = bench.pending;
    const video = event.target as HTMLVideoElement;
    if (!change || change.loading || !(video instanceof HTMLVideoElement)) return;
    change.loading = true;
    video.requestVideoFrameCallback(() => {
      change.frame = performance.now() - change.down;
      bench.changes.push(change);
      bench.pending = null;
    });
  }, true);
}

const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-channels-'));
const server = await startBuiltServer({ NODE_ENV: 'test', HTV_TEST_HOOKS: '1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_FLEET: '0' });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
log(`server ${server.base}`);
const api = await signInPlatform(server.base);
const hotel = (await api.call<{ items: { id: number }[] }>('GET', '/records/hotel?publicId=1000001')).items[0]!;
const { installCode } = await api.call<{ installCode: string }>('GET', `/terminals/hotel-settings?hotelId=${hotel.id}`);

const browser = await chromium.launch({ executablePath: values.chromium, args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
const rows: string[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  await context.addInitScript(instrument);
  const tv = await context.newPage();
  await tv.goto(`${server.base}/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=9101`);
  await tv.getByTestId('tv-unauthorized').waitFor({ timeout: 60_000 });
  const mac = await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
  await api.call('POST', '/terminals/authorize', { macs: [mac] });
  await tv.locator('[data-testid="theme-stage"] [data-block="liveTv"][data-focused="true"]').waitFor({ timeout: 60_000 });
  await tv.keyboard.press('Enter');
  await tv.getByTestId('channels-banner').waitFor({ timeout: 30_000 });
  await tv.waitForFunction(() => ((document.querySelector('[data-testid="channels-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5, undefined, { timeout: 30_000 });
  log(`browser TV ${mac} plays live TV`);
  const cdp = await context.newCDPSession(tv);
  for (const rate of rates) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await tv.evaluate(() => ((window as unknown as { __bench: { changes: unknown[] } }).__bench.changes = []));
    for (let i = 0; i < changes; i++) {
      await tv.keyboard.press('ArrowUp');
      await tv.waitForFunction((n) => (window as unknown as { __bench: { changes: unknown[] } }).__bench.changes.length > n, i, { timeout: 30_000 });
      await tv.waitForTimeout(500);
    }
    const measured = await tv.evaluate(() => (window as unknown as { __bench: { changes: { banner: number; frame: number }[] } }).__bench.changes);
    const banner = summarize(measured.map((c) => c.banner));
    const frame = summarize(measured.map((c) => c.frame));
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const row = `| ${rate === 1 ? 'not throttled' : `${rate}× slower`} | ${banner.n} | **${ms(banner.p50)}** / ${ms(banner.p95)} / ${ms(banner.max)} | **${ms(frame.p50)}** / ${ms(frame.p95)} / ${ms(frame.max)} |`;
    rows.push(row);
    log(`CPU ${rate}×: banner p50 ${ms(banner.p50)} p95 ${ms(banner.p95)} max ${ms(banner.max)}; first frame p50 ${ms(frame.p50)} p95 ${ms(frame.p95)} max ${ms(frame.max)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
log(`load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
process.stdout.write(['| CPU | changes | ↑ → banner on screen p50 / p95 / max | ↑ → first frame of the new stream p50 / p95 / max |', '|---|---:|---:|---:|', ...rows].join('\n') + '\n');
