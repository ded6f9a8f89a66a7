import type { UserType } from '@htv/shared';

/**
 * The session as the browser keeps it: the token in localStorage under `token` (sent as
 * `Authorization: Bearer <token>`) and the user type under `user_type`, which picks the user-info
 * path and the route table before the user info has arrived (spec §3, §4).
 */
const KEY = 'token';
const TYPE_KEY = 'user_type';
/** Sessions the current one was entered from (login-as), outermost first: a return proves itself with one. */
const PARENTS_KEY = 'parent_sessions';

export interface ParentSession {
  token: string;
  userType: UserType;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remove(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

export function getToken(): string | null {
  return read(KEY);
}

export function setToken(token: string) {
  localStorage.setItem(KEY, token);
}

/** Forgets the token, and the sessions it was entered from (they are no use without it). */
export function clearToken() {
  remove(KEY);
  remove(PARENTS_KEY);
}

export function getParentSessions(): ParentSession[] {
  try {
    const list: unknown = JSON.parse(read(PARENTS_KEY) ?? '[]');
    return Array.isArray(list) ? (list as ParentSession[]) : [];
  } catch {
    return [];
  }
}

export function setParentSessions(list: ParentSession[]) {
  if (list.length) localStorage.setItem(PARENTS_KEY, JSON.stringify(list));
  else remove(PARENTS_KEY);
}

export function getStoredUserType(): UserType | null {
  const value = Number(read(TYPE_KEY));
  return value === 1 || value === 2 || value === 3 ? value : null;
}

export function setStoredUserType(type: number) {
  localStorage.setItem(TYPE_KEY, String(type));
}

/** Forgets token, user type and parent sessions (logout, a failed user-info call, a new sign-in). */
export function clearSessionStorage() {
  clearToken();
  remove(TYPE_KEY);
}

/** Stores what a login, a login-as, a return or a project switch answered. */
export function storeSession(token: string, userType?: number) {
  setToken(token);
  if (userType !== undefined) setStoredUserType(userType);
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}
