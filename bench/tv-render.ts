/**
 * The browser TV (/tv/) drawing a large theme in a real headless Chromium, with the CPU throttled:
 * time to the first page and the repaint after a D-pad move; and the TV's JavaScript size.
 *
 *   node --import tsx bench/tv-render.ts [--runs 5] [--rates 4,1] [--pages 10] [--moves 32] [--chromium /usr/bin/chromium] [--profile <dir>]
 *
 * Builds nothing: run `npm run build` first. Starts the built server (embedded database, demo seed,
 * the captcha's test hook) and, signed in as the platform by API:
 * 1. uploads 4 pictures as materials and publishes a theme of --pages pages × 40 blocks (three rows of
 *    focusable texts, pictures and app launchers with icons; clocks, QR codes, weather and scrolling
 *    texts; bench/lib/console.ts `gridTheme`);
 * 2. sets up one browser TV (install code of the demo hotel, authorized, the theme sent to its MAC)
 *    and waits until it draws the theme;
 * 3. per CPU throttling rate (CDP Emulation.setCPUThrottlingRate), --runs times: opens the TV again
 *    (a TV switched on: token kept, the version drawn from the TV's store) and measures from navigation
 *    start to the first animation frame after the first page's 40 blocks are on the screen (the
 *    picture kept from the last switch-on, apps/tv/src/snapshot.ts, or the live page, whichever comes
 *    first), to the frame after the live page's 40 blocks are in the page, to the **live first page**
 *    (the frame after the live page's blocks are in the page and one of them has the remote's focus:
 *    the page answers the arrows), to the frame after its pictures are decoded, and to the frame
 *    after its QR codes are drawn;
 * 4. then presses the arrows (a snake over the three focusable rows) and measures each move from the
 *    keydown event to the focus attribute's change and to the next animation frame after it;
 * 5. with --profile <dir>, first one more run at the first rate under V8's sampling profiler, written
 *    as <dir>/tv-render-<rate>x.cpuprofile (not among the results; bench/profile-summary.ts reads it);
 * 6. prints a table (median and worst of the runs) and the size of apps/tv/dist/assets/*.js and of
 *    the first script alone (index.html's module script; brotli quality 11 and gzip level 9, as the
 *    build precompresses them).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { gridTheme, picturePng, signInPlatform } from './lib/console.js';
import { summarize } from './lib/load.js';
import { ROOT, startBuiltServer } from './lib/server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rates: { type: 'string', default: '4,1' },
    pages: { type: 'string', default: '10' },
    moves: { type: 'string', default: '32' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
const rates = values.rates!.split(',').map(Number);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

// --- the TV's JavaScript --------------------------------------------------------------------------
const assetsDir = join(ROOT, 'apps/tv/dist/assets');
const scripts = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
const js = scripts.map((f) => readFileSync(join(assetsDir, f)));
const size = {
  files: scripts.length,
  raw: js.reduce((n, b) => n + b.length, 0),
  brotli: js.reduce((n, b) => n + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
  gzip: js.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
};
// The first script: the module index.html loads (its chunks apart, as the table below lists them).
const entryName = /<script type="module"[^>]*src="\/tv\/assets\/([^"]+\.js)"/.exec(readFileSync(join(ROOT, 'apps/tv/dist/index.html'), 'utf8'))?.[1];
const entry = entryName ? readFileSync(join(assetsDir, entryName)) : Buffer.alloc(0);
const first = { file: entryName, raw: entry.length, brotli: brotliCompressSync(entry, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
log(`first script ${first.file}: ${first.raw} B raw, ${first.brotli} B brotli`);
log(`TV JavaScript: ${size.files} file(s), ${(size.raw / 1024).toFixed(1)} KiB, brotli ${(size.brotli / 1024).toFixed(1)} KiB, gzip ${(size.gzip / 1024).toFixed(1)} KiB`);

// --- server and theme ------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-tv-'));
const server = await startBuiltServer({ NODE_ENV: 'test', HTV_TEST_HOOKS: '1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_FLEET: '0' });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
log(`server ${server.base}`);
const api = await signInPlatform(server.base);
const colours: [number, number, number][] = [
  [40, 120, 90],
  [120, 60, 140],
  [160, 90, 30],
  [30, 80, 160],
];
const materials: number[] = [];
for (const [i, rgb] of colours.entries()) materials.push(await api.addPictureMaterial(`bench-picture-${i}`, picturePng(960, 540, rgb)));
const pages = Number(values.pages);
const { themeId } = await api.publishedTheme('Bench grid', gridTheme('Bench grid', pages, materials));
const hotel = (await api.call<{ items: { id: number }[] }>('GET', '/records/hotel?publicId=1000001')).items[0]!;
const { installCode } = await api.call<{ installCode: string }>('GET', `/terminals/hotel-settings?hotelId=${hotel.id}`);
log(`theme ${themeId}: ${pages} pages × 40 blocks, ${materials.length} picture materials`);

// --- the browser ------------------------------------------------------------------------------------
/** Installed before the TV's own scripts: records the first page's drawing and every arrow's repaint. */
function instrument() {
  type Move = { key: string; down: number; changed?: number; frame?: number };
  const bench = { shownAt: 0, blocksAt: 0, drawnAt: 0, liveAt: 0, picturesAt: 0, codesAt: 0, moves: [] as Move[], pending: null as Move | null };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  let waiting = false;
  // The live first page: its blocks in the page and one of them focused by the remote's navigation.
  // (No named functions in here: the script runs as its text, without the bundler's name helper.)
  const live: (() => void)[] = [];
  live.push(() => {
    if (bench.liveAt) return;
    const stage = document.querySelector('[data-testid="theme-stage"]');
    if (!stage || stage.querySelectorAll('[data-block]').length < 40 || !stage.querySelector('[data-block][data-focused="true"]')) return;
    bench.liveAt = -1;
    requestAnimationFrame(() => (bench.liveAt = performance.now()));
  });
  new MutationObserver(() => {
    live[0]!();
    // The picture of the page kept from the last switch-on (apps/tv/src/snapshot.ts), if any.
    if (!bench.shownAt && (document.getElementById('tv-snapshot')?.querySelectorAll('[data-snapshot-block]').length ?? 0) >= 40) {
      bench.shownAt = -1;
      requestAnimationFrame(() => (bench.shownAt = performance.now()));
    }
    if (bench.blocksAt || waiting) return;
    const stage = document.querySelector('[data-testid="theme-stage"]');
    if (!stage || stage.querySelectorAll('[data-block]').length < 40) return;
    waiting = true;
    bench.blocksAt = performance.now();
    requestAnimationFrame(() => {
      bench.drawnAt = performance.now();
      if (bench.shownAt <= 0) bench.shownAt = bench.drawnAt;
      void Promise.all([...stage.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined))).then(() =>
        requestAnimationFrame(() => (bench.picturesAt = performance.now())),
      );
      // QR codes may be drawn in a render after the page's first: the frame after the last has its modules.
      const poll: FrameRequestCallback[] = [];
      poll.push(() => {
        if ([...stage.querySelectorAll('[data-type="qrCode"] svg')].every((svg) => svg.querySelector('path'))) bench.codesAt = performance.now();
        else requestAnimationFrame(poll[0]!);
      });
      requestAnimationFrame(poll[0]!);
    });
  }).observe(document, { subtree: true, childList: true });
  addEventListener(
    'keydown',
    (event) => {
      if (event.key.startsWith('Arrow')) bench.pending = { key: event.key, down: event.timeStamp };
    },
    true,
  );
  new MutationObserver((records) => {
    live[0]!();
    const move = bench.pending;
    if (!move || move.changed) return;
    if (!records.some((r) => (r.target as Element).getAttribute('data-focused') === 'true')) return;
    move.changed = performance.now();
    requestAnimationFrame(() => {
      move.frame = performance.now();
      bench.moves.push(move);
      bench.pending = null;
    });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-focused'] });
}

interface Run {
  rate: number;
  /** The script received, and the configuration call started (the script ran, the TV booted). */
  scriptMs: number;
  configMs: number;
  /** The TV's user timings: its first script runs, the drawing code evaluated, the screens in the page. */
  mainMs: number;
  mountMs: number;
  mountedMs: number;
  payloadMs: number;
  filesMs: number;
  shownMs: number;
  blocksMs: number;
  drawnMs: number;
  /** The live first page: drawn and focused (it answers the remote). */
  liveMs: number;
  picturesMs: number;
  codesMs: number;
  moves: { key: string; changedMs: number; frameMs: number }[];
}

/** The snake over the focusable rows (8 columns × 3 rows), ending where it began. */
const SNAKE = [...Array(7).fill('ArrowRight'), 'ArrowDown', ...Array(7).fill('ArrowLeft'), 'ArrowDown', ...Array(7).fill('ArrowRight'), 'ArrowUp', ...Array(7).fill('ArrowLeft'), 'ArrowUp'] as string[];

async function openTv(context: BrowserContext, rate: number, path = '/tv/', profile?: (cdp: CDPSession) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await profile?.(cdp);
  await page.goto(`${server.base}${path}`, { waitUntil: 'commit' });
  return page;
}

/** With --profile: the page's JavaScript from navigation to the first page complete, as a .cpuprofile. */
let profiling: { cdp?: CDPSession; file: string } | undefined;

async function startProfile(cdp: CDPSession) {
  profiling!.cdp = cdp;
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

async function measure(context: BrowserContext, rate: number): Promise<Run> {
  const page = await openTv(context, rate, '/tv/', profiling && startProfile);
  try {
    await page.waitForFunction(() => ((b) => b.picturesAt > 0 && b.codesAt > 0 && b.liveAt > 0)((window as unknown as { __bench: { picturesAt: number; codesAt: number; liveAt: number } }).__bench), undefined, { timeout: 60_000, polling: 50 });
    if (profiling?.cdp) {
      const { profile } = await profiling.cdp.send('Profiler.stop');
      writeFileSync(profiling.file, JSON.stringify(profile));
      log(`profile written to ${profiling.file} (bench/profile-summary.ts summarises it)`);
      profiling = undefined;
    }
    const timing = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { shownAt: number; blocksAt: number; drawnAt: number; liveAt: number; picturesAt: number; codesAt: number } }).__bench;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const payload = resources.find((r) => /\/theme-versions\/\d+\/[0-9a-f]{64}$/.test(r.name));
      const files = resources.filter((r) => r.name.includes('/files/'));
      const script = resources.find((r) => r.name.includes('/tv/assets/') && r.name.endsWith('.js'));
      const config = resources.find((r) => r.name.includes('/api/device/v1/config'));
      return {
        ...bench,
        scriptMs: script?.responseEnd ?? NaN,
        configMs: config?.startTime ?? NaN,
        payloadMs: payload?.responseEnd ?? NaN,
        filesMs: Math.max(0, ...files.map((f) => f.responseEnd)),
        // The TV's user timings (apps/tv/src/main.tsx).
        mainMs: performance.getEntriesByName('htv:main')[0]?.startTime ?? NaN,
        mountMs: performance.getEntriesByName('htv:mount')[0]?.startTime ?? NaN,
        mountedMs: performance.getEntriesByName('htv:mounted')[0]?.startTime ?? NaN,
      };
    });
    // The D-pad: the first tile has the focus; each arrow after the previous move's frame and a pause.
    const moves: Run['moves'] = [];
    for (let i = 0; i < Number(values.moves); i++) {
      const key = SNAKE[i % SNAKE.length]!;
      const before = await page.evaluate(() => (window as unknown as { __bench: { moves: unknown[] } }).__bench.moves.length);
      await page.keyboard.press(key);
      await page.waitForFunction((n) => (window as unknown as { __bench: { moves: unknown[] } }).__bench.moves.length > n, before, { timeout: 10_000, polling: 20 });
      const move = await page.evaluate(() => (window as unknown as { __bench: { moves: { key: string; down: number; changed: number; frame: number }[] } }).__bench.moves.at(-1)!);
      moves.push({ key: move.key, changedMs: move.changed - move.down, frameMs: move.frame - move.down });
      await page.waitForTimeout(150);
    }
    return { rate, scriptMs: timing.scriptMs, configMs: timing.configMs, mainMs: timing.mainMs, mountMs: timing.mountMs, mountedMs: timing.mountedMs, payloadMs: timing.payloadMs, filesMs: timing.filesMs, shownMs: timing.shownAt, blocksMs: timing.blocksAt, drawnMs: timing.drawnAt, liveMs: timing.liveAt, picturesMs: timing.picturesAt, codesMs: timing.codesAt, moves };
  } finally {
    await page.close();
  }
}

const browser = await chromium.launch({
  executablePath: values.chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results: Run[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  await context.addInitScript(instrument);
  // Set-up: a new TV in the demo hotel, authorized, the theme sent to its MAC.
  const setup = await openTv(context, 1, `/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=9001`);
  await setup.getByTestId('tv-unauthorized').waitFor({ timeout: 60_000 });
  const mac = await setup.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
  await api.call('POST', '/terminals/authorize', { macs: [mac] });
  await api.call('POST', `/admin/theme/${themeId}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
  await setup.locator('[data-testid="theme-stage"] [data-block="p0b0"]').waitFor({ timeout: 60_000 });
  // As a TV that showed this version before: the picture of its launcher is kept (apps/tv/src/snapshot.ts).
  await setup.waitForFunction(() => {
    const tv = JSON.parse(localStorage.getItem('htv.tv') ?? 'null') as { shown?: { url: string } } | null;
    const kept = JSON.parse(localStorage.getItem('htv.tv.snapshot') ?? 'null') as { url: string } | null;
    return !!kept && kept.url === tv?.shown?.url;
  });
  await setup.close();
  log(`browser TV ${mac} set up`);
  if (values.profile) {
    // One more run first, profiled (the profiler slows the page: it is not among the results).
    mkdirSync(values.profile, { recursive: true });
    profiling = { file: join(values.profile, `tv-render-${rates[0]}x.cpuprofile`) };
    await measure(context, rates[0]!);
  }
  for (const rate of rates) {
    for (let i = 0; i < runs; i++) {
      const run = await measure(context, rate);
      results.push(run);
      const moves = summarize(run.moves.map((m) => m.frameMs));
      log(`CPU ÷${rate} run ${i + 1}: script ${run.scriptMs.toFixed(0)} ms, config asked ${run.configMs.toFixed(0)} ms, first script runs ${run.mainMs.toFixed(0)} ms, drawing code evaluated ${run.mountMs.toFixed(0)} ms, screens in the page ${run.mountedMs.toFixed(0)} ms, payload ${run.payloadMs.toFixed(0)} ms, files ${run.filesMs.toFixed(0)} ms, first page on screen ${run.shownMs.toFixed(0)} ms, live page drawn ${run.drawnMs.toFixed(0)} ms, live first page (focused) ${run.liveMs.toFixed(0)} ms, pictures ${run.picturesMs.toFixed(0)} ms, QR codes ${run.codesMs.toFixed(0)} ms; moves keydown → frame p50 ${moves.p50.toFixed(1)} ms, max ${moves.max.toFixed(1)} ms`);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const loadAtEnd = loadavg();
const ms = (n: number) => n.toFixed(0);
console.log(`\n${pages} pages × 40 blocks, viewport 1920×1080, ${runs} runs per rate; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
console.log('| CPU throttling | script received ms | /config asked ms | first script runs ms | drawing code evaluated ms | payload received ms | files received ms | first page on screen ms (median / worst) | live page drawn ms (median / worst) | **live first page** (drawn and focused) ms (median / worst) | pictures decoded ms | QR codes drawn ms | arrow: keydown → focus change ms (p50 / p95) | keydown → next frame ms (p50 / p95 / max) | ArrowRight → next frame p95 ms | moves |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const rate of rates) {
  const of = results.filter((r) => r.rate === rate);
  const median = (f: (r: Run) => number) => summarize(of.map(f)).p50;
  const drawn = summarize(of.map((r) => r.drawnMs));
  const shown = summarize(of.map((r) => r.shownMs));
  const liveFirst = summarize(of.map((r) => r.liveMs));
  const moves = of.flatMap((r) => r.moves);
  const changed = summarize(moves.map((m) => m.changedMs));
  const frame = summarize(moves.map((m) => m.frameMs));
  const right = summarize(moves.filter((m) => m.key === 'ArrowRight').map((m) => m.frameMs));
  console.log(
    `| ${rate}× | ${ms(median((r) => r.scriptMs))} | ${ms(median((r) => r.configMs))} | ${ms(median((r) => r.mainMs))} | ${ms(median((r) => r.mountMs))} | ${ms(median((r) => r.payloadMs))} | ${ms(median((r) => r.filesMs))} | ${ms(shown.p50)} / ${ms(shown.max)} | ${ms(drawn.p50)} / ${ms(drawn.max)} | ${ms(liveFirst.p50)} / ${ms(liveFirst.max)} | ${ms(median((r) => r.picturesMs))} | ${ms(median((r) => r.codesMs))} | ${changed.p50.toFixed(1)} / ${changed.p95.toFixed(1)} | ${frame.p50.toFixed(1)} / ${frame.p95.toFixed(1)} / ${frame.max.toFixed(1)} | ${right.p95.toFixed(1)} | ${moves.length} |`,
  );
}
console.log(`\nTV JavaScript (apps/tv/dist/assets/*.js, ${size.files} file(s)): ${(size.raw / 1024).toFixed(1)} KiB, brotli ${(size.brotli / 1024).toFixed(1)} KiB (${size.brotli} B), gzip ${(size.gzip / 1024).toFixed(1)} KiB (${size.gzip} B)`);
console.log(`First script (${first.file}): ${(first.raw / 1024).toFixed(1)} KiB raw (${first.raw} B), brotli ${(first.brotli / 1024).toFixed(1)} KiB (${first.brotli} B)`);
console.log(JSON.stringify({ loadAtStart, loadAtEnd, size, first, results: results.map(({ moves, ...r }) => ({ ...r, moves: moves.length })) }));
