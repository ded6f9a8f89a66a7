/**
 * The browser TV opening the hotel introduction with 200 items, in a real headless Chromium with the
 * CPU throttled: from OK on the launcher's tile to the first item's picture on the screen, and from an
 * arrow to the next item drawn (and its picture decoded).
 *
 *   node --import tsx bench/tv-introduction.ts [--runs 5] [--rates 4,1] [--types 10] [--items 20] [--pictures 20] [--chromium /usr/bin/chromium]
 *
 * Builds nothing: run `npm run build` first. Starts the built server (embedded database, demo seed,
 * the captcha's test hook) and:
 * 1. as the demo hotel (sunrise.bund): uploads --pictures 16:9 pictures (1920×1080 PNG) and adds
 *    --types introduction types × --items items (200 by default), each item over picture i mod
 *    --pictures; the first type is shown by default and sorts first, so the page opens on it;
 * 2. as the platform: publishes a theme whose launcher is one tile opening the introduction
 *    (`openArea` introduction) and sends it to one browser TV of the demo hotel, authorized;
 * 3. per CPU throttling rate (CDP Emulation.setCPUThrottlingRate), --runs times: opens the TV again (a TV
 *    switched on), waits for the launcher's tile to have the focus and presses OK; measures from the
 *    keydown to the frame after the introduction page is in the page, and to the frame after the
 *    first item's picture is decoded (the area's code loads when first needed: each run is a new page);
 * 4. then → into the type, and → through its items and ← back, measuring each move from the keydown to
 *    the frame after the item changed, and to the frame after its picture is decoded (a picture seen
 *    before comes from the browser's cache);
 * 5. prints a table (median and worst of the runs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { picturePng, signIn, signInPlatform } from './lib/console.js';
import { summarize } from './lib/load.js';
import { startBuiltServer } from './lib/server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rates: { type: 'string', default: '4,1' },
    types: { type: 'string', default: '10' },
    items: { type: 'string', default: '20' },
    pictures: { type: 'string', default: '20' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Number(values.runs);
const rates = values.rates!.split(',').map(Number);
const TYPES = Number(values.types);
const ITEMS = Number(values.items);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

// --- server and content ----------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'htv-bench-intro-'));
const server = await startBuiltServer({ NODE_ENV: 'test', HTV_TEST_HOOKS: '1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_FLEET: '0' });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
log(`server ${server.base}`);
const hotel = await signIn(server.base, 'sunrise.bund', 'hotel123');
const pictures: string[] = [];
for (let i = 0; i < Number(values.pictures); i++) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picturePng(1920, 1080, [30 + ((i * 41) % 180), 70 + ((i * 67) % 150), 110]))], { type: 'image/png' }), `intro-${i}.png`);
  pictures.push((await hotel.call<{ id: string }>('POST', '/files?rule=introImage', form)).id);
}
const text = (t: number, i: number) => `第${t + 1}类第${i + 1}项：酒店的介绍文字，早餐六点半至十点在二楼，泳池在五楼。`.repeat(3);
for (let t = 0; t < TYPES; t++) {
  const type = await hotel.call<{ id: number }>('POST', '/records/intro-type', { name: `介绍类型 ${t + 1}`, nameEn: `Type ${t + 1}`, showDefault: t === 0, sort: 999 - t, itemSeconds: 0 });
  for (let i = 0; i < ITEMS; i++)
    await hotel.call('POST', '/records/intro-item', { typeId: type.id, title: `第${t + 1}类 第${i + 1}项`, titleEn: `Type ${t + 1} item ${i + 1}`, text: text(t, i), textEn: `Item ${i + 1} of type ${t + 1}: breakfast 6:30-10:00 on the second floor.`, backgroundId: pictures[(t * ITEMS + i) % pictures.length], sort: 999 - i });
}
log(`${TYPES} types × ${ITEMS} items over ${pictures.length} pictures (1920×1080) in the demo hotel`);

const platform = await signInPlatform(server.base);
const theme = await platform.call<{ id: number; draftRevision: number }>('POST', '/admin/theme', { name: 'Bench introduction', equipmentType: 'room' });
const tile = { type: 'text', key: 'intro', x: 160, y: 600, width: 480, height: 160, text: { 'zh-CN': '酒店介绍', en: 'The hotel' }, background: '#1d3b6a', align: 'center', font: { size: 40, bold: true }, focusable: true, clickEvent: { action: 'openArea', area: 'introduction' } };
await platform.call('PUT', `/admin/theme/${theme.id}/draft`, {
  revision: theme.draftRevision,
  document: {
    theme: { name: 'Bench introduction', color: '#ffaa00', languages: ['zh-CN', 'en'], interfaceTypes: ['main'], orientation: 'landscape', equipmentType: 'room' },
    layouts: [{ key: 'main', name: 'Main', type: 'main', pages: [{ key: 'home', type: 'home', name: 'home', containers: [{ key: 'frame', name: 'Frame', x: 0, y: 0, width: 1920, height: 1080, blocks: [tile] }] }] }],
  },
});
await platform.call('POST', `/admin/theme/${theme.id}/publish`, {});
const hotelRow = (await platform.call<{ items: { id: number }[] }>('GET', '/records/hotel?publicId=1000001')).items[0]!;
const { installCode } = await platform.call<{ installCode: string }>('GET', `/terminals/hotel-settings?hotelId=${hotelRow.id}`);

// --- the browser ------------------------------------------------------------------------------------
/** Installed before the TV's own scripts: records the page's opening and every arrow's item change. */
function instrument() {
  type Move = { key: string; down: number; changed?: number; frame?: number; picture?: number };
  const bench = { armed: false, down: 0, pageAt: 0, pictureAt: 0, moves: [] as Move[], pending: null as Move | null };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && bench.armed) {
        bench.armed = false;
        bench.down = event.timeStamp;
      }
      if (event.key.startsWith('Arrow')) bench.pending = { key: event.key, down: event.timeStamp };
    },
    true,
  );
  new MutationObserver(() => {
    if (!bench.down || bench.pageAt) return;
    const img = document.querySelector('[data-testid="intro-background"]') as HTMLImageElement | null;
    if (!img) return;
    bench.pageAt = -1;
    requestAnimationFrame(() => (bench.pageAt = performance.now()));
    void img
      .decode()
      .catch(() => undefined)
      .then(() => requestAnimationFrame(() => (bench.pictureAt = performance.now())));
  }).observe(document, { subtree: true, childList: true });
  new MutationObserver((records) => {
    const move = bench.pending;
    if (!move || move.changed) return;
    if (!records.some((r) => r.attributeName === 'data-item-id')) return;
    move.changed = performance.now();
    const img = document.querySelector('[data-testid="intro-background"]') as HTMLImageElement | null;
    requestAnimationFrame(() => (move.frame = performance.now()));
    void (img ? img.decode().catch(() => undefined) : Promise.resolve()).then(() =>
      requestAnimationFrame(() => {
        move.picture = performance.now();
        bench.moves.push(move);
        bench.pending = null;
      }),
    );
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-item-id'] });
}

interface Run {
  rate: number;
  pageMs: number;
  pictureMs: number;
  moves: { key: string; frameMs: number; pictureMs: number }[];
}

async function openTv(context: BrowserContext, rate: number, path = '/tv/'): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${server.base}${path}`, { waitUntil: 'commit' });
  return page;
}

type Bench = { armed: boolean; down: number; pageAt: number; pictureAt: number; moves: { key: string; down: number; frame: number; picture: number }[] };

async function measure(context: BrowserContext, rate: number): Promise<Run> {
  const page = await openTv(context, rate);
  try {
    await page.locator('[data-testid="theme-stage"] [data-block="intro"][data-focused="true"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    await page.evaluate(() => ((window as unknown as { __bench: Bench }).__bench.armed = true));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => ((window as unknown as { __bench: Bench }).__bench.pictureAt ?? 0) > 0, undefined, { timeout: 60_000, polling: 20 });
    const opened = await page.evaluate(() => {
      const b = (window as unknown as { __bench: Bench }).__bench;
      return { pageMs: b.pageAt - b.down, pictureMs: b.pictureAt - b.down };
    });
    // Into the type (the menu hides), then through its items and back.
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="intro-page"]:not([data-menu])').waitFor();
    await page.waitForTimeout(300);
    const keys = [...Array<string>(ITEMS - 1).fill('ArrowRight'), ...Array<string>(ITEMS - 1).fill('ArrowLeft')];
    const moves: Run['moves'] = [];
    for (const key of keys) {
      const before = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench.moves.length);
      await page.keyboard.press(key);
      await page.waitForFunction((n) => (window as unknown as { __bench: Bench }).__bench.moves.length > n, before, { timeout: 20_000, polling: 20 });
      const move = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench.moves.at(-1)!);
      moves.push({ key: move.key, frameMs: move.frame - move.down, pictureMs: move.picture - move.down });
      await page.waitForTimeout(150);
    }
    return { rate, ...opened, moves };
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
  const setup = await openTv(context, 1, `/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=9002`);
  await setup.getByTestId('tv-unauthorized').waitFor({ timeout: 60_000 });
  const mac = await setup.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
  await platform.call('POST', '/terminals/authorize', { macs: [mac] });
  await platform.call('POST', `/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
  await setup.locator('[data-testid="theme-stage"] [data-block="intro"]').waitFor({ timeout: 60_000 });
  await setup.close();
  log(`browser TV ${mac} set up`);
  for (const rate of rates) {
    for (let i = 0; i < runs; i++) {
      const run = await measure(context, rate);
      results.push(run);
      const frames = summarize(run.moves.map((m) => m.frameMs));
      const shown = summarize(run.moves.map((m) => m.pictureMs));
      log(`CPU ÷${rate} run ${i + 1}: OK → page ${run.pageMs.toFixed(0)} ms, first picture ${run.pictureMs.toFixed(0)} ms; moves keydown → frame p50 ${frames.p50.toFixed(1)} ms, max ${frames.max.toFixed(1)} ms; → picture p50 ${shown.p50.toFixed(1)} ms, max ${shown.max.toFixed(1)} ms`);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const loadAtEnd = loadavg();
const ms = (n: number) => n.toFixed(0);
console.log(`\n${TYPES} types × ${ITEMS} items (${TYPES * ITEMS}), ${pictures.length} pictures 1920×1080, viewport 1920×1080, ${runs} runs per rate; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
console.log('| CPU throttling | OK → page drawn ms (median / worst) | OK → first picture on screen ms (median / worst) | arrow → next item drawn ms (p50 / p95 / max) | arrow → its picture decoded ms (p50 / p95 / max) | the first run\'s → moves (pictures not seen before): → picture p50 / max ms | moves |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const rate of rates) {
  const of = results.filter((r) => r.rate === rate);
  const page = summarize(of.map((r) => r.pageMs));
  const picture = summarize(of.map((r) => r.pictureMs));
  const moves = of.flatMap((r) => r.moves);
  const frame = summarize(moves.map((m) => m.frameMs));
  const shown = summarize(moves.map((m) => m.pictureMs));
  const first = summarize(of[0]!.moves.filter((m) => m.key === 'ArrowRight').map((m) => m.pictureMs));
  console.log(`| ${rate}× | ${ms(page.p50)} / ${ms(page.max)} | ${ms(picture.p50)} / ${ms(picture.max)} | ${frame.p50.toFixed(1)} / ${frame.p95.toFixed(1)} / ${frame.max.toFixed(1)} | ${shown.p50.toFixed(1)} / ${shown.p95.toFixed(1)} / ${shown.max.toFixed(1)} | ${first.p50.toFixed(1)} / ${first.max.toFixed(1)} | ${moves.length} |`);
}
console.log(JSON.stringify({ loadAtStart, loadAtEnd, results: results.map(({ moves, ...r }) => ({ ...r, moves: moves.length })) }));
