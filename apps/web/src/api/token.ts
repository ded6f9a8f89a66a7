/** The session token, kept in localStorage under `token` and sent as `Authorization: Bearer <token>`. */
const KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  localStorage.setItem(KEY, token);
}

export function clearToken() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}
