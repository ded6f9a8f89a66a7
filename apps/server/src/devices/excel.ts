import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { invalidFields } from '../http/errors.js';

/** Spreadsheets of MAC or SN lists: at most 10 MB (the `spreadsheet` upload rule's limit). */
const MAX_BYTES = 10 * 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const excelOnly = () => invalidFields({ file: { key: 'terminal.excelOnly' } });

/**
 * Reads the multipart field `file` as an .xlsx workbook and returns the text of the non-empty cells
 * of its first sheet, row by row. Anything that is not an .xlsx file (by content) answers 422 "Only
 * Excel upload is supported".
 */
export async function readUploadedCells(request: FastifyRequest): Promise<string[][]> {
  if (!request.isMultipart()) throw invalidFields({ file: { key: 'upload.required' } });
  const part = await request.file({ limits: { files: 1, fileSize: MAX_BYTES + 1 } });
  if (!part || part.fieldname !== 'file') throw invalidFields({ file: { key: 'upload.required' } });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw invalidFields({ file: { key: 'upload.tooLarge', params: { max: '10M' } } });
  }
  if (bytes.length > MAX_BYTES) throw invalidFields({ file: { key: 'upload.tooLarge', params: { max: '10M' } } });
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw excelOnly();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    throw excelOnly();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFields({ file: { key: 'terminal.excelEmpty' } });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell) => {
      const text = (cell.text ?? '').toString().trim();
      if (text) cells.push(text);
    });
    if (cells.length) rows.push(cells);
  });
  if (!rows.length) throw invalidFields({ file: { key: 'terminal.excelEmpty' } });
  return rows;
}

/**
 * Splits the cells into values that match the pattern (normalised, unique) and the rest. A first row
 * without any matching value is a header and is not reported.
 */
export function partitionCells(rows: readonly (readonly string[])[], pattern: RegExp, normalize: (v: string) => string): { values: string[]; invalid: string[] } {
  const values = new Set<string>();
  const invalid: string[] = [];
  rows.forEach((cells, index) => {
    const parts = cells.flatMap((cell) => cell.split(/[|,;\s]+/)).filter(Boolean);
    const good = parts.map(normalize).filter((v) => pattern.test(v));
    if (index === 0 && !good.length) return;
    for (const part of parts) {
      const value = normalize(part);
      if (pattern.test(value)) values.add(value);
      else invalid.push(part);
    }
  });
  return { values: [...values], invalid };
}
