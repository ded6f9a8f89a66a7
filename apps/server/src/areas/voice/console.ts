import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { registerGoodsSync } from './goodsSync.js';
import { registerCallChannel } from './live.js';
import { registerVoicePlatform } from './platform.js';

/** The voice area's console calls beyond its records: the platform's AI pages, the goods sync and the service calls' live channel. */
export function registerVoiceConsole(app: FastifyInstance, db: Db): void {
  registerVoicePlatform(app, db);
  registerGoodsSync(app, db);
  registerCallChannel(app);
}
