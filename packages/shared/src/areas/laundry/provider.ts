import type { MachineState } from './records.js';

/** A machine's state as a laundry provider reports it, by the provider's own id of the machine. */
export interface MachineReport {
  thirdPartyId: string;
  state: MachineState;
  /** When the running cycle ends (ISO 8601), while in use. */
  endsAt: string | null;
}

/**
 * A hotel's laundry provider (docs/laundry.md): the adapter a real vendor's cloud implements, and the
 * simulator in tools/laundry. The server only starts and releases machines through it and applies the
 * states it reports; it never drives a machine's cycle itself.
 */
export interface LaundryProvider {
  /** Starts a cycle on a free machine the server booked; answers when it ends. Throws when the machine refuses. */
  start(thirdPartyId: string): Promise<{ endsAt: string }>;
  /** The guest took the laundry out after the cycle: the machine can be booked again. */
  release(thirdPartyId: string): Promise<void>;
  /** Every machine the provider knows, now (read at start and after a lost connection). */
  machines(): Promise<MachineReport[]>;
  /** Changes as they happen; answers the unsubscribe function. */
  onReport(listener: (reports: MachineReport[]) => void): () => void;
}
