import type { FileType } from '@htv/shared';
import { imageSize } from 'image-size';

/**
 * File types by content (magic bytes), never by the name's extension. `detectType` reads the first
 * bytes; a zip is told apart from an apk or an xlsx by its entry names (`zipKind`, on the names the
 * archive inspector read from the central directory).
 */

/** Bytes `detectType` wants to see before deciding (less is fine when the file is shorter). */
export const SNIFF_BYTES = 4096;

/** Content-Type stored with and served for each type. */
export const MIME: Record<FileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  ogg: 'video/ogg',
  flv: 'video/x-flv',
  rmvb: 'application/vnd.rn-realmedia-vbr',
  ts: 'video/mp2t',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  zip: 'application/zip',
  apk: 'application/vnd.android.package-archive',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  raw: 'application/octet-stream',
};

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));
const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP_LOCAL = 0x04034b50;
const ZIP_EMPTY = 0x06054b50;
const BMP_DIB_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);
/** QuickTime files without an `ftyp` box start with one of these atoms. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** MPEG transport stream: a 0x47 sync byte at the start of every packet (188 bytes, or 192 with a timecode). */
function isTransportStream(buf: Uint8Array): boolean {
  for (const [packet, offset] of [
    [188, 0],
    [192, 4],
  ] as const) {
    const packets = Math.min(8, Math.floor((buf.length - offset) / packet));
    if (packets < 2) continue;
    let all = true;
    for (let i = 0; i < packets && all; i++) all = buf[offset + i * packet] === 0x47;
    if (all) return true;
  }
  return false;
}

/** ISO base media (mp4, or m4a for audio-only brands) or QuickTime (mov), from the first box. */
function isoMediaType(buf: Uint8Array): 'mp4' | 'm4a' | 'mov' | null {
  if (buf.length < 12) return null;
  const box = ascii(buf, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (brand === 'qt  ') return 'mov';
    if (brand === 'M4A ' || brand === 'M4B ') return 'm4a';
    // HEIF/AVIF images are ISO media too, but not video.
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return null;
    return 'mp4';
  }
  return QUICKTIME_ATOMS.has(box) ? 'mov' : null;
}

/**
 * MPEG audio after an optional ID3v2 tag: an MPEG-1/2/2.5 layer III frame header (mp3), or an ADTS
 * header (aac: layer bits 00). Two frames must follow each other when the sniffed bytes hold both,
 * so random bytes starting with 0xFF are not taken for audio.
 */
function mpegAudioType(buf: Buffer): 'mp3' | 'aac' | null {
  let at = 0;
  if (buf.length >= 10 && ascii(buf, 0, 3) === 'ID3') {
    at = 10 + (((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f));
    // A tag (cover art) longer than the sniffed bytes: the tag itself is the evidence.
    if (at + 4 > buf.length) return buf.length >= SNIFF_BYTES ? 'mp3' : null;
  }
  if (buf.length < at + 4 || buf[at] !== 0xff) return null;
  const b1 = buf[at + 1]!;
  if ((b1 & 0xf6) === 0xf0) return (buf[at + 2]! >> 2 & 0x0f) < 13 ? 'aac' : null;
  if ((b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1 || ((b1 >> 3) & 3) === 1) return null;
  const bitrate = buf[at + 2]! >> 4;
  const rate = (buf[at + 2]! >> 2) & 3;
  return bitrate > 0 && bitrate < 15 && rate < 3 ? 'mp3' : null;
}

/** Font files by their sfnt version or WOFF signature. */
function fontType(buf: Buffer): 'ttf' | 'otf' | 'woff' | 'woff2' | null {
  if (buf.length < 12) return null;
  const tag = ascii(buf, 0, 4);
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'OTTO') return 'otf';
  // TrueType: version 1.0 or 'true', then a table count that a real font keeps small.
  const tables = buf.readUInt16BE(4);
  if ((buf.readUInt32BE(0) === 0x00010000 || tag === 'true') && tables > 0 && tables < 100) return 'ttf';
  return null;
}

/** The type of a file from its first bytes; `zip` for any zip archive (see `zipKind`); null when unknown. */
export function detectType(head: Uint8Array): FileType | null {
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (startsWith(buf, PNG)) return 'png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(ascii(buf, 0, 6))) return 'gif';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF') {
    const form = ascii(buf, 8, 12);
    if (form === 'WEBP') return 'webp';
    if (form === 'AVI ') return 'avi';
    if (form === 'WAVE') return 'wav';
    return null;
  }
  if (buf.length >= 26 && ascii(buf, 0, 2) === 'BM' && BMP_DIB_SIZES.has(buf.readUInt32LE(14))) return 'bmp';
  if (buf.length >= 4) {
    const sig = buf.readUInt32LE(0);
    if (sig === ZIP_LOCAL || sig === ZIP_EMPTY) return 'zip';
  }
  if (buf.length >= 4 && ascii(buf, 0, 4) === 'OggS') return 'ogg';
  if (buf.length >= 4 && ascii(buf, 0, 4) === 'fLaC') return 'flac';
  if (buf.length >= 4 && ascii(buf, 0, 3) === 'FLV' && buf[3] === 0x01) return 'flv';
  if (buf.length >= 4 && ascii(buf, 0, 4) === '.RMF') return 'rmvb';
  const media = isoMediaType(buf);
  if (media) return media;
  if (isTransportStream(buf)) return 'ts';
  return fontType(buf) ?? mpegAudioType(buf);
}

export const ZIP_TYPES: readonly FileType[] = ['zip', 'apk', 'xlsx'];

/** apk (has AndroidManifest.xml), xlsx ([Content_Types].xml and xl/ entries) or a plain zip. */
export function zipKind(names: ReadonlySet<string>): 'zip' | 'apk' | 'xlsx' {
  if (names.has('AndroidManifest.xml')) return 'apk';
  if (names.has('[Content_Types].xml') && [...names].some((name) => name.startsWith('xl/'))) return 'xlsx';
  return 'zip';
}

/** Pixel size of an image from its leading bytes, or null when it cannot be read. */
export function imageDimensions(head: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(head);
    if (!size.width || !size.height) return null;
    return { width: size.width, height: size.height };
  } catch {
    return null;
  }
}
