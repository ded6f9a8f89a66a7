/**
 * A reader of an APK's compiled resource table (`resources.arsc`), enough to turn a manifest's
 * resource reference (the app icon, `@0x7f0d0000`) into the files it names, one per configuration.
 * Every offset and count is checked against the buffer: a hostile table yields nothing, never a loop
 * or a read past its end.
 */

const RES_STRING_POOL = 0x0001;
const RES_TABLE = 0x0002;
const RES_TABLE_PACKAGE = 0x0200;
const RES_TABLE_TYPE = 0x0201;
const UTF8_FLAG = 1 << 8;
const NO_ENTRY = 0xffffffff;
const FLAG_COMPLEX = 0x0001;
const FLAG_COMPACT = 0x0008;
const TYPE_SPARSE = 0x01;
const TYPE_OFFSET16 = 0x02;
const VALUE_REFERENCE = 0x01;
const VALUE_STRING = 0x03;
/** Chunks read at most (a table's real count is in the thousands). */
const MAX_CHUNKS = 100_000;

/** One value of a resource in one configuration: a file path (string) or another resource. */
export interface ResourceValue {
  /** Screen density of the configuration (0: any; 0xfffe none, 0xffff any density). */
  density: number;
  kind: 'string' | 'reference';
  /** The path, or the referenced id. */
  value: string | number;
}

class Reader {
  constructor(readonly buf: Buffer) {}
  fits(at: number, length: number) {
    return Number.isInteger(at) && at >= 0 && length >= 0 && at + length <= this.buf.length;
  }
  u8(at: number) {
    if (!this.fits(at, 1)) throw new RangeError('arsc');
    return this.buf.readUInt8(at);
  }
  u16(at: number) {
    if (!this.fits(at, 2)) throw new RangeError('arsc');
    return this.buf.readUInt16LE(at);
  }
  u32(at: number) {
    if (!this.fits(at, 4)) throw new RangeError('arsc');
    return this.buf.readUInt32LE(at);
  }
}

/** The chunks inside [from, to): each its type, start, header size and size (tiling the span). */
function* chunks(r: Reader, from: number, to: number): Generator<{ type: number; at: number; header: number; size: number }> {
  let at = from;
  for (let n = 0; at + 8 <= to && n < MAX_CHUNKS; n++) {
    const type = r.u16(at);
    const header = r.u16(at + 2);
    const size = r.u32(at + 4);
    if (size < 8 || header < 8 || header > size || at + size > to) return;
    yield { type, at, header, size };
    at += size;
  }
}

/** String `index` of the pool chunk at `at` (UTF-8 or UTF-16), or null. */
function poolString(r: Reader, at: number, index: number): string | null {
  const count = r.u32(at + 8);
  const flags = r.u32(at + 16);
  const stringsStart = r.u32(at + 20);
  const header = r.u16(at + 2);
  if (index < 0 || index >= count) return null;
  const offset = r.u32(at + header + index * 4);
  let p = at + stringsStart + offset;
  if (flags & UTF8_FLAG) {
    p += r.u8(p) & 0x80 ? 2 : 1; // the length in characters, unused
    const long = (r.u8(p) & 0x80) !== 0;
    const bytes = long ? ((r.u8(p) & 0x7f) << 8) | r.u8(p + 1) : r.u8(p);
    p += long ? 2 : 1;
    return r.fits(p, bytes) ? r.buf.toString('utf8', p, p + bytes) : null;
  }
  const long = (r.u16(p) & 0x8000) !== 0;
  const units = long ? ((r.u16(p) & 0x7fff) << 16) | r.u16(p + 2) : r.u16(p);
  p += long ? 4 : 2;
  return r.fits(p, units * 2) ? r.buf.toString('utf16le', p, p + units * 2) : null;
}

/** The entry offset of `index` in a type chunk, or null when the configuration has no such entry. */
function entryOffset(r: Reader, at: number, header: number, flags: number, count: number, index: number): number | null {
  if (flags & TYPE_SPARSE) {
    // Sorted (index, offset / 4) pairs.
    for (let i = 0; i < count; i++) {
      const idx = r.u16(at + header + i * 4);
      if (idx === index) return r.u16(at + header + i * 4 + 2) * 4;
      if (idx > index) return null;
    }
    return null;
  }
  if (index >= count) return null;
  if (flags & TYPE_OFFSET16) {
    const offset = r.u16(at + header + index * 2);
    return offset === 0xffff ? null : offset * 4;
  }
  const offset = r.u32(at + header + index * 4);
  return offset === NO_ENTRY ? null : offset;
}

/**
 * The values of resource `id` in every configuration of the table (none when the table cannot be
 * read or does not hold it).
 */
export function resourceValues(arsc: Buffer, id: number): ResourceValue[] {
  const r = new Reader(arsc);
  const packageId = (id >>> 24) & 0xff;
  const typeId = (id >>> 16) & 0xff;
  const index = id & 0xffff;
  const out: ResourceValue[] = [];
  try {
    if (r.u16(0) !== RES_TABLE) return [];
    const tableHeader = r.u16(2);
    const tableSize = Math.min(r.u32(4), arsc.length);
    let globalPool: number | null = null;
    for (const top of chunks(r, tableHeader, tableSize)) {
      if (top.type === RES_STRING_POOL && globalPool === null) globalPool = top.at;
      if (top.type !== RES_TABLE_PACKAGE || r.u32(top.at + 8) !== packageId || globalPool === null) continue;
      for (const part of chunks(r, top.at + top.header, top.at + top.size)) {
        if (part.type !== RES_TABLE_TYPE || r.u8(part.at + 8) !== typeId) continue;
        const flags = r.u8(part.at + 9);
        const count = r.u32(part.at + 12);
        const entriesStart = r.u32(part.at + 16);
        // ResTable_config starts at +20: size, mcc, mnc, language, country, orientation, touchscreen, density.
        const density = r.u32(part.at + 20) >= 16 ? r.u16(part.at + 34) : 0;
        const offset = entryOffset(r, part.at, part.header, flags, count, index);
        if (offset === null) continue;
        const entry = part.at + entriesStart + offset;
        const entryFlags = r.u16(entry + 2);
        let dataType: number;
        let data: number;
        if (entryFlags & FLAG_COMPACT) {
          dataType = entryFlags >>> 8;
          data = r.u32(entry + 4);
        } else {
          if (entryFlags & FLAG_COMPLEX) continue;
          const valueAt = entry + r.u16(entry);
          dataType = r.u8(valueAt + 3);
          data = r.u32(valueAt + 4);
        }
        if (dataType === VALUE_STRING) {
          const path = poolString(r, globalPool, data);
          if (path !== null) out.push({ density, kind: 'string', value: path });
        } else if (dataType === VALUE_REFERENCE) {
          out.push({ density, kind: 'reference', value: data });
        }
      }
    }
  } catch {
    return [];
  }
  return out;
}

/** Densities ranked for an icon: the real ones by size, "any" and "none" after them. */
const densityRank = (density: number) => (density === 0 || density >= 0xfffe ? 0 : density);

/**
 * The files resource `id` names, densest first, following references (an adaptive icon's alias) at
 * most `depth` times.
 */
export function resourcePaths(arsc: Buffer, id: number, depth = 3): string[] {
  const values = resourceValues(arsc, id).sort((a, b) => densityRank(b.density) - densityRank(a.density));
  const paths: string[] = [];
  for (const value of values) {
    if (value.kind === 'string') paths.push(value.value as string);
    else if (depth > 0) paths.push(...resourcePaths(arsc, value.value as number, depth - 1));
  }
  return [...new Set(paths)];
}
