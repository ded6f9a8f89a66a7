import multipart from '@fastify/multipart';
import { isClientUploadRule, MAX_UPLOAD_BYTES, translate, uploadRules, type StoredFile, type UploadRule, type UploadRuleName } from '@htv/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../http/errors.js';
import { ok } from '../http/reply.js';
import { ownLevel, type Owner } from '../tenancy/scope.js';
import { readableFiles, readerOf } from './access.js';
import { UploadInspector, UploadRejected, type Inspected } from './check.js';
import { contentCheckOf } from './content-checks.js';
import { DEFAULT_UPLOAD_QUOTA_MB, UploadQuota } from './quota.js';
import { isUuid, storageKeyFor, type ByteRange, type Storage } from './storage.js';
import { DEFAULT_ORPHAN_GRACE_HOURS, scheduleOrphanSweep } from './sweep.js';

export { localDiskStorage } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores the request's multipart field `file` checked by an upload rule (content, size, quota, the
     * rule's content check), owned by the caller's level: what `POST /api/files` does, for calls that
     * take a file together with other parameters (`POST /api/web/boots_config`).
     */
    receiveUpload(request: FastifyRequest, rule: UploadRuleName): Promise<StoredFile>;
  }
}


/** Uploads one user may run at once; more answer 429 "Other pictures are uploaded…". */
const MAX_CONCURRENT_UPLOADS = 3;

const tags = ['files'];

/** A stored file name: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return [...cleaned].slice(0, 255).join('') || 'file';
}

/** `inline` for pictures, video and audio, `attachment` otherwise, with an RFC 5987 UTF-8 name and an ASCII fallback. */
export function contentDisposition(mime: string, name: string): string {
  const type = /^(image|video|audio)\//.test(mime) ? 'inline' : 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A single `bytes=` range; null to serve the whole file (no header, several ranges, or malformed). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Number(to);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return !!header && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));
}

/**
 * Sends a stored file's bytes with its type, the download headers, its ETag (304) and a single
 * `Range` (206, 416): the console's downloads and the TVs' media (`<audio src>` seeks by ranges).
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, storage: Storage, file: typeof files.$inferSelect, cacheControl: string) {
  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(file.mime, file.name))
    .header('cache-control', cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('accept-ranges', 'bytes')
    .header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${file.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', 'inline')
      .send({ code: '-1', errkey: 'error.badRequest', errmsg: translate('error.badRequest', request.lang) });
  }
  const stored = await storage.get(file.storageKey, range ?? undefined);
  if (!stored) {
    request.log.error({ fileId: file.id, key: file.storageKey }, 'stored bytes of a file are missing');
    throw notFound();
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', stored.size);
  }
  return reply.send(stored.stream);
}

/** Rejections keep their own message; a stream cut off by the client is a bad request. */
function uploadFailure(error: unknown): unknown {
  if (error instanceof UploadRejected) return error.toAppError();
  const code = (error as { code?: string }).code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'FST_MULTIPART_PREMATURE_CLOSE' || /terminated early/i.test(String((error as Error).message))) {
    return new AppError('badRequest', 'upload.failed');
  }
  return error;
}

export interface UploadOptions {
  /** Storage quota of each tenant level in MB (0: none). */
  quotaMb?: number;
  /** Hours before an upload that no row names is removed (0: never). */
  orphanGraceHours?: number;
}

/**
 * File uploads and downloads:
 * - `POST /api/files?rule=<name>`: multipart field `file`, checked by content against the upload rule
 *   while it streams, then stored and recorded within the uploader's storage quota; the owner is the
 *   uploader's own level.
 * - `GET /api/files/:id` and `/api/files/:id/:name`: the bytes, to whoever may read the file (also with
 *   the session cookie, for `<img src>`), with ranges for video.
 * Registers @fastify/multipart on the app (one file, the largest rule's size as the ceiling), and the
 * periodic removal of unreferenced uploads.
 */
/** Receives one multipart upload (field `file`) checked by a rule, stored for an owner; other areas' upload routes use it. */
export type ReceiveUpload = (request: FastifyRequest, owner: Owner, uploadedBy: number | null, ruleName: string, rule: UploadRule) => Promise<StoredFile>;

export async function registerFiles(app: FastifyInstance, db: Db, storage: Storage, options: UploadOptions = {}): Promise<ReceiveUpload> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 100 },
  });

  const running = new Map<number, number>();
  const quota = new UploadQuota(options.quotaMb ?? DEFAULT_UPLOAD_QUOTA_MB);
  scheduleOrphanSweep(app, db, storage, options.orphanGraceHours ?? DEFAULT_ORPHAN_GRACE_HOURS);

  async function receive(request: FastifyRequest, owner: Owner, uploadedBy: number | null, ruleName: string, rule: UploadRule): Promise<StoredFile> {
    if (!request.isMultipart()) throw invalidFields({ file: { key: 'upload.required' } });
    // A full tenant is told before any byte is stored.
    await quota.assertRoom(db, owner, 1);
    // One byte over the rule's limit reaches the inspector, which refuses it.
    const part = await request.file({ limits: { files: 1, fileSize: rule.maxBytes + 1 }, throwFileSizeLimit: false }).catch((error: unknown) => {
      // A body the parser cannot read (no boundary, truncated) is the client's fault, not a 500.
      if ((error as { statusCode?: number }).statusCode) throw error;
      throw new AppError('badRequest', 'error.badRequest');
    });
    if (!part || part.fieldname !== 'file') throw invalidFields({ file: { key: 'upload.required' } });
    const id = randomUUID();
    const key = storageKeyFor(id);
    const inspector = new UploadInspector(rule);
    let inspected: Inspected;
    try {
      await storage.put(key, pipeline(part.file, inspector, () => undefined));
      inspected = inspector.inspected;
    } catch (error) {
      // Stop parsing and discard the rest of the body, so the client still reads the answer.
      request.raw.unpipe();
      request.raw.resume();
      throw uploadFailure(error);
    }
    const name = cleanFileName(part.filename);
    const contentCheck = contentCheckOf(ruleName);
    if (contentCheck) {
      try {
        const facts = await contentCheck({ key, name, type: inspected.type, size: inspected.size, width: inspected.width, height: inspected.height }, storage);
        if (facts) inspected = { ...inspected, width: facts.width ?? inspected.width, height: facts.height ?? inspected.height };
      } catch (error) {
        await storage.delete(key).catch((e) => request.log.error({ err: e, key }, 'could not remove a refused upload'));
        throw uploadFailure(error);
      }
    }
    try {
      await quota.admit(db, owner, inspected.size, (tx) => tx.insert(files).values({
        id,
        storageKey: key,
        name,
        mime: inspected.mime,
        size: inspected.size,
        width: inspected.width,
        height: inspected.height,
        rule: ruleName,
        sha256: inspected.sha256,
        md5: inspected.md5,
        brandId: owner.brandId,
        hotelId: owner.hotelId,
        uploadedBy,
      }));
    } catch (error) {
      await storage.delete(key).catch((e) => request.log.error({ err: e, key }, 'could not remove an unrecorded upload'));
      throw error;
    }
    return { id, url: `/api/files/${id}`, name, size: inspected.size, mime: inspected.mime, width: inspected.width, height: inspected.height };
  }

  /** Receives the request's multipart `file` under a rule, within the user's concurrent-upload limit. */
  async function receiveUpload(request: FastifyRequest, ruleName: UploadRuleName): Promise<StoredFile> {
    const actor = actorOf(request);
    const count = running.get(actor.userId) ?? 0;
    if (count >= MAX_CONCURRENT_UPLOADS) throw new AppError('rateLimited', 'upload.busy');
    running.set(actor.userId, count + 1);
    try {
      return await receive(request, ownLevel(actor), actor.userId, ruleName, uploadRules[ruleName]);
    } finally {
      const left = (running.get(actor.userId) ?? 1) - 1;
      if (left > 0) running.set(actor.userId, left);
      else running.delete(actor.userId);
    }
  }
  app.decorate('receiveUpload', receiveUpload);

  app.post(
    '/api/files',
    {
      schema: {
        querystring: z.object({ rule: z.string().max(60).optional() }),
        tags,
        summary: 'Upload one file (multipart field `file`) checked by the named upload rule',
      },
      config: { auth: {} },
    },
    async (request) => {
      const ruleName = (request.query as { rule?: string }).rule;
      if (!isClientUploadRule(ruleName)) throw invalidFields({ rule: { key: 'upload.unknownRule' } });
      return ok(await receiveUpload(request, ruleName));
    },
  );

  async function download(request: FastifyRequest, reply: FastifyReply) {
    const actor = actorOf(request);
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound();
    const [file] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), readableFiles(readerOf(actor))))
      .limit(1);
    if (!file) throw notFound();
    return sendStoredFile(request, reply, storage, file, 'private, max-age=3600');
  }

  const params = z.object({ id: z.string().max(64), name: z.string().max(300).optional() });
  const downloadOptions = { schema: { params, tags, summary: 'The bytes of an uploaded file (ranges supported)' }, config: { auth: { cookie: true } } };
  app.get('/api/files/:id', downloadOptions, download);
  app.get('/api/files/:id/:name', downloadOptions, download);
  return receive;
}
