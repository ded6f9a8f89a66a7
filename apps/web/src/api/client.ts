import { FRESH_TOKEN_HEADER, translate, type Envelope, type Failure } from '@htv/shared';
import type { FormInstance } from 'antd';
import { currentLang } from '../locales';
import { toastError } from './notify';
import { authHeaders, clearToken, getToken, setToken } from './token';

/** Every API call goes below /api (proxied to the server in development, same origin in production). */
export const API_BASE = '/api';
/** A stored file's address (tenant-scoped; `<img>` tags send the session cookie). */
export const fileUrl = (id: string) => `${API_BASE}/files/${encodeURIComponent(id)}`;
/** Where the SPA lives; the router's basename. */
export const APP_BASE = import.meta.env.BASE_URL.replace(/\/$/, '') || '';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** A failed call: the failure envelope plus the HTTP status (0 when no response arrived). */
export class ApiError extends Error {
  readonly status: number;
  readonly errkey: string;
  readonly errors?: Record<string, string | string[]>;
  readonly body: unknown;

  constructor(status: number, failure: Partial<Failure> | Record<string, unknown>, fallback: string) {
    const body = failure as Partial<Failure> & Record<string, unknown>;
    super(typeof body.errmsg === 'string' && body.errmsg ? body.errmsg : fallback);
    this.name = 'ApiError';
    this.status = status;
    this.errkey = typeof body.errkey === 'string' ? body.errkey : '';
    this.errors = isErrorMap(body.errors) ? body.errors : undefined;
    this.body = body;
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

function isErrorMap(value: unknown): value is Record<string, string | string[]> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds `/api/<path>?<query>&lang=<current>`; empty values are left out. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  params.set('lang', currentLang());
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}?${params}`;
}

function isOnLoginPage() {
  return window.location.pathname.replace(/\/$/, '').endsWith('/login');
}

/**
 * The token of the session a return to the parent session is leaving, while that call is in flight and
 * after it succeeded: the server ends that session, so calls the page still makes with it answer 401.
 */
let leavingToken: string | null = null;

/**
 * Whether a call sent with `sentWith` still speaks for this tab's session: not when the session was
 * replaced meanwhile (its token changed) or is being left. A 401 or a fresh token of such a call
 * concerns the old session and must not log out, or replace the token of, the new one.
 */
const current = (sentWith: string | null) => sentWith === getToken() && !leaving(sentWith);
function leaving(token: string | null) {
  return token !== null && token === leavingToken;
}

/**
 * HTTP 401: forget the token and go to login, unless already there (spec §8), or unless this tab's
 * session is being left (a return in flight: every call of it, uploads included, may answer 401).
 */
export function handleUnauthorized() {
  if (leaving(getToken())) return;
  clearToken();
  if (!isOnLoginPage()) {
    const back = window.location.pathname.slice(APP_BASE.length) + window.location.search;
    const redirect = back && back !== '/' && back !== '/home' ? `?redirect=${encodeURIComponent(back)}` : '';
    window.location.assign(`${APP_BASE}/login${redirect}`);
  }
}

/**
 * Runs the call that returns to the parent session (its answer replaces the session). Its own 401 goes
 * to login; after another failure the session stays, and its 401s count again.
 */
export async function leavingSession<T>(call: () => Promise<T>): Promise<T> {
  const token = getToken();
  leavingToken = token;
  try {
    return await call();
  } catch (error) {
    if (leavingToken === token) leavingToken = null;
    if (error instanceof ApiError && error.status === 401) handleUnauthorized();
    throw error;
  }
}

/** Keeps the stored token in step with a fresh one the server may hand out on any response. */
function takeFreshToken(response: Response, sentWith: string | null) {
  const fresh = response.headers.get(FRESH_TOKEN_HEADER);
  if (fresh && current(sentWith)) setToken(fresh);
}

async function readBody(response: Response): Promise<Record<string, unknown> | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Turns a non-success response into an ApiError (and runs the 401 handling, for a call of this session). */
export async function failureOf(response: Response, sentWith = getToken()): Promise<ApiError> {
  const body = (await readBody(response)) ?? {};
  if (response.status === 401 && current(sentWith)) handleUnauthorized();
  return new ApiError(response.status, body as Partial<Failure>, response.statusText || `HTTP ${response.status}`);
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** Sends the language and the session token with every call. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const sentWith = getToken();
  const headers: Record<string, string> = { 'Accept-Language': currentLang(), ...authHeaders() };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, { errkey: 'error.network' }, translate('error.network', currentLang()));
  }
  takeFreshToken(response, sentWith);
  if (!response.ok) throw await failureOf(response, sentWith);
  return response;
}

/** A JSON call: resolves with the envelope's data, rejects with ApiError. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  const envelope = (await readBody(response)) as Envelope<T> | null;
  if (!envelope) throw new ApiError(response.status, {}, translate('error.internal', currentLang()));
  if (envelope.code !== '0') throw new ApiError(response.status, envelope, translate('error.internal', currentLang()));
  return envelope.data;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** Field name -> messages; the server sends arrays, older shapes a single string. */
export type FieldMessages = Record<string, string | string[] | undefined>;

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(Boolean);

/**
 * Puts field-level messages on the matching fields of an antd form. Returns the messages of keys the
 * form has no field for, so the caller can show them elsewhere.
 */
export function applyFieldErrors(form: FormInstance, errors: FieldMessages, fieldNames?: readonly string[]): string[] {
  const known = new Set(fieldNames ?? Object.keys(form.getFieldsValue()));
  const placed: { name: string; errors: string[] }[] = [];
  const leftOver: string[] = [];
  for (const [name, value] of Object.entries(errors)) {
    const list = asList(value);
    if (!list.length) continue;
    if (known.has(name)) placed.push({ name, errors: list });
    else leftOver.push(...list);
  }
  if (placed.length) form.setFields(placed);
  if (placed[0]) form.scrollToField(placed[0].name);
  return leftOver;
}

/** The toast text of a failure: errmsg, then `error`, then the first message of every key. */
export function failureText(error: unknown): string {
  const lang = currentLang();
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? error.message : translate('error.internal', lang);
  if (error.isNetworkError) return translate('error.network', lang);
  if (hasErrmsg(error)) return error.message;
  if (error.status === 403) return translate('error.forbidden', lang);
  const body = error.body as Record<string, unknown>;
  if (typeof body.error === 'string' && body.error) return body.error;
  const firsts = Object.values(error.errors ?? {}).map((v) => asList(v)[0]).filter(Boolean);
  if (firsts.length) return firsts.join('; ');
  return error.message || translate('error.internal', lang);
}

function hasErrmsg(error: ApiError) {
  const errmsg = (error.body as { errmsg?: unknown }).errmsg;
  return typeof errmsg === 'string' && errmsg !== '';
}

/**
 * The spec's error handling (§8) in one place: 401 was already handled by the client (token cleared,
 * redirect); 403 and everything else show a 5 s toast; with a form, 422 field messages go onto the
 * fields instead (and anything left over is toasted).
 */
export function showApiError(error: unknown, form?: FormInstance, fieldNames?: readonly string[]) {
  if ((error as Error)?.name === 'AbortError') return;
  // A 401 already sent the user to login; on the login page itself it is the answer to wrong credentials.
  if (error instanceof ApiError && error.status === 401 && !isOnLoginPage()) return;
  if (form && error instanceof ApiError && error.status === 422 && error.errors) {
    const total = Object.values(error.errors).flatMap(asList).length;
    const leftOver = applyFieldErrors(form, error.errors, fieldNames);
    if (leftOver.length) toastError(leftOver.join('; '));
    else if (total === 0) toastError(failureText(error));
    return;
  }
  if (!(error instanceof ApiError)) console.error(error);
  toastError(failureText(error));
}

/** Downloads a file from the API with the auth header and saves it under its served name. */
export async function downloadFile(path: string, query: Query, fallbackName: string, post?: { body: unknown }) {
  const response = await send(post ? 'POST' : 'GET', path, { query, body: post?.body });
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star.trim()) : plain?.trim() || fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
