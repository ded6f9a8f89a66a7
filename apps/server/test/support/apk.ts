import { zipArchive } from './archives.js';

/** A resource reference as a manifest attribute holds it (`@mipmap/ic_launcher` compiled to its id). */
export interface ResourceRef {
  ref: number;
}

/** An element of a binary manifest: attributes are strings, integers or references (typed as Android writes them). */
export interface XmlNode {
  name: string;
  attrs?: Record<string, string | number | ResourceRef>;
  children?: XmlNode[];
}

const TYPE_REFERENCE = 0x01;
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;
const NO_INDEX = 0xffffffff;

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(headerSize, 2);
  head.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

/**
 * Encodes a small Android binary XML (AXML): a UTF-8 string pool, then start and end element chunks
 * with typed attributes (no namespaces, no resource map: names are plain strings).
 */
export function encodeAxml(root: XmlNode): Buffer {
  const strings: string[] = [];
  const index = (s: string) => {
    let i = strings.indexOf(s);
    if (i < 0) i = strings.push(s) - 1;
    return i;
  };
  const elements: Buffer[] = [];
  const walk = (node: XmlNode) => {
    const attrs = Object.entries(node.attrs ?? {});
    const start = Buffer.alloc(8 + 20 + attrs.length * 20);
    start.writeUInt32LE(1, 0); // line
    start.writeUInt32LE(NO_INDEX, 4); // comment
    start.writeUInt32LE(NO_INDEX, 8); // namespace
    start.writeUInt32LE(index(node.name), 12);
    start.writeUInt16LE(20, 16); // attribute start
    start.writeUInt16LE(20, 18); // attribute size
    start.writeUInt16LE(attrs.length, 20);
    attrs.forEach(([name, value], i) => {
      const at = 28 + i * 20;
      start.writeUInt32LE(NO_INDEX, at);
      start.writeUInt32LE(index(name), at + 4);
      const isString = typeof value === 'string';
      start.writeUInt32LE(isString ? index(value) : NO_INDEX, at + 8);
      start.writeUInt16LE(8, at + 12);
      start.writeUInt8(0, at + 14);
      start.writeUInt8(isString ? TYPE_STRING : typeof value === 'number' ? TYPE_INT_DEC : TYPE_REFERENCE, at + 15);
      start.writeUInt32LE(isString ? index(value) : typeof value === 'number' ? value : value.ref, at + 16);
    });
    elements.push(chunk(0x0102, 16, start));
    for (const child of node.children ?? []) walk(child);
    const end = Buffer.alloc(16);
    end.writeUInt32LE(1, 0);
    end.writeUInt32LE(NO_INDEX, 4);
    end.writeUInt32LE(NO_INDEX, 8);
    end.writeUInt32LE(index(node.name), 12);
    elements.push(chunk(0x0103, 16, end));
  };
  walk(root);
  return chunk(0x0003, 8, Buffer.concat([stringPool(strings), ...elements]));
}

/** A UTF-8 string pool chunk (short strings only: lengths under 128). */
function stringPool(strings: readonly string[]): Buffer {
  const data = Buffer.concat(strings.map((s) => {
    const bytes = Buffer.from(s, 'utf8');
    return Buffer.concat([Buffer.from([s.length, bytes.length]), bytes, Buffer.from([0])]);
  }));
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const poolHead = Buffer.alloc(20);
  poolHead.writeUInt32LE(strings.length, 0);
  poolHead.writeUInt32LE(0, 4); // styles
  poolHead.writeUInt32LE(0x100, 8); // UTF-8
  poolHead.writeUInt32LE(28 + strings.length * 4, 12); // strings start (from the chunk's start)
  poolHead.writeUInt32LE(0, 16);
  const offsets = Buffer.alloc(strings.length * 4);
  let offset = 0;
  strings.forEach((s, i) => {
    offsets.writeUInt32LE(offset, i * 4);
    offset += 3 + Buffer.byteLength(s, 'utf8');
  });
  return chunk(0x0001, 28, Buffer.concat([poolHead, offsets, padded]));
}

/** One value of a resource in one screen density: a file path, or another resource (an alias). */
export type ArscValue = { density: number; path: string } | { density: number; ref: number };

/**
 * Encodes a resource table (`resources.arsc`) of package 0x7f with one type, `mipmap` (type id 1),
 * whose entries each hold values per density, as aapt writes them: the global string pool of paths,
 * the package with its type and key pools, a type spec, then one type chunk per density.
 */
export function encodeArsc(entries: readonly (readonly ArscValue[])[]): Buffer {
  const paths = [...new Set(entries.flatMap((values) => values.flatMap((v) => ('path' in v ? [v.path] : []))))];
  const densities = [...new Set(entries.flatMap((values) => values.map((v) => v.density)))];
  const typeSpec = Buffer.alloc(8 + entries.length * 4);
  typeSpec.writeUInt8(1, 0);
  typeSpec.writeUInt32LE(entries.length, 4);
  const types = densities.map((density) => {
    const headerSize = 8 + 12 + 64;
    const head = Buffer.alloc(12 + 64);
    head.writeUInt8(1, 0); // type id
    head.writeUInt32LE(entries.length, 4);
    head.writeUInt32LE(headerSize + entries.length * 4, 8); // entries start
    head.writeUInt32LE(64, 12); // config size
    head.writeUInt16LE(density, 12 + 14);
    const offsets = Buffer.alloc(entries.length * 4);
    const bodies: Buffer[] = [];
    let at = 0;
    entries.forEach((values, i) => {
      const value = values.find((v) => v.density === density);
      if (!value) return offsets.writeUInt32LE(NO_INDEX, i * 4);
      offsets.writeUInt32LE(at, i * 4);
      const entry = Buffer.alloc(16);
      entry.writeUInt16LE(8, 0); // entry size
      entry.writeUInt32LE(i, 4); // key
      entry.writeUInt16LE(8, 8); // value size
      entry.writeUInt8('path' in value ? TYPE_STRING : TYPE_REFERENCE, 11);
      entry.writeUInt32LE('path' in value ? paths.indexOf(value.path) : value.ref, 12);
      bodies.push(entry);
      at += 16;
    });
    return chunk(0x0201, headerSize, Buffer.concat([head, offsets, ...bodies]));
  });
  const typeStrings = stringPool(['mipmap']);
  const keyStrings = stringPool(entries.map((_, i) => `icon${i}`));
  const packageHead = Buffer.alloc(280);
  packageHead.writeUInt32LE(0x7f, 0);
  packageHead.write('com.test', 4, 'utf16le');
  packageHead.writeUInt32LE(288, 260); // type strings, from the package's start
  packageHead.writeUInt32LE(1, 264);
  packageHead.writeUInt32LE(288 + typeStrings.length, 268); // key strings
  packageHead.writeUInt32LE(entries.length, 272);
  const pkg = chunk(0x0200, 288, Buffer.concat([packageHead, typeStrings, keyStrings, chunk(0x0202, 16, typeSpec), ...types]));
  const tableHead = Buffer.alloc(4);
  tableHead.writeUInt32LE(1, 0);
  return chunk(0x0002, 12, Buffer.concat([tableHead, stringPool(paths), pkg]));
}

/** The id of entry `index` of the table `encodeArsc` writes. */
export const mipmapId = (index: number) => 0x7f010000 + index;

export interface ApkSpec {
  packageName: string;
  versionCode: number;
  versionName: string;
  activity?: string;
  /** Bytes that make two APKs of one version differ (a different MD5). */
  filler?: string;
  /** The manifest's icon: a path or a reference (default: a path to no file). */
  icon?: string | ResourceRef;
  /** More entries: the icon's files, a resources.arsc. */
  files?: { name: string; data: Buffer }[];
}

/** A real APK as far as readers go: a zip with a binary AndroidManifest.xml and a classes.dex. */
export function buildApk(spec: ApkSpec): Buffer {
  const manifest = encodeAxml({
    name: 'manifest',
    attrs: { package: spec.packageName, versionCode: spec.versionCode, versionName: spec.versionName },
    children: [
      {
        name: 'application',
        attrs: { label: 'App', icon: spec.icon ?? 'res/icon.png' },
        children: [
          {
            name: 'activity',
            attrs: { name: spec.activity ?? '.MainActivity' },
            children: [
              {
                name: 'intent-filter',
                children: [
                  { name: 'action', attrs: { name: 'android.intent.action.MAIN' } },
                  { name: 'category', attrs: { name: 'android.intent.category.LEANBACK_LAUNCHER' } },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
  return zipArchive([
    { name: 'AndroidManifest.xml', data: manifest },
    { name: 'classes.dex', data: `dex\n035\0${spec.filler ?? ''}` },
    ...(spec.files ?? []),
  ]);
}
