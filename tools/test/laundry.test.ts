import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MachineReport } from '@htv/shared/areas/laundry/provider';
import { LaundrySimulator } from '../laundry/lib.js';

describe('the laundry simulator', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a started machine through its cycle, holds the laundry, frees it when released or after a while', async () => {
    vi.useFakeTimers();
    const sim = new LaundrySimulator({ machines: ['A', 'B'], cycleMs: 60_000, unloadMs: 30_000 });
    const reports: MachineReport[] = [];
    sim.onReport((r) => reports.push(...r));
    const { endsAt } = await sim.start('A');
    expect(Date.parse(endsAt) - Date.now()).toBe(60_000);
    await expect(sim.start('A')).rejects.toThrow(/inUse/);
    vi.advanceTimersByTime(60_000);
    expect((await sim.machines()).find((m) => m.thirdPartyId === 'A')!.state).toBe('locked');
    await sim.release('A');
    expect(reports.map((r) => r.state)).toEqual(['inUse', 'locked', 'free']);
    await sim.start('B');
    vi.advanceTimersByTime(90_000);
    expect((await sim.machines()).find((m) => m.thirdPartyId === 'B')!.state).toBe('free');
    sim.stop();
  });

  it('on its own: walk-in users, faults, lost links and repairs', () => {
    vi.useFakeTimers();
    const rolls = [0, 0.1, 0, 0.8, 0, 0.95, 0, 0];
    const sim = new LaundrySimulator({ machines: ['A'], cycleMs: 1000, unloadMs: 1000, eventEveryMs: 10_000, random: () => rolls.shift() ?? 0 });
    const states: string[] = [];
    sim.onReport((r) => states.push(r[0]!.state));
    vi.advanceTimersByTime(10_000); // walk-in
    vi.advanceTimersByTime(2_000); // cycle and unload
    vi.advanceTimersByTime(8_000); // fault
    vi.advanceTimersByTime(10_000); // repair
    expect(states).toEqual(['inUse', 'locked', 'free', 'error', 'free']);
    sim.stop();
  });
});
