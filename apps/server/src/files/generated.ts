import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { storageKeyFor, type Storage } from './storage.js';

/** A file the server made itself (a thumbnail, an icon read out of a package, the demo's music). */
export interface GeneratedFile {
  data: Buffer;
  name: string;
  mime: string;
  /** Pixel size of a picture; null for other files. */
  width: number | null;
  height: number | null;
  /** Its upload rule (a server-only one, or the rule its kind of upload has). */
  rule: string;
  /** Its owner: the owner of the row it belongs to, so whoever reads the row reads it. */
  brandId: number | null;
  hotelId: number | null;
  uploadedBy: number;
}

/** Stores a file the server made (bytes, then its row); answers its id. */
export async function storeGeneratedFile(db: Db, storage: Storage, made: GeneratedFile): Promise<string> {
  const id = randomUUID();
  const key = storageKeyFor(id);
  await storage.put(key, made.data);
  await db.insert(files).values({
    id,
    storageKey: key,
    name: made.name.slice(0, 255),
    mime: made.mime,
    size: made.data.length,
    width: made.width,
    height: made.height,
    rule: made.rule,
    sha256: createHash('sha256').update(made.data).digest('hex'),
    brandId: made.brandId,
    hotelId: made.hotelId,
    uploadedBy: made.uploadedBy,
  });
  return id;
}
