import type { MessageKey } from './i18n/messages.js';
import type { FieldErrors } from './record/validation.js';

/** Success envelope of every API call. */
export interface Ok<T> {
  code: '0';
  data: T;
}

/**
 * Failure envelope. `errkey` is the stable catalogue key, `errmsg` its text in the request language,
 * `errors` field-level messages (422 only).
 */
export interface Failure {
  code: '-1';
  errkey: MessageKey | string;
  errmsg: string;
  errors?: FieldErrors;
}

export type Envelope<T> = Ok<T> | Failure;

/** HTTP status of each kind of failure. */
export const STATUS = {
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  validation: 422,
  conflict: 409,
  rateLimited: 429,
  badRequest: 400,
  payloadTooLarge: 413,
  internal: 500,
} as const;

/** Header carrying the session token in both directions (a response may carry a fresh one). */
export const TOKEN_HEADER = 'authorization';
export const FRESH_TOKEN_HEADER = 'x-session-token';
