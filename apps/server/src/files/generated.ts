import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { storageKeyFor, type Storage } from './storage.js';

/** A picture the server made itself (a thumbnail, an icon read out of a package). */
export interface GeneratedPicture {
  data: Buffer;
  name: string;
  mime: string;
  width: number;
  height: number;
  /** Its upload rule (a server-only one). */
  rule: string;
  /** Its owner: the owner of the row it belongs to, so whoever reads the row reads it. */
  brandId: number | null;
  hotelId: number | null;
  uploadedBy: number;
}

/** Stores a picture the server made as a file (bytes, then its row); answers its id. */
export async function storeGeneratedFile(db: Db, storage: Storage, picture: GeneratedPicture): Promise<string> {
  const id = randomUUID();
  const key = storageKeyFor(id);
  await storage.put(key, picture.data);
  await db.insert(files).values({
    id,
    storageKey: key,
    name: picture.name.slice(0, 255),
    mime: picture.mime,
    size: picture.data.length,
    width: picture.width,
    height: picture.height,
    rule: picture.rule,
    sha256: createHash('sha256').update(picture.data).digest('hex'),
    brandId: picture.brandId,
    hotelId: picture.hotelId,
    uploadedBy: picture.uploadedBy,
  });
  return id;
}
