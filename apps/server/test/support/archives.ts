import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** Compressed bytes of an entry with the size and CRC of what they inflate to. */
export interface Deflated {
  bytes: Buffer;
  size: number;
  crc: number;
}

/** Deflates the pieces as they come (a bomb's gigabytes never sit in memory). */
export async function deflatedStream(pieces: Iterable<Uint8Array>): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    size += piece.length;
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}

/** `head`, then `piece` `times` over, then `tail`. */
export function* repeated(head: string, piece: string | ((i: number) => string), times: number, tail: string): Generator<Buffer> {
  yield Buffer.from(head);
  const batch = 1000;
  for (let i = 0; i < times; i += batch) {
    const parts: string[] = [];
    for (let j = i; j < Math.min(times, i + batch); j++) parts.push(typeof piece === 'string' ? piece : piece(j));
    yield Buffer.from(parts.join(''));
  }
  yield Buffer.from(tail);
}

export interface ArchiveEntrySpec {
  name: string;
  /** Content, deflated unless `store`; or ready-made compressed bytes. */
  data: Buffer | string | Deflated;
  store?: boolean;
  /** The uncompressed size the local header and the directory claim (default: the real one). */
  declaredSize?: number;
}

/** A zip archive with deflated (or stored) entries, its headers exactly as stated. */
export function zipArchive(entries: ArchiveEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const deflated: Deflated =
      typeof spec.data === 'string' || Buffer.isBuffer(spec.data)
        ? (() => {
            const raw = Buffer.from(spec.data);
            return { bytes: spec.store ? raw : deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
          })()
        : spec.data;
    const method = spec.store ? 0 : 8;
    const size = spec.declaredSize ?? deflated.size;
    const name = Buffer.from(spec.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(deflated.crc, 14);
    local.writeUInt32LE(deflated.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(deflated.crc, 16);
    central.writeUInt32LE(deflated.bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated.bytes);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** The XML of a worksheet from the XML of its rows. */
export const sheetXml = (rows: string) => `${SHEET_HEAD}${rows}${SHEET_TAIL}`;

/** A worksheet of `times` rows made by `row` (XML), deflated as it is generated. */
export const deflatedSheet = (row: string | ((i: number) => string), times: number) => deflatedStream(repeated(SHEET_HEAD, row, times, SHEET_TAIL));

/** A minimal .xlsx workbook around one worksheet (and an optional shared string table). */
export function xlsxArchive(sheet: ArchiveEntrySpec['data'], options: { declaredSize?: number; sharedStrings?: string[] } = {}): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const entries: ArchiveEntrySpec[] = [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    },
    {
      name: 'xl/workbook.xml',
      data: '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="MAC" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: options.declaredSize },
  ];
  if (options.sharedStrings) {
    const items = options.sharedStrings.map((text) => `<si><t>${escape(text)}</t></si>`).join('');
    entries.push({ name: 'xl/sharedStrings.xml', data: `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items}</sst>` });
  }
  return zipArchive(entries);
}
