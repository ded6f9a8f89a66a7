import { parseAnimationDesc } from '@htv/shared/areas/boot/content';

/** A boot animation ready to play: its frames in order and the frame rate. */
export interface Animation {
  frames: Blob[];
  fps: number;
}

/** At most this many frames are played at a start (a long animation is cut). */
const MAX_FRAMES = 600;

/** The bytes of one zip entry (Android's bootanimation.zip stores them; deflated ones are inflated). */
async function entryBytes(zip: Uint8Array<ArrayBuffer>, view: DataView, header: number, method: number, compressed: number): Promise<Uint8Array<ArrayBuffer>> {
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const raw = zip.subarray(start, start + compressed);
  if (method === 0) return raw;
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Reads an Android boot animation (already checked by the server: safe names, png frames, desc.txt):
 * its frames in the order of desc.txt's parts (each part's folder, frames by name), at desc.txt's
 * frame rate; without desc.txt, every frame by name at 25 per second.
 */
export async function readAnimation(data: ArrayBuffer): Promise<Animation | null> {
  const zip = new Uint8Array(data);
  const view = new DataView(data);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff) && end < 0; i--) if (view.getUint32(i, true) === 0x06054b50) end = i;
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let pos = view.getUint32(end + 16, true);
  const entries = new Map<string, { header: number; method: number; compressed: number }>();
  for (let i = 0; i < count && view.getUint32(pos, true) === 0x02014b50; i++) {
    const nameLength = view.getUint16(pos + 28, true);
    const name = new TextDecoder().decode(zip.subarray(pos + 46, pos + 46 + nameLength));
    entries.set(name, { method: view.getUint16(pos + 10, true), compressed: view.getUint32(pos + 20, true), header: view.getUint32(pos + 42, true) });
    pos += 46 + nameLength + view.getUint16(pos + 30, true) + view.getUint16(pos + 32, true);
  }
  const read = (name: string) => {
    const entry = entries.get(name)!;
    return entryBytes(zip, view, entry.header, entry.method, entry.compressed);
  };
  const frameNames = [...entries.keys()].filter((name) => /\.png$/i.test(name)).sort();
  const desc = entries.has('desc.txt') ? parseAnimationDesc(new TextDecoder().decode(await read('desc.txt'))).desc : null;
  const ordered = desc ? desc.parts.flatMap((part) => frameNames.filter((name) => name.startsWith(`${part.folder}/`))) : frameNames;
  const frames: Blob[] = [];
  for (const name of ordered.slice(0, MAX_FRAMES)) frames.push(new Blob([await read(name)], { type: 'image/png' }));
  return frames.length ? { frames, fps: desc?.fps ?? 25 } : null;
}
