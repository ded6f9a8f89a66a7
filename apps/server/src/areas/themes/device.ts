import { idSchema } from '@htv/shared';
import type { ThemeConfigPart, ThemeKind, ThemePayload, WelcomeConfigPart } from '@htv/shared/areas/themes/index';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { notFound } from '../../http/errors.js';
import { addConfigPart, deviceAuthHook, type ConfigTerminal, type DeviceRuntime } from '../devices/plugin.js';
import { freezeVersion, versionUrl } from './payload.js';
import { ThemeResolver } from './resolve.js';
import { themeVersions } from './schema.js';

const tags = ['device API v1'];
/** A version's payload never changes under its address: TVs keep it for a year. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
const SHA256 = /^[0-9a-f]{64}$/;

const resolvers = new WeakMap<Db, Record<ThemeKind, ThemeResolver>>();
/** The resolver of a kind of template for a database (one per app; tests share one database between apps). */
export function resolverFor(db: Db, kind: ThemeKind = 'launcher'): ThemeResolver {
  let byKind = resolvers.get(db);
  if (!byKind) resolvers.set(db, (byKind = { launcher: new ThemeResolver(db, 'launcher'), welcome: new ThemeResolver(db, 'welcome') }));
  return byKind[kind];
}

/** The resolved template of a kind for an authorized terminal (unauthorized and disabled TVs get none). */
async function resolvedPart(terminal: ConfigTerminal, db: Db, stamp: string, kind: ThemeKind): Promise<ThemeConfigPart | null> {
  if (terminal.authorization !== 'authorized') return null;
  const found = await resolverFor(db, kind).resolve(terminal.id, stamp);
  if (!found) return null;
  const sha256 = found.payloadSha256 ?? (await freezeVersion(db, found.versionId))?.sha256;
  if (!sha256) return null;
  return { id: found.themeId, name: found.themeName, version: found.version, versionId: found.versionId, url: versionUrl(found.versionId, sha256), etag: `"${sha256}"` };
}

let partAdded = false;

/**
 * The `theme` and `welcome` parts of the device configuration: the resolved launcher and welcome
 * templates of an authorized terminal (null: none), remembered per configuration stamp; the welcome
 * part also carries the room's guest name.
 */
export function addThemeConfigPart(): void {
  if (partAdded) return;
  partAdded = true;
  addConfigPart('theme', (terminal, { db, stamp }) => resolvedPart(terminal, db, stamp, 'launcher'));
  addConfigPart('welcome', async (terminal, { db, stamp }): Promise<WelcomeConfigPart | null> => {
    const part = await resolvedPart(terminal, db, stamp, 'welcome');
    return part && { ...part, guest: terminal.guest };
  });
}

/** A published version's frozen payload, or 404 (pending and cancelled versions never reach TVs). */
async function publishedPayload(db: Db, id: number): Promise<{ payload: string; sha256: string }> {
  const [version] = await db.select({ state: themeVersions.state }).from(themeVersions).where(eq(themeVersions.id, id));
  if (!version || version.state !== 'published') throw notFound();
  const frozen = await freezeVersion(db, id);
  if (!frozen) throw notFound();
  return frozen;
}

const matches = (header: string | undefined, etag: string) => !!header && header.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()));

function cacheable(reply: FastifyReply, etag: string, ifNoneMatch: string | undefined): boolean {
  reply.header('cache-control', IMMUTABLE).header('etag', etag);
  if (!matches(ifNoneMatch, etag)) return false;
  void reply.code(304).send();
  return true;
}

/**
 * TV downloads under /api/device/v1 (device token required): a published version's payload at its
 * immutable address `/theme-versions/{id}/{sha256}` (the document and its assets; ETag the SHA-256),
 * and the files of its assets at `/theme-versions/{id}/files/{fileId}`.
 */
export function registerThemeDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage): void {
  scope.decorateRequest('deviceTerminal', null);
  const preHandler = deviceAuthHook(runtime);
  const config = { auth: { public: true } } as const;

  scope.get(
    '/theme-versions/:id/:sha256',
    { schema: { tags, params: z.object({ id: idSchema, sha256: z.string().max(64) }), summary: 'A published theme version: document and asset list (immutable; ETag)' }, config, preHandler },
    async (request, reply) => {
      const { id, sha256 } = request.params as { id: number; sha256: string };
      if (!SHA256.test(sha256)) throw notFound();
      const frozen = await publishedPayload(db, id);
      if (frozen.sha256 !== sha256) throw notFound();
      if (cacheable(reply, `"${sha256}"`, request.headers['if-none-match'])) return reply;
      return reply.type('application/json; charset=utf-8').send(frozen.payload);
    },
  );

  scope.get(
    '/theme-versions/:id/files/:fileId',
    { schema: { tags, params: z.object({ id: idSchema, fileId: z.string().max(64) }), summary: 'A file of a published theme version’s assets (immutable; ETag its SHA-256)' }, config, preHandler },
    async (request, reply) => {
      const { id, fileId } = request.params as { id: number; fileId: string };
      const { payload } = await publishedPayload(db, id);
      const asset = (JSON.parse(payload) as ThemePayload).assets.find((a) => a.fileId === fileId);
      if (!asset) throw notFound();
      const [file] = await db.select().from(files).where(eq(files.id, asset.fileId));
      if (!file) throw notFound();
      if (cacheable(reply, `"${file.sha256}"`, request.headers['if-none-match'])) return reply;
      const stored = await storage.get(file.storageKey);
      if (!stored) throw notFound();
      return reply.type(file.mime).header('x-content-type-options', 'nosniff').header('content-length', stored.size).send(stored.stream);
    },
  );
}
