/**
 * Small but real media files built in tests (no encoder needed): an MP4 whose boxes state a video
 * track's size and length, MPEG-1 layer III frames, and a TrueType header.
 */

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const u32 = (...values: number[]) => {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeUInt32BE(v >>> 0, i * 4));
  return buf;
};
const u16 = (...values: number[]) => {
  const buf = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => buf.writeUInt16BE(v, i * 2));
  return buf;
};
const zeros = (n: number) => Buffer.alloc(n);
/** The identity matrix of mvhd and tkhd. */
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/**
 * An MP4 with one H.264 video track of `width` x `height` lasting `durationMs` (one sample of
 * placeholder bytes: enough for a container parser, not for a decoder).
 */
export function mp4Video(width: number, height: number, durationMs: number): Buffer {
  const sample = Buffer.from([0, 0, 0, 2, 0x09, 0x10]);
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, durationMs, 0x10000), u16(0x100), zeros(10), MATRIX, zeros(24), u32(2));
  const tkhd = box('tkhd', u32(3, 0, 0, 1, 0, durationMs), zeros(8), u16(0, 0, 0, 0), MATRIX, u32(width << 16, height << 16));
  const mdhd = box('mdhd', u32(0, 0, 0, 1000, durationMs), u16(0x55c4, 0));
  const hdlr = box('hdlr', u32(0, 0), Buffer.from('vide', 'latin1'), zeros(12), Buffer.from('VideoHandler\0', 'latin1'));
  const avcC = box('avcC', Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe1]), u16(4), Buffer.from([0x67, 0x42, 0xc0, 0x1e]), Buffer.from([1]), u16(4), Buffer.from([0x68, 0xce, 0x3c, 0x80]));
  const avc1 = box('avc1', zeros(6), u16(1), zeros(16), u16(width, height), u32(0x480000, 0x480000, 0), u16(1), zeros(32), u16(0x18, 0xffff), avcC);
  const stsd = box('stsd', u32(0, 1), avc1);
  const stts = box('stts', u32(0, 1, 1, durationMs));
  const stsc = box('stsc', u32(0, 1, 1, 1, 1));
  const stsz = box('stsz', u32(0, 0, 1, sample.length));
  const stco = (offset: number) => box('stco', u32(0, 1, offset));
  const build = (chunkOffset: number) => {
    const stbl = box('stbl', stsd, stts, stsc, stsz, stco(chunkOffset));
    const minf = box('minf', box('vmhd', u32(1), zeros(8)), box('dinf', box('dref', u32(0, 1), box('url ', u32(1)))), stbl);
    const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
    return box('moov', mvhd, trak);
  };
  const moovSize = build(0).length;
  const moov = build(ftyp.length + moovSize + 8);
  return Buffer.concat([ftyp, moov, box('mdat', sample)]);
}

/**
 * `frames` MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz (417 bytes each, silent side info): a
 * constant-bitrate mp3 lasting frames x 1152 / 44100 seconds.
 */
export function mp3Audio(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x44]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The offset table of a TrueType font (version 1.0, four tables) followed by `size` bytes in all. */
export function trueTypeHeader(size = 256): Buffer {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(0x00010000, 0);
  buf.writeUInt16BE(4, 4);
  buf.writeUInt16BE(64, 6);
  buf.writeUInt16BE(2, 8);
  buf.writeUInt16BE(0, 10);
  return buf;
}
