import type { LaundryProvider } from '@htv/shared/areas/laundry/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { applyReports } from './service.js';

/**
 * The hotels' laundry providers (docs/laundry.md): one adapter per hotel whose laundry is connected
 * (a vendor's cloud account, or the simulator in the demo and the tests). A hotel without one lists
 * its machines as they were last reported and books none.
 */
const providers = new Map<number, { provider: LaundryProvider; stop: () => void }>();

export function laundryProvider(hotelId: number): LaundryProvider | null {
  return providers.get(hotelId)?.provider ?? null;
}

/** Connects a hotel's provider: its reports are applied as they come, and its machines are read once now. */
export async function connectLaundryProvider(db: Db, hotelId: number, provider: LaundryProvider, log: Pick<FastifyBaseLogger, 'error'>): Promise<() => void> {
  disconnectLaundryProvider(hotelId);
  // Reports apply one after another, in the order the provider sent them.
  let queue = Promise.resolve();
  const unsubscribe = provider.onReport((reports) => {
    queue = queue.then(() => applyReports(db, hotelId, reports)).catch((error: unknown) => log.error({ err: error, hotelId }, 'laundry reports not applied'));
  });
  providers.set(hotelId, { provider, stop: unsubscribe });
  await applyReports(db, hotelId, await provider.machines());
  return () => disconnectLaundryProvider(hotelId);
}

export function disconnectLaundryProvider(hotelId: number): void {
  providers.get(hotelId)?.stop();
  providers.delete(hotelId);
}
