import { records } from '@htv/shared';
import { RATE_FIGURES } from '@htv/shared/areas/exchange/records';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { excelEmpty, readSheet, uploadedSpreadsheet } from '../../files/excel.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { invalidateConfig } from '../devices/config.js';
import { writeOpLog } from '../oplog/log.js';

/** Columns of the import, in the order a sheet without a header row has them. */
const COLUMNS = ['currency', 'name', 'nameEn', 'per', ...RATE_FIGURES] as const;
type Column = (typeof COLUMNS)[number];
/** Currencies one import may carry (a bank's board lists about thirty). */
export const EXCHANGE_IMPORT_MAX = 200;

const fields = records.exchangeRate.fields;
const normalize = (text: string) => text.replace(/\s+/g, '').toLowerCase();
/** A header cell names a column by its label in either language. */
const HEADERS = new Map<string, Column>(COLUMNS.flatMap((name) => Object.values(fields[name].label).map((label) => [normalize(label), name] as [string, Column])));

/**
 * Rates from the first sheet of an .xlsx workbook (docs/exchange.md, "Excel import"): columns
 * currency, currency name, English name, per, spot sell, spot buy, cash sell, cash buy, middle
 * price, in that order or in any order under a header row naming them (Chinese or English labels).
 * Each value is checked by the record's own field rules; rows with an invalid value or a repeated
 * currency are reported by their row number, and nothing is written.
 */
export async function ratesOfWorkbook(bytes: Buffer): Promise<Record<string, unknown>[]> {
  const rows = await readSheet(bytes);
  let columns: (Column | undefined)[] = [...COLUMNS];
  const first = rows[0]!.cells;
  if (first.some((cell) => HEADERS.get(normalize(cell)) === 'currency')) {
    columns = first.map((cell) => HEADERS.get(normalize(cell)));
    rows.shift();
  }
  if (!rows.length) throw excelEmpty();
  if (rows.length > EXCHANGE_IMPORT_MAX) throw invalidFields({ file: { key: 'exchange.tooManyRows', params: { max: EXCHANGE_IMPORT_MAX } } });
  const bad: number[] = [];
  const repeated: number[] = [];
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const { index, cells } of rows) {
    const rate: Record<string, unknown> = {};
    let valid = true;
    columns.forEach((name, i) => {
      if (!name) return;
      const raw = name === 'currency' ? (cells[i] ?? '').toUpperCase() : (cells[i] ?? '');
      const parsed = fields[name].schema.safeParse(raw);
      if (parsed.success) rate[name] = parsed.data;
      else valid = false;
    });
    if (!rate.currency || !rate.name) valid = false;
    if (!valid) bad.push(index);
    else if (seen.has(rate.currency as string)) repeated.push(index);
    else {
      seen.add(rate.currency as string);
      out.push(rate);
    }
  }
  const list = (numbers: number[]) => numbers.slice(0, 20).join(', ') + (numbers.length > 20 ? ' …' : '');
  if (bad.length) throw invalidFields({ file: { key: 'exchange.badRows', params: { rows: list(bad) } } });
  if (repeated.length) throw invalidFields({ file: { key: 'exchange.duplicateRows', params: { rows: list(repeated) } } });
  return out;
}

/**
 * `POST /api/web/exchange/import` (multipart `file`): the hotel's rates from Excel, all or nothing.
 * A currency the hotel lists already is updated (its figures replaced, its source Excel), a new one
 * added; the update time is the import's.
 */
export function registerExchangeImport(app: FastifyInstance, db: Db): void {
  app.post(
    '/api/web/exchange/import',
    {
      schema: { tags: ['exchange'], summary: 'Creates or updates the hotel’s exchange rates from an .xlsx sheet (multipart field `file`; all or nothing)' },
      config: { auth: { userTypes: [3], permission: 'exchangeRate.create' } },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.hotelId === null || actor.brandId === null) throw new AppError('forbidden', 'error.forbidden');
      const list = await ratesOfWorkbook(await uploadedSpreadsheet(request));
      const rates = recordTables.exchangeRate!;
      const now = new Date();
      const result = await db.transaction(async (tx) => {
        let created = 0;
        let updated = 0;
        for (const rate of list) {
          const values: Record<string, unknown> = { ...Object.fromEntries(COLUMNS.map((name) => [name, rate[name] ?? null])), per: (rate.per as number | undefined) ?? 100, source: 'excel', rateTime: now, fetchError: null };
          for (const name of RATE_FIGURES) values[name] = values[name] === null ? null : String(values[name]);
          const changed = await tx
            .update(rates)
            .set({ ...values, updatedAt: now })
            .where(and(eq(rates.hotelId, actor.hotelId!), sql`${rates.currency} = ${rate.currency}`))
            .returning({ id: rates.id });
          if (changed.length) updated++;
          else {
            await tx.insert(rates).values({ ...values, brandId: actor.brandId, hotelId: actor.hotelId, createdBy: actor.userId });
            created++;
          }
        }
        await writeOpLog(tx, actor, { action: 'exchange_import', recordType: 'exchangeRate', after: { created, updated, currencies: list.map((rate) => rate.currency) } }, request.ip);
        return { created, updated };
      });
      invalidateConfig({ hotelId: actor.hotelId });
      return ok(result);
    },
  );
}
