import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { registerConsoleRoutes } from './console-routes.js';
import { registerDeviceRoutes } from './device-routes.js';
import { deviceOptionsFromEnv, type DeviceOptions } from './options.js';
import { installDeviceRecordHooks } from './record-hooks.js';
import { DeviceRuntime } from './runtime.js';
import { registerMqttAuthRoutes, type MqttSettings } from './mqtt.js';

export { addConfigPart, invalidateConfig, type ConfigPart, type ConfigTarget, type ConfigTerminal } from './config.js';
export { addRecordConfigPart, invalidateLevel } from './record-parts.js';
export { setIpWhitelistSource } from './whitelist.js';
export { deviceAuthHook } from './device-routes.js';
export type { DeviceRuntime } from './runtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device side's runtime (token cache, push hub, heartbeat writer, jobs). */
    devices: DeviceRuntime;
  }
}

/**
 * The device API under /api/device/v1 and the device side's runtime: the heartbeat batch writer
 * (flushed when the app closes) and the offline sweep and log-retention jobs (started when the app is
 * ready). The app registers it before the console's plugins (cookies, multipart) so that heartbeats at
 * fleet rates do not run their per-request hooks. Options come from DEVICE_* environment variables,
 * then `overrides`.
 */
export async function registerDeviceApi(app: FastifyInstance, db: Db, overrides: Partial<DeviceOptions> = {}, mqtt?: MqttSettings): Promise<DeviceRuntime> {
  const runtime = new DeviceRuntime(db, deviceOptionsFromEnv(process.env, overrides), app.log, app.bus, mqtt);
  app.decorate('devices', runtime);
  app.addHook('onReady', async () => {
    await runtime.loadGenerations();
    runtime.start();
  });
  // Long-polls would hold close() for up to a minute: end them before in-flight requests are awaited.
  app.addHook('preClose', async () => runtime.releaseWaiters());
  app.addHook('onClose', async () => runtime.close());
  // Per-request access logs at fleet rates (two lines per heartbeat) would cost more than the heartbeat:
  // device routes log warnings and errors only (registration keeps the app's level).
  await app.register(
    async (scope) => {
      registerDeviceRoutes(scope, runtime, app.log.level);
      if (mqtt) registerMqttAuthRoutes(scope, db, mqtt);
    },
    { prefix: DEVICE_API_BASE, logLevel: 'warn' },
  );
  return runtime;
}

/** The console's side of terminals: the record hooks of `terminal` and `terminalAuthRule` and the terminal routes. */
export function registerDeviceConsole(app: FastifyInstance, db: Db, runtime: DeviceRuntime) {
  installDeviceRecordHooks();
  registerConsoleRoutes(app, db, runtime);
}
