import { idSchema, records, type FieldDef } from '@htv/shared';
import { tvAuthRequest, type TvAuthRequest } from '@htv/shared/areas/devices/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FailureThrottle } from '../../auth/throttle.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { WEB_BASE } from '../../system/web.js';
import { tvAuthQrPng } from './qr.js';
import { authorizeThroughProject, newAuthKey } from './service.js';

const tags = ['tv-auth'];
const idParams = z.object({ id: idSchema });

/** Labels for validation messages of the installer's call. */
const REQUEST_FIELDS: Record<string, FieldDef> = {
  key: { kind: 'text', required: true, label: { 'zh-CN': '项目密钥', 'en-US': 'Project key' }, schema: z.string() },
  mac: records.terminal.fields.mac as FieldDef,
  longitude: records.tvAuthLog.fields.longitude as FieldDef,
  latitude: records.tvAuthLog.fields.latitude as FieldDef,
};

/** Refused attempts allowed per address before a 429: keys and MACs cannot be tried at speed. */
const REFUSALS = { limit: 30, windowMs: 10 * 60 * 1000 };

/**
 * The page the QR code opens (`?key=` is appended): `TV_AUTH_URL` (a mini-program's link), else
 * `/tv-auth` on the host the console was reached at, which leads to the console's installer page.
 */
function landingUrl(request: FastifyRequest): string {
  return process.env.TV_AUTH_URL || `${request.protocol}://${request.host}/tv-auth`;
}

/**
 * The installer's call, under the device API base: public (the project's key is the credential),
 * registered before the console's plugins like the rest of the device API.
 */
export function registerTvAuthDeviceRoutes(scope: FastifyInstance, db: Db) {
  const refusals = new FailureThrottle(REFUSALS.limit, REFUSALS.windowMs).shareOn(scope.bus, 'tv-auth');
  scope.post(
    '/tv-auth',
    {
      schema: { body: tvAuthRequest, tags, summary: "Authorize a TV through a TV-auth project's QR code (the installer's phone)", security: [] },
      config: { auth: { public: true }, fields: REQUEST_FIELDS },
    },
    async (request) => {
      if (refusals.retryAfterMs(request.ip) > 0) throw new AppError('rateLimited', 'tvAuth.rateLimited');
      try {
        return ok(await authorizeThroughProject(db, request.body as TvAuthRequest, request.ip));
      } catch (error) {
        if (error instanceof AppError) refusals.fail(request.ip);
        throw error;
      }
    },
  );
}

let hooksInstalled = false;

/**
 * The console's side: the projects' key, coordinate and model rules (hooks, once per process), the QR
 * code, and the address it encodes by default.
 */
export function registerTvAuthConsole(app: FastifyInstance, db: Db) {
  if (!hooksInstalled) installTvAuthHooks();
  hooksInstalled = true;
  registerQrRoute(app, db);
  registerLanding(app);
}

/** The public page the installer's phone opens: the console's, at a short address printed codes keep. */
const INSTALLER_PAGE = `${WEB_BASE}tv-auth`;

/**
 * `GET /tv-auth?key=…` (the default QR address) leads to the installer's page with the same query:
 * printed codes stay valid wherever the page lives. No session; the page's one call is the device
 * API's TV-auth call, which limits refusals per address.
 */
function registerLanding(app: FastifyInstance) {
  app.get('/tv-auth', { schema: { hide: true }, config: { auth: { public: true } } }, async (request, reply) => {
    const query = request.raw.url?.split('?')[1];
    return reply.redirect(query ? `${INSTALLER_PAGE}?${query}` : INSTALLER_PAGE, 302);
  });
}

function installTvAuthHooks() {
  addRecordHooks('tvAuthProject', {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values };
      if (merged.matchLocation && (merged.longitude === null || merged.longitude === undefined || merged.latitude === null || merged.latitude === undefined)) {
        const missing = merged.longitude === null || merged.longitude === undefined ? 'longitude' : 'latitude';
        throw invalidFields({ [missing]: { key: 'tvAuth.coordinatesRequired' } });
      }
      return existing ? values : { ...values, authKey: newAuthKey() };
    },
  });
  addRecordHooks('tvAuthProjectModel', {
    async beforeWrite(ctx, values, existing) {
      const models = recordTables.tvAuthProjectModel!;
      const merged = { ...(existing ?? {}), ...values };
      const [taken] = await ctx.db
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.project, merged.project as number), sql`lower(${models.model}) = lower(${String(merged.model)})`, existing ? sql`${models.id} <> ${existing.id}` : undefined));
      if (taken) throw invalidFields({ model: { key: 'tvAuth.modelDuplicate' } });
      return values;
    },
  });
}

function registerQrRoute(app: FastifyInstance, db: Db) {
  app.get(
    '/api/tv-auth/projects/:id/qr',
    {
      schema: { params: idParams, tags, summary: "The project's mini-program QR code (PNG): the landing URL with the project's key" },
      config: { auth: { userTypes: [1], permission: 'tvAuth.read' } },
    },
    async (request, reply) => {
      const projects = recordTables.tvAuthProject!;
      const [project] = await db.select({ authKey: projects.authKey }).from(projects).where(eq(projects.id, (request.params as { id: number }).id));
      if (!project?.authKey) throw notFound();
      const url = new URL(landingUrl(request));
      url.searchParams.set('key', project.authKey as string);
      const png = await tvAuthQrPng(url.toString());
      return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').header('x-tv-auth-url', url.toString()).send(png);
    },
  );
}
