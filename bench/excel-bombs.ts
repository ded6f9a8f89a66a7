/**
 * Compressed bombs against the Excel reader and the upload inspector: how long the event loop is
 * held at most, how much memory the process gains, and how long each refusal (or read) takes.
 *
 *   node --expose-gc --import tsx bench/excel-bombs.ts [--cases <regexp>] [--repeat 1]
 *
 * Every file is made here (apps/server/test/support/archives.ts); nothing touches a database. A 1 ms
 * timer records the longest gap between its ticks (the longest the event loop was blocked) and the
 * resident set size is sampled on each tick. On a busy machine the longest gap also counts the time
 * the process was not scheduled at all; the 99th percentile shows the usual step.
 */
import { uploadRules } from '@htv/shared';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { UploadInspector } from '../apps/server/src/files/check.js';
import { readSheet } from '../apps/server/src/files/excel.js';
import { deflatedSheet, deflatedStream, xlsxArchive, zipArchive } from '../apps/server/test/support/archives.js';

const { values } = parseArgs({ options: { cases: { type: 'string', default: '' }, repeat: { type: 'string', default: '1' } } });
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

interface Case {
  name: string;
  file: () => Promise<Buffer>;
  run: (bytes: Buffer) => Promise<unknown>;
}

const excel = (bytes: Buffer) => readSheet(bytes);
const upload = (rule: keyof typeof uploadRules) => (bytes: Buffer) =>
  pipeline(
    // Uploads arrive in chunks of the multipart parser's size.
    Readable.from(Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK))),
    new UploadInspector(uploadRules[rule]),
    async (source: AsyncIterable<Buffer>) => {
      for await (const _chunk of source);
    },
  );
const row = '<row><c t="inlineStr"><is><t>AABBCCDDEEFF</t></is></c></row>';

const cases: Case[] = [
  { name: 'xlsx, sheet declares 1 GB', file: async () => xlsxArchive(await deflatedSheet(row, 18_000_000)), run: excel },
  { name: 'xlsx, directory lies: 1 KB declared, 1 GB inside', file: async () => xlsxArchive(await deflatedSheet(row, 18_000_000), { declaredSize: 1000 }), run: excel },
  {
    name: 'xlsx, 32 MB of empty rows (largest sheet the limits let through)',
    file: async () => xlsxArchive(await deflatedSheet((i) => `<row r="${i + 1}" spans="1:3" x14ac:dyDescent="0.25" ht="${(i * 7919) % 997}"/>`, 400_000)),
    run: excel,
  },
  {
    name: 'xlsx, 20,000 MACs written by ExcelJS',
    file: async () => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('MAC');
      sheet.addRow(['MAC']);
      for (let i = 0; i < 20_000; i++) sheet.addRow([randomBytes(6).toString('hex').toUpperCase()]);
      return Buffer.from(await book.xlsx.writeBuffer());
    },
    run: excel,
  },
  { name: 'upload bootAnimation, directory lies: 1 KB declared, 1 GB inside', file: async () => zipArchive([{ name: 'part0/1.png', data: await deflatedStream(Array.from({ length: 1024 }, () => Buffer.alloc(MB))), declaredSize: 1000 }]), run: upload('bootAnimation') },
  {
    name: 'upload apk, 30 MB of entries (every one inflated to check it)',
    file: async () => {
      const letters = randomBytes(10 * MB).map((byte) => 0x61 + (byte & 15));
      const content = await deflatedStream([letters]);
      return zipArchive([{ name: 'AndroidManifest.xml', data: 'x' }, ...[0, 1, 2].map((i) => ({ name: `assets/${i}.bin`, data: content }))]);
    },
    run: upload('apk'),
  },
];

/** Runs `work` while a 1 ms timer measures the event loop's longest gap and samples the RSS. */
async function measure(work: () => Promise<unknown>) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  let last = performance.now();
  const gaps: number[] = [];
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 1);
  const started = performance.now();
  let outcome = 'read';
  try {
    await work();
  } catch (error) {
    const e = error as { key?: string; errors?: (lang: 'en-US') => Record<string, string[]> };
    outcome = `refused: ${typeof e.errors === 'function' ? Object.values(e.errors('en-US')).flat().join('; ') : (e.key ?? (error as Error).message)}`;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  gaps.push(performance.now() - last);
  gaps.sort((x, y) => x - y);
  return { ms, longest: gaps.at(-1)!, p99: gaps[Math.floor(gaps.length * 0.99)]!, grew: peak - rssBefore, outcome };
}

console.log(`# ${cpus().length} CPUs, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, node ${process.version}`);
console.log('| case | file | time | event-loop gap p99 / max | RSS growth | outcome |');
console.log('|---|---|---|---|---|---|');
for (const c of cases.filter((c) => new RegExp(values.cases!).test(c.name))) {
  const bytes = await c.file();
  for (let i = 0; i < Number(values.repeat); i++) {
    globalThis.gc?.();
    const r = await measure(() => c.run(bytes));
    console.log(`| ${c.name} | ${mb(bytes.length)} | ${r.ms.toFixed(0)} ms | ${r.p99.toFixed(0)} / ${r.longest.toFixed(0)} ms | ${mb(r.grew)} | ${r.outcome} |`);
  }
}
console.log(`# load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
