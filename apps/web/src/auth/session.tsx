import type { UserType } from '@htv/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api, ApiError, APP_BASE, leavingSession } from '../api/client';
import { clearSessionStorage, getParentSessions, getStoredUserType, getToken, setParentSessions, setStoredUserType, storeSession } from '../api/token';
import { clearTabs } from '../layout/tabsStorage';
import type { LoginInfo, SessionInfo, UserInfo } from './access';

export const SESSION_KEY = ['session'] as const;

/** User info by user type (spec §7); each answers for any signed-in type. */
const USERINFO_PATH: Record<UserType, string> = { 1: '/admin/userinfo', 2: '/brand/userinfo', 3: '/hotel/userinfo' };

const SessionContext = createContext<SessionInfo | null>(null);

/** The whole user-info reply of the signed-in user; only inside RequireSession. */
export function useSessionInfo(): SessionInfo {
  const info = useContext(SessionContext);
  if (!info) throw new Error('useSessionInfo outside RequireSession');
  return info;
}

/** The signed-in user (`loginInfo`); only inside RequireSession. */
export function useSession(): LoginInfo {
  return useSessionInfo().loginInfo;
}

/** Login path with a way back to the page the user was on. */
export function loginPath(from?: string) {
  return from && from !== '/' && from !== '/home' && !from.startsWith('/login') ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/** Retry the user info once when the network or the server failed; a 401 is final. */
const retryOnce = (count: number, error: unknown) => count < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500);

function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin size="large" description={t('app.loading')}>
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </div>
  );
}

/**
 * Guards everything behind login (spec §2, §4): no token → login; the user info is fetched once per
 * page load from the path of the stored user type; if it fails or says not logged in, the token is
 * cleared and the user goes to login; if the user type it reports differs from the stored one, the
 * page reloads (the route table of the other type applies).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = getToken();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => api.get<UserInfo>(USERINFO_PATH[getStoredUserType() ?? 1], undefined, signal),
    enabled: !!token,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: retryOnce,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  const info = query.data;
  const returned = info?.isLogin ? info.loginInfo?.user_type : undefined;
  const stored = getStoredUserType();
  const mismatch = returned !== undefined && stored !== null && stored !== returned;

  useEffect(() => {
    if (returned === undefined) return;
    if (stored === null) setStoredUserType(returned);
    else if (stored !== returned) {
      setStoredUserType(returned);
      window.location.reload();
    }
  }, [returned, stored]);

  const from = location.pathname + location.search;
  if (!token) return <Navigate to={loginPath(from)} replace />;
  if (query.isPending || mismatch) return <FullPageSpin />;
  if (query.isError || !info?.isLogin || !info.loginInfo) {
    clearSessionStorage();
    return <Navigate to={loginPath(from)} replace />;
  }
  return (
    <SessionContext.Provider value={info as SessionInfo}>
      {info.loginInfo.must_change_password ? <RequiredPasswordChange /> : children}
    </SessionContext.Provider>
  );
}

// Few sessions need it (a first password), so its dialog is not part of the first load.
const ChangePasswordModal = lazy(() => import('../layout/header/ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));

/** Until a first password is changed the server opens nothing else: the console shows only this. */
function RequiredPasswordChange() {
  const queryClient = useQueryClient();
  return (
    <Suspense fallback={<FullPageSpin />}>
      <ChangePasswordModal open required onClose={() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY })} />
    </Suspense>
  );
}

/**
 * Logout (spec §4): ends the session on the server (best effort), clears token, user type, the
 * cached user info and permissions and the tabs, and goes to login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.post('/admin/logout');
    } catch {
      // the session is dropped here either way
    }
    clearSessionStorage();
    clearTabs();
    // Leave the signed-in pages first: clearing the cache under them would refetch without a token.
    await navigate('/login', { replace: true });
    await queryClient.cancelQueries();
    queryClient.clear();
  }, [navigate, queryClient]);
}

/** A session answer of login-as, back or a fresh login. */
export interface SessionAnswer {
  token: string;
  user_type: number;
  url?: string;
  /** Login-as: the caller's own token, when that call replaced it (rotation). */
  parent_token?: string;
}

/** Only the console's own pages are followed (no open redirect). */
function consoleUrl(url: string | undefined): string {
  const home = `${APP_BASE}/home`;
  if (!url || !url.startsWith('/') || url.startsWith('//')) return home;
  return url.startsWith(`${APP_BASE}/`) ? url : home;
}

/**
 * Switches the browser to another session: stores the new token and user type, clears the tabs and
 * loads the url the server answered, so every cache starts afresh.
 */
function switchSession(answer: SessionAnswer) {
  storeSession(answer.token, answer.user_type);
  clearTabs();
  window.location.assign(consoleUrl(answer.url));
}

/**
 * Login-as (`path` with `body`): the current session is kept to return to (its token proves the
 * return; read before the call, whose answer replaces the stored token), then the entered one loads.
 */
export async function enterSession(path: string, body: unknown) {
  const token = getToken();
  const userType = getStoredUserType();
  const answer = await api.post<SessionAnswer>(path, body);
  if (token && userType) setParentSessions([...getParentSessions(), { token: answer.parent_token ?? token, userType }]);
  switchSession(answer);
}

/**
 * Back to the platform (`/admin/back`) or to the brand the hotel was entered from (`/hotel/back`),
 * proven with the kept token of that session; the sessions left are forgotten.
 */
export async function returnToParent(userType: 1 | 2) {
  const parents = getParentSessions();
  const index = parents.findLastIndex((parent) => parent.userType === userType);
  const answer = await leavingSession(() => api.post<SessionAnswer>(userType === 1 ? '/admin/back' : '/hotel/back', { parent_token: parents[index]?.token }));
  setParentSessions(parents.slice(0, Math.max(index, 0)));
  switchSession(answer);
}
