/**
 * The screensaver as a TV receives it (the `screensaver` configuration part, docs/screensaver.md):
 * after `idleSeconds` without a key the TV shows `photos` in order, each for `intervalSeconds`; any
 * key puts back what was on screen. `null` part: no photos, or the hotel's idle time is 0 (never).
 */
export interface ScreensaverConfigPart {
  idleSeconds: number;
  intervalSeconds: number;
  /** Signed addresses of the pictures, in the slideshow's order. */
  photos: { id: number; url: string }[];
}
