import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import type { WriteContext } from '../../records/engine.js';
import { probeMedia } from '../material/media.js';

/**
 * A song's length in seconds, read from its stored file (MediaInfo, the material library's reader);
 * a file whose length cannot be read is refused on the field: a TV could not play it.
 */
async function songDuration(ctx: WriteContext, fileId: string): Promise<number> {
  if (!ctx.storage) throw new Error('a song write needs the storage of its files');
  const [file] = await ctx.db.select({ storageKey: files.storageKey, size: files.size }).from(files).where(eq(files.id, fileId));
  const media = file && (await probeMedia(ctx.storage, file.storageKey, file.size).catch(() => null));
  if (!media?.durationMs) throw invalidFields({ fileId: { key: 'music.unreadableAudio' } });
  return Math.max(1, Math.round(media.durationMs / 1000));
}

let registered = false;

/** The songs' length comes from the file when it is set or replaced (once per process: the hooks are global). */
export function registerMusicHooks(): void {
  if (registered) return;
  registered = true;
  addRecordHooks('musicSong', {
    async beforeWrite(ctx, values, existing) {
      const fileId = values.fileId as string | undefined;
      if (fileId === undefined || fileId === existing?.fileId) return values;
      return { ...values, duration: await songDuration(ctx, fileId) };
    },
  });
}
