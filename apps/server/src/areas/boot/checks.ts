import { dimensionsText, formatBytes, uploadRules } from '@htv/shared';
import { ANIMATION_EXTRA_FILES, checkTsIni, parseAnimationDesc, type AnimationDesc, type Finding } from '@htv/shared/areas/boot/index';
import sharp from 'sharp';
import { readArchive, type ByteSource } from '../../files/archive.js';
import { UploadFindings, UploadRejected } from '../../files/check.js';
import { addContentCheck, type StoredUpload } from '../../files/content-checks.js';
import type { Storage } from '../../files/storage.js';
import { probeMedia } from '../material/media.js';

/**
 * The boot rules' content checks (docs/boot.md, "Upload checks"), run on the stored bytes after the
 * upload inspector passed them: logos decoded pixel by pixel, the boot video's resolution read from
 * its stream, ts.ini read line by line, and every frame of an animation decoded and sized.
 */

/** "Under 2K": at most 2048 pixels on the longer side and 1152 on the shorter (2K DCI width at 16:9). */
export const VIDEO_MAX_LONG = 2048;
export const VIDEO_MAX_SHORT = 1152;
/** Pixels a boot picture or frame may decode to (4096x4096): a small PNG cannot claim gigabytes of pixels. */
const MAX_DECODED_PIXELS = 4096 * 4096;
/** Bytes per pixel a raw boot logo may have: RGB565, RGB888, ARGB8888. */
const RAW_PIXEL_BYTES = [2, 3, 4];

async function readStored(storage: Storage, key: string, start = 0, end?: number): Promise<Buffer> {
  const stored = await storage.get(key, end === undefined ? undefined : { start, end });
  if (!stored) throw new Error(`stored bytes missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stored file as random-access bytes (archives are read from their end). */
function storedSource(storage: Storage, upload: StoredUpload): ByteSource {
  return { size: upload.size, read: (offset, length) => (length <= 0 ? Promise.resolve(Buffer.alloc(0)) : readStored(storage, upload.key, offset, offset + length - 1)) };
}

/** Decodes every pixel: a file whose header is fine but whose pixel data is cut or corrupt is refused. */
async function decode(bytes: Buffer, refusal: () => UploadRejected): Promise<{ width: number; height: number }> {
  try {
    const { info } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_DECODED_PIXELS }).raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height };
  } catch {
    throw refusal();
  }
}

const logoPixels = () => new UploadRejected('boot.logoPixels');

async function checkJpegLogo(upload: StoredUpload, storage: Storage) {
  const size = await decode(await readStored(storage, upload.key), logoPixels);
  if (size.width !== upload.width || size.height !== upload.height) throw logoPixels();
}

/**
 * A bmp's pixel array must be all there (uncompressed 16, 24 or 32 bits, rows padded to 4 bytes); a
 * raw file has no header, so its size must be the pixels of an allowed size at 2, 3 or 4 bytes each.
 */
async function checkBitmapLogo(upload: StoredUpload, storage: Storage) {
  const rule = uploadRules.bootLogoBitmap;
  if (upload.type === 'raw') {
    const match = rule.dimensions.find((d) => RAW_PIXEL_BYTES.some((bytes) => d.width * d.height * bytes === upload.size));
    if (!match) throw new UploadRejected('upload.badDimensions', { sizes: dimensionsText(rule) });
    return { width: match.width, height: match.height };
  }
  const header = await readStored(storage, upload.key, 0, 53);
  if (header.length < 54) throw logoPixels();
  const offset = header.readUInt32LE(10);
  const width = header.readInt32LE(18);
  const height = Math.abs(header.readInt32LE(22));
  const bits = header.readUInt16LE(28);
  const compression = header.readUInt32LE(30);
  if (![16, 24, 32].includes(bits) || ![0, 3].includes(compression) || width !== upload.width || height !== upload.height) throw logoPixels();
  if (upload.size < offset + Math.ceil((width * bits) / 32) * 4 * height) throw logoPixels();
}

async function checkBootVideo(upload: StoredUpload, storage: Storage) {
  const facts = await probeMedia(storage, upload.key, upload.size).catch(() => null);
  if (!facts?.width || !facts.height) throw new UploadRejected('boot.videoUnreadable');
  const long = Math.max(facts.width, facts.height);
  const short = Math.min(facts.width, facts.height);
  if (long > VIDEO_MAX_LONG || short > VIDEO_MAX_SHORT) {
    throw new UploadRejected('boot.videoOver2k', { max: `${VIDEO_MAX_LONG}*${VIDEO_MAX_SHORT}`, width: facts.width, height: facts.height });
  }
  return { width: facts.width, height: facts.height };
}

async function checkIni(upload: StoredUpload, storage: Storage) {
  if (upload.name !== 'ts.ini') throw new UploadRejected('boot.iniName');
  const bytes = await readStored(storage, upload.key);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UploadRejected('boot.iniEncoding');
  }
  if (text.includes('\u0000')) throw new UploadRejected('boot.iniEncoding');
  refuse(checkTsIni(text));
}

function refuse(findings: readonly Finding[]) {
  if (findings.length) throw new UploadFindings(findings);
}

async function entryBytes(chunks: AsyncGenerator<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * A boot animation: only png frames and the files Android reads (desc.txt, audio.wav, trim.txt at the
 * top), each frame within the frame rule's size and decoded to its pixels; desc.txt, when present,
 * parsed, its parts' folders holding frames, and the frames of its size.
 */
async function checkAnimation(upload: StoredUpload, storage: Storage) {
  const archive = await readArchive(storedSource(storage, upload), uploadRules.bootAnimation.archive);
  const frameMax = uploadRules.bootAnimationFrame.maxBytes;
  const frames = archive.entries.filter((entry) => !entry.name.endsWith('/') && /\.png$/i.test(entry.name));
  for (const entry of archive.entries) {
    if (entry.name.endsWith('/') || frames.includes(entry) || ANIMATION_EXTRA_FILES.has(entry.name)) continue;
    throw new UploadRejected('boot.animationEntry', { name: entry.name.slice(0, 100) });
  }
  if (!frames.length) throw new UploadRejected('boot.animationEmpty');
  const descEntry = archive.entry('desc.txt');
  let desc: AnimationDesc | null = null;
  if (descEntry) {
    const parsed = parseAnimationDesc((await entryBytes(archive.open(descEntry))).toString('utf8'));
    refuse(parsed.findings);
    desc = parsed.desc!;
    const folders = new Set(frames.map((frame) => frame.name.split('/').slice(0, -1).join('/')));
    refuse(desc.parts.filter((part) => !folders.has(part.folder)).map((part) => ({ key: 'boot.descFolder', params: { line: part.line, folder: part.folder } })));
  }
  for (const frame of frames) {
    const name = frame.name.slice(0, 100);
    if (frame.size > frameMax) throw new UploadRejected('boot.frameTooLarge', { name, size: formatBytes(frame.size), max: formatBytes(frameMax) });
    const bytes = await entryBytes(archive.open(frame));
    const size = await decode(bytes, () => new UploadRejected('boot.frameUnreadable', { name }));
    if (desc && (size.width !== desc.width || size.height !== desc.height)) {
      throw new UploadRejected('boot.frameSize', { name, width: size.width, height: size.height, descWidth: desc.width, descHeight: desc.height });
    }
  }
}

let registered = false;

/** Registers the boot rules' content checks with the upload path (once per process). */
export function registerBootChecks(): void {
  if (registered) return;
  registered = true;
  addContentCheck('bootLogo', checkJpegLogo);
  addContentCheck('bootLogoBitmap', checkBitmapLogo);
  addContentCheck('bootVideo', checkBootVideo);
  addContentCheck('bootIni', checkIni);
  addContentCheck('bootAnimation', checkAnimation);
}
