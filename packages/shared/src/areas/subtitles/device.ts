import type { LocalContent, PublishedOnTv } from '../publishing/device.js';

/** The `subtitles` configuration part: the enabled subtitles published to the TV's room. */
export interface SubtitlesPart {
  subtitles: SubtitleOnTv[];
}

export interface SubtitleOnTv extends PublishedOnTv {
  content: LocalContent;
  /** `YYYY-MM-DD`, inclusive, and the daily window `HH:MM`-`HH:MM` in the TV's local time. */
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  fontSize: number;
  fontColor: string;
  backgroundColor: string;
  /** Pixels of a 1920-wide screen a second. */
  pixelsPerSecond: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether a subtitle shows at `now` (the TV's local date and time). */
export function subtitleShowing(subtitle: SubtitleOnTv, now: Date): boolean {
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return day >= subtitle.startDate && day <= subtitle.endDate && time >= subtitle.startTime && time < subtitle.endTime;
}
