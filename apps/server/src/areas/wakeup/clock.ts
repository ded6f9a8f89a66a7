/**
 * The wake-up area's clock: the time calls are checked against and rung at. Tests and the browser
 * test move it forward (`POST /api/test/wakeup/clock` with HTV_TEST_HOOKS=1, never in production)
 * instead of waiting for a minute to come; otherwise it is the system clock.
 */
let offsetMs = 0;

export const wakeNow = (): Date => new Date(Date.now() + offsetMs);

/** Moves the clock so that it reads `at` now (tests only). */
export function setWakeClock(at: Date | null): void {
  offsetMs = at ? at.getTime() - Date.now() : 0;
}
