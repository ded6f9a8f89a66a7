/**
 * The theme editor in a real headless Chromium: which pages load its code, and the frames while one of
 * 200 blocks is dragged on its canvas.
 *
 *   node --import tsx bench/editor-drag.ts [--runs 3] [--blocks 200] [--steps 120] [--rate 1] [--chromium /usr/bin/chromium] [--profile <dir>]
 *
 * Builds nothing: run `npm run build` first. Starts the built server (embedded database, demo seed,
 * the captcha's test hook), signs the platform in by API and makes a theme whose home page holds
 * --blocks blocks (texts, clocks, QR codes and pictures of one material, 20 to a row, in containers of
 * 100). Then:
 * 1. opens the console's home, the themes list and the editor (fresh contexts, the session in local
 *    storage) and records the scripts each loads: the editor's chunk (ThemeEditorPage-*.js) must load
 *    on the editor only; the scripts only the editor loads are listed with their brotli sizes;
 * 2. --runs times, in the editor (viewport 1920×1080, the CPU throttled --rate times): presses a block
 *    in the middle of the page and drags it with --steps real mouse moves (CDP input, as a hand would,
 *    moves sent back to back) across the canvas, and a script in the page records every animation
 *    frame's interval from the press to the release, the pointer moves the page handled, and the long
 *    tasks (over 50 ms), after the press (measured apart: from the pointer's press to the frame that
 *    shows the block chosen; before each press another block is chosen); the block must land where it was dropped (the saved draft is read back);
 *    with --profile <dir>, the first press and drag run under V8's sampling profiler (<dir>/editor-drag.cpuprofile,
 *    bench/profile-summary.ts summarises it);
 *    Before the drags the page is left alone for 4 s and measured the same way: on a shared machine,
 *    what the other processes cost the page's frames.
 * 3. prints the frames per second (frames over the drag's duration), the frame intervals (p50 / p95 /
 *    max) and the share of intervals over 1.5 frames of 60 Hz (dropped frames).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { picturePng, signInPlatform } from './lib/console.js';
import { summarize } from './lib/load.js';
import { ROOT, startBuiltServer } from './lib/server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    blocks: { type: 'string', default: '200' },
    steps: { type: 'string', default: '120' },
    rate: { type: 'string', default: '1' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    profile: { type: 'string' },
  },
});
/** Where the server serves the console. */
const CONSOLE = '/new-frontend';
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();
const count = Number(values.blocks);

// --- server and theme ------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-editor-'));
const server = await startBuiltServer({ NODE_ENV: 'test', HTV_TEST_HOOKS: '1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_FLEET: '0' });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
log(`server ${server.base}`);
const api = await signInPlatform(server.base);
const material = await api.addPictureMaterial('bench-editor-picture', picturePng(480, 270, [40, 120, 90]));
const COLUMNS = 20;
const cellWidth = 1920 / COLUMNS;
const cellHeight = 1080 / Math.ceil(count / COLUMNS);
const blocks = Array.from({ length: count }, (_, i) => {
  const box = { key: `b${i}`, x: Math.round((i % COLUMNS) * cellWidth), y: Math.round(Math.floor(i / COLUMNS) * cellHeight), width: Math.floor(cellWidth) - 6, height: Math.floor(cellHeight) - 6, font: { size: 18 }, background: '#1d3b6a' };
  if (i % 4 === 0) return { ...box, type: 'text', text: { 'zh-CN': `块 ${i}`, en: `Block ${i}` } };
  if (i % 4 === 1) return { ...box, type: 'clock', format: 'HH:mm:ss' };
  if (i % 4 === 2) return { ...box, type: 'qrCode', content: `https://hotel.example/${i}` };
  return { ...box, type: 'image', materialIds: [material], intervalSeconds: 10 };
});
const theme = await api.call<{ id: number; draftRevision: number }>('POST', '/admin/theme', { name: 'Bench editor', equipmentType: 'room' });
const created = await api.call<{ draftRevision: number; document: { layouts: { pages: { containers: unknown[] }[] }[] } }>('GET', `/admin/theme/${theme.id}`);
// A container holds at most 100 blocks (the document schema): one container per 100, each the whole stage.
created.document.layouts[0]!.pages[0]!.containers = Array.from({ length: Math.ceil(count / 100) }, (_, c) => ({ key: `part${c}`, name: `Part ${c}`, x: 0, y: 0, width: 1920, height: 1080, blocks: blocks.slice(c * 100, c * 100 + 100) }));
await api.call('PUT', `/admin/theme/${theme.id}/draft`, { revision: created.draftRevision, document: created.document });
log(`theme ${theme.id}: ${count} blocks on its home page`);

const browser: Browser = await chromium.launch({
  executablePath: values.chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function openConsole(path: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  await context.addInitScript((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user_type', '1');
  }, api.token);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^.*\//, ''));
  });
  await page.goto(`${server.base}${CONSOLE}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return { page, scripts, close: () => context.close() };
}

// --- 1. which pages load the editor's code ---------------------------------------------------------
const pages: Record<string, string[]> = {};
for (const [name, path, ready] of [
  ['home', '/home', (page: Page) => page.getByTestId('welcome-card').waitFor()],
  ['themes list', '/themes/themes_page', (page: Page) => page.locator('.ant-table-row').first().waitFor()],
  ['theme preview', `/themes_template_preview/${theme.id}`, (page: Page) => page.getByTestId('theme-stage').waitFor()],
  ['editor', `/themes/themes_template/${theme.id}`, (page: Page) => page.getByTestId('edit-layer').waitFor()],
] as const) {
  const opened = await openConsole(path, ready);
  pages[name] = opened.scripts;
  await opened.close();
}
const isEditorChunk = (file: string) => /^ThemeEditorPage-[\w-]+\.js$/.test(file);
const elsewhere = new Set(Object.entries(pages).flatMap(([name, scripts]) => (name === 'editor' ? [] : scripts)));
const editorOnly = pages.editor!.filter((file) => !elsewhere.has(file));
const brotliKiB = (file: string) => brotliCompressSync(readFileSync(join(ROOT, 'apps/web/dist/assets', file))).length / 1024;
const chunkCheck = Object.fromEntries(Object.entries(pages).map(([name, scripts]) => [name, scripts.some(isEditorChunk)]));
log(`editor chunk loaded: ${JSON.stringify(chunkCheck)}`);
if (!chunkCheck.editor || Object.entries(chunkCheck).some(([name, loaded]) => name !== 'editor' && loaded)) throw new Error('the editor chunk must load on the editor page only');

// --- 2. dragging a block ------------------------------------------------------------------------------
/** Installed before the console's scripts: frame intervals, pointer moves handled and long tasks while recording. */
function instrument() {
  const bench = { recording: false, frames: [] as number[], moves: 0, longTasks: [] as number[], last: 0, press: 0 };
  (window as unknown as { __drag: typeof bench }).__drag = bench;
  // (No named functions in here: the script runs as its text, without the bundler's name helper.)
  const loop: FrameRequestCallback[] = [];
  loop.push((time) => {
    if (bench.recording && bench.last) bench.frames.push(time - bench.last);
    bench.last = bench.recording ? time : 0;
    requestAnimationFrame(loop[0]!);
  });
  requestAnimationFrame(loop[0]!);
  addEventListener('pointermove', () => bench.recording && bench.moves++, true);
  // The press: from the event to the frame after what it changed (the block chosen) is drawn.
  addEventListener(
    'pointerdown',
    (event) => {
      bench.press = 0;
      requestAnimationFrame(() => (bench.press = performance.now() - event.timeStamp));
    },
    true,
  );
  new PerformanceObserver((list) => {
    if (bench.recording) for (const entry of list.getEntries()) bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
}

interface Drag {
  ms: number;
  /** The press on the block (it becomes the selection): from the event to the next frame. */
  pressMs: number;
  frames: number[];
  moves: number;
  longTasks: number[];
}

const key = `b${Math.floor(count / 2) + Math.floor(COLUMNS / 2)}`;
const drags: Drag[] = [];
let idleFrames = { frames: [] as number[], longTasks: [] as number[] };
{
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  await context.addInitScript((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user_type', '1');
  }, api.token);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.rate) });
  await page.goto(`${server.base}${CONSOLE}/themes/themes_template/${theme.id}`);
  const layer = page.getByTestId('edit-layer');
  await layer.waitFor();
  await page.waitForLoadState('networkidle');
  // The same page left alone as long as a drag takes: what the machine's other work costs its frames.
  await page.evaluate(() => Object.assign((window as unknown as { __drag: object }).__drag, { recording: true, frames: [], moves: 0, longTasks: [] }));
  await page.waitForTimeout(4_000);
  const idle = await page.evaluate(() => {
    const bench = (window as unknown as { __drag: { recording: boolean; frames: number[]; longTasks: number[] } }).__drag;
    bench.recording = false;
    return { frames: bench.frames, longTasks: bench.longTasks };
  });
  idleFrames = idle;
  const idleSummary = summarize(idle.frames);
  log(`idle 4 s: ${idle.frames.length} frames, interval p95 ${idleSummary.p95.toFixed(1)} / max ${idleSummary.max.toFixed(1)} ms, long tasks ${idle.longTasks.length}`);
  for (let run = 0; run < Number(values.runs); run++) {
    if (run > 0) {
      // Another block chosen first, so that every press changes the selection.
      await page.getByTestId(`canvas-block-b0`).click();
      await page.waitForTimeout(500);
    }
    const target = page.getByTestId(`canvas-block-${key}`);
    const box = (await target.boundingBox())!;
    const area = (await layer.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Out and back again over a third of the canvas, so every run starts from the same place.
    const reach = { x: area.width / 3, y: area.height / 4 };
    const steps = Number(values.steps);
    await page.mouse.move(from.x, from.y);
    if (values.profile && run === 0) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.mouse.down();
    const pressMs = await page.evaluate(async () => {
      const bench = (window as unknown as { __drag: { recording: boolean; frames: number[]; moves: number; longTasks: number[]; press: number } }).__drag;
      while (!bench.press) await new Promise((resolve) => requestAnimationFrame(resolve));
      Object.assign(bench, { recording: true, frames: [], moves: 0, longTasks: [] });
      return bench.press;
    });
    const started = Date.now();
    for (let i = 1; i <= steps; i++) {
      const t = Math.sin((Math.PI * i) / steps); // out, then back
      await page.mouse.move(from.x + reach.x * t, from.y + reach.y * t * (run % 2 ? -1 : 1));
    }
    const ms = Date.now() - started;
    const recorded = await page.evaluate(() => {
      const bench = (window as unknown as { __drag: { recording: boolean; frames: number[]; moves: number; longTasks: number[] } }).__drag;
      bench.recording = false;
      return { frames: bench.frames, moves: bench.moves, longTasks: bench.longTasks };
    });
    await page.mouse.up();
    if (values.profile && run === 0) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(values.profile, { recursive: true });
      writeFileSync(join(values.profile, 'editor-drag.cpuprofile'), JSON.stringify(profile));
    }
    drags.push({ ms, pressMs, ...recorded });
    const frames = summarize(recorded.frames);
    log(`drag ${run + 1}: press → frame ${pressMs.toFixed(1)} ms; ${steps} mouse moves in ${ms} ms, ${recorded.moves} pointer moves handled, ${recorded.frames.length} frames (${((recorded.frames.length / ms) * 1000).toFixed(1)} fps), interval p50 ${frames.p50.toFixed(1)} / p95 ${frames.p95.toFixed(1)} / max ${frames.max.toFixed(1)} ms, long tasks ${recorded.longTasks.length}`);
  }
  // The last drag ends where it began: nudge the block once so the saved draft proves the drag lands.
  const box = (await page.getByTestId(`canvas-block-${key}`).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  // The draft saves itself a moment after the change.
  type Saved = { document: { layouts: { pages: { containers: { blocks: { key: string; x: number }[] }[] }[] }[] } };
  const before = blocks.find((b) => b.key === key)!;
  let moved = before as { x: number };
  for (let wait = 0; wait < 40 && moved.x === before.x; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const saved = await api.call<Saved>('GET', `/admin/theme/${theme.id}`);
    moved = saved.document.layouts[0]!.pages[0]!.containers.flatMap((c) => c.blocks).find((b) => b.key === key)!;
  }
  log(`block ${key} saved at x ${moved.x} (was ${before.x})`);
  if (moved.x === before.x) throw new Error('the dragged block did not move in the saved draft');
  await context.close();
}
await browser.close();
await server.stop();

// --- 3. results ------------------------------------------------------------------------------------
const loadAtEnd = loadavg();
const all = drags.flatMap((d) => d.frames);
const frames = summarize(all);
const ms = drags.reduce((n, d) => n + d.ms, 0);
const dropped = all.filter((interval) => interval > 1.5 * (1000 / 60)).length;
console.log(`\n${count} blocks, viewport 1920×1080, CPU ÷${values.rate}, ${drags.length} drags of ${values.steps} moves; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
console.log('| drags | press → next frame ms (median / worst) | pointer moves handled | frames | frames per second | frame interval p50 / p95 / max ms | intervals over 25 ms | long tasks (> 50 ms) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
const presses = summarize(drags.map((d) => d.pressMs));
console.log(`| ${drags.length} | ${presses.p50.toFixed(1)} / ${presses.max.toFixed(1)} | ${drags.reduce((n, d) => n + d.moves, 0)} | ${all.length} | ${((all.length / ms) * 1000).toFixed(1)} | ${frames.p50.toFixed(1)} / ${frames.p95.toFixed(1)} / ${frames.max.toFixed(1)} | ${dropped} (${((dropped / Math.max(1, all.length)) * 100).toFixed(1)}%) | ${drags.reduce((n, d) => n + d.longTasks.length, 0)} |`);
const idle = summarize(idleFrames.frames);
const idleDropped = idleFrames.frames.filter((interval) => interval > 1.5 * (1000 / 60)).length;
console.log(`| idle, 4 s (no input) | | | ${idleFrames.frames.length} | ${(idleFrames.frames.length / 4).toFixed(1)} | ${idle.p50.toFixed(1)} / ${idle.p95.toFixed(1)} / ${idle.max.toFixed(1)} | ${idleDropped} (${((idleDropped / Math.max(1, idleFrames.frames.length)) * 100).toFixed(1)}%) | ${idleFrames.longTasks.length} |`);
console.log('\nScripts per page (the editor chunk: ThemeEditorPage-*.js):');
for (const [name, scripts] of Object.entries(pages)) console.log(`- ${name}: ${scripts.length} scripts, editor chunk ${chunkCheck[name] ? 'loaded' : 'not loaded'}`);
console.log(`- only on the editor: ${editorOnly.map((file) => `${file} (${brotliKiB(file).toFixed(1)} KiB brotli)`).join(', ') || 'none'}`);

