import {
  dimensionsAllowed,
  dimensionsText,
  formatBytes,
  IMAGE_TYPES,
  ratioAllowed,
  ratioText,
  type ArchiveLimits,
  type FileType,
  type MessageKey,
  type UploadRule,
  translate,
} from '@htv/shared';
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError, invalidFields } from '../http/errors.js';
import { ArchiveSpool } from './archive.js';
import { detectType, imageDimensions, MIME, SNIFF_BYTES, ZIP_TYPES, zipKind } from './detect.js';

/** A failed upload check: a catalogue key and its params, shown on the `file` field. */
export class UploadRejected extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Record<string, unknown>,
  ) {
    super(key);
  }
  /** The 422 answer: `{errors: {file: [message]}}` in the request's language. */
  toAppError(field = 'file'): AppError {
    return invalidFields({ [field]: { key: this.key, params: this.params } });
  }
}

/** Several findings of one file (a ts.ini's lines): each is one message on the `file` field. */
export class UploadFindings extends UploadRejected {
  constructor(readonly findings: readonly { key: MessageKey; params?: Record<string, unknown> }[]) {
    super(findings[0]!.key, findings[0]!.params);
  }
  override toAppError(field = 'file'): AppError {
    return new AppError('validation', 'error.validation', undefined, (lang) => ({ [field]: this.findings.map((f) => translate(f.key, lang, f.params)) }));
  }
}

/** Leading bytes kept for reading an image's pixel size (a JPEG's size follows its APPn segments). */
const IMAGE_HEAD_BYTES = 1024 * 1024;

export interface Inspected {
  type: FileType;
  mime: string;
  size: number;
  sha256: string;
  md5: string;
  width: number | null;
  height: number | null;
}

export const tooLarge = (rule: UploadRule) => new UploadRejected(rule.image ? 'upload.imageTooLarge' : 'upload.tooLarge', { max: formatBytes(rule.maxBytes) });
export const badType = (rule: UploadRule) => new UploadRejected('upload.badType', { types: rule.types.join(', ') });

/** The type the rule accepts for detected content, or a rejection. `zip` stays open until the entry names are known. */
export function acceptType(rule: UploadRule, detected: FileType | null): FileType {
  if (detected === null) {
    if (rule.types.includes('raw')) return 'raw';
    throw badType(rule);
  }
  if (detected === 'zip' && rule.types.some((t) => ZIP_TYPES.includes(t))) return 'zip';
  if (!rule.types.includes(detected)) throw badType(rule);
  return detected;
}

/** The archive limits of a rule that accepts zip-based files (every such rule states them). */
export function archiveLimits(rule: UploadRule): ArchiveLimits {
  if (!rule.archive) throw new Error(`an upload rule accepting ${rule.types.join(', ')} must state archive limits`);
  return rule.archive;
}

/** Pixel-size checks of an image: exact sizes (any of), then the ratio. */
export function checkDimensions(rule: UploadRule, width: number, height: number): void {
  if (!dimensionsAllowed(rule, width, height)) throw new UploadRejected('upload.badDimensions', { sizes: dimensionsText(rule) });
  if (!ratioAllowed(rule, width, height)) throw new UploadRejected('upload.badRatio', { ratio: ratioText(rule) });
}

/**
 * Checks an upload against its rule while it streams through: the size limit (aborting past
 * `maxBytes`, nothing is buffered beyond the first bytes), the type by content as soon as the first
 * bytes are in, an image's pixel size at the end, and an archive with the archive inspector
 * (`archive.ts`): a zip is written aside as it passes, then its directory is checked and every entry
 * inflated within the rule's limits before the stream ends. Passes the bytes on unchanged and
 * computes their SHA-256 and MD5. A failure destroys the stream with an `UploadRejected`.
 */
export class UploadInspector extends Transform {
  private size = 0;
  private readonly hash = createHash('sha256');
  private readonly md5 = createHash('md5');
  /** Bytes before the type is known (a few KB), then an image's leading bytes. */
  private head: Buffer[] = [];
  private headBytes = 0;
  private type: FileType | null = null;
  private spool: ArchiveSpool | null = null;
  private result: Inspected | null = null;

  constructor(private readonly rule: UploadRule) {
    super();
  }

  /** What was found, once the stream has ended without a rejection. */
  get inspected(): Inspected {
    if (!this.result) throw new Error('upload not inspected yet');
    return this.result;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.inspectChunk(chunk).then(() => callback(null, chunk), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.inspectEnd().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const spool = this.spool;
    if (!spool) return callback(error);
    spool.discard().then(() => callback(error), () => callback(error));
  }

  private async inspectChunk(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.rule.maxBytes) throw tooLarge(this.rule);
    this.hash.update(chunk);
    this.md5.update(chunk);
    if (this.type === null) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) await this.decideType();
      return;
    }
    if (this.spool) await this.spool.write(chunk);
    if (this.headBytes < IMAGE_HEAD_BYTES && IMAGE_TYPES.includes(this.type)) {
      const part = chunk.subarray(0, IMAGE_HEAD_BYTES - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
    }
  }

  private async inspectEnd(): Promise<void> {
    if (this.size === 0) throw new UploadRejected('upload.required');
    if (this.type === null) await this.decideType();
    let type = this.type!;
    if (this.spool) {
      const archive = await this.spool.read(archiveLimits(this.rule));
      type = zipKind(archive.names);
      if (!this.rule.types.includes(type)) throw badType(this.rule);
      await archive.verify();
      await this.spool.discard();
    }
    let width: number | null = null;
    let height: number | null = null;
    if (IMAGE_TYPES.includes(type)) {
      const size = imageDimensions(Buffer.concat(this.head));
      if (!size) throw badType(this.rule);
      ({ width, height } = size);
      checkDimensions(this.rule, width, height);
    }
    this.result = { type, mime: MIME[type], size: this.size, sha256: this.hash.digest('hex'), md5: this.md5.digest('hex'), width, height };
    this.head = [];
  }

  /** Decides the type from everything received so far (at least SNIFF_BYTES, or the whole file). */
  private async decideType() {
    const all = Buffer.concat(this.head);
    this.type = acceptType(this.rule, detectType(all.subarray(0, SNIFF_BYTES)));
    if (this.type === 'zip') {
      this.spool = await ArchiveSpool.create();
      await this.spool.write(all);
    }
    if (IMAGE_TYPES.includes(this.type)) {
      const kept = all.subarray(0, IMAGE_HEAD_BYTES);
      this.head = [kept];
      this.headBytes = kept.length;
    } else {
      this.head = [];
    }
  }
}
