import ManifestParser from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js';
import { uploadRules } from '@htv/shared';
import sharp from 'sharp';
import type { Archive, ByteSource } from '../../files/archive.js';
import { readArchive } from '../../files/archive.js';
import { detectType } from '../../files/detect.js';
import type { Storage } from '../../files/storage.js';
import { resourcePaths } from './arsc.js';

/** What an APK says of itself (its binary AndroidManifest.xml). */
export interface ApkInfo {
  packageName: string;
  versionCode: number;
  versionName: string;
  /** The launchable activity (the TV launcher's first, then the phone launcher's), or null. */
  launchActivity: string | null;
  /** The icon as the manifest names it (a resource reference), or null. */
  icon: string | null;
  /** The icon's picture (the densest PNG or WebP it names, decoded and written again as PNG), or null. */
  iconPng: IconPicture | null;
}

export interface IconPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** The largest AndroidManifest.xml read (real ones are tens of KB). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** The largest resources.arsc read to find the icon (a large app's is a few MB). */
const MAX_RESOURCES_BYTES = 32 * 1024 * 1024;
/** The largest icon file read (launcher icons are a few KB to a few hundred). */
const MAX_ICON_BYTES = 1024 * 1024;
/** The stored icon's longest side at most (never enlarged), and the pixels a source may decode to. */
const ICON_SIZE = 512;
const MAX_ICON_PIXELS = 4096 * 4096;

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

/** An entry's bytes when it exists and is at most `max` bytes (inflated within the archive's bounds). */
async function entryBytes(archive: Archive, name: string, max: number): Promise<Buffer | null> {
  const entry = archive.entry(name);
  if (!entry || entry.size > max) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of archive.open(entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The app's icon as a PNG: the files the manifest's icon names (a path, or a resource resolved through
 * resources.arsc, densest first), the first that is a PNG or WebP by its content and decodes as one,
 * written again as PNG at most ICON_SIZE on its longest side. Null when none is (an adaptive icon's XML).
 */
async function readIcon(archive: Archive, icon: unknown): Promise<IconPicture | null> {
  if (typeof icon !== 'string' || !icon) return null;
  const reference = /^resourceId:0x([0-9a-f]{1,8})$/i.exec(icon);
  let paths = [icon];
  if (reference) {
    const table = await entryBytes(archive, 'resources.arsc', MAX_RESOURCES_BYTES);
    paths = table ? resourcePaths(table, parseInt(reference[1]!, 16)) : [];
  }
  for (const path of paths.slice(0, 20)) {
    const bytes = await entryBytes(archive, path, MAX_ICON_BYTES);
    const type = bytes ? detectType(bytes.subarray(0, 64)) : null;
    if (!bytes || (type !== 'png' && type !== 'webp')) continue;
    const png = await sharp(bytes, { limitInputPixels: MAX_ICON_PIXELS })
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null);
    if (png) return { data: png.data, width: png.info.width, height: png.info.height };
  }
  return null;
}

const resourceText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.slice(0, 200);
  if (typeof value === 'object' && 'id' in (value as object)) return `@0x${Number((value as { id: number }).id).toString(16)}`;
  return String(value).slice(0, 200);
};

/**
 * Reads package, version, launchable activity and icon of a stored APK: its directory through the
 * archive inspector with the `apk` rule's limits, the manifest (at most 4 MB) inflated by it, then
 * parsed by adbkit-apkreader's manifest parser; the icon as `readIcon` finds it. Null when the
 * manifest cannot be read ("get package info failed"); an icon that cannot be read is only missing.
 */
export async function readApkInfo(storage: Storage, key: string, size: number): Promise<ApkInfo | null> {
  try {
    const archive = await readArchive(storageSource(storage, key, size), uploadRules.apk.archive);
    const xml = await entryBytes(archive, 'AndroidManifest.xml', MAX_MANIFEST_BYTES);
    if (!xml || !wellFormedChunks(xml)) return null;
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
      iconPng: await readIcon(archive, app?.icon).catch(() => null),
    };
  } catch {
    return null;
  }
}
