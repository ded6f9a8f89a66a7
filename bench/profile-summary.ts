/**
 * Summarises a V8 .cpuprofile by self time: node --import tsx bench/profile-summary.ts <file> [top]
 * (and the garbage collections of the same time, from the .gc.json next to it, when present).
 */
import { existsSync, readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, top = '40'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byFrame = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const us = self.get(node.id) ?? 0;
  total += us;
  const url = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '');
  const key = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
  byFrame.set(key, (byFrame.get(key) ?? 0) + us);
}
const rows = [...byFrame.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(top));
for (const [key, us] of rows) process.stdout.write(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}\n`);
// By package / area.
const byArea = new Map<string, number>();
for (const node of profile.nodes) {
  const url = node.callFrame.url;
  const area = url.includes('node_modules/') ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : url.includes('/work/main/') ? url.replace(/^.*\/work\/main\/([^/]+\/[^/]+\/[^/]+).*$/, '$1') : url.startsWith('node:') ? url : node.callFrame.functionName.startsWith('(') ? node.callFrame.functionName : '(native)';
  byArea.set(area, (byArea.get(area) ?? 0) + (self.get(node.id) ?? 0));
}
process.stdout.write('\nby area:\n');
for (const [area, us] of [...byArea.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) process.stdout.write(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${area}\n`);
const gcFile = file!.replace(/\.cpuprofile$/, '.gc.json');
if (existsSync(gcFile)) {
  const seconds = profile.timeDeltas.reduce((sum, d) => sum + d, 0) / 1e6;
  process.stdout.write(`\ngarbage collections over ${seconds.toFixed(1)} s:\n`);
  const collections = JSON.parse(readFileSync(gcFile, 'utf8')) as Record<string, { count: number; ms: number }>;
  for (const [kind, { count, ms }] of Object.entries(collections)) {
    process.stdout.write(`${String(count).padStart(7)} × ${kind}: ${ms.toFixed(0)} ms (${((ms / 10 / seconds)).toFixed(1)}% of the time)\n`);
  }
}
