import { PHONE_TOKEN_HEADER } from '@htv/shared/areas/phone/protocol';
import { ApiError, apiUrl, type Query } from '../../api/client';
import { currentLang } from '../../locales';
import { translate } from '@htv/shared';

/**
 * Calls of the guests' public pages (the phone's pages, the laundry's): never the console's session
 * nor its 401 handling (a guest is not sent to the staff login); a bound phone's token in its header.
 */
export async function guestCall<T>(method: string, path: string, options: { query?: Query; body?: unknown; phoneToken?: string | null } = {}): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  if (options.phoneToken) headers[PHONE_TOKEN_HEADER] = options.phoneToken;
  // A form (a file) goes as multipart with its own boundary; anything else as JSON.
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)), credentials: 'omit' });
  } catch {
    throw new ApiError(0, { errkey: 'error.network' }, translate('error.network', currentLang()));
  }
  const envelope = (await response.json().catch(() => null)) as { code?: string; data?: T } | null;
  if (!envelope || !response.ok || envelope.code !== '0') throw new ApiError(response.status, envelope ?? {}, translate('error.internal', currentLang()));
  return envelope.data as T;
}

const TOKEN_KEY = 'htv.phoneToken';

/** The phone's binding token, kept in this browser (the guest's phone) until the binding ends. */
export const phoneToken = {
  get: (): string | null => {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** What a refusal says to the guest: the field's message when there is one (a file's type or size), else the error's. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const first = Object.values(error.errors)[0];
    const text = Array.isArray(first) ? first[0] : first;
    if (text) return text;
  }
  return (error as Error).message;
}
