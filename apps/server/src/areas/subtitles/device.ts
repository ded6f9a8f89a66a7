import { SUBTITLE_CONTENT_FIELDS, SUBTITLE_SPEEDS } from '@htv/shared/areas/subtitles/records';
import type { SubtitlesPart } from '@htv/shared/areas/subtitles/device';
import type { Db } from '../../db/client.js';
import { invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import { addRecordConfigPart, type ConfigTerminal } from '../devices/plugin.js';
import { localContent, requireSomeContent } from '../publishing/content.js';
import { addPublishable, liveForRoom } from '../publishing/service.js';

const KIND = 'subtitle';

/** The enabled subtitles published to the TV's room whose dates have not ended (null: none). */
async function subtitlesOf(db: Db, terminal: ConfigTerminal): Promise<SubtitlesPart | null> {
  if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return null;
  // A day's margin: the TV decides by its own local date, which may be a day behind the server's UTC one.
  const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const rows = (await liveForRoom(db, KIND, terminal.hotelId, terminal.roomNumber)).filter((row) => row.enabled && (row.endDate as string) >= today);
  if (!rows.length) return null;
  return {
    subtitles: rows.map((row) => ({
      id: row.id,
      publishedAt: row.publishedAt,
      read: row.read,
      content: localContent(row, SUBTITLE_CONTENT_FIELDS),
      startDate: row.startDate as string,
      endDate: row.endDate as string,
      startTime: row.startTime as string,
      endTime: row.endTime as string,
      fontSize: (row.fontSize as number | null) ?? 32,
      fontColor: (row.fontColor as string | null) ?? '#FFFFFF',
      backgroundColor: (row.backgroundColor as string | null) ?? '#14233D',
      pixelsPerSecond: SUBTITLE_SPEEDS[row.speed as keyof typeof SUBTITLE_SPEEDS] ?? SUBTITLE_SPEEDS.moderate,
    })),
  };
}

let installed = false;

/**
 * Scrolling subtitles (docs/publishing.md): publishable to all rooms or some (all published,
 * partially published), at least one language, the end not before the start, and the TVs'
 * `subtitles` part. The TV decides the daily window by its own clock. Once per process.
 */
export function installSubtitles(): void {
  if (installed) return;
  installed = true;
  addPublishable(KIND, 'rooms');
  requireSomeContent(KIND, SUBTITLE_CONTENT_FIELDS, 'subtitles.contentRequired');
  addRecordHooks(KIND, {
    beforeWrite(_ctx, values, existing) {
      const row = { ...(existing ?? {}), ...values };
      if (row.startDate && row.endDate && (row.endDate as string) < (row.startDate as string)) throw invalidFields({ endDate: { key: 'subtitles.endBeforeStart' } });
      if (row.startTime && row.endTime && (row.endTime as string) <= (row.startTime as string)) throw invalidFields({ endTime: { key: 'subtitles.endTimeBeforeStart' } });
      return values;
    },
  });
  addRecordConfigPart('subtitles', [KIND], (terminal, { db }) => subtitlesOf(db, terminal));
}
