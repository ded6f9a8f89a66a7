/** A daily maintenance window, HH:MM to HH:MM of the TV's local time; it may pass midnight. */
export interface MaintenanceWindow {
  start: string;
  end: string;
}

/** Whose window a release item carries: the rollout's own, or the hotel's (its boot settings). */
export type WindowSource = 'rollout' | 'hotel';

export type InstallWindow = MaintenanceWindow & { source: WindowSource };

/**
 * The window a terminal installs a release in (docs/releases.md, "Maintenance windows"): only a soft
 * install waits for one; the rollout's own window, when it sets one, overrides the hotel's. A forced
 * install goes at once and a download-only one downloads at any time: neither has a window.
 */
export function installWindow(installType: string, rollout: MaintenanceWindow | null, hotel: MaintenanceWindow | null): InstallWindow | null {
  if (installType !== 'soft') return null;
  if (rollout) return { ...rollout, source: 'rollout' };
  if (hotel) return { ...hotel, source: 'hotel' };
  return null;
}

const DAY = 24 * 60;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Milliseconds from `now` (its local time) until the window opens; 0 inside it. A window whose end
 * equals its start is the whole day.
 */
export function msUntilWindow(window: MaintenanceWindow, now: Date): number {
  const start = minutesOf(window.start);
  const length = (minutesOf(window.end) - start + DAY) % DAY || DAY;
  const into = now.getHours() * 60 + now.getMinutes() - start;
  const since = (into + DAY) % DAY;
  if (since < length) return 0;
  return ((DAY - since) * 60 - now.getSeconds()) * 1000 - now.getMilliseconds();
}
