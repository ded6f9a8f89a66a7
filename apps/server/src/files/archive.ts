import { ARCHIVE_RATIO_GRACE, formatBytes, type ArchiveLimits } from '@htv/shared';
import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { UploadRejected } from './check.js';

/**
 * The one inspector of zip-based files (zip, apk, xlsx, and any later archive such as a theme
 * import). It reads the central directory first and refuses, before inflating anything: unsafe entry
 * names (`..`, absolute paths, drive letters, backslashes), more entries than the rule allows,
 * declared uncompressed sizes past the rule's limits (per entry and in total), compression ratios past
 * the rule's, and structures other readers could see differently (duplicate names, overlapping
 * entries, a local header that names another file). Inflating then stops at the declared size, so a
 * directory that lies cannot make the server inflate more than the limits.
 */

/** Random access to an archive's bytes: in memory or in a file. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      if (bytesRead !== length) throw badArchive();
      return buffer;
    },
  };
}

/** Bytes handed on at a time, so no step holds the event loop for long. */
const CHUNK = 64 * 1024;

async function* chunksOf(source: ByteSource, offset: number, length: number): AsyncGenerator<Buffer> {
  for (let at = offset; at < offset + length; at += CHUNK) yield await source.read(at, Math.min(CHUNK, offset + length - at));
}

export const badArchive = () => new UploadRejected('upload.badArchive');
const unpackedTooLarge = (max: number) => new UploadRejected('upload.unpackedTooLarge', { max: formatBytes(max) });

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END_BYTES = 22;
const MAX_COMMENT = 0xffff;
/** A central directory larger than this is not one the rules' entry counts need. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;
const MAX_NAME_BYTES = 1024;
const STORED = 0;
const DEFLATED = 8;

/** A name that would leave the folder it is unpacked into, or that readers interpret differently. */
export function unsafeEntryName(name: string): boolean {
  return name === '' || /[\u0000\\]/.test(name) || name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..');
}

export interface ArchiveEntry {
  name: string;
  method: typeof STORED | typeof DEFLATED;
  crc: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
  /** Where the compressed bytes start (after the local header). */
  dataOffset: number;
}

export class Archive {
  private readonly byName: Map<string, ArchiveEntry>;

  constructor(
    private readonly source: ByteSource,
    readonly entries: readonly ArchiveEntry[],
  ) {
    this.byName = new Map(entries.map((entry) => [entry.name, entry]));
  }

  get names(): ReadonlySet<string> {
    return new Set(this.byName.keys());
  }

  entry(name: string): ArchiveEntry | undefined {
    return this.byName.get(name);
  }

  /**
   * The entry's uncompressed bytes in chunks of at most 64 KB, one per turn of the event loop.
   * Inflating stops as soon as it passes the declared size; a wrong size or CRC is a damaged archive.
   */
  async *open(entry: ArchiveEntry): AsyncGenerator<Buffer> {
    const raw = Readable.from(chunksOf(this.source, entry.dataOffset, entry.compressedSize));
    const input = entry.method === DEFLATED ? pipeline(raw, createInflateRaw({ chunkSize: CHUNK }), () => undefined) : raw;
    let size = 0;
    let crc = 0;
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > entry.size) throw badArchive();
        crc = crc32(chunk, crc);
        yield chunk;
        await nextTurn();
      }
    } catch (error) {
      throw error instanceof UploadRejected ? error : badArchive();
    } finally {
      input.destroy();
    }
    if (size !== entry.size || crc !== entry.crc) throw badArchive();
  }

  /** Inflates every entry (discarding the bytes): the archive really holds what its directory says. */
  async verify(): Promise<void> {
    for (const entry of this.entries) {
      const chunks = this.open(entry);
      while (!(await chunks.next()).done);
    }
  }
}

/** Reads and checks the central directory and the local headers it points to (nothing is inflated). */
export async function readArchive(source: ByteSource, limits: ArchiveLimits): Promise<Archive> {
  const tailLength = Math.min(source.size, END_BYTES + MAX_COMMENT);
  const tail = await source.read(source.size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - END_BYTES; i >= 0 && end < 0; i--) {
    if (tail.readUInt32LE(i) === END && i + END_BYTES + tail.readUInt16LE(i + 20) === tail.length) end = i;
  }
  if (end < 0) throw badArchive();
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // Split archives are not accepted; zip64 (0xFFFF entries, 0xFFFFFFFF offsets) is only needed past the limits.
  if (tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0 || tail.readUInt16LE(end + 8) !== count) throw badArchive();
  if (count > limits.maxEntries) throw new UploadRejected('upload.tooManyEntries', { max: limits.maxEntries });
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > source.size - tailLength + end) throw badArchive();
  const directory = await source.read(directoryOffset, directorySize);

  const entries: ArchiveEntry[] = [];
  const seen = new Set<string>();
  let total = 0;
  let pos = 0;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > directory.length || directory.readUInt32LE(pos) !== CENTRAL) throw badArchive();
    const flags = directory.readUInt16LE(pos + 8);
    const method = directory.readUInt16LE(pos + 10);
    const compressedSize = directory.readUInt32LE(pos + 20);
    const size = directory.readUInt32LE(pos + 24);
    const nameBytes = directory.readUInt16LE(pos + 28);
    const next = pos + 46 + nameBytes + directory.readUInt16LE(pos + 30) + directory.readUInt16LE(pos + 32);
    if (next > directory.length || nameBytes > MAX_NAME_BYTES) throw badArchive();
    const name = directory.toString('utf8', pos + 46, pos + 46 + nameBytes);
    if (unsafeEntryName(name)) throw new UploadRejected('upload.unsafeEntry', { name: name.slice(0, 100) });
    // Encrypted entries and methods other than stored and deflate cannot be checked.
    if (flags & 1 || (method !== STORED && method !== DEFLATED) || (method === STORED && compressedSize !== size)) throw badArchive();
    if (seen.has(name)) throw badArchive();
    seen.add(name);
    if (size > limits.maxEntryBytes) throw unpackedTooLarge(limits.maxEntryBytes);
    total += size;
    if (total > limits.maxTotalBytes) throw unpackedTooLarge(limits.maxTotalBytes);
    if (size > ARCHIVE_RATIO_GRACE && size > compressedSize * limits.maxRatio) throw overCompressed(limits);
    entries.push({ name, method, crc: directory.readUInt32LE(pos + 16), compressedSize, size, headerOffset: directory.readUInt32LE(pos + 42), dataOffset: 0 });
    pos = next;
  }
  if (pos !== directory.length) throw badArchive();
  if (total > ARCHIVE_RATIO_GRACE && total > source.size * limits.maxRatio) throw overCompressed(limits);

  // Each local header names the same file, and no entry's bytes overlap another's or the directory.
  let previousEnd = 0;
  for (const entry of [...entries].sort((a, b) => a.headerOffset - b.headerOffset)) {
    const name = Buffer.from(entry.name, 'utf8');
    if (entry.headerOffset < previousEnd || entry.headerOffset + 30 + name.length > directoryOffset) throw badArchive();
    const header = await source.read(entry.headerOffset, 30 + name.length);
    if (header.readUInt32LE(0) !== LOCAL || header.readUInt16LE(26) !== name.length || !header.subarray(30).equals(name)) throw badArchive();
    entry.dataOffset = entry.headerOffset + 30 + name.length + header.readUInt16LE(28);
    previousEnd = entry.dataOffset + entry.compressedSize;
    if (previousEnd > directoryOffset) throw badArchive();
  }
  return new Archive(source, entries);
}

const overCompressed = (limits: ArchiveLimits) => new UploadRejected('upload.overCompressed', { ratio: limits.maxRatio });

/**
 * A zip upload written aside while it streams through the inspector (in the system's temporary
 * folder, `TMPDIR`), so its central directory, which comes last, can be read first once it is all in.
 */
export class ArchiveSpool {
  private size = 0;
  private closed = false;

  private constructor(
    private readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(): Promise<ArchiveSpool> {
    const path = join(tmpdir(), `htv-archive-${randomUUID()}.zip`);
    return new ArchiveSpool(path, await open(path, 'wx+', 0o600));
  }

  async write(chunk: Buffer): Promise<void> {
    await this.handle.write(chunk, 0, chunk.length, this.size);
    this.size += chunk.length;
  }

  /** The archive written so far, its directory checked against the limits. */
  read(limits: ArchiveLimits): Promise<Archive> {
    return readArchive(fileSource(this.handle, this.size), limits);
  }

  /** Removes the written copy; safe to call more than once. */
  async discard(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.handle.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }
}
