/** The `digitalWall` configuration part: sent to the hotel's public-area TVs only (docs/digitalwall.md). */
export interface DigitalWallPart {
  loop: boolean;
  /** In play order (sort, larger first). */
  items: DigitalWallItemOnTv[];
}

export interface DigitalWallItemOnTv {
  id: number;
  title: string;
  gestureTitle: string | null;
  kind: 'image' | 'video';
  /** Signed address of the file for this terminal. */
  url: string;
  playCount: number;
  /** Seconds a play lasts. */
  playInterval: number;
  /** `HH:MM` daily window in the TV's local time, or both null (all day). */
  switchStart: string | null;
  switchEnd: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether an item plays at `now` (the TV's local time). */
export function wallItemShowing(item: Pick<DigitalWallItemOnTv, 'switchStart' | 'switchEnd'>, now: Date): boolean {
  if (!item.switchStart || !item.switchEnd) return true;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return time >= item.switchStart && time < item.switchEnd;
}

/** Seconds an item stays on screen: its play count × its play interval. */
export const wallItemSeconds = (item: Pick<DigitalWallItemOnTv, 'playCount' | 'playInterval'>) => item.playCount * item.playInterval;
