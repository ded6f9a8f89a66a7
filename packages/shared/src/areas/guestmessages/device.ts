import type { PublishedOnTv } from '../publishing/device.js';

/** The `guestMessages` configuration part: the messages live for the TV's room, newest first. */
export interface GuestMessagesPart {
  messages: GuestMessageOnTv[];
}

export interface GuestMessageOnTv extends PublishedOnTv {
  content: string;
}
