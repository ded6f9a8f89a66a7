import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { isIP, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, makePrivate } from './config.js';
import { CREATE_EMBEDDED_ENV, createEmbeddedInChild, openDatabase, type Database } from './db/client.js';
import { localDiskStorage } from './files/storage.js';
import { seedFirstAdmin, type FirstAdmin } from './seed/admin.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo.js';
import { FIAS_DEFAULTS, FiasLinks } from './areas/pms/fias/links.js';
import { prepareDemoPms, runDemoPms } from './areas/pms/demo.js';
import { runDemoLaundry } from './areas/laundry/demo.js';
import { runDemoRcu } from './areas/rcu/demo.js';
import { runDemoRobot } from './areas/robot/demo.js';
import { startPmsRetention } from './areas/pms/retention.js';
import { openMeteo } from './areas/weather/provider.js';
import { startWeatherRefresh } from './areas/weather/refresh.js';
import { allowConfiguredRemote } from './files/remote.js';
import { startWeatherSimulator } from '@htv/tools/weather';
import { startExchangeSimulator } from '@htv/tools/exchange';
import { ecbDaily } from './areas/exchange/provider.js';
import { startExchangeRefresh } from './areas/exchange/refresh.js';
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
  const seeded = config.demo ? await seedDemo(db.db, localDiskStorage(config.dataDir)) : firstAdmin !== null;
  const plan = config.demoFleet ? await planFleet(db.db, config.demoFleet) : [];
  if (plan.length) {
    await prepareFleet(db.db, plan, fleetAddress);
    await prepareDemoPms(db.db);
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
  demoPms?.stop();
  demoLaundry?.stop();
  demoRcu?.stop();
  demoRobot?.stop();
  await fias?.close();
  pmsRetention?.stop();
  weatherRefresh?.stop();
  weatherSimulator?.server.close();
  exchangeRefresh?.stop();
  exchangeSimulator?.server.close();
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  // close() stops accepting, waits for in-flight requests and runs onClose hooks (which flush batched writes).
  await app.close();
  await bus.close();
  await database.close();
  process.exit(0);
}
let fleet: RunningFleet | undefined;
let fias: FiasLinks | undefined;
let pmsRetention: { stop(): void } | undefined;
let weatherRefresh: { stop(): void } | undefined;
let weatherSimulator: { server: { close(): void } } | undefined;
let exchangeRefresh: { stop(): void } | undefined;
let exchangeSimulator: { server: { close(): void } } | undefined;
let demoPms: { stop(): void } | undefined;
let demoLaundry: { stop(): void } | undefined;
let demoRcu: { stop(): void } | undefined;
let demoRobot: { stop(): void } | undefined;
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
// The hotels' FIAS links: each held by one process of all that share the database (docs/pms.md).
fias = new FiasLinks(database.db, { host: config.host, ...FIAS_DEFAULTS, log: app.log.child({ module: 'fias' }) }).start();
pmsRetention = runsJobs() ? startPmsRetention(database.db, app.log.child({ module: 'pms' })) : undefined;
// The demo without a WEATHER_URL asks the provider's simulator (tools/weather), run in this process.
const weatherUrl = config.demo && !process.env.WEATHER_URL && runsJobs() ? (weatherSimulator = await startWeatherSimulator()).url : config.weatherUrl;
// The weather simulator answers the air-quality API too (the demo's PM2.5).
const airUrl = weatherSimulator && !process.env.AIR_QUALITY_URL ? weatherUrl : config.airQualityUrl;
if (weatherUrl && runsJobs()) {
  // The operator's provider address (or its simulator on the local network) may be fetched.
  allowConfiguredRemote(weatherUrl);
  if (airUrl) allowConfiguredRemote(airUrl);
  weatherRefresh = startWeatherRefresh(database.db, openMeteo(weatherUrl, airUrl), app.log.child({ module: 'weather' }));
}
// Exchange rates: the demo without an EXCHANGE_URL asks the ECB feed's simulator (tools/exchange).
const exchangeUrl = config.demo && !process.env.EXCHANGE_URL && runsJobs() ? (exchangeSimulator = await startExchangeSimulator()).url : config.exchangeUrl;
if (exchangeUrl && runsJobs()) {
  allowConfiguredRemote(exchangeUrl);
  exchangeRefresh = startExchangeRefresh(database.db, ecbDaily(exchangeUrl), app.log.child({ module: 'exchange' }));
}
if (fleetPlan.length) {
  const url = `http://${fleetAddress.includes(':') ? `[${fleetAddress}]` : fleetAddress}:${port}`;
  fleet = runFleet(fleetPlan, url, app.log.child({ module: 'demo-fleet' }), statsUtcOffsetMin);
  demoPms = await runDemoPms(database.db, url, fleetAddress, app.log.child({ module: 'demo-pms' }));
}
// The demo hotel's laundry on the simulator (in-memory: one process holds it, docs/laundry.md).
if (config.demo && runsJobs()) demoLaundry = await runDemoLaundry(database.db, app.log.child({ module: 'demo-laundry' }));
// Room-control gateways on the hotel's network the operator allows (RCU_GATEWAYS, docs/rcu.md).
for (const origin of config.rcuGateways ?? []) allowConfiguredRemote(origin);
// The demo hotel's rooms on the simulated gateway (tools/rcu, in this process).
if (config.demo && runsJobs()) demoRcu = await runDemoRcu(database.db, app.log.child({ module: 'demo-rcu' }));
// The demo hotel's delivery robot, simulated (tools/robot, docs/robot.md).
if (config.demo && runsJobs()) demoRobot = await runDemoRobot(database.db);
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
