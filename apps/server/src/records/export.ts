import { boolText, recordTitle, type FieldDef, type Lang, type RecordDef } from '@htv/shared';
import ExcelJS from 'exceljs';
import type { Row } from './engine.js';
import type { FastifyReply } from 'fastify';

const HEADERS: Record<string, Record<Lang, string>> = {
  id: { 'zh-CN': 'ID', 'en-US': 'ID' },
  createdAt: { 'zh-CN': '创建时间', 'en-US': 'Created at' },
};

function cell(field: FieldDef, name: string, row: Row, lang: Lang): unknown {
  const value = row[name];
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'choice':
      return field.options?.[value as string]?.[lang] ?? value;
    case 'bool':
      return boolText(field, value, lang);
    case 'ref':
      return row[`${name}Title`] ?? value;
    case 'files':
      return (value as unknown[]).length;
    case 'json':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** The list as the user sees it: the list columns with their labels, in the request language. */
export async function toXlsx(def: RecordDef, rows: Row[], lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.label[lang].slice(0, 31));
  const fields = Object.entries(def.fields).filter(([, f]) => f.list !== false);
  sheet.columns = [
    { header: HEADERS.id![lang], key: 'id', width: 8 },
    ...fields.map(([name, f]) => ({ header: f.label[lang], key: name, width: Math.min(40, Math.max(12, (f.max ?? 20) / 2)) })),
    { header: HEADERS.createdAt![lang], key: 'createdAt', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      id: row.id,
      // The title as the list shows it: in English, the English title where the row has one.
      ...Object.fromEntries(fields.map(([name, f]) => [name, name === def.titleField ? recordTitle(def, row, lang) : cell(f, name, row, lang)])),
      createdAt: row.createdAt instanceof Date ? row.createdAt : String(row.createdAt ?? ''),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A sheet of plain columns (statistics and reports): headers in the request language, then the rows. */
export async function tableXlsx(title: string, columns: { key: string; header: string; width?: number }[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends an .xlsx file as a download named `name` (the ASCII fallback is `fallback`). */
export function sendXlsx(reply: FastifyReply, file: Buffer, fallback: string, name: string) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fallback}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`)
    .send(file);
}
