/**
 * The console's HTTP API as the benchmarks drive it: a bearer-token client, a platform sign-in through
 * the captcha's test hook, picture materials and published themes.
 */
import { deflateSync, crc32 } from 'node:zlib';

export class ConsoleApi {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  /** Calls `/api{path}` and answers the envelope's `data`; anything but 200 throws with the body. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  /** A picture uploaded and saved as a material of the caller's level. */
  async addPictureMaterial(name: string, png: Buffer): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}.png`);
    const file = await this.call<{ id: string }>('POST', '/files?rule=material', form);
    return (await this.call<{ id: number }>('POST', '/records/material', { name, fileId: file.id })).id;
  }

  /** A room theme of the caller's level with this document, published: answers the theme and version ids. */
  async publishedTheme(name: string, document: unknown): Promise<{ themeId: number; versionId: number }> {
    const theme = await this.call<{ id: number; draftRevision: number }>('POST', '/admin/theme', { name, equipmentType: 'room' });
    await this.call('PUT', `/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document });
    const version = await this.call<{ id: number }>('POST', `/admin/theme/${theme.id}/publish`, {});
    return { themeId: theme.id, versionId: version.id };
  }
}

/**
 * Signs the seeded platform administrator in (the server must run with HTV_TEST_HOOKS=1 outside
 * production: the captcha's answer comes from its test hook, after the "human" delay).
 */
export async function signInPlatform(base: string): Promise<ConsoleApi> {
  return signIn(base, 'admin', 'admin123');
}

/** Signs a seeded account in (a demo account: `sunrise.bund` / `hotel123`), as `signInPlatform`. */
export async function signIn(base: string, login: string, password: string): Promise<ConsoleApi> {
  const issued = (await (await fetch(`${base}/api/captcha`)).json()) as { data: { id: string } };
  const { id } = issued.data;
  const answer = (await (await fetch(`${base}/api/test/captcha/${id}`)).json()) as { data: { x: number } };
  await new Promise((r) => setTimeout(r, 400));
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login, password, captcha: { id, x: answer.data.x } }),
  });
  if (!response.ok) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
  return new ConsoleApi(base, ((await response.json()) as { data: { token: string } }).data.token);
}

/** A real PNG: a coloured ground with a lighter diagonal band (so it is not one flat colour). */
export function picturePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = Math.abs(((x + y) % 200) - 100) < 20 ? 60 : 0;
      const at = y * row + 1 + x * 3;
      raw[at] = Math.min(255, rgb[0] + band);
      raw[at + 1] = Math.min(255, rgb[1] + band);
      raw[at + 2] = Math.min(255, rgb[2] + band);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A landscape room theme of `pages` pages, each one full-stage container of 8 × `rows` (at most 5)
 * blocks: up to three rows of focusable tiles (texts opening the next page, pictures, app launchers
 * with icons), then rows of clocks, QR codes, weather and scrolling texts. `materials` are picture
 * material ids used in turn; `label` starts the tiles' texts (a new version with a new label).
 */
export function gridTheme(name: string, pages: number, materials: number[], { label = 'v1', rows = 5 } = {}) {
  const columns = 8;
  const cell = (column: number, row: number) => ({ x: 20 + column * 237, y: 20 + row * 210, width: 220, height: 200 });
  const pageKey = (p: number) => (p === 0 ? 'home' : `page${p}`);
  const material = (n: number) => materials[n % materials.length]!;
  const text = (t: string) => ({ 'zh-CN': `${t} 中文`, en: t });
  return {
    theme: { name, color: '#ffaa00', languages: ['zh-CN', 'en'], interfaceTypes: ['main'], orientation: 'landscape', equipmentType: 'room' },
    layouts: [
      {
        key: 'main',
        name: 'Main',
        type: 'main',
        pages: Array.from({ length: pages }, (_, p) => ({
          key: pageKey(p),
          type: p === 0 ? 'home' : 'detail',
          name: pageKey(p),
          containers: [
            {
              key: `${pageKey(p)}Frame`,
              name: 'Frame',
              x: 0,
              y: 0,
              width: 1920,
              height: 1080,
              blocks: Array.from({ length: columns * rows }, (_, i) => {
                const column = i % columns;
                const row = Math.floor(i / columns);
                const base = { key: `p${p}b${i}`, ...cell(column, row), background: '#1d3b6a', font: { size: 28 }, align: 'center' };
                if (row < 3) {
                  const focus = { ...base, focusable: true };
                  if (column % 3 === 0) return { ...focus, type: 'text', text: text(`${label} page ${p} tile ${i}`), clickEvent: { action: 'openPage', pageKey: pageKey((p + 1) % pages) } };
                  if (column % 3 === 1) return { ...focus, type: 'image', materialIds: [material(i), material(i + 1)], intervalSeconds: 10 };
                  return { ...focus, type: 'app', packageName: `com.hotel.app${i}`, title: text(`App ${i}`), iconMaterialId: material(i + 2) };
                }
                if (column % 4 === 0) return { ...base, type: 'clock', format: 'HH:mm:ss' };
                if (column % 4 === 1) return { ...base, type: 'qrCode', content: `https://hotel.example/room/${p}/${i}` };
                if (column % 4 === 2) return { ...base, type: 'weather', city: 'Shanghai' };
                return { ...base, type: 'text', text: text(`Notice ${i}: breakfast 6:30-10:00 on the second floor`), scroll: true };
              }),
            },
          ],
        })),
      },
    ],
  };
}
