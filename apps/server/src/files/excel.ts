import { uploadRules } from '@htv/shared';
import type { FastifyRequest } from 'fastify';
import { posix } from 'node:path';
import { invalidFields } from '../http/errors.js';
import { bufferSource, readArchive, type Archive } from './archive.js';
import { tooLarge, UploadRejected } from './check.js';
import { detectType, SNIFF_BYTES, zipKind } from './detect.js';

/**
 * The one Excel reader of the server (MAC and SN lists, MAC searches, room imports): the text of the
 * first sheet of an .xlsx workbook, row by row. The workbook goes through the archive inspector with
 * the `spreadsheet` rule's limits, and its XML is read as it inflates, 64 KB at a time with a turn of
 * the event loop in between, never as a whole document. What it keeps is bounded by SHEET_LIMITS.
 */

const RULE = uploadRules.spreadsheet;

/** Rows with content, cells (counted up to each row's last filled column) and characters kept. */
export const SHEET_LIMITS = { rows: 50_000, cells: 500_000, chars: 8_000_000 };
/** Excel's own limits: longer cells or further columns are not from a spreadsheet program. */
const MAX_CELL_CHARS = 32_767;
const MAX_COLUMNS = 16_384;
/** Longest tag, comment or processing instruction accepted. */
const MAX_MARKUP_CHARS = 64 * 1024;

export interface SheetRow {
  /** The row's number in the sheet (1-based). */
  index: number;
  /** Trimmed text by column (A = 0); '' where a cell is empty. */
  cells: string[];
}

export const excelOnly = (field = 'file') => invalidFields({ [field]: { key: 'upload.excelOnly' } });
export const excelEmpty = (field = 'file') => invalidFields({ [field]: { key: 'upload.excelEmpty' } });

/** Limits keep their own message; anything else wrong with the file is "Only Excel upload is supported". */
const SIZE_REFUSALS = new Set(['upload.tooLarge', 'upload.unpackedTooLarge', 'upload.tooManyEntries', 'upload.overCompressed', 'upload.sheetTooLarge']);
const sheetTooLarge = () => new UploadRejected('upload.sheetTooLarge', { rows: SHEET_LIMITS.rows, cells: SHEET_LIMITS.cells });
class NotExcel extends Error {}

/** The multipart field `file`, at most the spreadsheet rule's size. */
export async function uploadedSpreadsheet(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidFields({ file: { key: 'upload.required' } });
  const part = await request.file({ limits: { files: 1, fileSize: RULE.maxBytes + 1 } });
  if (!part || part.fieldname !== 'file') throw invalidFields({ file: { key: 'upload.required' } });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw tooLarge(RULE).toAppError();
  }
  if (bytes.length > RULE.maxBytes) throw tooLarge(RULE).toAppError();
  return bytes;
}

/**
 * The rows with content of the workbook's first sheet. Refusals are 422 on `field`: the size
 * messages for a file, an unpacked content or a sheet past the limits, "Only Excel upload is
 * supported" for anything that is not a readable .xlsx, "The Excel file contains no data" for an
 * empty sheet.
 */
export async function readSheet(bytes: Buffer, field = 'file'): Promise<SheetRow[]> {
  let rows: SheetRow[];
  try {
    rows = await sheetRows(bytes);
  } catch (error) {
    throw refusal(error, field);
  }
  if (!rows.length) throw excelEmpty(field);
  return rows;
}

function refusal(error: unknown, field: string): unknown {
  if (error instanceof UploadRejected) return SIZE_REFUSALS.has(error.key) ? error.toAppError(field) : excelOnly(field);
  if (error instanceof NotExcel) return excelOnly(field);
  return error;
}

async function sheetRows(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length > RULE.maxBytes) throw tooLarge(RULE);
  if (detectType(bytes.subarray(0, SNIFF_BYTES)) !== 'zip') throw new NotExcel();
  const archive = await readArchive(bufferSource(bytes), RULE.archive);
  if (zipKind(archive.names) !== 'xlsx') throw new NotExcel();

  let sheetId: string | undefined;
  await readXml(archive, 'xl/workbook.xml', (name, attrs) => {
    if (name === 'sheet' && sheetId === undefined) sheetId = attrs.id;
  });
  let sheetPath: string | undefined;
  let stringsPath = 'xl/sharedStrings.xml';
  await readXml(archive, 'xl/_rels/workbook.xml.rels', (name, attrs) => {
    if (name !== 'Relationship' || !attrs.Target) return;
    const target = attrs.Target.startsWith('/') ? attrs.Target.slice(1) : posix.normalize(`xl/${attrs.Target}`);
    if (attrs.Id === sheetId) sheetPath = target;
    if (attrs.Type?.endsWith('/sharedStrings')) stringsPath = target;
  });
  if (!sheetPath) throw new NotExcel();
  const strings = archive.entry(stringsPath) ? await sharedStrings(archive, stringsPath) : [];
  return cellsOf(archive, sheetPath, strings);
}

/** The shared string table: each `<si>`'s text runs, without phonetic guides (`<rPh>`). */
async function sharedStrings(archive: Archive, path: string): Promise<string[]> {
  const strings: string[] = [];
  let chars = 0;
  let current: string | null = null;
  let phonetic = false;
  let text: TextCapture | null = null;
  await readXml(
    archive,
    path,
    (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic = true;
      else if (name === 't' && current !== null && !phonetic) text = new TextCapture();
    },
    (name) => {
      if (name === 'rPh') phonetic = false;
      else if (name === 't' && text) {
        current += text.value();
        text = null;
      } else if (name === 'si' && current !== null) {
        chars += current.length;
        if (strings.length >= SHEET_LIMITS.cells || chars > SHEET_LIMITS.chars) throw sheetTooLarge();
        strings.push(current);
        current = null;
      }
    },
    (raw) => text?.add(raw),
  );
  return strings;
}

/** The rows of a worksheet, cell text as Excel shows it for strings, numbers, booleans and errors. */
async function cellsOf(archive: Archive, path: string, strings: readonly string[]): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let cellCount = 0;
  let chars = 0;
  let row: SheetRow | null = null;
  let rowIndex = 0;
  let column = -1;
  let type = 'n';
  let value = '';
  let inline = '';
  let phonetic = false;
  let text: TextCapture | null = null;
  let target: 'v' | 't' | null = null;

  const cellText = (): string => {
    switch (type) {
      case 's': {
        const shared = strings[Number(value)];
        if (shared === undefined || value.trim() === '') throw new NotExcel();
        return shared;
      }
      case 'inlineStr':
        return inline;
      case 'b':
        return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
      case 'str':
      case 'e':
        return value;
      default: {
        const number = Number(value);
        return value.trim() !== '' && Number.isFinite(number) ? String(number) : value;
      }
    }
  };

  await readXml(
    archive,
    path,
    (name, attrs) => {
      if (name === 'row') {
        rowIndex = attrs.r ? Number(attrs.r) : rowIndex + 1;
        if (!Number.isInteger(rowIndex) || rowIndex < 1) throw new NotExcel();
        row = { index: rowIndex, cells: [] };
        column = -1;
      } else if (name === 'c' && row) {
        column = attrs.r ? columnOf(attrs.r) : column + 1;
        type = attrs.t ?? 'n';
        value = '';
        inline = '';
      } else if (name === 'rPh') phonetic = true;
      else if (row && (name === 'v' || (name === 't' && !phonetic))) {
        text = new TextCapture();
        target = name;
      }
    },
    (name) => {
      if (name === 'rPh') phonetic = false;
      else if ((name === 'v' || name === 't') && text && target === name) {
        if (name === 'v') value = text.value();
        else inline += text.value();
        text = null;
        target = null;
      } else if (name === 'c' && row) {
        const shown = cellText().trim();
        if (!shown) return;
        if (shown.length > MAX_CELL_CHARS) throw new NotExcel();
        const cells: string[] = (row as SheetRow).cells;
        cellCount += Math.max(0, column + 1 - cells.length);
        chars += shown.length;
        if (cellCount > SHEET_LIMITS.cells || chars > SHEET_LIMITS.chars) throw sheetTooLarge();
        while (cells.length <= column) cells.push('');
        cells[column] = shown;
      } else if (name === 'row' && row) {
        if ((row as SheetRow).cells.length) {
          if (rows.length >= SHEET_LIMITS.rows) throw sheetTooLarge();
          rows.push(row);
        }
        row = null;
      }
    },
    (raw) => text?.add(raw),
  );
  return rows;
}

/** "AB12" → 27 (A = 0). */
function columnOf(reference: string): number {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference)?.[1];
  if (!letters) throw new NotExcel();
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  if (column > MAX_COLUMNS) throw new NotExcel();
  return column - 1;
}

/** The text of one element, gathered across chunks and decoded once, bounded in length. */
class TextCapture {
  private raw = '';
  add(piece: string) {
    this.raw += piece;
    // Entities take at most 10 characters each (`&#x10FFFF;`).
    if (this.raw.length > MAX_CELL_CHARS * 10) throw new NotExcel();
  }
  value(): string {
    return decodeEntities(this.raw);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? '';
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

type OpenHandler = (name: string, attrs: Record<string, string>) => void;
type CloseHandler = (name: string) => void;
type TextHandler = (raw: string) => void;

const TAG = /^<(\/?)([A-Za-z_][\w.:-]*)([^]*?)(\/?)>$/;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** Names without their namespace prefix (`x:row` → `row`, `r:id` → `id`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams one XML entry of the archive through a small tokenizer: element starts with their
 * attributes, element ends, and text between tags (handed on raw, in pieces). Comments, processing
 * instructions and CDATA are skipped; a DOCTYPE (entity definitions) or an over-long tag is refused.
 */
async function readXml(archive: Archive, path: string, onOpen: OpenHandler, onClose: CloseHandler = () => undefined, onText: TextHandler = () => undefined): Promise<void> {
  const entry = archive.entry(path);
  if (!entry) throw new NotExcel();
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  const scan = (input: string) => {
    const s = pending + input;
    let pos = 0;
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        if (pos < s.length) onText(s.slice(pos));
        pos = s.length;
        break;
      }
      if (lt > pos) onText(s.slice(pos, lt));
      pos = lt;
      if (s.indexOf('>', lt) < 0) break;
      const end = s.startsWith('<!--', lt) ? '-->' : s.startsWith('<![CDATA[', lt) ? ']]>' : s.startsWith('<?', lt) ? '?>' : '>';
      if (end === '>' && s[lt + 1] === '!') throw new NotExcel();
      const close = s.indexOf(end, lt + 1);
      if (close < 0) break;
      pos = close + end.length;
      if (end === ']]>') onText(s.slice(lt + 9, close).replace(/&/g, '&amp;').replace(/</g, '&lt;'));
      if (end !== '>') continue;
      const tag = TAG.exec(s.slice(lt, pos));
      if (!tag) throw new NotExcel();
      const [, closing, name, rest, empty] = tag as unknown as [string, string, string, string, string];
      if (closing) {
        onClose(local(name));
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const match of rest.matchAll(ATTRIBUTE)) attrs[local(match[1]!)] = decodeEntities(match[2] ?? match[3] ?? '');
      onOpen(local(name), attrs);
      if (empty) onClose(local(name));
    }
    pending = s.slice(pos);
    if (pending.length > MAX_MARKUP_CHARS) throw new NotExcel();
  };
  for await (const chunk of archive.open(entry)) scan(decoder.decode(chunk, { stream: true }));
  scan(decoder.decode());
}
