import mediaInfoFactory, { type MediaInfo } from 'mediainfo.js';
import sharp from 'sharp';
import type { Storage } from '../../files/storage.js';

/** What the content of a video or audio file says about it. */
export interface MediaFacts {
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

let analyzer: Promise<MediaInfo<'object'>> | undefined;
/** One analyzer (MediaInfo compiled to WebAssembly) for the process; it reads one file at a time. */
let queue: Promise<unknown> = Promise.resolve();

async function readRange(storage: Storage, key: string, start: number, length: number): Promise<Uint8Array> {
  if (length <= 0) return new Uint8Array(0);
  const stored = await storage.get(key, { start, end: start + length - 1 });
  if (!stored) throw new Error(`stored bytes missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const positive = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * Duration and picture size of a stored video or audio file, read from its container and streams by
 * MediaInfo (WebAssembly, no system binary): the whole file is never held in memory, MediaInfo asks
 * for the ranges it needs. Null fields are what the file does not state.
 */
export function probeMedia(storage: Storage, key: string, size: number): Promise<MediaFacts> {
  analyzer ??= mediaInfoFactory({ format: 'object', chunkSize: 256 * 1024 });
  const run = queue.then(async () => {
    const mediaInfo = await analyzer!;
    const result = await mediaInfo.analyzeData(size, (length, offset) => readRange(storage, key, offset, Math.min(length, size - offset)));
    const tracks = result.media?.track ?? [];
    const general = tracks.find((track) => track['@type'] === 'General');
    const video = tracks.find((track) => track['@type'] === 'Video');
    const audio = tracks.find((track) => track['@type'] === 'Audio');
    const seconds = positive(general?.Duration) ?? positive(video?.Duration) ?? positive(audio?.Duration);
    return {
      durationMs: seconds === null ? null : Math.round(seconds * 1000),
      width: positive(video?.Width),
      height: positive(video?.Height),
    };
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Longest side of a thumbnail, in pixels: enough for the library's grid and the theme editor. */
export const THUMBNAIL_SIZE = 320;

/**
 * A WebP thumbnail of a stored picture, at most THUMBNAIL_SIZE on its longest side (never enlarged),
 * first frame of an animated GIF. Pixel-count bounded by sharp's default limit (decompression bombs).
 */
export async function makeThumbnail(storage: Storage, key: string): Promise<{ data: Buffer; width: number; height: number }> {
  const stored = await storage.get(key);
  if (!stored) throw new Error(`stored bytes missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const { data, info } = await sharp(Buffer.concat(chunks))
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
