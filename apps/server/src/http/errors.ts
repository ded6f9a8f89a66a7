import { fieldErrors, STATUS, translate, type FieldDef, type FieldErrors, type Lang, type MessageKey } from '@htv/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { langOf } from './lang.js';
import { unstorableTextPath } from './request-data.js';

type Kind = keyof typeof STATUS;

/** An expected failure: a status kind, a catalogue key with params, and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly kind: Kind,
    readonly key: MessageKey,
    readonly params?: Record<string, unknown>,
    readonly errors?: FieldErrors | ((lang: Lang) => FieldErrors),
  ) {
    super(key);
  }
  get status(): number {
    return STATUS[this.kind];
  }
}

export const notFound = () => new AppError('notFound', 'error.notFound');
export const forbidden = () => new AppError('forbidden', 'error.forbidden');
export const unauthenticated = () => new AppError('unauthenticated', 'error.unauthenticated');
export const conflict = (key: MessageKey, params?: Record<string, unknown>) => new AppError('conflict', key, params);

/** A 422 with messages for the named fields, each a catalogue key with params. */
export function invalidFields(fields: Record<string, { key: MessageKey; params?: Record<string, unknown> }>): AppError {
  return new AppError('validation', 'error.validation', undefined, (lang) =>
    Object.fromEntries(Object.entries(fields).map(([name, m]) => [name, [translate(m.key, lang, m.params)]])),
  );
}

/** A zod failure of a request part; translated with the route's field declarations. */
export class RequestValidationError extends Error {
  constructor(
    readonly zodError: z.ZodError,
    readonly input: unknown,
  ) {
    super('validation');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Field declarations that name and bound the body's fields in validation messages. */
    fields?: Record<string, FieldDef>;
  }
}

/**
 * Validates request parts with their zod schemas and keeps the zod error for translation. A string or
 * key the database cannot store (NUL, a lone surrogate), anywhere in a part, is first refused as an
 * invalid value of its field, on every route.
 */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  const zod = schema as z.ZodType;
  return (data: unknown) => {
    const unstorable = unstorableTextPath(data);
    if (unstorable) return { error: new RequestValidationError(new z.ZodError([{ code: 'custom', path: unstorable, message: 'validation.invalid', input: data }]), data) };
    const result = zod.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error, data) };
  };
}

/**
 * Failures Fastify answers before routing (a path that is not valid percent-encoding): the envelope's
 * 400 like any request that cannot be read. Passed as the server's `frameworkErrors` option.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 400, 'error.badRequest', langOf(request));
}

/**
 * The multipart parser's (busboy's) plain errors for a body that cannot be read: no boundary, an empty
 * or oversized one, or data that ends before the boundary the header announced.
 */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Boundary required|The needle cannot|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)/;
const isMalformedMultipart = (error: Error) => MALFORMED_MULTIPART.test(error.message ?? '');

function send(reply: FastifyReply, status: number, key: string, lang: Lang, params?: Record<string, unknown>, errors?: FieldErrors) {
  return reply.status(status).send({ code: '-1', errkey: key, errmsg: translate(key, lang, params), ...(errors ? { errors } : {}) });
}

/** One envelope for every failure: `{code: "-1", errkey, errmsg, errors?}` with the matching status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      const errors = typeof error.errors === 'function' ? error.errors(lang) : error.errors;
      return send(reply, error.status, error.key, lang, error.params, errors);
    }
    const validation = error instanceof RequestValidationError ? error : (error as { cause?: unknown }).cause;
    if (validation instanceof RequestValidationError || (error as FastifyError).validation) {
      const v = validation instanceof RequestValidationError ? validation : undefined;
      const fields = request.routeOptions.config.fields ?? {};
      const errors = v ? fieldErrors(v.zodError, fields, v.input, lang) : { _: [translate('error.badRequest', lang)] };
      return send(reply, STATUS.validation, 'error.validation', lang, undefined, errors);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') return send(reply, 413, 'error.payloadTooLarge', lang);
    if (status === 429) return send(reply, 429, 'error.rateLimited', lang);
    if (isMalformedMultipart(error)) return send(reply, 400, 'error.badRequest', lang);
    if (status >= 400 && status < 500) return send(reply, status, status === 404 ? 'error.routeNotFound' : 'error.badRequest', lang);
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'error.internal', lang);
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, 'error.routeNotFound', request.lang));
}
