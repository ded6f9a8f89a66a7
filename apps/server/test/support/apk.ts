import { zipArchive } from './archives.js';

/** An element of a binary manifest: attributes are strings or integers (typed as Android writes them). */
export interface XmlNode {
  name: string;
  attrs?: Record<string, string | number>;
  children?: XmlNode[];
}

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
      start.writeUInt8(isString ? TYPE_STRING : TYPE_INT_DEC, at + 15);
      start.writeUInt32LE(isString ? index(value) : value, at + 16);
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
  const pool = chunk(0x0001, 28, Buffer.concat([poolHead, offsets, padded]));
  return chunk(0x0003, 8, Buffer.concat([pool, ...elements]));
}

export interface ApkSpec {
  packageName: string;
  versionCode: number;
  versionName: string;
  activity?: string;
  /** Bytes that make two APKs of one version differ (a different MD5). */
  filler?: string;
}

/** A real APK as far as readers go: a zip with a binary AndroidManifest.xml and a classes.dex. */
export function buildApk(spec: ApkSpec): Buffer {
  const manifest = encodeAxml({
    name: 'manifest',
    attrs: { package: spec.packageName, versionCode: spec.versionCode, versionName: spec.versionName },
    children: [
      {
        name: 'application',
        attrs: { label: 'App', icon: 'res/icon.png' },
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
  ]);
}
