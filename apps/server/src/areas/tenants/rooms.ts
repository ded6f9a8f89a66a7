import { int, records, text, translate, type FieldDef, type Lang } from '@htv/shared';
import { MAX_BULK_ROOMS, ROOM_NUMBER_MAX, ROOM_NUMBER_PATTERN, roomNumbersOfRange, roomRangeCount } from '@htv/shared/areas/tenants/records';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { rooms } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { excelEmpty, readSheet } from '../../files/excel.js';
import { writeOpLog } from '../oplog/log.js';
import type { HotelRow } from './reach.js';

/**
 * Rooms in bulk: a range of floors × room numbers, or the rows of an Excel sheet. At most
 * MAX_BULK_ROOMS at once, all or nothing: numbers repeated in the input or already in the hotel are
 * reported (422) and nothing is created.
 */

export interface NewRoom {
  number: string;
  floor?: string | null;
  building?: string | null;
  roomType?: string | null;
  remark?: string | null;
}

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** Fields of the range form (`POST /api/hotels/:id/rooms/bulk`): labels and bounds for messages. */
export const BULK_FIELDS = {
  prefix: text({
    label: t('前缀', 'Prefix'),
    max: 8,
    pattern: { regex: ROOM_NUMBER_PATTERN, message: 'tenants.roomNumberChars' },
    help: t('如 A 或 B-，加在房间号前', 'e.g. A or B-, put before each number'),
  }),
  floorFrom: int({ label: t('起始楼层', 'First floor'), required: true, min: 1, max: 200 }),
  floorTo: int({ label: t('结束楼层', 'Last floor'), required: true, min: 1, max: 200 }),
  roomFrom: int({ label: t('起始房号', 'First room'), required: true, min: 0, max: 999 }),
  roomTo: int({ label: t('结束房号', 'Last room'), required: true, min: 0, max: 999 }),
  roomDigits: int({ label: t('房号位数', 'Room digits'), min: 1, max: 3, default: 2, help: t('不足位数时补0，如 2 位：201', 'Zero-padded, e.g. 2 digits: 201') }),
  building: text({ label: t('楼栋', 'Building'), max: 20 }),
  roomType: text({ label: t('房型', 'Room type'), max: 20 }),
} satisfies Record<string, FieldDef>;

export const bulkBody = z.strictObject(Object.fromEntries(Object.entries(BULK_FIELDS).map(([name, field]) => [name, field.schema])) as { [K in keyof typeof BULK_FIELDS]: (typeof BULK_FIELDS)[K]['schema'] });
export type BulkBody = z.infer<typeof bulkBody>;

/** The rooms of a range (`roomNumbersOfRange`), each on its floor with the range's building and room type. */
export function roomsOfRange(body: BulkBody): NewRoom[] {
  if (body.floorTo < body.floorFrom) throw invalidFields({ floorTo: { key: 'tenants.rangeOrder' } });
  if (body.roomTo < body.roomFrom) throw invalidFields({ roomTo: { key: 'tenants.rangeOrder' } });
  assertCap(roomRangeCount(body), 'roomTo');
  return roomNumbersOfRange(body).flatMap(({ floor, numbers }) =>
    numbers.map((number) => ({ number, floor: String(floor), building: body.building ?? null, roomType: body.roomType ?? null })),
  );
}

function assertCap(count: number, field: string): void {
  if (count > MAX_BULK_ROOMS) {
    const params = { max: MAX_BULK_ROOMS, count };
    throw new AppError('validation', 'tenants.roomBulkCap', params, (lang: Lang) => ({ [field]: [translate('tenants.roomBulkCap', lang, params)] }));
  }
}

// --- Excel --------------------------------------------------------------------------------------

const HEADERS: Record<keyof NewRoom, RegExp> = {
  number: /^(房间号|房号|room\s*(no\.?|number)|number)$/i,
  floor: /^(楼层|floor)$/i,
  building: /^(楼栋|楼号|building)$/i,
  roomType: /^(房型|房间类型|room\s*type|type)$/i,
  remark: /^(备注|remarks?|note)$/i,
};
/** The columns of a sheet without a header row, and of the template. */
const POSITIONAL: (keyof NewRoom)[] = ['number', 'floor', 'building', 'roomType', 'remark'];
const LIMITS: Record<keyof NewRoom, number> = { number: ROOM_NUMBER_MAX, floor: 10, building: 20, roomType: 20, remark: 100 };

/**
 * Rooms from the first sheet of an .xlsx workbook. Columns: room number, floor, building, room type,
 * remark — in that order, or in any order under a header row naming them (房间号/Room number, 楼层/Floor,
 * 楼栋/Building, 房型/Room type, 备注/Remark). Anything that is not an .xlsx file answers "Only Excel
 * upload is supported"; rows with an invalid value are reported by their row number.
 */
export async function roomsOfWorkbook(bytes: Buffer, field = 'file'): Promise<NewRoom[]> {
  const rows = await readSheet(bytes, field);
  let columns: (keyof NewRoom | undefined)[] = POSITIONAL;
  const first = rows[0]!.cells;
  if (first.some((cell) => HEADERS.number.test(cell))) {
    columns = first.map((cell) => (Object.keys(HEADERS) as (keyof NewRoom)[]).find((name) => HEADERS[name].test(cell)));
    rows.shift();
  }
  if (!rows.length) throw excelEmpty(field);
  assertCap(rows.length, field);

  const bad: number[] = [];
  const out: NewRoom[] = [];
  for (const { index, cells } of rows) {
    const room: Record<string, string | null> = {};
    let ok = true;
    columns.forEach((name, i) => {
      if (!name) return;
      const value = cells[i] ?? '';
      if (value.length > LIMITS[name]) ok = false;
      room[name] = value || null;
    });
    if (!room.number || !ROOM_NUMBER_PATTERN.test(room.number)) ok = false;
    if (!ok) bad.push(index);
    else out.push(room as unknown as NewRoom);
  }
  if (bad.length) {
    const shown = bad.slice(0, 20).join(', ') + (bad.length > 20 ? ' …' : '');
    throw invalidFields({ [field]: { key: 'tenants.roomBadRows', params: { rows: shown } } });
  }
  return out;
}

/**
 * The import template: a first sheet with the header row in `lang` (the room fields' labels, which the
 * importer recognises in either language) and an example row. Every column is text, so Excel keeps the
 * leading zeros of numbers such as 0801.
 */
export async function roomTemplate(lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate('tenants.roomTemplateSheet', lang));
  sheet.columns = POSITIONAL.map((name) => ({ header: records.room.fields[name].label[lang], key: name, width: name === 'remark' ? 40 : 16, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({ number: '0801', floor: '8', building: 'A', roomType: translate('tenants.roomTemplateType', lang), remark: translate('tenants.roomTemplateRemark', lang) });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// --- creation -----------------------------------------------------------------------------------

/**
 * Creates the rooms in the hotel in one transaction, or none: numbers repeated in the input or
 * already used in the hotel answer 422 `tenants.roomDuplicates` with every such number in
 * `errors.duplicates`. One operation-log row sums the batch.
 */
export async function createRooms(db: Db, actor: Actor, hotel: HotelRow, list: NewRoom[], action: 'room_bulk_create' | 'room_import', ip?: string): Promise<{ created: number; first: string | null; last: string | null }> {
  assertCap(list.length, 'file');
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const room of list) {
    if (seen.has(room.number)) repeated.add(room.number);
    seen.add(room.number);
  }
  const run = db.transaction(async (tx) => {
    const numbers = [...seen];
    const existing: string[] = [];
    for (let i = 0; i < numbers.length; i += 1000) {
      const chunk = numbers.slice(i, i + 1000);
      const found = await tx.select({ number: rooms.number }).from(rooms).where(and(eq(rooms.hotelId, hotel.id), inArray(rooms.number, chunk)));
      existing.push(...found.map((f) => f.number));
    }
    const duplicates = [...new Set([...repeated, ...existing])];
    if (duplicates.length) {
      const params = { count: duplicates.length, numbers: duplicates.slice(0, 20).join(', ') + (duplicates.length > 20 ? ' …' : '') };
      throw new AppError('validation', 'tenants.roomDuplicates', params, { duplicates });
    }
    for (let i = 0; i < list.length; i += 500) {
      await tx.insert(rooms).values(
        list.slice(i, i + 500).map((room) => ({
          brandId: hotel.brandId,
          hotelId: hotel.id,
          number: room.number,
          floor: room.floor ?? null,
          building: room.building ?? null,
          roomType: room.roomType ?? null,
          remark: room.remark ?? null,
          createdBy: actor.userId,
        })),
      );
    }
    const summary = { created: list.length, first: list[0]?.number ?? null, last: list.at(-1)?.number ?? null };
    // The object of a bulk creation is the hotel whose rooms it made.
    await writeOpLog(tx, actor, { action, recordType: 'hotel', recordId: hotel.id, after: { hotelId: hotel.id, ...summary } }, ip);
    return summary;
  });
  return run.catch((error: unknown) => {
    // A concurrent creation took a number between the check and the insert.
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause?.code === '23505') throw invalidFields({ number: { key: 'error.duplicate', params: { field: records.room.fields.number.label } } });
    throw error;
  });
}
