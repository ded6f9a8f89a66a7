import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { addRecordConfigPart } from '../devices/plugin.js';
import { rateLimit } from '../devices/limits.js';
import { channelsPart } from './service.js';

/** The committed test streams (a few seconds of HLS): next to the sources, or next to the bundle when built. */
export function testStreamFolder(): string | null {
  for (const candidate of ['../../../media/test-streams', '../media/test-streams']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  return null;
}

/** The address the server serves a test stream's playlist at (a server-relative stream address). */
export const TEST_STREAM_BASE = '/media/test-streams';

const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', mp4: 'video/mp4' };
/** A playing TV fetches a segment every second or two; a page of channel changes a few more. */
const STREAM_REQUESTS_PER_MINUTE = 1200;

let installed = false;

/**
 * The TVs' `channels` part (authorized TVs of a hotel with the channel feature), sent again when a
 * platform or hotel channel is written (the imports and the hotel's list tell the TVs themselves), and
 * the committed test streams, public and read-only: only the files the folder held at start-up.
 */
export function registerChannelDevice(app: FastifyInstance, db: Db): void {
  if (!installed) {
    installed = true;
    addRecordConfigPart('channels', ['channel', 'hotelChannel', 'hotel'], (terminal, { db: partDb }) =>
      terminal.authorization === 'authorized' && terminal.hotelId !== null ? channelsPart(partDb, terminal.hotelId) : undefined,
    );
  }
  const folder = testStreamFolder();
  const names = new Set(folder ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => /^[a-z0-9-]+\/[a-z0-9-]+\.(m3u8|ts|mp4)$/.test(name.replaceAll('\\', '/'))) : []);
  const limit = rateLimit(STREAM_REQUESTS_PER_MINUTE, 60_000);
  const params = z.object({ stream: z.string().max(40), file: z.string().max(40) });
  app.get(
    `${TEST_STREAM_BASE}/:stream/:file`,
    { schema: { tags: ['channels'], params, summary: 'A committed test stream (HLS playlist and segments) for the demo and the tests' }, config: { auth: { public: true } } },
    async (request, reply) => {
      const { stream, file } = request.params as z.infer<typeof params>;
      const name = `${stream}/${file}`;
      if (!folder || !names.has(name)) throw notFound();
      const wait = limit.retryAfterMs(request.ip);
      if (wait > 0) throw new AppError('rateLimited', 'error.rateLimited', { seconds: Math.max(1, Math.ceil(wait / 1000)) });
      limit.hit(request.ip);
      const type = TYPES[file.slice(file.lastIndexOf('.') + 1)]!;
      return reply
        .header('content-type', type)
        .header('cache-control', file.endsWith('.m3u8') ? 'no-cache' : 'public, max-age=86400')
        .header('access-control-allow-origin', '*')
        .send(await readFile(join(folder, name)));
    },
  );
}
