/**
 * The phone remote under load (docs/phone.md): N phones bound to N TVs, each guest pressing a key every
 * 200-600 ms (a hand on a D-pad), through the built server on PostgreSQL. Measured: from the phone's
 * press (before its request is sent) to the moment the TV holds the key (its long-poll answered), the
 * time a browser TV then needs to move its focus being a frame; also the press requests' own time.
 *
 *   node --import tsx bench/phone-remote.ts [--phones 200] [--seconds 20] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--keep]
 *
 * Builds nothing: run `npm run build` first. Each TV long-polls `GET /api/device/v1/commands?wait=25`
 * as the browser TV does without MQTT; each phone binds with its TV's pairing code first.
 */
import { loadavg } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { registerMany } from '../tools/simulator/lib.js';
import { createBenchDatabase } from './lib/database.js';
import { summarize } from './lib/load.js';
import { startBuiltServer } from './lib/server.js';
import { prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    phones: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
  },
});
const PHONES = Number(values.phones);
const SECONDS = Number(values.seconds);
const log = (text: string) => process.stdout.write(`${text}\n`);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

async function call<T>(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await response.json()) as { code: string; data: T; errkey?: string };
  if (envelope.code !== '0') throw new Error(`${method} ${path}: ${response.status} ${envelope.errkey}`);
  return envelope.data;
}

log(`load average at start: ${load()}`);
const bench = await createBenchDatabase(values.pg!, 'phone');
const server = await startBuiltServer({
  NODE_ENV: 'production',
  DATABASE_URL: bench.url,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-phone-')),
  DEMO: '1',
  DEMO_FLEET: '0',
  DEVICE_REGISTER_PER_IP: '0',
  DEVICE_MAX_PENDING_PER_HOTEL: '0',
  // Every phone binds from this one address.
  PHONE_BIND_LIMIT: '0',
}, ['--max-semi-space-size=64']);
const stopping: (() => void)[] = [];
try {
  const db = new pg.Client({ connectionString: bench.url });
  await db.connect();
  const installCode = await prepareBenchHotel((text) => db.query(text));
  await db.end();
  const tvs = await registerMany({ url: server.base, seed: `bench-phone-${Date.now()}`, count: PHONES, installCode, concurrency: 16 });
  log(`registered ${PHONES} TVs`);

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const pressTimes: number[] = [];
  let lost = 0;
  let running = true;

  // The TVs: a long-poll each, answered when a key comes.
  const polls = tvs.map(async (tv) => {
    const headers = { authorization: `Bearer ${tv.token}` };
    while (running) {
      const { commands } = await call<{ commands: { type: string; data?: { text?: string } }[] }>(server.base, 'GET', '/api/device/v1/commands?wait=25', headers).catch(() => ({ commands: [] }));
      const now = performance.now();
      for (const command of commands) {
        const id = command.data?.text;
        const at = id ? sentAt.get(id) : undefined;
        if (at === undefined) continue;
        sentAt.delete(id!);
        latencies.push(now - at);
      }
    }
  });

  // The phones: bound by their TV's code, then pressing.
  const phones = await Promise.all(
    tvs.map(async (tv) => {
      const { url } = await call<{ url: string }>(server.base, 'GET', '/api/device/v1/phone/pair', { authorization: `Bearer ${tv.token}` });
      const code = new URL(url).searchParams.get('code')!;
      return (await call<{ token: string }>(server.base, 'POST', '/api/phone/bind', {}, { code })).token;
    }),
  );
  log(`bound ${phones.length} phones; pressing for ${SECONDS} s (load average ${load()})`);
  await new Promise((r) => setTimeout(r, 1000));
  latencies.length = 0;
  sentAt.clear();

  const until = performance.now() + SECONDS * 1000;
  let seq = 0;
  await Promise.all(
    phones.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, Math.random() * 500));
      while (performance.now() < until) {
        const id = `${i}.${++seq}`;
        const start = performance.now();
        sentAt.set(id, start);
        await call(server.base, 'POST', '/api/phone/remote', { 'x-phone-token': token }, { key: 'text', text: id }).catch(() => lost++);
        pressTimes.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 400));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 2000));
  running = false;
  lost += sentAt.size;
  const delivered = summarize(latencies);
  const presses = summarize(pressTimes);
  log(`load average at end: ${load()}`);
  log(`presses sent: ${pressTimes.length} (${(pressTimes.length / SECONDS).toFixed(0)}/s), not delivered or refused: ${lost}`);
  log(`press → TV holds the key: p50 ${delivered.p50.toFixed(1)} ms, p95 ${delivered.p95.toFixed(1)} ms, max ${delivered.max.toFixed(1)} ms (n=${delivered.n})`);
  log(`press request (phone's answer): p50 ${presses.p50.toFixed(1)} ms, p95 ${presses.p95.toFixed(1)} ms, max ${presses.max.toFixed(1)} ms`);
  await server.stop();
  await Promise.race([Promise.all(polls), new Promise((r) => setTimeout(r, 3000))]);
} finally {
  for (const stop of stopping) stop();
  await server.stop();
  await bench.drop(values.keep);
}
process.exit(0);
