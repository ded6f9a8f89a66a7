import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  tool: 'wrk' | 'node';
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU seconds the load generator itself used (wrk; the Node generator runs in this process). */
  cpuSeconds?: number;
}

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Bearer tokens used round-robin (one per request). */
  tokens?: string[];
  /** With wrk: each token's own body (same order as `tokens`), instead of `body`. */
  bodies?: string[];
  connections: number;
  seconds: number;
  /** wrk threads (default 1). */
  threads?: number;
  /**
   * With wrk: requests a second to aim at (paced: each connection pauses after an answer, so the rate
   * holds while answers take well under connections / rate seconds); absent: as fast as answered.
   */
  rate?: number;
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

const LUA = fileURLToPath(new URL('./wrk-load.lua', import.meta.url));

/** Drives the load with wrk (a Lua script rotates the tokens) and parses its JSON summary line. */
export async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'htv-wrk-'));
  const tokensFile = join(dir, 'tokens.txt');
  const tokens = spec.tokens ?? [''];
  writeFileSync(tokensFile, tokens.map((token, i) => (spec.bodies ? `${token}\t${spec.bodies[i]}` : token)).join('\n') + '\n');
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, spec.body ?? '');
  const args = ['-t', String(spec.threads ?? 1), '-c', String(spec.connections), '-d', `${spec.seconds}s`, '--timeout', '10s', '-s', LUA, `${spec.url}${spec.path}`, '--', tokensFile, spec.method, bodyFile];
  if (spec.rate) args.push(String(Math.round((spec.connections * 1000) / spec.rate)));
  const output = await new Promise<string>((resolve, reject) => {
    // bash's `times` prints the CPU its children used: the load generator's own share of the machine.
    const child = spawn('bash', ['-c', 'wrk "$@"; code=$?; times; exit $code', 'wrk', ...args]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}:\n${out}`))));
  });
  const line = output.split('\n').find((l) => l.startsWith('JSON '));
  if (!line) throw new Error(`no summary from wrk:\n${output}`);
  const s = JSON.parse(line.slice(5)) as { requests: number; duration_us: number; p50_us: number; p95_us: number; p99_us: number; non2xx: number; errors: number };
  const seconds = s.duration_us / 1e6;
  // The last line of `times`: the children's user and system time, as "0m1.234s 0m0.567s".
  const times = [...(output.trim().split('\n').at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  const cpuSeconds = times.length === 2 ? times[0]! + times[1]! : undefined;
  return { tool: 'wrk', requests: s.requests, seconds, perSecond: s.requests / seconds, p50Ms: s.p50_us / 1000, p95Ms: s.p95_us / 1000, p99Ms: s.p99_us / 1000, non2xx: s.non2xx, errors: s.errors, cpuSeconds };
}

/**
 * A Node load generator for machines without wrk: `connections` keep-alive sockets, each sending its
 * next request as soon as the previous answer arrives (closed loop, like wrk).
 */
export async function runNode(spec: LoadSpec): Promise<LoadResult> {
  const target = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const body = spec.body ? Buffer.from(spec.body) : undefined;
  const tokens = spec.tokens ?? [];
  const latencies = new Float64Array(20_000_000);
  let count = 0;
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  const end = performance.now() + spec.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const token = tokens.length ? tokens[next++ % tokens.length] : undefined;
      const started = performance.now();
      const req = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: spec.method,
          path: spec.path,
          agent,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (count < latencies.length) latencies[count] = performance.now() - started;
            count++;
            if ((res.statusCode ?? 0) >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.subarray(0, Math.min(count, latencies.length)).sort();
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return { tool: 'node', requests: count, seconds, perSecond: count / seconds, p50Ms: pct(50), p95Ms: pct(95), p99Ms: pct(99), non2xx, errors };
}

/** The load generator's own CPU, for `coresDuring` (wrk runs and ends inside the measured run). */
export function loadGeneratorCpu(result: LoadResult): [string, number | undefined][] {
  return [[result.tool, result.cpuSeconds]];
}

export function runLoad(spec: LoadSpec, tool: 'wrk' | 'node'): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(spec) : runNode(spec);
}

/** p50/p95/max of a list of milliseconds. */
export function summarize(samples: number[]): { p50: number; p95: number; max: number; n: number } {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return { p50: at(50), p95: at(95), max: sorted.at(-1) ?? 0, n: sorted.length };
}
