import { deflateSync } from 'node:zlib';

/**
 * Tiny encoders for test files with exact pixel sizes and real bytes: PNG (zlib deflate), BMP
 * (uncompressed 24-bit), a baseline JPEG any decoder reads (one flat grey, every 8x8 block a zero DC
 * difference and an end-of-block), plus minimal video and archive containers.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An uncompressed 24-bit BMP of one colour (bottom-up rows padded to 4 bytes). */
export function bmp(width: number, height: number, rgb: [number, number, number] = [30, 30, 200]): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowSize * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(rowSize * height, 34);
  const row = Buffer.alloc(rowSize);
  for (let x = 0; x < width; x++) row.set([rgb[2], rgb[1], rgb[0]], x * 3);
  return Buffer.concat([header, ...Array.from({ length: height }, () => row)]);
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/**
 * A baseline greyscale JPEG of mid grey. Both Huffman tables hold a single 1-bit code for symbol 0,
 * so each 8x8 block is two zero bits (DC difference 0, AC end-of-block). `app1Bytes` adds that much
 * metadata (APPn segments) before the frame header, pushing the pixel size further from the start.
 */
export function jpeg(width: number, height: number, opts: { app1Bytes?: number } = {}): Buffer {
  const jfif = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  // Metadata before the frame header, in segments of at most 64K (an Exif APP1, then APP2s).
  const app1: Buffer[] = [];
  for (let left = opts.app1Bytes ?? 0, first = true; left > 0; first = false) {
    const size = Math.min(left, 60_000);
    app1.push(segment(first ? 0xe1 : 0xe2, Buffer.concat([Buffer.from(first ? 'Exif\0\0' : 'ICC_PROFILE\0', 'latin1'), Buffer.alloc(size)])));
    left -= size;
  }
  const dqt = segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]));
  const sof = Buffer.alloc(9);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 1; // components
  sof[6] = 1; // component id
  sof[7] = 0x11; // sampling 1x1
  sof[8] = 0; // quantisation table 0
  const table = (tableClass: number) => Buffer.concat([Buffer.from([(tableClass << 4) | 0]), Buffer.from([1, ...Array(15).fill(0)]), Buffer.from([0])]);
  const dht = segment(0xc4, Buffer.concat([table(0), table(1)]));
  const sos = segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const data = Buffer.alloc(Math.ceil(bits / 8));
  const rest = bits % 8;
  if (rest) data[data.length - 1] = (1 << (8 - rest)) - 1; // pad the last byte with 1 bits
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, ...app1, dqt, segment(0xc0, sof), dht, sos, data, Buffer.from([0xff, 0xd9])]);
}

/** Bytes that start like an mp4 (an `ftyp` box) followed by `size` bytes in total. */
export function mp4(size: number): Buffer {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  buf.writeUInt32BE(0x200, 12);
  buf.write('isomiso2', 16, 'latin1');
  for (let i = 24; i < size; i++) buf[i] = (i * 31) & 0xff;
  return buf;
}

/** An MPEG transport stream of `packets` 188-byte packets (sync byte 0x47 each). */
export function transportStream(packets: number): Buffer {
  const buf = Buffer.alloc(packets * 188, 0xff);
  for (let i = 0; i < packets; i++) {
    buf[i * 188] = 0x47;
    buf[i * 188 + 1] = 0x1f;
    buf[i * 188 + 2] = 0xff;
    buf[i * 188 + 3] = 0x10;
  }
  return buf;
}

/** A zip archive (stored, uncompressed) of the given entries. */
export function zip(entries: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A multipart/form-data body with one file part (and optional text fields before it). */
export function multipartBody(file: { field?: string; name: string; type?: string; data: Buffer }, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----htvtest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
