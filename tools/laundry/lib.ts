import type { LaundryProvider, MachineReport } from '@htv/shared/areas/laundry/provider';
import type { MachineState } from '@htv/shared/areas/laundry/records';

export interface LaundrySimulatorOptions {
  /** The machines' third-party ids. */
  machines: readonly string[];
  /** How long a cycle runs. */
  cycleMs: number;
  /** How long a finished cycle's laundry waits before someone takes it out (the machine is free again). */
  unloadMs: number;
  /** Every this often, something happens on its own (a walk-in user, a fault, a lost connection, a repair); 0: never. */
  eventEveryMs?: number;
  /** A random source (tests pass their own). */
  random?: () => number;
}

interface Machine {
  state: MachineState;
  endsAt: number | null;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * A laundry room in memory (docs/laundry.md): machines that run a cycle when started, hold the laundry
 * (locked) until it is taken out, and, when events are on, are used by walk-in guests, break down,
 * lose their connection and come back. Every change is reported, as a vendor's cloud pushes them.
 */
export class LaundrySimulator implements LaundryProvider {
  private readonly machinesById = new Map<string, Machine>();
  private readonly listeners = new Set<(reports: MachineReport[]) => void>();
  private readonly ticker?: ReturnType<typeof setInterval>;
  private readonly random: () => number;

  constructor(private readonly options: LaundrySimulatorOptions) {
    this.random = options.random ?? Math.random;
    for (const id of options.machines) this.machinesById.set(id, { state: 'free', endsAt: null });
    if (options.eventEveryMs) {
      this.ticker = setInterval(() => this.happen(), options.eventEveryMs);
      this.ticker.unref?.();
    }
  }

  async start(thirdPartyId: string): Promise<{ endsAt: string }> {
    const machine = this.machinesById.get(thirdPartyId);
    if (!machine || machine.state !== 'free') throw new Error(`machine ${thirdPartyId} is ${machine?.state ?? 'unknown'}`);
    this.run(thirdPartyId, machine);
    return { endsAt: new Date(machine.endsAt!).toISOString() };
  }

  async release(thirdPartyId: string): Promise<void> {
    const machine = this.machinesById.get(thirdPartyId);
    if (machine?.state === 'locked') this.set(thirdPartyId, machine, 'free');
  }

  async machines(): Promise<MachineReport[]> {
    return [...this.machinesById].map(([id, machine]) => this.report(id, machine));
  }

  onReport(listener: (reports: MachineReport[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sets a machine's state from outside (tests, a demo operator): a fault, a lost connection, a repair. */
  force(thirdPartyId: string, state: MachineState): void {
    const machine = this.machinesById.get(thirdPartyId);
    if (machine) this.set(thirdPartyId, machine, state);
  }

  /** Runs a machine's cycle to its end at once (tests). */
  finish(thirdPartyId: string): void {
    const machine = this.machinesById.get(thirdPartyId);
    if (machine?.state === 'inUse') this.ended(thirdPartyId, machine);
  }

  stop(): void {
    clearInterval(this.ticker);
    for (const machine of this.machinesById.values()) clearTimeout(machine.timer);
    this.listeners.clear();
  }

  private run(id: string, machine: Machine) {
    clearTimeout(machine.timer);
    machine.endsAt = Date.now() + this.options.cycleMs;
    this.set(id, machine, 'inUse');
    machine.timer = setTimeout(() => this.ended(id, machine), this.options.cycleMs);
    machine.timer.unref?.();
  }

  private ended(id: string, machine: Machine) {
    clearTimeout(machine.timer);
    this.set(id, machine, 'locked');
    machine.timer = setTimeout(() => machine.state === 'locked' && this.set(id, machine, 'free'), this.options.unloadMs);
    machine.timer.unref?.();
  }

  /** One thing happening on its own: most often a walk-in user, sometimes a fault or a lost link, and repairs. */
  private happen() {
    const ids = [...this.machinesById.keys()];
    if (!ids.length) return;
    const id = ids[Math.floor(this.random() * ids.length)]!;
    const machine = this.machinesById.get(id)!;
    const roll = this.random();
    if (machine.state === 'error' || machine.state === 'offline') this.set(id, machine, 'free');
    else if (machine.state === 'free' && roll < 0.7) this.run(id, machine);
    else if (machine.state === 'free' && roll < 0.85) this.set(id, machine, 'error');
    else if (machine.state === 'free') this.set(id, machine, 'offline');
  }

  private set(id: string, machine: Machine, state: MachineState) {
    if (state !== 'inUse') clearTimeout(machine.timer);
    machine.state = state;
    if (state !== 'inUse') machine.endsAt = null;
    const report = [this.report(id, machine)];
    for (const listener of this.listeners) listener(report);
  }

  private report(id: string, machine: Machine): MachineReport {
    return { thirdPartyId: id, state: machine.state, endsAt: machine.endsAt === null ? null : new Date(machine.endsAt).toISOString() };
  }
}
