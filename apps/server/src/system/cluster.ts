import cluster, { type Worker } from 'node:cluster';
import { WORKER_INDEX_ENV } from './workers.js';

export interface ClusterOptions {
  workers: number;
  logLevel: string;
  /** What to print once the first worker listens. */
  banner: (port: number) => string;
}

/** A worker that lived less than this is restarted after a growing pause (a crash loop does not spin). */
const STABLE_MS = 10_000;
const FIRST_RESTART_MS = 100;
const MAX_RESTART_MS = 30_000;
/** A worker that has not exited this long after SIGTERM is killed. */
const STOP_TIMEOUT_MS = 30_000;

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * The primary of `WORKERS` processes sharing one port (node:cluster; the primary accepts connections
 * and hands them to the workers in turn). It forks each worker with its slot number
 * (HTV_WORKER_INDEX: slot 0 runs the periodic database jobs), restarts a worker that dies in the same
 * slot, and on SIGTERM/SIGINT stops them all gracefully, each finishing its requests and flushing its
 * batched writes (docs/scaling.md).
 */
export async function runCluster({ workers, logLevel, banner }: ClusterOptions): Promise<void> {
  const threshold = LEVELS[logLevel] ?? 30;
  const log = (level: 'info' | 'warn' | 'error', fields: object, msg: string) => {
    if (LEVELS[level]! >= threshold) process.stdout.write(JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg }) + '\n');
  };
  let stopping = false;
  let announced = false;
  const slots = new Map<Worker, { index: number; startedAt: number }>();
  const pauses = new Array<number>(workers).fill(FIRST_RESTART_MS);

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
    slots.set(worker, { index, startedAt: Date.now() });
    worker.on('message', (message: { listening?: number }) => {
      if (message?.listening === undefined || announced) return;
      announced = true;
      log('info', { url: `http://localhost:${message.listening}`, workers }, 'console ready');
      process.stdout.write(banner(message.listening));
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    slots.delete(worker);
    if (!slot) return;
    if (stopping) {
      if (!slots.size) process.exit(0);
      return;
    }
    const lived = Date.now() - slot.startedAt;
    pauses[slot.index] = lived >= STABLE_MS ? FIRST_RESTART_MS : Math.min(pauses[slot.index]! * 2, MAX_RESTART_MS);
    log('error', { worker: slot.index, pid: worker.process.pid, code, signal, restartInMs: pauses[slot.index] }, 'worker died; starting another in its slot');
    setTimeout(() => !stopping && fork(slot.index), pauses[slot.index]);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', { signal, workers: slots.size }, 'shutting down: stopping the workers');
    if (!slots.size) process.exit(0);
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let index = 0; index < workers; index++) fork(index);
}
