/**
 * The opened tabs and the last-opened tab, kept in localStorage (spec §2) so a reload keeps them.
 * They belong to one user of one type: another sign-in starts with home only.
 */
const TABS_KEY = 'tabs';
const LAST_KEY = 'lastTab';

export interface StoredTabs {
  /** `<user id>:<user type>` of the session that opened them. */
  owner: string;
  /** Full paths (pathname + search) below the router basename, in tab order. */
  paths: string[];
}

export function ownerKey(userId: number, userType: number): string {
  return `${userId}:${userType}`;
}

export function loadTabs(owner: string): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(TABS_KEY) ?? 'null') as StoredTabs | null;
    if (!stored || stored.owner !== owner || !Array.isArray(stored.paths)) return [];
    return stored.paths.filter((path): path is string => typeof path === 'string' && path.startsWith('/'));
  } catch {
    return [];
  }
}

export function saveTabs(owner: string, paths: string[], last: string | undefined) {
  try {
    localStorage.setItem(TABS_KEY, JSON.stringify({ owner, paths } satisfies StoredTabs));
    if (last) localStorage.setItem(LAST_KEY, last);
  } catch {
    // storage full or unavailable: the tabs live for this page only
  }
}

export function lastTab(): string | null {
  try {
    return localStorage.getItem(LAST_KEY);
  } catch {
    return null;
  }
}

/** Logout, login-as and return clear the tabs (spec §2, §4). */
export function clearTabs() {
  try {
    localStorage.removeItem(TABS_KEY);
    localStorage.removeItem(LAST_KEY);
  } catch {
    // nothing stored
  }
}
