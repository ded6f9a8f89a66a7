import { LaundrySimulator } from '@htv/tools/laundry';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { connectLaundryProvider } from './providers.js';

/** The demo hotel's laundry room (Sunrise Bund): washers and dryers of the simulated provider. */
const DEMO_MACHINES = [
  { number: 'W01', thirdPartyId: 'SIM-BUND-W01', type: 'washer' },
  { number: 'W02', thirdPartyId: 'SIM-BUND-W02', type: 'washer' },
  { number: 'W03', thirdPartyId: 'SIM-BUND-W03', type: 'washer' },
  { number: 'W04', thirdPartyId: 'SIM-BUND-W04', type: 'washerDryer' },
  { number: 'D01', thirdPartyId: 'SIM-BUND-D01', type: 'dryer' },
  { number: 'D02', thirdPartyId: 'SIM-BUND-D02', type: 'dryer' },
] as const;
const DEMO_HOTEL = '1000001';

/** Seeds the demo hotel's machines (states come from the simulator once the demo runs). */
export async function seedDemoLaundry(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  await tx.insert(recordTables.washingMachine!).values(DEMO_MACHINES.map((machine) => ({ ...machine, brandId: owner.brandId, hotelId: owner.hotelId, createdBy: owner.userId })));
}

/**
 * Runs the demo hotel's laundry on the simulator (docs/laundry.md): a cycle of a few minutes, laundry
 * waiting a few more before it is taken out, and something happening on its own every half minute.
 */
export async function runDemoLaundry(db: Db, log: FastifyBaseLogger): Promise<{ stop(): void }> {
  const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.publicId, DEMO_HOTEL));
  if (!hotel) return { stop: () => undefined };
  const m = recordTables.washingMachine!;
  const machines = await db.select({ thirdPartyId: m.thirdPartyId }).from(m).where(and(eq(m.hotelId, hotel.id)));
  const simulator = new LaundrySimulator({ machines: machines.map((row) => row.thirdPartyId as string), cycleMs: 4 * 60_000, unloadMs: 3 * 60_000, eventEveryMs: 30_000 });
  const disconnect = await connectLaundryProvider(db, hotel.id, simulator, log);
  return {
    stop: () => {
      disconnect();
      simulator.stop();
    },
  };
}
