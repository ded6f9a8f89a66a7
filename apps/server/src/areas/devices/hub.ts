import type { DeviceCommand } from '@htv/shared/areas/devices/protocol';

interface Slot {
  queue: (DeviceCommand & { expires: number })[];
  waiter?: { deliver: (commands: DeviceCommand[]) => void; timer: NodeJS.Timeout };
}

/** At most this many commands wait for one terminal; older ones are dropped first. */
const MAX_QUEUED = 20;

/**
 * The push channel: commands for terminals, handed to a waiting long-poll at once, or queued until the
 * terminal's next poll or heartbeat collects them. Queued commands expire after `ttlMs`; a command of
 * a type already queued is not queued twice, unless it carries data (each of a phone's key presses counts).
 */
export class CommandHub {
  private readonly slots = new Map<number, Slot>();
  private nextId = 1;

  constructor(private readonly ttlMs: number) {}

  /** Sends a command; answers true when a waiting long-poll took it right away. */
  push(terminalId: number, type: DeviceCommand['type'], queueIfAbsent = true, data?: unknown): boolean {
    const command: DeviceCommand = { id: this.nextId++, type, at: new Date().toISOString(), ...(data === undefined ? {} : { data }) };
    const slot = this.slots.get(terminalId);
    if (slot?.waiter) {
      const { deliver, timer } = slot.waiter;
      clearTimeout(timer);
      slot.waiter = undefined;
      const pending = this.drain(slot);
      if (!slot.queue.length) this.slots.delete(terminalId);
      deliver([...pending, command]);
      return true;
    }
    if (!queueIfAbsent) return false;
    const target = slot ?? { queue: [] };
    if (data !== undefined || !target.queue.some((c) => c.type === type)) {
      target.queue.push({ ...command, expires: Date.now() + this.ttlMs });
      if (target.queue.length > MAX_QUEUED) target.queue.shift();
    }
    this.slots.set(terminalId, target);
    return false;
  }

  /** Takes the terminal's queued commands (empty when none). */
  take(terminalId: number): DeviceCommand[] {
    const slot = this.slots.get(terminalId);
    if (!slot || !slot.queue.length) return [];
    const commands = this.drain(slot);
    if (!slot.waiter) this.slots.delete(terminalId);
    return commands;
  }

  /** True when commands are queued for the terminal (a cheap check for the heartbeat path). */
  has(terminalId: number): boolean {
    return this.slots.get(terminalId)?.queue.length ? true : false;
  }

  /**
   * Waits up to `ms` for a command. A newer wait of the same terminal ends the older one with no
   * commands. Returns a cancel function for a connection that went away.
   */
  wait(terminalId: number, ms: number, deliver: (commands: DeviceCommand[]) => void): () => void {
    const slot = this.slots.get(terminalId) ?? { queue: [] };
    this.slots.set(terminalId, slot);
    if (slot.waiter) {
      clearTimeout(slot.waiter.timer);
      slot.waiter.deliver([]);
    }
    const waiter = {
      deliver,
      timer: setTimeout(() => {
        if (slot.waiter !== waiter) return;
        slot.waiter = undefined;
        if (!slot.queue.length) this.slots.delete(terminalId);
        deliver([]);
      }, ms),
    };
    slot.waiter = waiter;
    return () => {
      if (slot.waiter !== waiter) return;
      clearTimeout(waiter.timer);
      slot.waiter = undefined;
      if (!slot.queue.length) this.slots.delete(terminalId);
    };
  }

  /** Ends every waiting long-poll with no commands (shutdown). */
  releaseAll(): void {
    for (const [id, slot] of this.slots) {
      if (!slot.waiter) continue;
      clearTimeout(slot.waiter.timer);
      const { deliver } = slot.waiter;
      slot.waiter = undefined;
      if (!slot.queue.length) this.slots.delete(id);
      deliver([]);
    }
  }

  /** Drops the queued commands of a type (the TV acknowledged one over MQTT). */
  drop(terminalId: number, type: DeviceCommand['type']): void {
    const slot = this.slots.get(terminalId);
    if (!slot) return;
    slot.queue = slot.queue.filter((c) => c.type !== type);
    if (!slot.queue.length && !slot.waiter) this.slots.delete(terminalId);
  }

  /** Forgets a terminal's queue (unbind, delete). */
  forget(terminalId: number): void {
    const slot = this.slots.get(terminalId);
    if (!slot) return;
    slot.queue = [];
    if (!slot.waiter) this.slots.delete(terminalId);
  }

  /** Drops expired commands (called by the sweep). */
  expire(now = Date.now()): void {
    for (const [id, slot] of this.slots) {
      slot.queue = slot.queue.filter((c) => c.expires > now);
      if (!slot.queue.length && !slot.waiter) this.slots.delete(id);
    }
  }

  get waiting(): number {
    let n = 0;
    for (const slot of this.slots.values()) if (slot.waiter) n++;
    return n;
  }

  private drain(slot: Slot): DeviceCommand[] {
    const now = Date.now();
    const commands = slot.queue.filter((c) => c.expires > now).map(({ expires: _expires, ...c }) => c);
    slot.queue = [];
    return commands;
  }
}
