import { startRcuSimulator } from '@htv/tools/rcu';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';
import { allowConfiguredRemote } from '../../files/remote.js';
import { rcuGateways } from './schema.js';

const DEMO_HOTEL = '1000001';
const DEMO_KEY = 'demo-rcu-key';
/** The address the demo's gateway row starts with; the running demo puts its simulator's address in its place. */
const SIMULATOR_PREFIX = 'http://127.0.0.1:';

/** The demo hotel's gateway (Sunrise Bund): the simulator, enabled. */
export async function seedDemoRcu(tx: Db, owner: { brandId: number; hotelId: number }): Promise<void> {
  await tx.insert(rcuGateways).values({ ...owner, vendor: 'htv-json', url: `${SIMULATOR_PREFIX}8091`, secret: DEMO_KEY, enabled: true });
}

/**
 * Runs the demo hotel's rooms on the simulated gateway (tools/rcu, in this process): every room of
 * the hotel is a simulated room. The demo hotel's gateway address is pointed at it while it still
 * names a simulator (an address the operator typed is left alone), and its origin may be fetched.
 */
export async function runDemoRcu(db: Db, log: Pick<FastifyBaseLogger, 'info'>): Promise<{ stop(): void }> {
  const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.publicId, DEMO_HOTEL));
  if (!hotel) return { stop: () => undefined };
  const simulator = await startRcuSimulator({ anyRoom: true, key: DEMO_KEY });
  allowConfiguredRemote(simulator.url);
  await db
    .update(rcuGateways)
    .set({ url: simulator.url })
    .where(and(eq(rcuGateways.hotelId, hotel.id), like(rcuGateways.url, `${SIMULATOR_PREFIX}%`)));
  log.info({ url: simulator.url }, 'demo room-control gateway simulated');
  return { stop: () => simulator.stop() };
}
