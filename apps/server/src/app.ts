import cookie from '@fastify/cookie';
import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAccess } from './areas/access/routes.js';
import { registerBoot, registerBootDeviceRoutes } from './areas/boot/routes.js';
import { registerDashboard } from './areas/dashboard/routes.js';
import { installFaqPart } from './areas/faq/device.js';
import { registerMusicDeviceRoutes } from './areas/music/device.js';
import { registerVoice } from './areas/voice/routes.js';
import { registerMusicHooks } from './areas/music/songs.js';
import { registerIntroductionDeviceRoutes } from './areas/introduction/device.js';
import { registerIntroductionRules } from './areas/introduction/rules.js';
import { installWeather } from './areas/weather/device.js';
import { installExchange } from './areas/exchange/device.js';
import { registerExchangeImport } from './areas/exchange/import.js';
import { registerScreensaverDeviceRoutes } from './areas/screensaver/device.js';
import { registerControlLinkDeviceRoutes } from './areas/rcu/control-link.js';
import { registerWeatherPm } from './areas/weather/pm.js';
import { registerShopDeviceRoutes, registerShopPhone } from './areas/shop/device.js';
import { registerShop } from './areas/shop/routes.js';
import { registerChannelDevice } from './areas/channels/device.js';
import { registerChannels } from './areas/channels/routes.js';
import { registerVodDeviceRoutes } from './areas/vod/device.js';
import { registerVod } from './areas/vod/routes.js';
import { registerAuth } from './auth/plugin.js';
import { registerAuthRoutes } from './auth/routes.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerDeviceApi, registerDeviceConsole } from './areas/devices/plugin.js';
import { registerApiDocs } from './docs/openapi.js';
import { localDiskStorage, registerFiles } from './files/routes.js';
import { frameworkErrors, registerErrorHandling, zodValidatorCompiler } from './http/errors.js';
import { registerLang } from './http/lang.js';
import { registerJsonBodies } from './http/request-data.js';
import { loggerOptions, type LogStream } from './logging.js';
import { registerMaterial } from './areas/material/routes.js';
import { registerMessages } from './areas/messages/routes.js';
import { registerOem } from './areas/oem/routes.js';
import { registerOperationLog } from './areas/oplog/routes.js';
import { registerRecordRoutes } from './records/routes.js';
import { MemoryBus, type Bus } from './system/bus.js';
import { registerHealth } from './system/health.js';
import { registerTenants } from './areas/tenants/routes.js';
import { registerThemeDeviceRoutes } from './areas/themes/device.js';
import { registerThemes } from './areas/themes/routes.js';
import { registerReleases } from './areas/releases/routes.js';
import { registerReleaseDeviceRoutes } from './areas/releases/device.js';
import { registerThemeMarket } from './areas/themes/market.js';
import { registerQuickSettings } from './areas/themes/quick-settings.js';
import { registerThemeTransfer } from './areas/themes/transfer.js';
import { registerCompression, registerWeb } from './system/web.js';
import { registerTvAuthConsole, registerTvAuthDeviceRoutes } from './areas/tvauth/routes.js';
import { registerBatches } from './areas/batches/routes.js';
import { registerLicences } from './areas/licences/routes.js';
import { registerAppLaunchDeviceApi } from './areas/runlogs/launches.js';
import { registerRunlogs } from './areas/runlogs/routes.js';
import { registerTaskDeviceRoutes, registerTasks } from './areas/tasks/routes.js';
import { registerFeedback, registerFeedbackDeviceRoutes } from './areas/feedback/routes.js';
import { registerTrackingConsole, registerTrackingDeviceApi } from './areas/tracking/routes.js';
import { registerSettlement } from './areas/settlement/routes.js';
import { registerStatistics } from './areas/statistics/routes.js';
import { registerPms, registerPmsInterface } from './areas/pms/routes.js';
import { registerWakeUpDeviceRoutes } from './areas/wakeup/device.js';
import { registerWakeUp } from './areas/wakeup/routes.js';
import { registerLibResource } from './areas/libresource/routes.js';
import { registerPhone } from './areas/phone/routes.js';
import { registerPasswordReset } from './auth/password-reset.js';
import { installTvCodePart } from './areas/tvcode/device.js';
import { registerLaundry } from './areas/laundry/routes.js';
import { registerRcu } from './areas/rcu/routes.js';
import { registerPictureFrameRules } from './areas/pictureframe/rules.js';
import { registerPictureFrameDevice } from './areas/pictureframe/device.js';
import { registerRobot } from './areas/robot/routes.js';
import { registerVoiceConsole } from './areas/voice/console.js';
import { installGuestMessages } from './areas/guestmessages/device.js';
import { installNotices } from './areas/notices/device.js';
import { installSubtitles } from './areas/subtitles/device.js';
import { registerHotelSurveyDeviceRoutes, registerHotelSurveys } from './areas/hotelsurvey/routes.js';
import { registerDigitalWall, registerDigitalWallDeviceRoutes } from './areas/digitalwall/routes.js';
import { registerPublishing, registerPublishingDeviceRoutes } from './areas/publishing/routes.js';
import { registerImageMessageDeviceRoutes } from './areas/imagemessages/device.js';
import { registerQuestionnaireDeviceRoutes, registerQuestionnaires } from './areas/questionnaires/routes.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Log level and stream (stdout by default); false silences logs (tests). Secrets are kept out either way (logging.ts). */
  logger?: false | { level: string; stream?: LogStream };
  /**
   * How this process shares its in-memory state with the other server processes (system/bus.ts); by
   * default it is alone (the embedded database, tests). The caller closes it after the app.
   */
  bus?: Bus;
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** Builds the HTTP application: plugins, API routes and the console's static files. */
export async function buildApp({ config, database, logger = false, bus = new MemoryBus() }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && loggerOptions(logger.level, logger.stream),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('bus', bus);
  app.setValidatorCompiler(zodValidatorCompiler);
  registerJsonBodies(app);
  registerLang(app);
  registerErrorHandling(app);
  await registerApiDocs(app);
  // Before the console's plugins: hooks they add later do not run on the device API's routes.
  const devices = await registerDeviceApi(app, database.db, {}, config.mqtt);
  await app.register(async (scope) => registerTvAuthDeviceRoutes(scope, database.db), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerFeedbackDeviceRoutes(scope, devices, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  const storage = localDiskStorage(config.dataDir);
  await app.register(async (scope) => registerThemeDeviceRoutes(scope, database.db, devices, storage), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerBootDeviceRoutes(scope, database.db, devices, storage), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerReleaseDeviceRoutes(scope, database.db, devices, storage), { prefix: DEVICE_API_BASE });
  await registerTrackingDeviceApi(app, database.db, devices);
  installFaqPart();
  installTvCodePart();
  await app.register(async (scope) => registerMusicDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerIntroductionDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerShopDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerScreensaverDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerControlLinkDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  registerChannelDevice(app, database.db);
  await app.register(async (scope) => registerVodDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await registerAppLaunchDeviceApi(app, database.db, devices);
  await registerVoice(app, database.db, devices, storage, config.secrets.signingKey);
  await app.register(async (scope) => registerTaskDeviceRoutes(scope, database.db, devices), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerWakeUpDeviceRoutes(scope, database.db, devices, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await registerPmsInterface(app, database.db);
  installGuestMessages();
  installNotices();
  installSubtitles();
  await app.register(async (scope) => registerImageMessageDeviceRoutes(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerQuestionnaireDeviceRoutes(scope, database.db, devices), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerPublishingDeviceRoutes(scope, database.db, devices), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerHotelSurveyDeviceRoutes(scope, database.db, devices), { prefix: DEVICE_API_BASE });
  await app.register(async (scope) => registerDigitalWallDeviceRoutes(scope, devices, database.db, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  await registerCompression(app);
  await app.register(cookie);
  registerAuth(app, database.db);

  registerHealth(app, database);
  registerAuthRoutes(app, database.db, { production: config.production });
  registerPasswordReset(app, database.db);
  registerAccess(app, database.db);
  registerMessages(app, database.db);
  registerOperationLog(app, database.db);
  registerRecordRoutes(app, database.db, storage);
  registerPublishing(app, database.db);
  registerQuestionnaires(app, database.db);
  const receiveUpload = await registerFiles(app, database.db, storage, { quotaMb: config.uploadQuotaMb, orphanGraceHours: config.uploadOrphanGraceHours });
  registerDeviceConsole(app, database.db, devices);
  registerTvAuthConsole(app, database.db);
  registerBatches(app, database.db);
  registerLicences(app, database.db, config.secrets, devices);
  registerRunlogs(app, database.db);
  registerTasks(app, database.db, devices);
  registerFeedback(app, database.db, config.secrets.signingKey, receiveUpload);
  registerTenants(app, database.db, storage);
  registerOem(app, database.db);
  registerDashboard(app, database.db);
  registerMaterial(app, database.db);
  registerMusicHooks();
  registerIntroductionRules();
  installWeather();
  registerWeatherPm(app, database.db);
  installExchange();
  registerExchangeImport(app, database.db);
  registerShop(app, database.db);
  registerShopPhone(app, database.db, devices, config.secrets.signingKey);
  registerChannels(app, database.db);
  registerVod(app, database.db);
  registerThemes(app, database.db);
  registerThemeTransfer(app, database.db, storage, { quotaMb: config.uploadQuotaMb });
  registerThemeMarket(app, database.db);
  registerQuickSettings(app, database.db);
  registerBoot(app, database.db, storage);
  registerReleases(app, database.db);
  registerTrackingConsole(app, database.db);
  registerSettlement(app, database.db);
  registerStatistics(app, database.db);
  registerPms(app, database.db);
  registerWakeUp(app, database.db, { production: config.production });
  registerLibResource(app, database.db);
  await registerPhone(app, database.db, devices, { receive: receiveUpload, storage, signingKey: config.secrets.signingKey });
  await registerLaundry(app, database.db, devices, config.secrets.signingKey);
  await registerRcu(app, database.db, devices);
  registerPictureFrameRules();
  registerRobot(app, database.db);
  registerVoiceConsole(app, database.db);
  await app.register(async (scope) => registerPictureFrameDevice(scope, database.db, devices, storage, config.secrets.signingKey), { prefix: DEVICE_API_BASE });
  registerHotelSurveys(app, database.db);
  registerDigitalWall(app, database.db);

  await registerWeb(app, config);
  return app;
}
