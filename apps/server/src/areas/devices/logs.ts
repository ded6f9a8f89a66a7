import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { operationLogs, terminalStateLogs } from '../../db/schema/index.js';

export type TerminalState = 'registered' | 'assigned' | 'authorized' | 'disabled' | 'recovered' | 'unbound' | 'online' | 'offline';

export const TERMINAL_STATES: readonly TerminalState[] = ['registered', 'assigned', 'authorized', 'disabled', 'recovered', 'unbound', 'online', 'offline'];

export interface StateEvent {
  terminalId: number;
  mac: string;
  brandId: number | null;
  hotelId: number | null;
  state: TerminalState;
  detail?: string | null;
}

/** Appends state-history rows (one statement); `actor` is who caused them (null: the terminal or the system). */
export async function logStates(db: Db, events: readonly StateEvent[], actor: Actor | null = null): Promise<void> {
  for (let i = 0; i < events.length; i += 5000) {
    await db.insert(terminalStateLogs).values(
      events.slice(i, i + 5000).map((e) => ({
        terminalId: e.terminalId,
        mac: e.mac,
        brandId: e.brandId,
        hotelId: e.hotelId,
        state: e.state,
        detail: e.detail ? e.detail.slice(0, 200) : null,
        userId: actor?.userId ?? null,
        userName: actor?.name ?? null,
      })),
    );
  }
}

/** Operation-log rows for a batch action on terminals, written as multi-row inserts (`actor` null: the system). */
export async function logTerminalOperations(
  db: Db,
  actor: Actor | null,
  action: string,
  changes: readonly { id: number; before: unknown; after: unknown }[],
  ip?: string,
): Promise<void> {
  for (let i = 0; i < changes.length; i += 2000) {
    await db.insert(operationLogs).values(
      changes.slice(i, i + 2000).map((c) => ({
        userId: actor?.userId ?? null,
        userType: actor?.userType ?? null,
        userName: actor?.name ?? null,
        brandId: actor?.brandId ?? null,
        hotelId: actor?.hotelId ?? null,
        action,
        recordType: 'terminal',
        recordId: String(c.id),
        before: c.before ?? null,
        after: c.after ?? null,
        ip,
      })),
    );
  }
}
