import { formatBytes } from '@htv/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands, files } from '../db/schema/index.js';
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
 * sizes of its stored files: the brand's `uploadQuotaMb` for the brand and each of its hotels, else
 * `defaultMb` (0: no quota).
 */
export class UploadQuota {
  constructor(private readonly defaultMb: number = DEFAULT_UPLOAD_QUOTA_MB) {}

  /** Bytes `owner` may hold; null when there is no quota. */
  async limit(db: Db, owner: Owner): Promise<number | null> {
    let mb = this.defaultMb;
    if (owner.brandId !== null) {
      const [brand] = await db.select({ mb: brands.uploadQuotaMb }).from(brands).where(eq(brands.id, owner.brandId));
      mb = brand?.mb ?? mb;
    }
    return mb > 0 ? Math.floor(mb * MB) : null;
  }

  /** Bytes of the files `owner` holds. */
  async used(db: Db, owner: Owner): Promise<number> {
    const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files).where(ownedBy(owner));
    return Number(row?.bytes ?? 0);
  }

  /** A 422 on the file field when `owner`'s files plus `adding` bytes pass the quota. */
  async assertRoom(db: Db, owner: Owner, adding: number): Promise<void> {
    const limit = await this.limit(db, owner);
    if (limit === null) return;
    const used = await this.used(db, owner);
    if (used + adding > limit) {
      throw invalidFields({ file: { key: 'upload.quotaExceeded', params: { used: formatBytes(used), max: formatBytes(limit) } } });
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
