import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip written as a stream: small entries deflated from memory, file entries stored (pictures and
 * video are compressed already) and read twice, once for their CRC and once for their bytes, so every
 * header carries its real sizes and no data descriptors are needed (the archive inspector and every
 * reader agree on it). Plain zip: at most 65535 entries and 4 GB, which exports stay far below.
 */
export type ZipEntry = { name: string; data: Buffer } | { name: string; size: number; open: () => AsyncIterable<Buffer> };

const DEFLATED = 8;
const STORED = 0;
/** General purpose flag: names are UTF-8. */
const UTF8 = 0x800;

function localHeader(name: Buffer, method: number, crc: number, compressed: number, size: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(UTF8, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(crc >>> 0, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(name: Buffer, method: number, crc: number, compressed: number, size: number, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(UTF8, 8);
  header.writeUInt16LE(method, 10);
  header.writeUInt32LE(crc >>> 0, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

export async function* zipStream(entries: readonly ZipEntry[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if ('data' in entry) {
      const compressed = deflateRawSync(entry.data);
      const crc = crc32(entry.data);
      const local = localHeader(name, DEFLATED, crc, compressed.length, entry.data.length);
      central.push(centralHeader(name, DEFLATED, crc, compressed.length, entry.data.length, offset));
      yield local;
      yield compressed;
      offset += local.length + compressed.length;
      continue;
    }
    let crc = 0;
    for await (const chunk of entry.open()) crc = crc32(chunk, crc);
    const local = localHeader(name, STORED, crc, entry.size, entry.size);
    central.push(centralHeader(name, STORED, crc, entry.size, entry.size, offset));
    yield local;
    let written = 0;
    for await (const chunk of entry.open()) {
      written += chunk.length;
      yield chunk;
    }
    // The bytes changed between the two reads: the archive would be damaged.
    if (written !== entry.size) throw new Error(`zip entry ${entry.name} changed while it was written`);
    offset += local.length + entry.size;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
