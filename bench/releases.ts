/**
 * A rollout to a simulated fleet, through the HTTP API of the built server on PostgreSQL.
 *
 *   node --import tsx bench/releases.ts [--pg postgres://postgres@127.0.0.1:5432/postgres] [--tvs 10000]
 *        [--connections 32] [--heartbeat-connections 8] [--report-connections 64] [--seconds 10] [--keep]
 *        [--server-log <file>] [--mqtt mqtt://127.0.0.1:1883] [--report-rate 5000] [--heartbeat-rate 1000]
 *        [--mqtt-connections 50] [--paced-connections 64] [--rounds 1] [--floor] [--workers <n>] [--profile <dir>]
 *
 * Builds nothing: run `npm run build` first.
 * 1. creates a fresh database, starts the built server on it (production, demo seed without its
 *    fleet, registration limits lifted) and registers --tvs TVs in the demo hotel (simulator library),
 *    authorized in one call;
 * 2. uploads a firmware image, saves it as an OTA package and releases it to the hotel in three waves
 *    (10%, 40%, 50%; success threshold 95%, error threshold 5%, no retries);
 * 3. measures heartbeats alone for --seconds (--heartbeat-connections closed-loop connections);
 *    then, with wrk (when installed), the steady ingestion: heartbeats alone again, and the same
 *    heartbeats while the first wave's TVs report download progress (`downloading` with a percentage,
 *    --report-connections connections, each call another TV's report) for --seconds; the reports/s and
 *    the heartbeats' rate and latency against the run alone;
 *    with --mqtt, the server pushes over that broker and the TVs' progress goes there too: heartbeats
 *    paced at --heartbeat-rate (wrk, each connection pausing between answers, as TVs on a timer) alone,
 *    then beside --report-rate progress messages a second (`downloading`, every TV of the rollout, on
 *    its own topic, QoS 1; bench/lib/mqtt-load.ts); then the same with heartbeats as fast as answered
 *    (both --rounds times); with --floor, a third step of each round sends the same messages, beside
 *    heartbeats as fast as answered, to topics no server takes but a subscriber that only counts them
 *    (bench/lib/mqtt-load.ts `openMqttSink`): what the broker and the load generator cost alone;
 *    the reports written a second, the heartbeats' rate and latency, and the cores each process role
 *    used (heartbeats alone, then beside the reports);
 * 4. drives the rollout: for each wave, every TV of it reports `downloading` then `success` (one call
 *    each, --connections closed-loop connections, the TV's own token) while the same heartbeat load
 *    runs; records the reports/s, the heartbeats' rate and latency meanwhile, and the time from a wave's
 *    last report to the next wave starting (or the rollout finishing);
 * 5. prints a table and drops the database (unless --keep).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { registerMany } from '../tools/simulator/lib.js';
import { ConsoleApi } from './lib/console.js';
import { coresDuring, formatCores } from './lib/cpu.js';
import { createBenchDatabase } from './lib/database.js';
import { hasWrk, loadGeneratorCpu, runNode, runWrk, type LoadResult } from './lib/load.js';
import { openMqttSink, runMqttLoad, type MqttLoadResult } from './lib/mqtt-load.js';
import { startBuiltServer, type BuiltServer } from './lib/server.js';
import { BENCH_HOTEL, prepareBenchHotel } from './lib/tenants.js';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    tvs: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    'heartbeat-connections': { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
    'report-connections': { type: 'string', default: '64' },
    'server-log': { type: 'string' },
    keep: { type: 'boolean', default: false },
    mqtt: { type: 'string' },
    'report-rate': { type: 'string', default: '5000' },
    'heartbeat-rate': { type: 'string', default: '1000' },
    'mqtt-connections': { type: 'string', default: '50' },
    'paced-connections': { type: 'string', default: '64' },
    workers: { type: 'string' },
    profile: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    floor: { type: 'boolean', default: false },
  },
});
const TVS = Number(values.tvs);
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const loadAtStart = loadavg();

interface Report {
  token: string;
  body: Buffer;
}

/** Sends every report once over `connections` keep-alive connections (closed loop); answers reports/s. */
/** Answers other than 200, by status, over the run. */
const failedStatuses = new Map<number, number>();

/**
 * Heartbeats alone, then the same heartbeats beside progress reports (`downloading` with a percentage)
 * of the given actions' TVs, both driven by wrk for --seconds.
 */
async function measureIngestion(
  heartbeatSpec: Parameters<typeof runWrk>[0],
  actions: { id: number; mac: string }[],
  tokenOf: Map<string, string>,
): Promise<{ alone: LoadResult; beside: LoadResult; reports: LoadResult }> {
  const alone = await runWrk(heartbeatSpec);
  const reportSpec = {
    url: heartbeatSpec.url,
    method: 'POST' as const,
    path: '/api/device/v1/releases/progress',
    tokens: actions.map((a) => tokenOf.get(a.mac)!),
    bodies: actions.map((a, i) => JSON.stringify({ reports: [{ actionId: a.id, state: 'downloading', progress: 1 + (i % 98) }] })),
    connections: Number(values['report-connections']),
    seconds: heartbeatSpec.seconds,
  };
  const [beside, reports] = await Promise.all([runWrk(heartbeatSpec), runWrk(reportSpec)]);
  log(`ingestion: ${reports.perSecond.toFixed(0)} reports/s; heartbeats ${alone.perSecond.toFixed(0)}/s alone, ${beside.perSecond.toFixed(0)}/s beside the reports`);
  return { alone, beside, reports };
}

/** One step of the MQTT phase: heartbeats of one mode alone, then beside the reports. */
interface MqttStep {
  /** `sink`: heartbeats as fast as answered, the messages going to a subscriber that only counts them (--floor). */
  mode: 'paced' | 'closed' | 'sink';
  round: number;
  alone: LoadResult;
  beside: LoadResult;
  published: MqttLoadResult;
  /** Reports written (taken by the sink) a second while published, and how long the rest took after. */
  written: number;
  drainMs: number;
  /** Messages the servers refused (`mqttProgressRefused`). */
  refused: number;
  /** Cores each role of the machine used: heartbeats alone, then beside the reports. */
  cores: { alone: [string, number][]; beside: [string, number][] };
}

/**
 * Progress over MQTT (--mqtt): each step publishes --report-rate messages a second for --seconds, one
 * report each, round-robin over every TV's action on the TV's own topic, beside heartbeats measured
 * alone just before; the reports written (the servers' `releaseReportsWritten`) counted before, at the
 * end and once they stop growing. --rounds repeats both steps, each run alone just before its run
 * beside, so a change of the machine's speed between runs (shared cores) shows as spread between rounds.
 */
async function measureMqttIngestion(
  heartbeatSpec: Parameters<typeof runWrk>[0],
  actions: { id: number; terminalId: number }[],
  countWritten: () => Promise<number>,
  refusedSoFar: () => Promise<number>,
): Promise<MqttStep[]> {
  const messages = actions.map((a, i) => ({ topic: `htv/t${a.terminalId}/progress`, payload: JSON.stringify({ reports: [{ actionId: a.id, state: 'downloading', progress: 1 + (i % 98) }] }) }));
  const toSink = messages.map((m) => ({ ...m, topic: `bench/floor/${m.topic}` }));
  const steps: MqttStep[] = [];
  const paced = { ...heartbeatSpec, connections: Number(values['paced-connections']), rate: Number(values['heartbeat-rate']) };
  const modes = [['paced', paced], ['closed', heartbeatSpec], ...(values.floor ? [['sink', heartbeatSpec] as const] : [])] as const;
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [mode, spec] of modes) {
      const profiled = mode === 'paced' && round === 1;
      const { value: alone, cores: coresAlone } = await coresDuring(() => runWrk(spec), loadGeneratorCpu);
      const sink = mode === 'sink' ? await openMqttSink({ url: values.mqtt!, filter: 'bench/floor/#' }) : undefined;
      const counted = sink ? async () => sink.received() : countWritten;
      const before = await counted();
      const refusedBefore = await refusedSoFar();
      if (profiled) profileServer();
      const {
        value: [beside, published],
        cores: coresBeside,
      } = await coresDuring(
        () =>
          Promise.all([
            runWrk(spec),
            runMqttLoad({ url: values.mqtt!, connections: Number(values['mqtt-connections']), rate: Number(values['report-rate']), seconds: spec.seconds, messages: sink ? toSink : messages }),
          ]),
        ([heartbeats]) => loadGeneratorCpu(heartbeats),
      );
      if (profiled) profileServer();
      const atEnd = await counted();
      const ended = performance.now();
      // The rest is written within the writer's gathering time and a write or two: counted until a
      // quarter of a second passes without a report written.
      let total = atEnd;
      let lastWrittenAt = ended;
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        const now = await counted();
        if (now === total) break;
        total = now;
        lastWrittenAt = performance.now();
      }
      sink?.close();
      const step: MqttStep = {
        mode,
        round,
        alone,
        beside,
        published,
        written: (atEnd - before) / published.seconds,
        drainMs: lastWrittenAt - ended,
        refused: (await refusedSoFar()) - refusedBefore,
        cores: { alone: coresAlone, beside: coresBeside },
      };
      steps.push(step);
      log(`MQTT ingestion, round ${round}, heartbeats ${mode}: published ${published.perSecond.toFixed(0)}/s (${published.acked}/${published.sent} acknowledged by the broker), written ${step.written.toFixed(0)}/s, ${total - before} in all, ${step.refused} refused; heartbeats ${alone.perSecond.toFixed(0)}/s alone (p50 ${alone.p50Ms.toFixed(2)} ms), ${beside.perSecond.toFixed(0)}/s beside (p50 ${beside.p50Ms.toFixed(2)} ms)`);
    }
  }
  return steps;
}

/** With --profile: starts, or ends and writes, a CPU profile of each server process (bench/lib/profiler.mjs). */
function profileServer() {
  if (!values.profile || !server) return;
  const pid = server.process.pid!;
  const workers = spawnSync('pgrep', ['-P', String(pid)]).stdout.toString().split('\n').filter(Boolean).map(Number);
  for (const each of [pid, ...workers]) process.kill(each, 'SIGUSR2');
}

async function sendReports(base: string, reports: Report[], connections: number): Promise<{ perSecond: number; failures: number }> {
  const target = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < reports.length) {
        const report = reports[next++]!;
        await new Promise<void>((resolve) => {
          const req = http.request(
            {
              hostname: target.hostname,
              port: target.port,
              method: 'POST',
              path: '/api/device/v1/releases/progress',
              agent,
              headers: { authorization: `Bearer ${report.token}`, 'content-type': 'application/json', 'content-length': report.body.length },
            },
            (res) => {
              res.resume();
              res.on('end', () => {
                if (res.statusCode !== 200) {
                  failures++;
                  failedStatuses.set(res.statusCode ?? 0, (failedStatuses.get(res.statusCode ?? 0) ?? 0) + 1);
                }
                resolve();
              });
            },
          );
          req.on('error', () => {
            failures++;
            resolve();
          });
          req.end(report.body);
        });
      }
    }),
  );
  agent.destroy();
  return { perSecond: reports.length / ((performance.now() - started) / 1000), failures };
}

const bench = await createBenchDatabase(values.pg!, 'releases');
log(`database ${bench.name}`);
let server: BuiltServer | undefined;
const database = await openDatabase({ url: bench.url });
try {
  server = await startBuiltServer(
    {
      NODE_ENV: 'production',
      DATABASE_URL: bench.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'htv-bench-releases-')),
      DEMO: '1',
      DEMO_FLEET: '0',
      DEVICE_REGISTER_PER_IP: '0',
      DEVICE_MAX_PENDING_PER_HOTEL: '0',
      ...(values.mqtt && { MQTT_URL: values.mqtt }),
      ...(values.workers && { WORKERS: values.workers }),
      ...(values.profile && { HTV_PROFILE_DIR: values.profile }),
    },
    ['--max-semi-space-size=64', ...(values.profile ? ['--import', './bench/lib/profiler.mjs'] : [])],
    values['server-log'],
  );
  const db = database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const installCode = await prepareBenchHotel((text) => db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>);
  const hotel = rowsOf<{ id: number }>(await db.execute(sql`select id from hotels where public_id = ${BENCH_HOTEL}`))[0]!;
  let t = performance.now();
  const tvs = await registerMany({ url: server.base, seed: `bench-rel-${Date.now()}`, count: TVS, installCode, concurrency: 32 });
  log(`registered ${TVS} TVs in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const adminId = rowsOf<{ id: number }>(await db.execute(sql`select id from users where user_type = 1 order by id limit 1`))[0]!.id;
  const api = new ConsoleApi(server.base, await createSession(db, { userId: adminId, userType: 1, brandId: null, hotelId: null }));
  for (let i = 0; i < tvs.length; i += 20_000) await api.call('POST', '/terminals/authorize', { macs: tvs.slice(i, i + 20_000).map((tv) => tv.mac) });

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.concat([Buffer.from('FIRMWARE'), Buffer.alloc(1 << 20, 5)]))]), 'fw.img');
  const file = await api.call<{ id: string }>('POST', '/files?rule=otaFirmware', form);
  const pkg = await api.call<{ id: number }>('POST', '/records/ota-packages', { name: 'Bench', version: '20990101', model: 'SIM-55U', fileId: file.id });
  t = performance.now();
  const rollout = await api.call<{ id: number; total: number }>('POST', '/releases/rollouts', {
    name: 'Bench rollout', kind: 'ota', packageId: pkg.id, target: 'hotel', hotelIds: [hotel.id],
    waves: [{ share: 10 }, { share: 40 }, { share: 50 }], successThreshold: 95, errorThreshold: 5, maxRetries: 0,
  });
  const createMs = performance.now() - t;
  log(`rollout ${rollout.id} to ${rollout.total} terminals created in ${createMs.toFixed(0)} ms`);

  const tokenOf = new Map(tvs.map((tv) => [tv.mac, tv.token]));
  // The simulated TVs' actions only: the demo hotel's own authorized terminals (another model) have
  // actions too, `incompatible`, and no token here (reporting for them sent `Bearer undefined`: 401).
  const actions = rowsOf<{ id: number; mac: string; wave: number; terminalId: number }>(
    await db.execute(sql`select a.id, t.mac, a.wave, t.id as "terminalId" from release_actions a join terminals t on t.id = a.terminal_id where a.rollout_id = ${rollout.id}`),
  ).filter((a) => tokenOf.has(a.mac));
  if (actions.length !== TVS) throw new Error(`${actions.length} actions for ${TVS} simulated TVs`);
  const heartbeatSpec = { url: server.base, method: 'POST' as const, path: '/api/device/v1/heartbeat', body: JSON.stringify({ state: 'on', softwareVersion: '3.1.0' }), tokens: tvs.map((tv) => tv.token), connections: Number(values['heartbeat-connections']), seconds: Number(values.seconds) };
  const baseline = await runNode(heartbeatSpec);
  log(`heartbeats alone: ${baseline.perSecond.toFixed(0)}/s, p50 ${baseline.p50Ms.toFixed(1)} ms, p95 ${baseline.p95Ms.toFixed(1)} ms`);
  const ingestion = hasWrk() ? await measureIngestion(heartbeatSpec, actions.filter((a) => a.wave === 0), tokenOf) : undefined;
  const metrics = () => api.call<{ releaseReportsWritten: number; mqttProgressRefused: number }>('GET', '/terminals/device-metrics');
  const overMqtt =
    values.mqtt && hasWrk()
      ? await measureMqttIngestion(heartbeatSpec, actions, async () => (await metrics()).releaseReportsWritten, async () => (await metrics()).mqttProgressRefused)
      : undefined;

  const rows: string[] = [];
  let reportsSent = 0;
  let reportSeconds = 0;
  const during: LoadResult[] = [];
  for (let wave = 0; wave < 3; wave++) {
    const mine = actions.filter((a) => a.wave === wave);
    const reports = (state: string) => mine.map((a) => ({ token: tokenOf.get(a.mac)!, body: Buffer.from(JSON.stringify({ reports: [{ actionId: a.id, state }] })) }));
    const heartbeats = runNode({ ...heartbeatSpec, seconds: 2 });
    const started = performance.now();
    const downloading = await sendReports(server.base, reports('downloading'), Number(values.connections));
    const success = await sendReports(server.base, reports('success'), Number(values.connections));
    const sentMs = performance.now() - started;
    reportsSent += mine.length * 2;
    reportSeconds += sentMs / 1000;
    const lastReport = performance.now();
    let advancedMs = -1;
    for (let deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const state = await api.call<{ state: string; currentWave: number }>('GET', `/releases/rollouts/${rollout.id}`);
      if (state.currentWave > wave || state.state === 'finished') {
        advancedMs = performance.now() - lastReport;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const hb = await heartbeats;
    during.push(hb);
    const rate = (mine.length * 2) / (sentMs / 1000);
    rows.push(`| ${wave + 1} | ${mine.length} | ${rate.toFixed(0)} | ${downloading.failures + success.failures} | ${advancedMs.toFixed(0)} ms | ${hb.perSecond.toFixed(0)} | ${hb.p95Ms.toFixed(1)} |`);
    log(`wave ${wave + 1}: ${mine.length} TVs, ${rate.toFixed(0)} reports/s (download ${downloading.perSecond.toFixed(0)}/s, success ${success.perSecond.toFixed(0)}/s), next step ${advancedMs.toFixed(0)} ms after the last report; heartbeats meanwhile ${hb.perSecond.toFixed(0)}/s p95 ${hb.p95Ms.toFixed(1)} ms`);
  }
  const final = await api.call<{ state: string; counts: Record<string, number> }>('GET', `/releases/rollouts/${rollout.id}`);
  log(`rollout ${final.state}: ${JSON.stringify(final.counts)}; failed calls by status ${JSON.stringify(Object.fromEntries(failedStatuses))}`);
  process.stdout.write(`\nload average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  process.stdout.write(`rollout created for ${rollout.total} terminals in ${createMs.toFixed(0)} ms; ${reportsSent} reports at ${(reportsSent / reportSeconds).toFixed(0)}/s overall; final state ${final.state}\n`);
  process.stdout.write(`heartbeats alone: ${baseline.perSecond.toFixed(0)}/s, p50 ${baseline.p50Ms.toFixed(1)} ms, p95 ${baseline.p95Ms.toFixed(1)} ms\n\n`);
  process.stdout.write('| wave | TVs | reports/s | failed calls | report → next wave | heartbeats/s meanwhile | heartbeat p95 ms meanwhile |\n|---:|---:|---:|---:|---:|---:|---:|\n');
  process.stdout.write(`${rows.join('\n')}\n`);
  if (ingestion) {
    const { alone, beside, reports } = ingestion;
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)}%`;
    process.stdout.write(`\nSteady ingestion (wrk): progress reports ${reports.perSecond.toFixed(0)}/s (p50 ${reports.p50Ms.toFixed(1)} ms, p95 ${reports.p95Ms.toFixed(1)} ms, non-2xx ${reports.non2xx}, errors ${reports.errors})\n`);
    process.stdout.write(`| heartbeats | per second | p50 ms | p95 ms |\n|---|---:|---:|---:|\n`);
    process.stdout.write(`| alone | ${alone.perSecond.toFixed(0)} | ${alone.p50Ms.toFixed(2)} | ${alone.p95Ms.toFixed(2)} |\n`);
    process.stdout.write(`| beside the reports | ${beside.perSecond.toFixed(0)} (${change(alone.perSecond, beside.perSecond)}) | ${beside.p50Ms.toFixed(2)} (${change(alone.p50Ms, beside.p50Ms)}) | ${beside.p95Ms.toFixed(2)} (${change(alone.p95Ms, beside.p95Ms)}) |\n`);
  }
  if (overMqtt) {
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)}%`;
    process.stdout.write(`\nProgress over MQTT (${values['report-rate']}/s asked, ${values['mqtt-connections']} connections), heartbeats paced at ${values['heartbeat-rate']}/s, then as fast as answered${values.floor ? '; "sink": as fast as answered, the messages to a subscriber that only counts them (written: its count)' : ''}:\n`);
    process.stdout.write('| round | heartbeats | reports published/s | written/s | refused | written after the end | heartbeats/s alone → beside | p50 ms | p95 ms | p99 ms |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n');
    for (const { round, mode, alone, beside, published, written, refused, drainMs } of overMqtt) {
      process.stdout.write(
        `| ${round} | ${mode} | ${published.perSecond.toFixed(0)} | ${written.toFixed(0)} | ${refused} | ${drainMs.toFixed(0)} ms | ${alone.perSecond.toFixed(0)} → ${beside.perSecond.toFixed(0)} (${change(alone.perSecond, beside.perSecond)}) | ` +
          `${alone.p50Ms.toFixed(2)} → ${beside.p50Ms.toFixed(2)} (${change(alone.p50Ms, beside.p50Ms)}) | ${alone.p95Ms.toFixed(2)} → ${beside.p95Ms.toFixed(2)} (${change(alone.p95Ms, beside.p95Ms)}) | ${alone.p99Ms.toFixed(2)} → ${beside.p99Ms.toFixed(2)} |\n`,
      );
    }
    for (const { round, mode, cores } of overMqtt) process.stdout.write(`cores, round ${round}, heartbeats ${mode}: alone ${formatCores(cores.alone)}; beside the reports ${formatCores(cores.beside)}\n`);
  }
} finally {
  await server?.stop();
  await database.close?.();
  await bench.drop(values.keep);
}
