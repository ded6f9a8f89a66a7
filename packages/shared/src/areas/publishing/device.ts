import type { ContentLang } from '../themes/document.js';

/**
 * What a TV reports of the items published to its room (docs/publishing.md): `delivered` once an
 * item's part has reached it, `read` once the guest opened (or answered) it. No schema: the TV carries
 * no zod; the server checks the body with its own.
 */
export interface PublishReceiptRequest {
  /** The publishable's record name (`guestMessage`, `messageNotice`, …). */
  kind: string;
  ids: number[];
  state: 'delivered' | 'read';
}

/** The device API path receipts are posted to (under /api/device/v1). */
export const PUBLISH_RECEIPTS_PATH = '/publishing/receipts';

/** At most this many ids in one receipt. */
export const PUBLISH_RECEIPT_IDS_MAX = 100;

/** An item as the TV receives it: its id, when it was published, and whether the room has read it. */
export interface PublishedOnTv {
  id: number;
  publishedAt: string;
  /** Read on a TV of the room (TVs sharing a room share what was read). */
  read: boolean;
}

/** An item's text by content language (notices, subtitles): only the filled ones. */
export type LocalContent = Partial<Record<ContentLang, string>>;

/** An item's text in `lang`, else in the first of `fallbacks` it has, else any it has. */
export function textOnTv(content: LocalContent, lang: ContentLang, fallbacks: readonly ContentLang[]): string {
  for (const candidate of [lang, ...fallbacks]) if (content[candidate]) return content[candidate]!;
  return Object.values(content).find(Boolean) ?? '';
}
