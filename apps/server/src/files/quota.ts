import { formatBytes } from '@htv/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { invalidFields } from '../http/errors.js';
import type { Owner } from '../tenancy/scope.js';

/** Storage of each tenant when UPLOAD_QUOTA_MB is not set. */
export const DEFAULT_UPLOAD_QUOTA_MB = 10 * 1024;

const MB = 1024 * 1024;

/** The files a tenant level owns: the platform's, a brand's own (not its hotels'), or one hotel's. */
function ownedBy(owner: Owner): SQL {
  if (owner.brandId === null) return isNull(files.brandId);
  if (owner.hotelId === null) return and(eq(files.brandId, owner.brandId), isNull(files.hotelId))!;
  return and(eq(files.brandId, owner.brandId), eq(files.hotelId, owner.hotelId))!;
}

/**
 * The storage quota of each tenant level (the platform, each brand, each hotel), counted from the
 * sizes of its stored files. `quotaMb` 0 means no quota.
 */
export class UploadQuota {
  private readonly limit: number | null;

  constructor(quotaMb: number = DEFAULT_UPLOAD_QUOTA_MB) {
    this.limit = quotaMb > 0 ? Math.floor(quotaMb * MB) : null;
  }

  /** Bytes of the files `owner` holds. */
  async used(db: Db, owner: Owner): Promise<number> {
    const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files).where(ownedBy(owner));
    return Number(row?.bytes ?? 0);
  }

  /** A 422 on the file field when `owner`'s files plus `adding` bytes pass the quota. */
  async assertRoom(db: Db, owner: Owner, adding: number): Promise<void> {
    if (this.limit === null) return;
    const used = await this.used(db, owner);
    if (used + adding > this.limit) {
      throw invalidFields({ file: { key: 'upload.quotaExceeded', params: { used: formatBytes(used), max: formatBytes(this.limit) } } });
    }
  }

  /**
   * Records a new file of `size` bytes through `write`, in a transaction that holds `owner`'s lock while
   * it checks the room left: parallel uploads of one tenant are counted one after another, so together
   * they cannot pass the quota.
   */
  async admit<T>(db: Db, owner: Owner, size: number, write: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${owner.brandId ?? 0}:${owner.hotelId ?? 0}`}))`);
      await this.assertRoom(tx, owner, size);
      return write(tx);
    });
  }
}
