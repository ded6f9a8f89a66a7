import type { CastKind } from '@htv/shared/areas/phone/protocol';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import type { ReceiptItem, StayRow } from '../pms/hooks.js';
import { phoneBindings, phoneCasts } from './schema.js';
import type { Binding } from './service.js';

/** A cast as the TV is told of it. */
export interface CastRow {
  id: number;
  terminalId: number;
  kind: CastKind;
  fileId: string | null;
  url: string | null;
}

/** The stay of a binding (the cast is kept with it, and removed at its check-out). */
async function stayOfBinding(db: Db, bindingId: number): Promise<number | null> {
  const [row] = await db.select({ stayId: phoneBindings.stayId }).from(phoneBindings).where(eq(phoneBindings.id, bindingId));
  return row?.stayId ?? null;
}

/** Records a new cast of the binding's TV; the TV's earlier casts end (one is shown at a time). */
export async function startCast(db: Db, binding: Binding, kind: CastKind, target: { fileId?: string; url?: string }): Promise<CastRow> {
  return db.transaction(async (tx) => {
    await tx.update(phoneCasts).set({ endedAt: sql`now()` }).where(and(eq(phoneCasts.terminalId, binding.terminalId), isNull(phoneCasts.endedAt)));
    const [row] = await tx
      .insert(phoneCasts)
      .values({
        bindingId: binding.id,
        terminalId: binding.terminalId,
        brandId: binding.brandId,
        hotelId: binding.hotelId,
        roomNumber: binding.roomNumber,
        stayId: await stayOfBinding(tx, binding.id),
        kind,
        fileId: target.fileId ?? null,
        url: target.url ?? null,
      })
      .returning();
    return { id: row!.id, terminalId: row!.terminalId, kind, fileId: row!.fileId, url: row!.url };
  });
}

/** Ends the TV's shown cast (the phone's stop); answers the ended cast's id, null when none was shown. */
export async function stopCast(db: Db, terminalId: number): Promise<number | null> {
  const ended = await db
    .update(phoneCasts)
    .set({ endedAt: sql`now()` })
    .where(and(eq(phoneCasts.terminalId, terminalId), isNull(phoneCasts.endedAt)))
    .returning({ id: phoneCasts.id });
  return ended[0]?.id ?? null;
}

/** Whether a file is the shown cast of a TV of this hotel: the only files the TV's signed cast address serves. */
export async function isShownCastFile(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneCasts.id })
    .from(phoneCasts)
    .where(and(eq(phoneCasts.fileId, fileId), eq(phoneCasts.hotelId, hotelId), isNull(phoneCasts.endedAt)))
    .limit(1);
  return !!row;
}

/**
 * Removes cast files (their rows in the caller's transaction); the bytes go a moment later, once the
 * transaction has committed, and only for rows that are really gone (a rolled-back check-out keeps them).
 */
export class CastFiles {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  /** Deletes the casts' file rows selected by `where`; answers the file ids. */
  async remove(tx: Db, where: ReturnType<typeof and>): Promise<string[]> {
    const casts = await tx.update(phoneCasts).set({ endedAt: sql`coalesce(${phoneCasts.endedAt}, now())` }).where(and(where, isNotNull(phoneCasts.fileId))).returning({ fileId: phoneCasts.fileId });
    const ids = [...new Set(casts.map((c) => c.fileId!))];
    if (!ids.length) return [];
    const gone = await tx.delete(files).where(inArray(files.id, ids)).returning({ id: files.id, storageKey: files.storageKey });
    const timer = setTimeout(() => void this.dropBytes(gone.map((f) => f.storageKey)), 200);
    timer.unref();
    return gone.map((f) => f.id);
  }

  /** Removes stored bytes whose file row no longer exists. */
  async dropBytes(keys: string[]): Promise<void> {
    if (!keys.length) return;
    const kept = new Set((await this.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys))).map((f) => f.key));
    for (const key of keys) if (!kept.has(key)) await this.storage.delete(key).catch(() => undefined);
  }

  /**
   * Check-out: the stay's casts (and those of the room while it had no guest) and their files go
   * (receipt line); answers the TVs that were showing one, to be told to stop.
   */
  async forStay(tx: Db, stay: StayRow): Promise<{ receipt: ReceiptItem[]; shownOn: number[] }> {
    const selected = or(eq(phoneCasts.stayId, stay.id), and(eq(phoneCasts.hotelId, stay.hotelId), eq(phoneCasts.roomNumber, stay.roomNumber), isNull(phoneCasts.stayId)));
    const shown = await tx.select({ terminalId: phoneCasts.terminalId }).from(phoneCasts).where(and(selected, isNull(phoneCasts.endedAt)));
    const removed = await this.remove(tx, selected);
    await tx.update(phoneCasts).set({ endedAt: sql`now()` }).where(and(selected, isNull(phoneCasts.endedAt)));
    return {
      receipt: removed.length ? [{ area: 'phone', key: 'phone.receiptCasts', count: removed.length, items: removed }] : [],
      shownOn: [...new Set(shown.map((c) => c.terminalId))],
    };
  }

  /** The sweep: files of casts ended more than a day ago (rooms without a stay), and cast rows of a month ago. */
  async prune(): Promise<void> {
    await this.db.transaction((tx) => this.remove(tx, lt(phoneCasts.endedAt, sql`now() - interval '1 day'`)));
    await this.db.delete(phoneCasts).where(lt(phoneCasts.createdAt, sql`now() - interval '30 days'`));
  }
}
