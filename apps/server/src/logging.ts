import type { FastifyServerOptions } from 'fastify';

/**
 * What the logs may carry. A failing SQL statement's error holds its parameters (Drizzle's
 * `params`, repeated in its message) and PostgreSQL's `detail` can quote the whole row ("Failing row
 * contains (…)"): password hashes, tokens, secrets. Errors are therefore logged from an allow-list of
 * fields, with the parameters cut from the message, and any argon2 hash or URL password that still
 * appears in a string is masked.
 */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
const MAX_CAUSES = 5;

const ARGON2_HASH = /\$argon2(?:id|i|d)\$[\w+/=,$.-]*/g;
const URL_PASSWORD = /(\w+:\/\/[^:/\s@]+:)[^@\s]+@/g;

/** Masks secrets that may sit in any logged string. */
export function scrubSecrets(text: string): string {
  return text.replace(ARGON2_HASH, '[hash]').replace(URL_PASSWORD, '$1***@');
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" without the values. */
function withoutParams(message: string): string {
  const at = message.search(/\nparams: /);
  return at === -1 ? message : message.slice(0, at);
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  [field: string]: unknown;
}

/** The log form of an error: type, message, stack frames, allow-listed fields and causes, without secrets. */
export function serializeError(error: Error, depth = 0): LoggedError {
  const type = error.constructor?.name || error.name;
  const message = scrubSecrets(withoutParams(String(error.message)));
  // The stack's first lines repeat the raw message: keep only its frames.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = typeof value === 'string' ? scrubSecrets(value) : value;
  }
  const cause = error.cause;
  if (cause !== undefined && depth < MAX_CAUSES) logged.cause = cause instanceof Error ? serializeError(cause, depth + 1) : typeof cause === 'string' ? scrubSecrets(cause) : '[not an error]';
  return logged;
}

/** Keys whose values never reach a log line, wherever a logged object carries them (one level deep). */
const REDACTED_KEYS = ['password', 'passwordHash', 'password_hash', 'token', 'secret', 'authorization', 'cookie'];

/** Where log lines go (stdout by default). */
export interface LogStream {
  write(line: string): void;
}

/** The server's pino options: level, the error serializer above and key redaction. */
export function loggerOptions(level: string, stream?: LogStream): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: { err: serializeError },
    // Messages are strings the serializers never see.
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubSecrets(arg) : arg)) as Parameters<typeof method>);
      },
    },
    redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`), 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
