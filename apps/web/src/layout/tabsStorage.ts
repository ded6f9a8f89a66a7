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
  /** Names of the detail pages' subjects by tab key (`useTabSubject`), so restored tabs keep them. */
  subjects?: Record<string, string>;
}

function stored(owner: string): StoredTabs | null {
  try {
    const value = JSON.parse(localStorage.getItem(TABS_KEY) ?? 'null') as StoredTabs | null;
    return value && value.owner === owner ? value : null;
  } catch {
    return null;
  }
}

export function ownerKey(userId: number, userType: number): string {
  return `${userId}:${userType}`;
}

export function loadTabs(owner: string): string[] {
  const paths = stored(owner)?.paths;
  if (!Array.isArray(paths)) return [];
  return paths.filter((path): path is string => typeof path === 'string' && path.startsWith('/'));
}

export function loadSubjects(owner: string): Record<string, string> {
  const subjects = stored(owner)?.subjects;
  if (!subjects || typeof subjects !== 'object') return {};
  return Object.fromEntries(Object.entries(subjects).filter(([, name]) => typeof name === 'string'));
}

export function saveTabs(owner: string, paths: string[], last: string | undefined, subjects: Record<string, string> = {}) {
  try {
    localStorage.setItem(TABS_KEY, JSON.stringify({ owner, paths, subjects } satisfies StoredTabs));
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
