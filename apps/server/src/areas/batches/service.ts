import { and, eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import type { RegistrationExtension } from '../devices/register.js';

/** Letters and digits that cannot be mistaken for each other on a printed sheet (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A batch's auth code: 8 characters of the sheet's alphabet (31⁸ ≈ 8.5·10¹¹). */
export const newAuthCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A batch number: the day (UTC) and six random digits, e.g. `20261126-048213`. */
export const newBatchNo = (now = new Date()) => `${now.toISOString().slice(0, 10).replaceAll('-', '')}-${String(randomInt(1_000_000)).padStart(6, '0')}`;

/**
 * The registration of a TV through a batch (`batchCode` with the hotel's install code): the batch of
 * that hotel with that auth code, locked for the registration's transaction so concurrent TVs count
 * one after another. While `registered` is below `maxTerminals` the TV is authorized and counted;
 * past it, it registers unauthorized with the reason `batches.full`. A code without an install code,
 * or one that names no batch of the hotel, is a 422 on `batchCode`.
 */
export const batchRegistration: RegistrationExtension = async (tx: Db, { input, hotel }) => {
  const code = input.batchCode?.trim().toUpperCase();
  if (!code) return null;
  if (!hotel) throw invalidFields({ installCode: { key: 'batches.needsInstallCode' } });
  const batches = recordTables.batchMachine!;
  const [batch] = await tx
    .select({ id: batches.id, batchNo: batches.batchNo, max: batches.maxTerminals, registered: batches.registered })
    .from(batches)
    .where(and(eq(batches.authCode, code), eq(batches.hotelId, hotel.id)))
    .for('update');
  if (!batch) throw invalidFields({ batchCode: { key: 'batches.badAuthCode' } });
  const detail = `batch ${batch.batchNo as string}`;
  const max = batch.max as number;
  if ((batch.registered as number) >= max) return { authorize: false, detail, reason: { key: 'batches.full', params: { max } } };
  return {
    authorize: true,
    detail,
    granted: async (db) => {
      await db.update(batches).set({ registered: sql`${batches.registered} + 1`, updatedAt: new Date() }).where(eq(batches.id, batch.id));
    },
  };
};
