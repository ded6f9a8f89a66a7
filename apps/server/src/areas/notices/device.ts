import { NOTICE_CONTENT_FIELDS } from '@htv/shared/areas/notices/records';
import type { NoticesPart } from '@htv/shared/areas/notices/device';
import type { Db } from '../../db/client.js';
import { addRecordConfigPart, type ConfigTerminal } from '../devices/plugin.js';
import { localContent, requireSomeContent } from '../publishing/content.js';
import { addPublishable, liveForRoom } from '../publishing/service.js';

const KIND = 'messageNotice';

async function noticesOf(db: Db, terminal: ConfigTerminal): Promise<NoticesPart | null> {
  if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.roomNumber) return null;
  const rows = await liveForRoom(db, KIND, terminal.hotelId, terminal.roomNumber);
  return { notices: rows.map((row) => ({ id: row.id, content: localContent(row, NOTICE_CONTENT_FIELDS), publishedAt: row.publishedAt, read: row.read })) };
}

let installed = false;

/**
 * Message notices (docs/publishing.md): publishable by all, room or tour group, at least one content
 * language filled, and the TVs' `notices` part (sent even when empty: the launcher's notice slot
 * shows "no notices"). Once per process.
 */
export function installNotices(): void {
  if (installed) return;
  installed = true;
  addPublishable(KIND, 'targets');
  requireSomeContent(KIND, NOTICE_CONTENT_FIELDS, 'notices.contentRequired');
  addRecordConfigPart('notices', [KIND], (terminal, { db }) => noticesOf(db, terminal));
}
