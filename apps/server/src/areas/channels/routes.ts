import { formatBytes, text } from '@htv/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pipeline, Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { parsePlaylist } from './m3u.js';
import { applyImport, CHANNEL_KEY, guideWindow, hotelChannels, hotelHasChannels, previewImport, setOrder, setShown, storeGuide } from './service.js';
import { GuideReader, GuideRefused, XMLTV_LIMITS } from './xmltv.js';

/** Upload limits: a 10,000-channel playlist is about 3 MB; a week's guide of a few hundred channels some tens of MB. */
export const CHANNEL_UPLOAD_LIMITS = { playlistBytes: 8 * 1024 * 1024, guideBytes: 50 * 1024 * 1024, guideInflatedBytes: 300 * 1024 * 1024 } as const;

const tags = ['channels'];
const platform = (permission: string) => ({ auth: { userTypes: [1] as const, permission } });
const hotel = (permission: string) => ({ auth: { userTypes: [3] as const, permission } });
/** What validation messages call the bodies' fields. */
const FIELDS = { keys: text({ label: { 'zh-CN': '频道', 'en-US': 'Channels' }, max: 20 }), token: text({ label: { 'zh-CN': '预览', 'en-US': 'Preview' }, max: 40 }) };

/** The multipart `file` of a request as a stream of chunks, refused past `maxBytes` (the rest of the body is discarded). */
async function uploadedFile(request: FastifyRequest, maxBytes: number, missing: 'channels.m3uFile' | 'channels.xmltvFile') {
  if (!request.isMultipart()) throw invalidFields({ file: { key: missing } });
  const part = await request.file({ limits: { files: 1, fileSize: maxBytes + 1 }, throwFileSizeLimit: false }).catch((error: unknown) => {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('badRequest', 'error.badRequest');
  });
  if (!part || part.fieldname !== 'file') throw invalidFields({ file: { key: missing } });
  const tooLarge = () => {
    request.raw.unpipe();
    request.raw.resume();
    return invalidFields({ file: { key: 'upload.tooLarge', params: { max: formatBytes(maxBytes) } } });
  };
  async function* chunks(): AsyncGenerator<Buffer> {
    let size = 0;
    for await (const chunk of part!.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      yield chunk;
    }
  }
  return { name: (part.filename || 'upload').slice(0, 200), chunks };
}

/** An M3U playlist as text: valid UTF-8, no NUL byte, starting with `#EXTM3U` (the content check). */
function playlistText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalidFields({ file: { key: 'channels.notM3u' } });
  }
  if (text.includes('\0') || !/^\uFEFF?\s*#EXTM3U/.test(text)) throw invalidFields({ file: { key: 'channels.notM3u' } });
  return text;
}

/** Inflates a gzipped guide (`.xml.gz`), refusing more than `max` bytes out. */
function boundedGunzip(max: number) {
  const gunzip = createGunzip();
  let out = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      out += chunk.length;
      done(out > max ? new GuideRefused('tooMany', 'inflated size') : null, chunk);
    },
  });
  return { gunzip, count };
}

/** Reads a guide from its upload chunk by chunk: plain or gzipped XML, decoded as UTF-8. */
async function readGuide(chunks: () => AsyncGenerator<Buffer>): Promise<GuideReader> {
  const { from, to } = guideWindow();
  const reader = new GuideReader(from, to);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const iterator = chunks();
  const first = await iterator.next();
  if (first.done) throw new GuideRefused('root', 'empty');
  async function* whole(): AsyncGenerator<Buffer> {
    yield first.value as Buffer;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const head = first.value as Buffer;
  let source: AsyncIterable<Buffer> = whole();
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const { gunzip, count } = boundedGunzip(CHANNEL_UPLOAD_LIMITS.guideInflatedBytes);
    source = pipeline(Readable.from(source), gunzip, count, () => undefined);
  }
  try {
    for await (const chunk of source) reader.write(decoder.decode(chunk, { stream: true }));
    reader.write(decoder.decode());
  } catch (error) {
    if (error instanceof AppError || error instanceof GuideRefused) throw error;
    throw new GuideRefused('xml', error instanceof Error ? error.message : String(error));
  }
  reader.close();
  return reader;
}

const keysBody = z.strictObject({ keys: z.array(z.string().regex(CHANNEL_KEY)).max(20_000) });

/**
 * The platform's channel imports (M3U with a preview, XMLTV guides) and the hotel's channel list and
 * order (docs/channels.md). The channels themselves are engine records (`channel`, `hotelChannel`).
 */
export function registerChannels(app: FastifyInstance, db: Db): void {
  app.post(
    '/api/admin/channels/import/preview',
    { schema: { tags, summary: 'Reads an M3U playlist (multipart field `file`) and says what applying it adds, changes and disables; nothing is written yet' }, config: platform('channel.import') },
    async (request) => {
      const file = await uploadedFile(request, CHANNEL_UPLOAD_LIMITS.playlistBytes, 'channels.m3uFile');
      const parts: Buffer[] = [];
      for await (const chunk of file.chunks()) parts.push(chunk);
      const parsed = parsePlaylist(playlistText(Buffer.concat(parts)));
      return ok(await previewImport(db, actorOf(request), file.name, parsed, request.lang));
    },
  );

  const tokenBody = z.strictObject({ token: z.uuid() });
  app.post(
    '/api/admin/channels/import/apply',
    { schema: { tags, body: tokenBody, summary: 'Applies a previewed playlist in one transaction (channels the playlist lacks are disabled, never deleted)' }, config: { ...platform('channel.import'), fields: FIELDS } },
    async (request) => ok(await applyImport(db, actorOf(request), (request.body as z.infer<typeof tokenBody>).token, request.ip)),
  );

  app.post(
    '/api/admin/channels/guide',
    { schema: { tags, summary: 'Imports an XMLTV programme guide (multipart field `file`, plain or gzipped): the programmes of the window, by EPG id' }, config: platform('channel.import') },
    async (request) => {
      const file = await uploadedFile(request, CHANNEL_UPLOAD_LIMITS.guideBytes, 'channels.xmltvFile');
      const reader = await readGuide(file.chunks).catch((error: unknown) => {
        if (!(error instanceof GuideRefused)) throw error;
        if (error.reason === 'tooMany') throw invalidFields({ file: { key: 'channels.tooManyProgrammes', params: { max: XMLTV_LIMITS.programmes } } });
        throw invalidFields({ file: { key: 'channels.notXmltv', params: { reason: error.reason === 'root' ? '<tv>' : error.message.slice(0, 120) } } });
      });
      const stored = await storeGuide(db, actorOf(request), reader.programmes, request.ip);
      return ok({ ...stored, skipped: reader.skipped });
    },
  );

  app.get('/api/hotel/channels', { schema: { tags, summary: "Every channel the caller's hotel may show, with its place in the hotel's list (null: not shown)" }, config: hotel('hotelChannel.read') }, async (request) => {
    const hotelId = actorOf(request).hotelId!;
    return ok({ enabled: await hotelHasChannels(db, hotelId), items: await hotelChannels(db, hotelId) });
  });

  // The sorting page reads the same list with its own permission.
  app.get('/api/hotel/channels/order', { schema: { tags, summary: "The hotel's list in its order (the sorting page)" }, config: hotel('channelSort.read') }, async (request) => {
    const hotelId = actorOf(request).hotelId!;
    const items = (await hotelChannels(db, hotelId)).filter((c) => c.position !== null && c.active);
    return ok({ enabled: await hotelHasChannels(db, hotelId), items });
  });

  app.put(
    '/api/hotel/channels/shown',
    { schema: { tags, body: keysBody, summary: "Which channels the hotel's TVs show (keys p<id> platform, h<id> own); listed ones keep their places, new ones follow" }, config: { ...hotel('hotelChannel.update'), fields: FIELDS } },
    async (request) => ok({ items: await setShown(db, actorOf(request), (request.body as z.infer<typeof keysBody>).keys, request.ip) }),
  );

  app.put(
    '/api/hotel/channels/order',
    { schema: { tags, body: keysBody, summary: "The hotel's list in a new order: exactly its listed channels; the TVs number them as they follow" }, config: { ...hotel('channelSort.update'), fields: FIELDS } },
    async (request) => ok({ items: await setOrder(db, actorOf(request), (request.body as z.infer<typeof keysBody>).keys, request.ip) }),
  );
}
