import type { FastifyRequest } from 'fastify';
import { readSheet, uploadedSpreadsheet } from '../../files/excel.js';

/**
 * The text of the non-empty cells of the first sheet of the .xlsx file in the multipart field `file`,
 * row by row (`files/excel.ts`: bounded, and refusing anything that is not an .xlsx file with "Only
 * Excel upload is supported").
 */
export async function readUploadedCells(request: FastifyRequest): Promise<string[][]> {
  const rows = await readSheet(await uploadedSpreadsheet(request));
  return rows.map((row) => row.cells.filter(Boolean));
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
