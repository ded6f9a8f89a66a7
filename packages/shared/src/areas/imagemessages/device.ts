import type { PublishedOnTv } from '../publishing/device.js';

/** The `imageMessages` configuration part: the messages live for the TV's room, newest first. */
export interface ImageMessagesPart {
  messages: ImageMessageOnTv[];
}

/** A message as the TV draws it; the pictures are signed addresses of the terminal (docs/publishing.md). */
export interface ImageMessageOnTv extends PublishedOnTv {
  title: string;
  subtitle: string | null;
  content: string | null;
  icon: string | null;
  qrCode: string | null;
  images: string[];
}
