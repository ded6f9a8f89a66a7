import ManifestParser from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js';
import { uploadRules } from '@htv/shared';
import type { ByteSource } from '../../files/archive.js';
import { readArchive } from '../../files/archive.js';
import type { Storage } from '../../files/storage.js';

/** What an APK says of itself (its binary AndroidManifest.xml). */
export interface ApkInfo {
  packageName: string;
  versionCode: number;
  versionName: string;
  /** The launchable activity (the TV launcher's first, then the phone launcher's), or null. */
  launchActivity: string | null;
  /** The icon as the manifest names it (a resource reference), or null. */
  icon: string | null;
}

/** The largest AndroidManifest.xml read (real ones are tens of KB). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** A stored object read in ranges, as the archive inspector's random access. */
function storageSource(storage: Storage, key: string, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const object = await storage.get(key, { start: offset, end: offset + length - 1 });
      if (!object) throw new Error('stored bytes missing');
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}

/**
 * The binary XML's chunks tile the buffer: each at least a header long and inside it. The parser
 * trusts chunk sizes to move on (a zero size would make it read the same chunk forever).
 */
function wellFormedChunks(xml: Buffer): boolean {
  if (xml.length < 8 || xml.readUInt16LE(0) !== 0x0003) return false;
  let at = xml.readUInt16LE(2);
  while (at < xml.length) {
    if (at + 8 > xml.length) return false;
    const size = xml.readUInt32LE(at + 4);
    if (size < 8 || at + size > xml.length) return false;
    at += size;
  }
  return true;
}

const resourceText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.slice(0, 200);
  if (typeof value === 'object' && 'id' in (value as object)) return `@0x${Number((value as { id: number }).id).toString(16)}`;
  return String(value).slice(0, 200);
};

/**
 * Reads package, version and launchable activity of a stored APK: its directory through the archive
 * inspector with the `apk` rule's limits, the manifest (at most 4 MB) inflated by it, then parsed by
 * adbkit-apkreader's manifest parser. Null when any of it cannot be read ("get package info failed").
 */
export async function readApkInfo(storage: Storage, key: string, size: number): Promise<ApkInfo | null> {
  try {
    const archive = await readArchive(storageSource(storage, key, size), uploadRules.apk.archive);
    const entry = archive.entry('AndroidManifest.xml');
    if (!entry || entry.size > MAX_MANIFEST_BYTES) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of archive.open(entry)) chunks.push(chunk);
    const xml = Buffer.concat(chunks);
    if (!wellFormedChunks(xml)) return null;
    const manifest = new ManifestParser(xml).parse();
    const versionCode = Number(manifest.versionCode);
    if (typeof manifest.package !== 'string' || !Number.isInteger(versionCode) || versionCode < 1) return null;
    const app = manifest.application;
    const launcher = app?.leanbackLauncherActivities?.[0] ?? app?.launcherActivities?.[0];
    const activity = launcher?.name ? (launcher.name.startsWith('.') ? manifest.package + launcher.name : launcher.name) : null;
    return {
      packageName: manifest.package.slice(0, 60),
      versionCode,
      versionName: String(manifest.versionName ?? versionCode).slice(0, 64),
      launchActivity: activity ? `${manifest.package}/${activity}`.slice(0, 200) : null,
      icon: resourceText(app?.icon),
    };
  } catch {
    return null;
  }
}
