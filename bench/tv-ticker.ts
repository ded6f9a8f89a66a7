/**
 * The scrolling subtitles' ticker on the browser TV (/tv/) in a real headless Chromium with the CPU
 * throttled: frames over --seconds seconds while two subtitles take turns along the bottom of the
 * launcher (target: no dropped frames over 30 s at 4×), measured with the performance timeline.
 *
 *   node --import tsx bench/tv-ticker.ts [--seconds 30] [--rates 4,1] [--chromium /usr/bin/chromium]
 *
 * Builds nothing: run `npm run build` first. Starts the built server (embedded database, demo seed,
 * the captcha's test hook) and, signed in as the platform by API:
 * 1. adds a room to the demo hotel and publishes two subtitles to it (all day, moderate and fast speed,
 *    different lengths), then sets up one browser TV in that room (install code, authorized) and waits
 *    for the ticker (`subtitle-ticker`) over the demo launcher;
 * 2. per CPU throttling rate (CDP Emulation.setCPUThrottlingRate), opens the TV again and, once the
 *    ticker moves, records for --seconds:
 *    - Chromium's own frame timeline (CDP tracing, the events of DevTools' frames track: `BeginFrame`
 *      per frame interval, `DroppedFrame`, `Surface::ActivateFrame` per frame the display compositor
 *      took, `MainFrameAborted` per frame the main thread had nothing to draw for);
 *    - the page's frames as the performance timeline sees them: every animation frame's time
 *      (`requestAnimationFrame`), gaps longer than 1.5 frame intervals counted as missed, and
 *      `long-animation-frame` entries (PerformanceObserver);
 *    - that the ticker's animation is a `transform` animation (Web Animations) running the whole time;
 * 3. prints a table and the load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';
import { signInPlatform } from './lib/console.js';
import { startBuiltServer } from './lib/server.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    rates: { type: 'string', default: '4,1' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const SECONDS = Number(values.seconds);
const rates = values.rates!.split(',').map(Number);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-ticker-'));
const server = await startBuiltServer({ NODE_ENV: 'test', HTV_TEST_HOOKS: '1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_FLEET: '0' });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
log(`server ${server.base}`);
const api = await signInPlatform(server.base);
const hotel = (await api.call<{ items: { id: number }[] }>('GET', '/records/hotel?publicId=1000001')).items[0]!;
const { installCode } = await api.call<{ installCode: string }>('GET', `/terminals/hotel-settings?hotelId=${hotel.id}`);
const room = `T${Date.now() % 100000}`;
await api.call('POST', '/records/room', { hotelId: hotel.id, number: room });
const subtitle = (content: string, speed: string) => ({
  hotelId: hotel.id,
  content,
  contentEn: content,
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  startTime: '00:00',
  endTime: '23:59',
  speed,
  publishMethod: 'rooms',
  rooms: room,
});
for (const [content, speed] of [
  ['泳池今晚22:00关闭，健身房24小时开放。The pool closes at 22:00 tonight; the gym is open around the clock.', 'moderate'],
  ['早餐 6:30-10:30 二楼西餐厅 · Breakfast 6:30-10:30 on the 2nd floor', 'fast'],
] as const) {
  const created = await api.call<{ id: number }>('POST', '/records/subtitles', subtitle(content, speed));
  await api.call('POST', `/records/subtitles/${created.id}/actions/publish`, {});
}
log(`room ${room} of the demo hotel: two subtitles published to it`);

/** Installed before the TV's scripts: every animation frame's time and the long animation frames. */
function instrument() {
  const bench = { recording: false, frames: [] as number[], longFrames: [] as { start: number; duration: number; blocking: number }[] };
  (window as unknown as { __ticker: typeof bench }).__ticker = bench;
  const tick: FrameRequestCallback[] = [];
  tick.push((now) => {
    if (bench.recording) bench.frames.push(now);
    requestAnimationFrame(tick[0]!);
  });
  requestAnimationFrame(tick[0]!);
  try {
    new PerformanceObserver((list) => {
      if (!bench.recording) return;
      for (const entry of list.getEntries()) bench.longFrames.push({ start: entry.startTime, duration: entry.duration, blocking: (entry as unknown as { blockingDuration?: number }).blockingDuration ?? 0 });
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // An engine without the long-animation-frame timeline: the frames above still count.
  }
}

interface Result {
  rate: number;
  seconds: number;
  /** Chromium's frame timeline (trace): frame intervals begun, frames dropped, main-thread frames not needed, frames activated in the display compositor. */
  beginFrames: number;
  dropped: number;
  mainFramesAborted: number;
  drawn: number;
  rafFrames: number;
  rafMissed: number;
  rafWorstGapMs: number;
  intervalMs: number;
  longFrames: number;
  longFrameWorstMs: number;
  animationRunning: boolean;
  transformAnimations: number;
  tickerShown: number;
}

async function measure(context: BrowserContext, rate: number): Promise<Result> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${server.base}/tv/`, { waitUntil: 'commit' });
  try {
    await page.getByTestId('subtitle-ticker').waitFor({ timeout: 60_000 });
    // Settled: the ticker's first crossing under way, the launcher's pictures loaded.
    await page.waitForTimeout(3_000);
    const events: { name: string; args?: { chrome_frame_reporter?: { state?: string; frame_type?: string } } }[] = [];
    cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as typeof events)));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['benchmark', 'cc', 'viz', 'disabled-by-default-devtools.timeline.frame'], recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
    const tickers = new Set<string>();
    await page.evaluate(() => ((window as unknown as { __ticker: { recording: boolean } }).__ticker.recording = true));
    const started = Date.now();
    let running = true;
    let transforms = 0;
    while (Date.now() - started < SECONDS * 1000) {
      await page.waitForTimeout(1_000);
      const state = await page.evaluate(() => {
        const text = document.querySelector('[data-testid="subtitle-text"]');
        const animations = text ? text.getAnimations() : [];
        const transform = animations.filter((a) => ((a.effect as KeyframeEffect | null)?.getKeyframes() ?? []).some((k) => 'transform' in k));
        return { id: document.querySelector('[data-testid="subtitle-ticker"]')?.getAttribute('data-id') ?? null, running: transform.some((a) => a.playState === 'running'), transforms: transform.length };
      });
      if (state.id) tickers.add(state.id);
      // Between two crossings the next subtitle's animation starts in the same frame; a second without one is a stall.
      running &&= state.running || state.transforms === 0;
      transforms = Math.max(transforms, state.transforms);
    }
    const page_ = await page.evaluate(() => {
      const bench = (window as unknown as { __ticker: { recording: boolean; frames: number[]; longFrames: { start: number; duration: number }[] } }).__ticker;
      bench.recording = false;
      return { frames: bench.frames, longFrames: bench.longFrames };
    });
    const seconds = (Date.now() - started) / 1000;
    await cdp.send('Tracing.end');
    await complete;
    // DevTools' frames track: the compositor's BeginFrame of each frame interval and its DroppedFrame
    // events (a frame begun but not drawn in time).
    const count = (name: string) => events.filter((e) => e.name === name).length;
    const gaps = page_.frames.slice(1).map((t, i) => t - page_.frames[i]!);
    const sorted = [...gaps].sort((a, b) => a - b);
    const interval = sorted[Math.floor(sorted.length / 2)] ?? 16.7;
    return {
      rate,
      seconds,
      beginFrames: count('BeginFrame'),
      dropped: count('DroppedFrame'),
      mainFramesAborted: count('MainFrameAborted'),
      drawn: count('Surface::ActivateFrame'),
      rafFrames: page_.frames.length,
      rafMissed: gaps.filter((g) => g > interval * 1.5).reduce((n, g) => n + Math.round(g / interval) - 1, 0),
      rafWorstGapMs: sorted.at(-1) ?? 0,
      intervalMs: interval,
      longFrames: page_.longFrames.length,
      longFrameWorstMs: Math.max(0, ...page_.longFrames.map((f) => f.duration)),
      animationRunning: running,
      transformAnimations: transforms,
      tickerShown: tickers.size,
    };
  } finally {
    await page.close();
  }
}

const browser = await chromium.launch({
  executablePath: values.chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results: Result[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  await context.addInitScript(instrument);
  const setup = await context.newPage();
  await setup.goto(`${server.base}/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${room}`);
  await setup.getByTestId('tv-unauthorized').waitFor({ timeout: 60_000 });
  const mac = await setup.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
  await api.call('POST', '/terminals/authorize', { macs: [mac] });
  await setup.getByTestId('subtitle-ticker').waitFor({ timeout: 60_000 });
  await setup.close();
  log(`browser TV ${mac} in room ${room} shows the ticker`);
  for (const rate of rates) {
    const result = await measure(context, rate);
    results.push(result);
    log(`CPU ÷${rate}: ${JSON.stringify(result)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const loadAtEnd = loadavg();
console.log(`\nthe ticker over the demo launcher, viewport 1920×1080, ${SECONDS} s per rate; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
console.log('| CPU throttling | frame timeline (trace): BeginFrame / DroppedFrame / frames activated / main frames not needed | page frames (rAF) in the window, interval p50 | rAF frames missed (gaps > 1.5 intervals), worst gap | long animation frames (worst) | ticker: transform animation running all along; subtitles shown |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of results) {
  console.log(
    `| ${r.rate}× | ${r.beginFrames} / **${r.dropped}** / ${r.drawn} / ${r.mainFramesAborted} (over ${r.seconds.toFixed(1)} s) | ${r.rafFrames}, ${r.intervalMs.toFixed(1)} ms | **${r.rafMissed}**, ${r.rafWorstGapMs.toFixed(1)} ms | ${r.longFrames} (${r.longFrameWorstMs.toFixed(0)} ms) | ${r.animationRunning ? 'yes' : 'NO'} (${r.transformAnimations}); ${r.tickerShown} |`,
  );
}
console.log(JSON.stringify({ loadAtStart, loadAtEnd, results }));
