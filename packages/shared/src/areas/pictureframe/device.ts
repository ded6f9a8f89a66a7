/**
 * The TVs' `pictureFrame` part (docs/pictureframe.md): the hotel's enabled frame, its photos at the
 * TV's signed addresses. The TV shows them one after another once no key was pressed for
 * `idleMinutes`, within `from`-`to` (the TV's local time; a window past midnight wraps) when set.
 */
export interface PictureFrameConfigPart {
  photos: string[];
  intervalSeconds: number;
  idleMinutes: number;
  from: string | null;
  to: string | null;
}

/** Whether `HH:MM` lies in the window (none: all day; `22:00`-`07:00` wraps past midnight). */
export function inFrameWindow(now: string, from: string | null, to: string | null): boolean {
  if (!from || !to) return true;
  return from <= to ? now >= from && now < to : now >= from || now < to;
}
