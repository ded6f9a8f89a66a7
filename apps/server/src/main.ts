import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { isIP, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, makePrivate } from './config.js';
import { CREATE_EMBEDDED_ENV, createEmbeddedInChild, openDatabase, type Database } from './db/client.js';
import { seedFirstAdmin, type FirstAdmin } from './seed/admin.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo.js';
import { planFleet, prepareFleet, runFleet, seedFleetHistory, type RunningFleet } from './seed/fleet.js';
import { deviceOptionsFromEnv } from './areas/devices/options.js';
import { WEB_BASE } from './system/web.js';
import { MemoryBus, PgBus, type Bus } from './system/bus.js';
import { runCluster } from './system/cluster.js';
import { runsJobs, workerCount, workerIndex } from './system/workers.js';

// Everything the server writes (embedded database, uploads, secrets) is for its own user only.
process.umask(0o077);
const config = loadConfig();
config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
config.tvDist ??= fileURLToPath(new URL('../../tv/dist', import.meta.url));

const embeddedDir = join(config.dataDir, 'pglite');
// The demo's virtual TVs reach the server through loopback unless it listens on one address only.
const fleetAddress = isIP(config.host) && !['0.0.0.0', '::'].includes(config.host) ? config.host : '127.0.0.1';
const { statsUtcOffsetMin } = deviceOptionsFromEnv();

interface Prepared {
  firstAdmin: FirstAdmin | null;
  seeded: boolean;
}

/** Migrations, then the seed an empty database gets, then what the demo fleet needs (every start). */
async function prepare(db: Database): Promise<Prepared> {
  await db.migrate();
  // The demo is for trying the product (embedded database by default, or DEMO=1); otherwise an empty
  // database gets one administrator, who must change the password at first sign-in.
  const firstAdmin = config.demo ? null : await seedFirstAdmin(db.db, config.adminPassword);
  const seeded = config.demo ? await seedDemo(db.db) : firstAdmin !== null;
  const plan = config.demoFleet ? await planFleet(db.db, config.demoFleet) : [];
  if (plan.length) {
    await prepareFleet(db.db, plan, fleetAddress);
    if (seeded) await seedFleetHistory(db.db, plan, statsUtcOffsetMin);
  }
  return { firstAdmin, seeded };
}

// The short-lived copy that creates a new embedded database (createEmbeddedInChild) stops here.
const creating = process.env[CREATE_EMBEDDED_ENV];
if (creating) {
  const created = await openDatabase({ dataDir: creating });
  const prepared = await prepare(created);
  await created.close();
  process.send!(prepared, () => process.exit(0));
  await new Promise(() => {});
}

/** Several workers (PostgreSQL): the primary migrates and seeds once, then forks them (system/cluster.ts). */
const workers = workerCount(process.env, config.databaseUrl);
if (cluster.isPrimary && workers > 1) {
  const database = await openDatabase({ url: config.databaseUrl! });
  const prepared = await prepare(database);
  await database.close();
  await runCluster({ workers, logLevel: config.logLevel, banner: (port) => banner(port, prepared, config.demoFleet ?? 0, workers) });
  await new Promise(() => {});
}
const worker = workerIndex();

const fresh = !config.databaseUrl && !existsSync(embeddedDir);
const createdAnswer = fresh ? await createEmbeddedInChild<Prepared>(embeddedDir) : undefined;
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: embeddedDir });
// A worker's primary has prepared the database already.
const prepared: Prepared = createdAnswer ?? (worker === undefined ? await prepare(database) : { firstAdmin: null, seeded: false });
if (!config.databaseUrl) makePrivate(embeddedDir, true);
// The demo's virtual TVs run in one process.
const fleetPlan = config.demoFleet && runsJobs() ? await planFleet(database.db, config.demoFleet) : [];
// With PostgreSQL other processes (workers, machines) may share the database: they share state over it.
const bus: Bus = config.databaseUrl ? new PgBus(config.databaseUrl, { error: (obj, msg) => app.log.error(obj, msg), warn: (obj, msg) => app.log.warn(obj, msg) }) : new MemoryBus();
const app = await buildApp({ config, database, logger: { level: config.logLevel }, bus });
await bus.ready();

/**
 * Requests already sent but not yet parsed (the embedded database's queries hold the event loop)
 * would look like idle connections and be reset by close(); serving on for a moment lets them in.
 */
const DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 500);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  await fleet?.stop();
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  // close() stops accepting, waits for in-flight requests and runs onClose hooks (which flush batched writes).
  await app.close();
  await bus.close();
  await database.close();
  process.exit(0);
}
let fleet: RunningFleet | undefined;
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
if (fleetPlan.length) fleet = runFleet(fleetPlan, `http://${fleetAddress.includes(':') ? `[${fleetAddress}]` : fleetAddress}:${port}`, app.log.child({ module: 'demo-fleet' }), statsUtcOffsetMin);
if (worker === undefined) {
  app.log.info({ url: `http://localhost:${port}${WEB_BASE}`, database: database.engine, seeded: prepared.seeded, dataDir: config.dataDir }, 'console ready');
  process.stdout.write(banner(port, prepared, fleetPlan.length, 1));
} else process.send!({ listening: port });

/** What a start prints: where the console is, the database, the demo accounts or the first administrator. */
function banner(port: number, { firstAdmin }: Prepared, fleetSize: number, processes: number): string {
  return (
    [
      '',
      `  Hotel TV console: http://localhost:${port}${WEB_BASE}`,
      `  API: http://localhost:${port}/api/  (docs: /api/docs)`,
      `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${embeddedDir}`}`,
      ...(processes > 1 ? [`  Workers: ${processes} processes on one port (WORKERS)`] : []),
      ...(fleetSize ? [`  Demo fleet: ${fleetSize} virtual TVs on the device API (DEMO_FLEET=0 turns them off)`] : []),
      ...(config.demo ? ['  Demo accounts:', ...DEMO_ACCOUNTS.map((a) => `    ${a.login.padEnd(14)} ${a.password.padEnd(10)} ${a.note}`)] : []),
      ...(firstAdmin
        ? [
            `  Platform administrator: ${firstAdmin.login}, password ${firstAdmin.generatedPassword ?? 'from ADMIN_PASSWORD'}`,
            '  (shown this once; it must be changed at the first sign-in)',
          ]
        : []),
      '',
    ].join('\n') + '\n'
  );
}
