import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes of a stored object, from `start` to `end` inclusive when a range is asked for. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** Size of the whole object (not of the range). */
  size: number;
}

/**
 * Where uploaded bytes live. Keys are made by the server (`storageKeyFor`), never taken from a
 * client. Kept minimal so an S3-compatible bucket can implement it too (PutObject, ranged
 * GetObject, DeleteObject, HeadObject).
 */
export interface Storage {
  /** Stores the bytes under `key`; all or nothing: a failed or aborted stream leaves no object. */
  put(key: string, data: Readable | Buffer): Promise<void>;
  /** The object's bytes (or a range of them), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`);
const KEY = new RegExp(`^[0-9a-f]{2}/[0-9a-f]{2}/${UUID_PATTERN}$`);

/**
 * A file's address as uploads answer it (`/api/files/<id>`), group 1 the id: how rich text names our
 * files. Plain enough to be both a JavaScript and a PostgreSQL regular expression.
 */
export const FILE_URL_PATTERN = `/api/files/(${UUID_PATTERN})`;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The key of a file id, sharded by its first hex digits: `ab/cd/abcd1234-…`. */
export function storageKeyFor(id: string): string {
  if (!isUuid(id)) throw new Error('storage keys are made from server-generated uuids');
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Local disk under `root` (`${DATA_DIR}/files`): objects at `root/ab/cd/<uuid>`, written to
 * `root/tmp/` first and renamed into place once complete and synced.
 */
export class LocalStorage implements Storage {
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.tmp = join(root, 'tmp');
    // Partial writes of a crashed process: nothing refers to them.
    void this.sweep(60 * 60 * 1000).catch(() => undefined);
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key`);
    return join(this.root, key);
  }

  async put(key: string, data: Readable | Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.tmp, { recursive: true });
    const temp = join(this.tmp, `${randomUUID()}.part`);
    const handle = await open(temp, 'wx', 0o640);
    try {
      if (Buffer.isBuffer(data)) await handle.writeFile(data);
      else for await (const chunk of data) await handle.write(chunk as Buffer);
      await handle.datasync();
      await handle.close();
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Removes temporary files older than `maxAgeMs`. */
  async sweep(maxAgeMs: number): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.tmp);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const before = Date.now() - maxAgeMs;
    for (const name of names) {
      const path = join(this.tmp, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < before) await rm(path, { force: true });
    }
  }
}

/** The default storage: local disk under `${dataDir}/files`. */
export function localDiskStorage(dataDir: string): LocalStorage {
  return new LocalStorage(join(dataDir, 'files'));
}
