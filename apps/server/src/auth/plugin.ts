import '@fastify/cookie';
import type { UserType } from '@htv/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { forbidden, unauthenticated } from '../http/errors.js';
import { can, type Actor } from './actor.js';
import { resolveSession } from './sessions.js';

export const SESSION_COOKIE = 'sessionToken';

export interface RouteAuth {
  /** No session needed (login, health, public TV pages). */
  public?: boolean;
  /** User types that may call the route. */
  userTypes?: readonly UserType[];
  /** Permission string the caller's role must hold. */
  permission?: string;
  /** Also accept the session cookie: only for GETs that browsers make by themselves (img, video). */
  cookie?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actorOrNull: Actor | null;
  }
}

/** The signed-in actor of a route that requires a session. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actorOrNull) throw unauthenticated();
  return request.actorOrNull;
}

function tokenOf(request: FastifyRequest, allowCookie: boolean): string | undefined {
  const header = request.headers.authorization;
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  if (allowCookie) return request.cookies?.[SESSION_COOKIE];
  return undefined;
}

/**
 * Every route under /api requires a session unless its config says `auth.public`; user types and the
 * permission string declared on the route are checked before the handler runs.
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('actorOrNull', null);
  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!request.routeOptions.url?.startsWith('/api/') || auth?.public) return;
    const token = tokenOf(request, auth?.cookie === true);
    const actor = token ? await resolveSession(db, token) : null;
    if (!actor) throw unauthenticated();
    request.actorOrNull = actor;
    if (auth?.userTypes && !auth.userTypes.includes(actor.userType)) throw forbidden();
    if (auth?.permission && !can(actor, auth.permission)) throw forbidden();
  });
}
