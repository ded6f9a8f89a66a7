import type { LocalContent, PublishedOnTv } from '../publishing/device.js';

/** The `notices` configuration part: the notices live for the TV's room, newest first. */
export interface NoticesPart {
  notices: NoticeOnTv[];
}

export interface NoticeOnTv extends PublishedOnTv {
  /** The text by content language; only the filled ones. */
  content: LocalContent;
}
