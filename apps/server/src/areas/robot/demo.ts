import { startRobotSimulator } from '@htv/tools/robot';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';
import { allowConfiguredRemote } from '../../files/remote.js';
import { robotGateways } from './schema.js';

const DEMO_HOTEL = '1000001';
const DEMO_KEY = 'demo-robot-key';
const SIMULATOR_PREFIX = 'http://127.0.0.1:';

/** The demo hotel's robot (Sunrise Bund): the simulator, enabled. */
export async function seedDemoRobot(tx: Db, owner: { brandId: number; hotelId: number }): Promise<void> {
  await tx.insert(robotGateways).values({ ...owner, url: `${SIMULATOR_PREFIX}8092`, secret: DEMO_KEY, enabled: true });
}

/**
 * Runs the demo hotel's robot on the simulator (tools/robot, in this process; a delivery takes about
 * a minute): its address is pointed at it while it still names a local simulator.
 */
export async function runDemoRobot(db: Db): Promise<{ stop(): void }> {
  const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.publicId, DEMO_HOTEL));
  if (!hotel) return { stop: () => undefined };
  const simulator = await startRobotSimulator({ key: DEMO_KEY, stepMs: 10_000 });
  allowConfiguredRemote(simulator.url);
  await db
    .update(robotGateways)
    .set({ url: simulator.url })
    .where(and(eq(robotGateways.hotelId, hotel.id), like(robotGateways.url, `${SIMULATOR_PREFIX}%`)));
  return { stop: () => simulator.stop() };
}
