import '@fastify/cookie';
import { FRESH_TOKEN_HEADER, type UserType } from '@htv/shared';
import { DEVICE_API_BASE } from '@htv/shared/areas/devices/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError, forbidden, unauthenticated } from '../http/errors.js';
import { can, type Actor } from './actor.js';
import { hashToken, resolveToken, rotateToken, ROTATE_AFTER_MS, SESSION_TTL_MS } from './sessions.js';

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
  /** Open to a user who must change the password first (user info, logout, the change itself). */
  beforePasswordChange?: boolean;
}

/** A registered API route and its access rule (for tests and docs). */
export interface RouteAuthEntry {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actorOrNull: Actor | null;
    /** A token that replaces the caller's: sent as x-session-token and the session cookie. */
    freshToken: string | null;
    /**
     * The session cookie is sent with the reply: the session's expiry slid (the cookie lives as long
     * as the session), or the browser's cookie is not the token its calls carry (a token set by
     * another tab, login-as elsewhere, a cleared cookie), which would leave its pictures unauthorized.
     */
    resendCookie: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, as registered. */
    routeAuthTable: RouteAuthEntry[];
  }
}

/** The signed-in actor of a route that requires a session. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actorOrNull) throw unauthenticated();
  return request.actorOrNull;
}

function tokenOf(request: FastifyRequest, allowCookie: boolean): { token: string; source: 'header' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const token = header.replace(/^Bearer\s+/i, '').trim();
    return token ? { token, source: 'header' } : undefined;
  }
  const cookie = allowCookie ? request.cookies?.[SESSION_COOKIE] : undefined;
  return cookie ? { token: cookie, source: 'cookie' } : undefined;
}

/** Sets the HttpOnly session cookie (used only by GETs of files that browsers make by themselves). */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: SESSION_TTL_MS / 1000 });
}

/** Hands the caller a token that replaces theirs (login-as, back, project switch, rotation). */
export function issueToken(request: FastifyRequest, token: string) {
  request.freshToken = token;
}

/**
 * Every route under /api requires a session unless its config says `auth.public`; user types and the
 * permission string declared on the route are checked before the body is validated. A token older than
 * ROTATE_AFTER_MS that came in the authorization header is replaced: the response (whatever its
 * status) carries the new one in x-session-token and in the cookie.
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('actorOrNull', null);
  app.decorateRequest('freshToken', null);
  app.decorateRequest('resendCookie', false);
  app.decorate('routeAuthTable', [] as RouteAuthEntry[]);
  // Hooks are attached per console route: the device API (its own token auth, fleet rates) pays
  // nothing for them, and public routes skip the session check.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DEVICE_API_BASE)) return;
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAuthTable.push({ method, url: route.url, auth });
    }
    // Public routes may still issue a token (login), so every console route gets onSend.
    route.onSend = [...hookList(route.onSend), sendFreshToken];
    if (!auth?.public) route.preValidation = [...hookList(route.preValidation), authenticate];
  });

  // preValidation: access is decided before the body is validated, so a caller without the right
  // learns nothing about a route's input rules (401/403 come before 422).
  async function authenticate(request: FastifyRequest) {
    const auth = request.routeOptions.config.auth;
    const presented = tokenOf(request, auth?.cookie === true);
    const resolved = presented ? await resolveToken(db, presented.token) : null;
    if (!presented || !resolved) throw unauthenticated();
    const actor = resolved.actor;
    request.actorOrNull = actor;
    if (presented.source === 'header') {
      const age = Date.now() - (actor.tokenIssuedAt?.getTime() ?? Date.now());
      const rotating = !resolved.viaPrevious && age > ROTATE_AFTER_MS;
      // The cookie follows the token in use, but not one being replaced: the reply that replaces it
      // sets the new one, and a concurrent reply must not put the old one back.
      request.resendCookie = resolved.renewed || (!resolved.viaPrevious && !rotating && request.cookies?.[SESSION_COOKIE] !== presented.token);
      if (rotating) {
        const fresh = await rotateToken(db, actor.sessionId, hashToken(presented.token));
        if (fresh) {
          request.freshToken = fresh;
          actor.tokenIssuedAt = new Date();
        }
      }
    }
    if (auth?.userTypes && !auth.userTypes.includes(actor.userType)) throw forbidden();
    if (auth?.permission && !can(actor, auth.permission)) throw forbidden();
    if (actor.mustChangePassword && !auth?.beforePasswordChange) throw new AppError('forbidden', 'auth.passwordChangeRequired');
  }

  // onSend runs for successes and failures alike, so a rotated token is never lost with an error reply.
  async function sendFreshToken(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (request.freshToken) {
      reply.header(FRESH_TOKEN_HEADER, request.freshToken);
      setSessionCookie(reply, request, request.freshToken);
    } else if (request.resendCookie) {
      const presented = tokenOf(request, false);
      if (presented) setSessionCookie(reply, request, presented.token);
    }
    return payload;
  }
}

/** A route option that holds no hook, one hook or a list of them, as a list. */
function hookList<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
