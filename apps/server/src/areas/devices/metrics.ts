import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Bus } from '../../system/bus.js';
import { workerIndex } from '../../system/workers.js';

/** One server process's device counters (since its start) and gauges, named by number. */
export type Counters = Record<string, number>;

/** Which process counted: its machine, its pid and its worker slot (null outside a cluster). */
export interface ProcessCounters {
  host: string;
  pid: number;
  worker: number | null;
  counters: Counters;
}

/** The sums over every process that answered, and each one's own figures. */
export interface FleetCounters {
  totals: Counters;
  processes: ProcessCounters[];
}

const TOPIC = { peer: 'devices.metrics.peer', ask: 'devices.metrics.ask', tell: 'devices.metrics.tell' } as const;
/** How long a read waits for processes it does not know yet, or known ones that stay silent (dead). */
const WAIT_MS = 1000;

/**
 * The device counters of every server process, gathered over the bus when read (the console's device
 * metrics): the hot paths keep their plain increments in memory and publish nothing; a read asks every
 * process for its figures and sums them. Processes announce themselves when they start and leave, so
 * a read usually ends as soon as every known process answered; a process that stays silent for
 * `WAIT_MS` (killed) is forgotten until it is heard from again.
 */
export class CounterExchange {
  private readonly key = randomBytes(8).toString('base64url');
  private readonly self: Omit<ProcessCounters, 'counters'> = { host: hostname(), pid: process.pid, worker: workerIndex() ?? null };
  private readonly peers = new Set<string>();
  private readonly reads = new Map<string, (answer: ProcessCounters & { key: string }) => void>();
  private readonly unsubscribe: (() => void)[] = [];
  /** True once the processes there at this one's start had `WAIT_MS` to answer its hello. */
  private settled = false;
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly own: () => Counters,
  ) {
    if (!bus.shared) return;
    this.unsubscribe.push(
      bus.subscribe<{ key: string; hello?: true; bye?: true }>(TOPIC.peer, ({ key, hello, bye }) => {
        if (bye) return void this.peers.delete(key);
        this.peers.add(key);
        // A process that just started learns who is there from the answers.
        if (hello) this.publish(TOPIC.peer, { key: this.key });
      }),
      bus.subscribe<{ id: string; key: string }>(TOPIC.ask, ({ id, key }) => {
        this.peers.add(key);
        this.publish(TOPIC.tell, { id, key: this.key, ...this.mine() });
      }),
      // Every process hears every answer: each learns of the others from any read.
      bus.subscribe<ProcessCounters & { id: string; key: string }>(TOPIC.tell, ({ id, ...answer }) => {
        this.peers.add(answer.key);
        this.reads.get(id)?.(answer);
      }),
    );
    void bus.ready().then(
      () => {
        this.publish(TOPIC.peer, { key: this.key, hello: true });
        setTimeout(() => (this.settled = true), WAIT_MS).unref();
      },
      () => undefined,
    );
  }

  private publish(topic: string, data: unknown): void {
    if (!this.closed) this.bus.publish(topic, data);
  }

  private mine(): ProcessCounters {
    return { ...this.self, counters: this.own() };
  }

  /** This process's figures and, with several processes, every other one's that answers in time. */
  async gather(): Promise<FleetCounters> {
    const processes = [this.mine()];
    if (this.bus.shared && !this.closed) {
      const id = randomBytes(8).toString('base64url');
      // Right after this process's start the others may not have answered its hello yet: the whole wait.
      const expected = [...this.peers];
      const heard = new Set<string>();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, WAIT_MS);
        const check = () => {
          if (!this.settled || !expected.every((peer) => heard.has(peer))) return;
          clearTimeout(timer);
          resolve();
        };
        this.reads.set(id, ({ key, ...answer }) => {
          if (heard.has(key)) return;
          heard.add(key);
          processes.push(answer);
          check();
        });
        this.publish(TOPIC.ask, { id, key: this.key });
        check();
      });
      this.reads.delete(id);
      for (const peer of expected) if (!heard.has(peer)) this.peers.delete(peer);
    }
    const totals: Counters = {};
    for (const { counters } of processes) for (const [name, value] of Object.entries(counters)) totals[name] = (totals[name] ?? 0) + value;
    processes.sort((a, b) => a.host.localeCompare(b.host) || (a.worker ?? -1) - (b.worker ?? -1) || a.pid - b.pid);
    return { totals, processes };
  }

  /** Leaves: the others stop waiting for this process (published before the bus closes). */
  close(): void {
    this.publish(TOPIC.peer, { key: this.key, bye: true });
    this.closed = true;
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
