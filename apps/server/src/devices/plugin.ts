import { DEVICE_API_BASE } from '@htv/shared/devices/protocol';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { registerConsoleRoutes } from './console-routes.js';
import { registerDeviceRoutes } from './device-routes.js';
import { deviceOptionsFromEnv, type DeviceOptions } from './options.js';
import { installDeviceRecordHooks } from './record-hooks.js';
import { DeviceRuntime } from './runtime.js';

export { addConfigPart, invalidateConfig, type ConfigPart, type ConfigTarget, type ConfigTerminal } from './config.js';
export { setIpWhitelistSource } from './whitelist.js';
export type { DeviceRuntime } from './runtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device side's runtime (token cache, push hub, heartbeat writer, jobs). */
    devices: DeviceRuntime;
  }
}

/**
 * Terminals and the device API: the record hooks of `terminal` and `terminalAuthRule`, the device API
 * under /api/device/v1, the console's terminal routes, the heartbeat batch writer (flushed when the
 * app closes) and the offline sweep and log-retention jobs (started when the app is ready).
 * Options come from DEVICE_* environment variables, then `overrides`.
 */
export async function registerDevices(app: FastifyInstance, db: Db, overrides: Partial<DeviceOptions> = {}): Promise<DeviceRuntime> {
  installDeviceRecordHooks();
  const runtime = new DeviceRuntime(db, deviceOptionsFromEnv(process.env, overrides), app.log);
  app.decorate('devices', runtime);
  app.addHook('onReady', async () => runtime.start());
  // Long-polls would hold close() for up to a minute: end them before in-flight requests are awaited.
  app.addHook('preClose', async () => runtime.releaseWaiters());
  app.addHook('onClose', async () => runtime.close());
  // Per-request access logs at fleet rates (two lines per heartbeat) would cost more than the heartbeat:
  // device routes log warnings and errors only (registration keeps the app's level).
  await app.register(async (scope) => registerDeviceRoutes(scope, runtime, app.log.level), { prefix: DEVICE_API_BASE, logLevel: 'warn' });
  registerConsoleRoutes(app, db, runtime);
  return runtime;
}
