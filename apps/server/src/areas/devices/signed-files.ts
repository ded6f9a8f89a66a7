import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { files, recordTables } from '../../db/schema/index.js';
import { sendStoredFile } from '../../files/routes.js';
import { isUuid, type Storage } from '../../files/storage.js';
import { AppError, notFound } from '../../http/errors.js';
import type { DeviceRuntime } from './plugin.js';
import { rateLimit } from './limits.js';

/** Media requests a TV may make per minute from one address (`<audio>` and `<video>` seek by ranges). */
const FILE_REQUESTS_PER_MINUTE = 600;
const IMMUTABLE = 'private, max-age=31536000, immutable';

/** The hotel of an authorized terminal, null for any other terminal. */
export async function authorizedHotel(db: Db, terminalId: number): Promise<number | null> {
  const terminals = recordTables.terminal!;
  const [row] = await db.select({ hotelId: terminals.hotelId }).from(terminals).where(and(eq(terminals.id, terminalId), eq(terminals.authorization, 'authorized'))).limit(1);
  return (row?.hotelId as number | null | undefined) ?? null;
}

export interface SignedDeviceFiles {
  /** The addresses a terminal fetches files from, or null before the routes are registered on that runtime. */
  forTerminal(runtime: DeviceRuntime, terminalId: number): ((fileId: string) => string) | null;
  /** The device route serving the files (in the device API's scope). */
  register(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void;
}

/**
 * Files an area's configuration part names for `<img src>`, `<audio src>` and `<video src>`, which
 * send no device token: `/api/device/v1/<area>-files/{terminalId}/{fileId}/{signature}`, the
 * signature an HMAC (a key derived from the server's signing key and the area) of terminal and file.
 * The address is as secret as the configuration that carries it; every request still checks that
 * the terminal is authorized and that `belongs` says the file is its hotel's (else the 404 of a
 * missing file). Answers ranges, ETag and an immutable cache (a file id never changes content).
 */
export function signedDeviceFiles(area: string, belongs: (db: Db, hotelId: number, fileId: string) => Promise<boolean>): SignedDeviceFiles {
  // Each app's key (tests run several apps in one process).
  const keys = new WeakMap<DeviceRuntime, Buffer>();
  const signature = (key: Buffer, terminalId: number, fileId: string) => createHmac('sha256', key).update(`${area}:${terminalId}:${fileId}`).digest().subarray(0, 18).toString('base64url');
  const address = (key: Buffer, terminalId: number, fileId: string) => `/api/device/v1/${area}-files/${terminalId}/${fileId}/${signature(key, terminalId, fileId)}`;
  return {
    forTerminal(runtime, terminalId) {
      const key = keys.get(runtime);
      return key ? (fileId) => address(key, terminalId, fileId) : null;
    },
    register(scope, db, runtime, storage, signingKey) {
      const key = createHmac('sha256', signingKey).update(`${area}-files`).digest();
      keys.set(runtime, key);
      const limit = rateLimit(FILE_REQUESTS_PER_MINUTE, 60_000);
      const params = z.object({ terminalId: z.coerce.number().int().positive().max(2_147_483_647), fileId: z.string().max(64), signature: z.string().max(64) });
      scope.get(
        `/${area}-files/:terminalId/:fileId/:signature`,
        { schema: { tags: ['device API v1'], params, summary: `A file of the terminal’s hotel named by its ${area} part (signed address; ranges)` }, config: { auth: { public: true } } },
        async (request, reply) => {
          const { terminalId, fileId, signature: given } = request.params as z.infer<typeof params>;
          if (!isUuid(fileId)) throw notFound();
          const limited = `${request.ip}:${terminalId}`;
          const wait = limit.retryAfterMs(limited);
          if (wait > 0) throw new AppError('rateLimited', 'error.rateLimited', { seconds: Math.max(1, Math.ceil(wait / 1000)) });
          limit.hit(limited);
          const expected = Buffer.from(signature(key, terminalId, fileId));
          const received = Buffer.from(given);
          if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw notFound();
          const hotelId = await authorizedHotel(db, terminalId);
          if (hotelId === null || !(await belongs(db, hotelId, fileId))) throw notFound();
          const [file] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
          if (!file) throw notFound();
          return sendStoredFile(request, reply, storage, file, IMMUTABLE);
        },
      );
    },
  };
}
